// How a reply reaches Discord, shared by the gateway and the HTTP endpoint, so both keep the
// same privacy rules:
// - a reply that is ready within DEFER_AFTER_MS is sent as it is (ephemeral when it says so);
// - otherwise the answer is deferred, ephemerally when the command declares a private reply or
//   has hide:true (decided before running, from the options alone);
// - a private reply that arrives on a public deferral (an error, a confirmation) never edits
//   it: the public placeholder is deleted and the reply is sent as a private follow-up;
// - a button press updates its message only with a successful reply, and only when that message
//   is at least as private as the reply; errors ("only the owner can press that") and anything
//   private on a public message go to the presser alone.
import { finalizeReply, isErrorReply } from '../bot/dispatch.ts';
import { DEFER_AFTER_MS } from '../bot/limits.ts';
import { COLORS } from '../bot/render.ts';
import type { Reply } from '../bot/types.ts';

/** The ways a transport can answer one interaction. */
export interface Responder {
  /** Initial response: a new message (ephemeral when reply.ephemeral). */
  reply(reply: Reply): Promise<void>;
  /** Initial response: "thinking…", public or ephemeral. */
  defer(ephemeral: boolean): Promise<void>;
  /** Initial response to a button: replace the message it is on. */
  update(reply: Reply): Promise<void>;
  /** Initial response to a button: acknowledge now, edit the message later. */
  deferUpdate(): Promise<void>;
  /** After a deferral: edit the original (the placeholder, or the button's message). */
  editOriginal(reply: Reply): Promise<void>;
  deleteOriginal(): Promise<void>;
  /** A new message after the initial response; always ephemeral here. */
  followUpPrivately(reply: Reply): Promise<void>;
}

/** How an interaction was answered, for logs and tests. */
export type Delivery =
  | 'reply'
  | 'deferred-edit'
  | 'deferred-private-followup'
  | 'update'
  | 'private-reply'
  | 'deferred-update'
  | 'deferred-followup';

export function raceDefer(work: Promise<Reply>, afterMs = DEFER_AFTER_MS): Promise<Reply | null> {
  let timer: NodeJS.Timeout | undefined;
  const later = new Promise<null>((r) => {
    timer = setTimeout(() => r(null), afterMs);
    timer.unref?.();
  });
  return Promise.race([work, later]).finally(() => clearTimeout(timer));
}

/** What replaces a public placeholder whose answer turned out private, should deleting it fail. */
const ANSWERED_PRIVATELY: Reply = {
  embeds: [{ description: 'Answered privately.', color: COLORS.info }],
  result: null,
};

/** A slash command: answer now, or defer with the visibility decided up front. */
export async function answerCommand(work: Promise<Reply>, privateDeferral: boolean, r: Responder): Promise<Delivery> {
  const quick = await raceDefer(work);
  if (quick) {
    await r.reply(quick);
    return 'reply';
  }
  await r.defer(privateDeferral);
  const reply = await work;
  if (reply.ephemeral && !privateDeferral) {
    await r.deleteOriginal().catch(() => r.editOriginal(ANSWERED_PRIVATELY).catch(() => {}));
    await r.followUpPrivately(reply);
    return 'deferred-private-followup';
  }
  await r.editOriginal(reply);
  return 'deferred-edit';
}

/** A button press on a message that is (`messagePrivate`) or is not ephemeral. */
export async function answerComponent(work: Promise<Reply>, messagePrivate: boolean, r: Responder): Promise<Delivery> {
  const mayUpdate = (reply: Reply) => !isErrorReply(reply) && (messagePrivate || !reply.ephemeral);
  const quick = await raceDefer(work);
  if (quick) {
    if (mayUpdate(quick)) {
      await r.update(quick);
      return 'update';
    }
    await r.reply({ ...quick, ephemeral: true });
    return 'private-reply';
  }
  await r.deferUpdate();
  const reply = await work;
  if (mayUpdate(reply)) {
    await r.editOriginal(reply);
    return 'deferred-update';
  }
  await r.followUpPrivately(reply);
  return 'deferred-followup';
}

/**
 * Any button press. Details and name-pick buttons answer with a new message (the full breakdown
 * privately; a picked name's answer as the command would), so they are answered like a command,
 * deferred privately for Details; every other press is answered on its own message.
 */
export function answerButton(customId: string, work: Promise<Reply>, messagePrivate: boolean, r: Responder): Promise<Delivery> {
  if (/^(details|pick):/.test(customId)) return answerCommand(work, customId.startsWith('details:'), r);
  return answerComponent(work, messagePrivate, r);
}

/** A refusal made before running anything (rate limit, busy): private, within limits. */
export function refusal(reply: Reply): Reply {
  return finalizeReply({ ...reply, ephemeral: true });
}
