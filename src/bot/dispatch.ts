// The one pipeline: invocation -> options coerced and validated (zod) -> handler (engine)
// -> typed result -> embeds truncated. Every transport calls dispatch(); it never throws.
import { randomUUID } from 'node:crypto';
import type { APIApplicationCommandBasicOption, APIEmbed } from 'discord-api-types/v10';
import { z } from 'zod';
import { StorageError, UserError } from './errors.ts';
import { truncate, truncateEmbeds, wellFormed } from './embed.ts';
import { StoreTimeoutError, StoreUnconfirmedError, UnreadableRecordError } from '../store/store.ts';
import {
  AUTOCOMPLETE_CHOICE_LIMIT,
  BUTTON_LABEL_MAX,
  CHOICE_NAME_MAX,
  CHOICE_VALUE_MAX,
  CUSTOM_ID_MAX,
} from './limits.ts';
import { OPT_BOOLEAN, OPT_INTEGER, OPT_NUMBER, OPT_STRING } from './options.ts';
import { COLORS } from './render.ts';
import type { Choice, CommandModule, HandlerContext, Invocation, Leaf, OptionValue, Reply, Services } from './types.ts';

export interface ErrorResult {
  error: { code: string; message: string; hint?: string; errorId?: string };
}

export class Registry {
  readonly byName: Map<string, CommandModule>;
  constructor(readonly commands: readonly CommandModule[]) {
    this.byName = new Map(commands.map((c) => [c.definition.name, c]));
    if (this.byName.size !== commands.length) throw new Error('duplicate command names in the registry');
  }
  get(name: string): CommandModule | undefined {
    return this.byName.get(name);
  }
}

function invocationLabel(inv: Pick<Invocation, 'commandName' | 'group' | 'subcommand'>): string {
  return ['/' + inv.commandName, inv.group, inv.subcommand].filter(Boolean).join(' ');
}

function findLeaf(registry: Registry, inv: Invocation): { command: CommandModule; leaf: Leaf } {
  const command = registry.get(inv.commandName);
  if (!command) {
    const names = registry.commands.map((c) => `/${c.definition.name}`).join(', ');
    throw new UserError(`There is no command /${inv.commandName}.`, `Commands: ${names}. Try /help.`, 'unknown_command');
  }
  const leaf = command.leaf(inv);
  if (!leaf) {
    const subs = (command.definition.options ?? [])
      .filter((o) => o.type === 1 || o.type === 2)
      .map((o) => o.name)
      .join(', ');
    throw new UserError(
      `${invocationLabel(inv)} is not a command.`,
      subs ? `/${inv.commandName} takes one of: ${subs}.` : undefined,
      'unknown_subcommand',
    );
  }
  return { command, leaf };
}

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1', 'on']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0', 'off']);

/**
 * Give every option the type its definition declares. Discord already sends typed values;
 * the console sends strings, which are converted here with errors a player understands.
 */
export function coerceOptions(defs: readonly APIApplicationCommandBasicOption[], raw: Record<string, OptionValue>): Record<string, OptionValue> {
  const out: Record<string, OptionValue> = {};
  const byName = new Map(defs.map((d) => [d.name, d]));
  for (const [name, value] of Object.entries(raw)) {
    const def = byName.get(name);
    if (!def) {
      const known = defs.map((d) => d.name).join(', ');
      throw new UserError(`This command has no option \`${name}\`.`, known ? `Its options are: ${known}.` : 'It takes no options.', 'unknown_option');
    }
    const text = String(value).trim();
    switch (def.type) {
      case OPT_INTEGER: {
        if (typeof value === 'number' && Number.isInteger(value)) out[name] = value;
        else if (/^[+-]?\d{1,15}$/.test(text.replace(/[,_]/g, ''))) out[name] = Number.parseInt(text.replace(/[,_]/g, ''), 10);
        else throw new UserError(`\`${name}\` must be a whole number, not "${truncate(text, 40)}".`, `For example \`${name}:150\`.`, 'bad_option');
        break;
      }
      case OPT_NUMBER: {
        const n = typeof value === 'number' ? value : Number(text);
        if (!Number.isFinite(n) || text === '') throw new UserError(`\`${name}\` must be a number, not "${truncate(text, 40)}".`, `For example \`${name}:2.5\`.`, 'bad_option');
        out[name] = n;
        break;
      }
      case OPT_BOOLEAN: {
        if (typeof value === 'boolean') out[name] = value;
        else if (TRUE_WORDS.has(text.toLowerCase())) out[name] = true;
        else if (FALSE_WORDS.has(text.toLowerCase())) out[name] = false;
        else throw new UserError(`\`${name}\` must be true or false, not "${truncate(text, 40)}".`, `For example \`${name}:true\`.`, 'bad_option');
        break;
      }
      case OPT_STRING: {
        const choices = 'choices' in def ? def.choices : undefined;
        if (choices && choices.length > 0) {
          const hit = choices.find((c) => String(c.value).toLowerCase() === text.toLowerCase() || c.name.toLowerCase() === text.toLowerCase());
          if (!hit) {
            throw new UserError(
              `\`${name}\` can't be "${truncate(text, 40)}".`,
              `Choose one of: ${choices.map((c) => c.value).join(', ')}.`,
              'bad_option',
            );
          }
          out[name] = hit.value;
        } else out[name] = String(value);
        break;
      }
      default:
        out[name] = value;
    }
  }
  for (const def of defs) {
    if (def.required && !(def.name in out)) {
      throw new UserError(`\`${def.name}\` is required.`, `Add \`${def.name}:<value>\` (${def.description}).`, 'missing_option');
    }
  }
  return out;
}

