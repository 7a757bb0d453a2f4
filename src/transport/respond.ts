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
//
// Every command, button press and autocomplete of both transports goes through serveInteraction()
// or serveAutocomplete() below: admission (rate limits, in-flight caps), the pipeline, the answer,
// and the one place where interactions are counted for the metrics.
import {
  autocomplete,
  dispatch,
  errorReply,
  finalizeReply,
  isErrorReply,
  keptReply,
  replyIsPrivate,
  type DispatchDeps,
  type Registry,
} from '../pipeline/dispatch.ts';
import { DEFER_AFTER_MS } from '../pipeline/limits.ts';
import { COLORS } from '../kit/render.ts';
import { deadlines } from '../deadlines.ts';
import type { Choice, Invocation, Reply } from '../pipeline/types.ts';
import type { InteractionKind, Metrics } from '../ops/metrics.ts';
import type { Admission } from './admission.ts';

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
  return new Promise<Reply | null>((resolve, reject) => {
    const timer = deadlines.after(afterMs, () => resolve(null));
    work.then(
      (reply) => (timer.cancel(), resolve(reply)),
      (err: unknown) => (timer.cancel(), reject(err)),
    );
  });
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
export function answerButton(
  customId: string,
  work: Promise<Reply>,
  messagePrivate: boolean,
  r: Responder,
): Promise<Delivery> {
  if (/^(details|pick):/.test(customId)) return answerCommand(work, customId.startsWith('details:'), r);
  return answerComponent(work, messagePrivate, r);
}

/** A refusal made before running anything (rate limit, busy): private, within limits. */
export function refusal(reply: Reply): Reply {
  return finalizeReply({ ...reply, ephemeral: true });
}

// ---- serving one interaction ------------------------------------------------------------------

export interface ServeContext {
  deps: DispatchDeps;
  admission: Admission;
  metrics?: Metrics;
}

const LABEL_WORD = /^[a-z][a-z0-9_-]{0,31}$/;

/** A bounded name for metrics: the command's path when the registry knows it, else `unknown`. */
export function commandLabel(inv: Invocation, registry: Registry): string {
  if (inv.kind === 'component') {
    const [prefix = '', action = ''] = (inv.customId ?? '').split(':');
    if (prefix === 'details' || prefix === 'pick') return `button:${prefix}`;
    if (!registry.get(prefix)?.component) return 'button:unknown';
    return LABEL_WORD.test(action) ? `button:${prefix} ${action}` : `button:${prefix}`;
  }
  if (inv.kind === 'message') {
    return registry.messageCommand(inv.commandName) ? `message:${inv.commandName}` : 'message:unknown';
  }
  const leaf = registry.get(inv.commandName)?.leaf(inv);
  if (!leaf) return 'unknown';
  // Built once per leaf: the label is the leaf's path, and this runs for every interaction.
  let label = leafLabels.get(leaf);
  if (label === undefined) {
    label = ['/' + inv.commandName, inv.group, inv.subcommand].filter(Boolean).join(' ');
    leafLabels.set(leaf, label);
  }
  return label;
}

const leafLabels = new WeakMap<object, string>();

const kindOf = (inv: Invocation): InteractionKind =>
  inv.kind === 'component' ? 'button' : inv.kind === 'message' ? 'message' : inv.kind;

function outcomeOf(reply: Reply): string {
  if (!isErrorReply(reply)) return 'ok';
  return (reply.result as { error: { code: string } }).error.code;
}

/**
 * A command, message command or button press: admitted or refused at once, run through the
 * pipeline, answered with the privacy rules above, and counted. `receivedAt` is
 * performance.now() when the interaction arrived.
 */
export async function serveInteraction(
  inv: Invocation,
  r: Responder,
  ctx: ServeContext,
  opts: { messagePrivate?: boolean; receivedAt?: number } = {},
): Promise<Delivery> {
  const receivedAt = opts.receivedAt ?? performance.now();
  let reply: Reply | undefined;
  let delivery: Delivery | undefined;
  try {
    // Whether the reply is private is read from the command's declaration, before it runs.
    await ctx.deps.registry.load();
    const admit = ctx.admission.admit(inv.user.id);
    if (!admit.ok) {
      reply = refusal(errorReply(admit.error, inv, ctx.deps.services));
      await r.reply(reply);
      return (delivery = 'reply');
    }
    try {
      const work = dispatch(inv, ctx.deps);
      delivery =
        inv.kind === 'component'
          ? await answerButton(inv.customId ?? '', work, opts.messagePrivate ?? false, r)
          : await answerCommand(work, replyIsPrivate(ctx.deps.registry, inv), r);
      reply = await work;
      return delivery;
    } finally {
      admit.release();
    }
  } finally {
    ctx.metrics?.interaction({
      kind: kindOf(inv),
      command: commandLabel(inv, ctx.deps.registry),
      outcome: delivery && reply ? outcomeOf(reply) : 'undelivered',
      seconds: (performance.now() - receivedAt) / 1000,
      deferred: delivery?.startsWith('deferred') ?? false,
    });
  }
}

/**
 * A slash command whose finished reply is kept (dispatch.ts keptReply()): admitted, answered at once
 * with `send(to, reply)` and counted, as serveInteraction() would do, without waiting for anything (a
 * kept reply is never private or an error, so answerCommand() would send it as it is). False, having
 * done nothing, when there is no such reply or the user is not admitted: serveInteraction() answers
 * then. Its answer is sent before this returns, so it is admitted and released at once.
 */
export function serveKeptReply<T>(
  inv: Invocation,
  to: T,
  send: (to: T, reply: Reply) => void,
  ctx: ServeContext,
  receivedAt: number,
): boolean {
  const reply = keptReply(inv, ctx.deps);
  if (!reply || !ctx.admission.admitNow(inv.user.id)) return false;
  let delivered = false;
  try {
    send(to, reply);
    delivered = true;
  } finally {
    ctx.metrics?.interaction({
      kind: 'command',
      command: commandLabel(inv, ctx.deps.registry),
      outcome: delivered ? outcomeOf(reply) : 'undelivered',
      seconds: (performance.now() - receivedAt) / 1000,
      deferred: false,
    });
  }
  return true;
}

/** Autocomplete: the choices (never an error), sent by `respond`, and counted. */
export async function serveAutocomplete(
  inv: Invocation,
  ctx: ServeContext,
  respond: (choices: Choice[]) => Promise<void>,
  receivedAt = performance.now(),
): Promise<void> {
  let outcome = 'undelivered';
  try {
    await ctx.deps.registry.load();
    await respond(await autocomplete(inv, ctx.deps));
    outcome = 'ok';
  } finally {
    const command = commandLabel(inv, ctx.deps.registry);
    const seconds = (performance.now() - receivedAt) / 1000;
    ctx.metrics?.interaction({ kind: 'autocomplete', command, outcome, seconds, deferred: false });
  }
}
