// Shared by the gateway and the HTTP endpoint: Discord's interaction option tree -> our flat
// Invocation, and our Reply -> Discord's message JSON. Both transports send the same bodies.
import type { APIActionRowComponent, APIButtonComponent, APIComponentInMessageActionRow } from 'discord-api-types/v10';
import { INTERACTION_EPHEMERAL_FLAG, MESSAGE_BUTTONS_PER_ROW } from '../pipeline/limits.ts';
import type { ButtonSpec, Invocation, Invoker, OptionValue, Reply } from '../pipeline/types.ts';

/** The option shape Discord sends (raw API `data.options`, and discord.js `interaction.options.data`). */
export interface RawOption {
  name: string;
  type: number;
  value?: string | number | boolean;
  options?: readonly RawOption[];
  focused?: boolean;
}

/** Where an interaction came from: the server, the channel and the member's permissions there. */
export interface Membership {
  guildId?: string;
  channelId?: string;
  permissions?: string;
}

/** An attachment as Discord resolves it (data.resolved.attachments[id]). */
export interface RawAttachment {
  url: string;
  size: number;
  filename?: string;
  content_type?: string;
}

/** Attachment options: Discord's resolved data, keyed by the attachment id the option carries. */
export function attachmentsOf(resolved: Record<string, RawAttachment> | undefined): Invocation['attachments'] {
  if (!resolved) return undefined;
  const out: NonNullable<Invocation['attachments']> = {};
  for (const [id, a] of Object.entries(resolved)) {
    out[id] = { id, url: a.url, size: a.size, filename: a.filename, contentType: a.content_type };
  }
  return out;
}

export function invocationFromOptions(
  kind: 'command' | 'autocomplete',
  commandName: string,
  options: readonly RawOption[] | undefined,
  user: Invoker,
  member: Membership = {},
  attachments?: Record<string, RawAttachment>,
): Invocation {
  let group: string | undefined;
  let subcommand: string | undefined;
  let leafOptions = options ?? [];
  const first = leafOptions[0];
  if (first?.type === 2) {
    group = first.name;
    const sub = first.options?.[0];
    subcommand = sub?.name;
    leafOptions = sub?.options ?? [];
  } else if (first?.type === 1) {
    subcommand = first.name;
    leafOptions = first.options ?? [];
  }
  const flat: Record<string, OptionValue> = {};
  let focused: Invocation['focused'];
  for (const o of leafOptions) {
    if (o.value === undefined) continue;
    flat[o.name] = o.value;
    if (o.focused) focused = { name: o.name, value: String(o.value) };
  }
  const resolved = attachmentsOf(attachments);
  const inv: Invocation = { kind, commandName, group, subcommand, options: flat, focused, user, ...member };
  return resolved ? { ...inv, attachments: resolved } : inv;
}

/** What Discord sends for a message command (type 3): the target id and the resolved message. */
export interface RawMessageCommandData {
  name?: string;
  target_id?: string;
  resolved?: { messages?: Record<string, { id?: string; content?: string; author?: { id?: string } }> };
}

/** A message command (Apps -> "Ask hungerbot" on a message) as an Invocation carrying its target. */
export function invocationFromMessageCommand(data: RawMessageCommandData, user: Invoker): Invocation {
  const id = data.target_id ?? '';
  const message = data.resolved?.messages?.[id];
  const author = message?.author?.id;
  const target = { id, content: message?.content ?? '', ...(author ? { authorId: author } : {}) };
  return { kind: 'message', commandName: data.name ?? '', options: {}, target, user };
}

const BUTTON_STYLE: Record<ButtonSpec['style'], number> = { primary: 1, secondary: 2, success: 3, danger: 4 };

export function buttonRows(
  buttons: readonly ButtonSpec[] | undefined,
): APIActionRowComponent<APIComponentInMessageActionRow>[] {
  if (!buttons?.length) return [];
  const rows: APIActionRowComponent<APIComponentInMessageActionRow>[] = [];
  for (let i = 0; i < buttons.length; i += MESSAGE_BUTTONS_PER_ROW) {
    rows.push({
      type: 1,
      components: buttons.slice(i, i + MESSAGE_BUTTONS_PER_ROW).map(
        (b): APIButtonComponent => ({
          type: 2,
          style: BUTTON_STYLE[b.style] as 1,
          custom_id: b.customId,
          label: b.label,
        }),
      ),
    });
  }
  return rows;
}

/** The message body of a reply (without files): embeds, flags, components, no pings ever. */
export function messageBody(reply: Reply, opts: { forUpdate?: boolean } = {}) {
  return {
    embeds: reply.embeds,
    allowed_mentions: { parse: [] as never[] },
    components: buttonRows(reply.buttons),
    ...(opts.forUpdate ? {} : { flags: reply.ephemeral ? INTERACTION_EPHEMERAL_FLAG : 0 }),
    ...(reply.files?.length
      ? {
          attachments: reply.files.map((f, id) => ({
            id,
            filename: f.name,
            ...(f.description ? { description: f.description } : {}),
          })),
        }
      : {}),
  };
}