function zodToUserError(err: z.ZodError): UserError {
  const lines = err.issues.map((i) => {
    const path = i.path.join('.');
    // Our schemas phrase messages with the option name already; zod's default ones need it added.
    return path && !i.message.includes(path) ? `\`${path}\`: ${i.message}` : i.message;
  });
  return new UserError(lines.join('\n'), 'Check the value and try again.', 'invalid_option');
}

export async function runLeaf(leaf: Leaf, options: Record<string, OptionValue>, ctx: HandlerContext): Promise<Reply> {
  const coerced = coerceOptions(leaf.options, options);
  const parsed = leaf.schema.safeParse(coerced);
  if (!parsed.success) throw zodToUserError(parsed.error);
  return leaf.run(parsed.data, ctx);
}

export function errorEmbed(title: string, message: string, hint?: string): APIEmbed {
  return { title, description: hint ? `${message}\n\n${hint}` : message, color: COLORS.error };
}

/** Turn any thrown value into the reply the user sees. Only bugs are logged with an error id. */
export function errorReply(err: unknown, inv: Pick<Invocation, 'commandName' | 'group' | 'subcommand' | 'user'>, services: Services): Reply {
  if (err instanceof UserError) {
    return {
      embeds: [errorEmbed("That didn't work", err.message, err.hint)],
      result: { error: { code: err.code, message: err.message, ...(err.hint ? { hint: err.hint } : {}) } } satisfies ErrorResult,
      ephemeral: true,
    };
  }
  const errorId = randomUUID().slice(0, 8);
  if (err instanceof UnreadableRecordError) {
    // A broken record is not an outage: say so, privately, and keep the record for recovery.
    const where = { key: err.key, reason: err.reason, command: invocationLabel(inv), userId: inv.user.id };
    services.logger.warn(where, 'unreadable record');
    const message = `A stored record could not be read (${err.reason}). Nothing was changed: it is kept as it is.`;
    return {
      embeds: [errorEmbed("That didn't work", message)],
      result: { error: { code: 'corrupt_record', message } } satisfies ErrorResult,
      ephemeral: true,
    };
  }
  if (err instanceof StoreTimeoutError || err instanceof StoreUnconfirmedError) {
    const where = { err, errorId, command: invocationLabel(inv), userId: inv.user.id };
    services.logger.error(where, 'storage slow or lost mid-write');
    return storageSlowReply(err, errorId);
  }
  if (err instanceof StorageError) {
    services.logger.error({ err, errorId, command: invocationLabel(inv), userId: inv.user.id }, 'storage error');
    return {
      embeds: [errorEmbed('Storage is unavailable', 'I could not read or save your data, so nothing was changed. Please try again in a moment.', `Error id: \`${errorId}\``)],
      result: { error: { code: 'storage_unavailable', message: err.message, errorId } } satisfies ErrorResult,
      ephemeral: true,
    };
  }
  services.logger.error({ err, errorId, command: invocationLabel(inv), userId: inv.user.id }, 'command failed');
  return {
    embeds: [errorEmbed('Something went wrong', 'This is a bug on our side, not something you did. It has been logged.', `Error id: \`${errorId}\``)],
    result: { error: { code: 'internal_error', message: 'internal error', errorId } } satisfies ErrorResult,
    ephemeral: true,
  };
}

/**
 * The store did not answer in time. A timed-out read changed nothing; a timed-out write was
 * fenced (the store refuses it after its deadline) but may have landed just before, so the user
 * is told exactly which of the two happened.
 */
function storageSlowReply(err: StoreTimeoutError | StoreUnconfirmedError, errorId: string): Reply {
  const unconfirmed =
    'either it was saved just now or not at all, and it cannot be applied later. `/hero show` tells you which.';
  const [code, title, text] =
    err instanceof StoreUnconfirmedError
      ? ([
          'storage_unconfirmed',
          'Storage is unavailable',
          `The connection to storage was lost while saving your change: ${unconfirmed}`,
        ] as const)
      : err.written
        ? ([
            'storage_unconfirmed',
            'Storage is slow',
            `Storage did not confirm your change in time: ${unconfirmed}`,
          ] as const)
        : ([
            'storage_slow',
            'Storage is slow',
            'Storage is slow to answer, so nothing was changed. Please try again in a moment.',
          ] as const);
  return {
    embeds: [errorEmbed(title, text, `Error id: \`${errorId}\``)],
    result: { error: { code, message: err.message, errorId } } satisfies ErrorResult,
    ephemeral: true,
  };
}

/** An error reply (any `result.error`): transports never let one replace a message others see. */
export function isErrorReply(reply: Reply): boolean {
  const r = reply.result as Partial<ErrorResult> | null | undefined;
  return typeof r === 'object' && r !== null && typeof r.error === 'object' && r.error !== null;
}

/**
 * Is this invocation's reply private, before it has run? True for `hide:true` and for commands
 * that declare `privateReply` (exports, confirmations). Transports defer ephemerally then.
 */
export function replyIsPrivate(registry: Registry, inv: Invocation): boolean {
  const hide = inv.options.hide;
  if (hide === true || (typeof hide === 'string' && TRUE_WORDS.has(hide.trim().toLowerCase()))) return true;
  try {
    const { leaf } = findLeaf(registry, inv);
    const declared = leaf.privateReply;
    return typeof declared === 'function' ? declared(inv.options) : declared === true;
  } catch {
    return false;
  }
}

/** Limits and safety applied to every reply, whatever produced it. */
export function finalizeReply(reply: Reply): Reply {
  return {
    ...reply,
    embeds: truncateEmbeds(reply.embeds),
    buttons: reply.buttons?.slice(0, 5).map((b) => ({
      ...b,
      label: truncate(b.label || '\u200b', BUTTON_LABEL_MAX),
      customId: truncate(wellFormed(b.customId), CUSTOM_ID_MAX, ''),
    })),
  };
}

export interface DispatchDeps {
  registry: Registry;
  services: Services;
  transport: HandlerContext['transport'];
  /** Give up on a handler after this long (Discord transports); the user is told so. */
  handlerTimeoutMs?: number;
}

/** A handler that did not finish by its deadline. */
export class HandlerTimeoutError extends UserError {
  constructor(ms: number) {
    super(
      `That took longer than ${Math.round(ms / 1000)} s, so I stopped waiting for it.`,
      'Try again in a moment; if it changed one of your heroes, `/hero show` tells you.',
      'timeout',
    );
  }
}

function withDeadline<T>(work: Promise<T>, ms: number | undefined): Promise<T> {
  if (!ms) return work;
  work.catch(() => {});
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new HandlerTimeoutError(ms)), ms);
    work.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e)),
    );
  });
}

async function runInvocation(inv: Invocation, deps: DispatchDeps, ctx: HandlerContext): Promise<Reply> {
  if (inv.kind === 'component') {
    const customId = inv.customId ?? '';
    const sep = customId.indexOf(':');
    const command = deps.registry.get(sep > 0 ? customId.slice(0, sep) : customId);
    if (!command?.component) {
      throw new UserError('That button no longer does anything.', 'Run the command again.', 'stale_button');
    }
    return command.component(customId.slice(sep + 1), ctx);
  }
  const { leaf } = findLeaf(deps.registry, inv);
  return runLeaf(leaf, inv.options, ctx);
}

/** Run a slash command or a button press. Never throws. */
export async function dispatch(inv: Invocation, deps: DispatchDeps): Promise<Reply> {
  const ctx: HandlerContext = { user: inv.user, services: deps.services, transport: deps.transport };
  try {
    return finalizeReply(await withDeadline(runInvocation(inv, deps, ctx), deps.handlerTimeoutMs));
  } catch (err) {
    return finalizeReply(errorReply(err, inv, deps.services));
  }
}

/** Autocomplete: at most 25 choices within Discord's lengths; errors give no choices. Never throws. */
export async function autocomplete(inv: Invocation, deps: DispatchDeps): Promise<Choice[]> {
  const ctx: HandlerContext = { user: inv.user, services: deps.services, transport: deps.transport };
  try {
    const { leaf } = findLeaf(deps.registry, inv);
    if (!leaf.autocomplete || !inv.focused) return [];
    const choices = await leaf.autocomplete(inv.focused, inv.options, ctx);
    return choices.slice(0, AUTOCOMPLETE_CHOICE_LIMIT).map((c) => ({
      name: truncate(c.name || '\u200b', CHOICE_NAME_MAX),
      value: typeof c.value === 'string' ? truncate(c.value, CHOICE_VALUE_MAX, '') : c.value,
    }));
  } catch (err) {
    deps.services.logger.warn({ err, command: invocationLabel(inv), userId: inv.user.id }, 'autocomplete failed');
    return [];
  }
}
