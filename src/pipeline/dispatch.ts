// The one pipeline: invocation -> options coerced and validated (zod) -> handler (engine)
// -> typed result -> embeds truncated. Every transport calls dispatch(); it never throws.
import { randomUUID } from 'node:crypto';
import type { APIApplicationCommandBasicOption, APIEmbed } from 'discord-api-types/v10';
import type { z } from 'zod';
import { StorageError, UserError } from '../errors.ts';
import { ERROR_COLOR, truncate, truncateEmbeds, wellFormed } from './embed.ts';
import { StoreTimeoutError, StoreUnconfirmedError, UnreadableRecordError } from '../store/store.ts';
import {
  AUTOCOMPLETE_CHOICE_LIMIT,
  BUTTON_LABEL_MAX,
  CHOICE_NAME_MAX,
  CHOICE_VALUE_MAX,
  CUSTOM_ID_MAX,
} from './limits.ts';
import { AmbiguousNameError, collectReadings, readingText, type NameReading } from '../names.ts';
import {
  BUILT_IN_VIEW,
  cachedSettings,
  readSettings,
  type SettingName,
  type SettingsView,
} from '../settings/settings.ts';
import { buttonCustomId, DETAILS_PREFIX, leafFinder, PICK_PREFIX, readButton, staleButton } from './buttons.ts';
import { OPT_BOOLEAN, OPT_INTEGER, OPT_NUMBER, OPT_STRING, type OptionMap, type OptionSpec } from './options.ts';
import type {
  ButtonSpec,
  Choice,
  CommandModule,
  HandlerContext,
  Invocation,
  InvocationRef,
  Invoker,
  Leaf,
  MessageCommand,
  OptionValue,
  Reply,
  Services,
} from './types.ts';
import { hasDetails, replyWith } from './types.ts';
import { raceDeadline } from '../deadlines.ts';

export interface ErrorResult {
  error: { code: string; message: string; hint?: string; errorId?: string };
}

/**
 * The commands by name. Built from the list itself, or from a function that imports it
 * (`Registry.deferred`): then the commands' code, schemas and game tables load when the first
 * interaction needs them (load()), so an idle Discord process holds none of them.
 */
export class Registry {
  private list: readonly CommandModule[] = [];
  private byName = new Map<string, CommandModule>();
  private loading: Promise<void> | undefined;
  private importList: (() => Promise<readonly CommandModule[]>) | undefined;
  private ready = false;

  constructor(commands: readonly CommandModule[]) {
    this.use(commands);
    this.loading = Promise.resolve();
  }

  /** A registry whose commands `importList` brings on the first load(). */
  static deferred(importList: () => Promise<readonly CommandModule[]>): Registry {
    const registry = new Registry([]);
    registry.loading = undefined;
    registry.ready = false;
    registry.importList = importList;
    return registry;
  }

  private use(commands: readonly CommandModule[]): void {
    const byName = new Map(commands.map((c) => [c.definition.name, c]));
    if (byName.size !== commands.length) throw new Error('duplicate command names in the registry');
    this.list = commands;
    this.byName = byName;
    this.ready = true;
  }

  /** The commands are there: load() would resolve at once. */
  get loaded(): boolean {
    return this.ready;
  }

  /** Every command (none before a deferred registry has loaded). */
  get commands(): readonly CommandModule[] {
    return this.list;
  }

  /** Resolves once the commands are there (at once unless deferred); a failed import is tried again. */
  load(): Promise<void> {
    this.loading ??= this.importList!().then(
      (commands) => this.use(commands),
      (err: unknown) => {
        this.loading = undefined;
        throw err;
      },
    );
    return this.loading;
  }

  get(name: string): CommandModule | undefined {
    return this.byName.get(name);
  }
  /** A message context-menu command by its name ("Ask hungerbot"). */
  messageCommand(name: string): MessageCommand | undefined {
    return this.commands.flatMap((c) => c.messageCommands ?? []).find((m) => m.definition.name === name);
  }
}

function invocationLabel(inv: Pick<Invocation, 'commandName' | 'group' | 'subcommand'>): string {
  return ['/' + inv.commandName, inv.group, inv.subcommand].filter(Boolean).join(' ');
}

function findLeaf(registry: Registry, inv: Invocation): { command: CommandModule; leaf: Leaf } {
  const command = registry.get(inv.commandName);
  if (!command) {
    const names = registry.commands.map((c) => `/${c.definition.name}`).join(', ');
    throw new UserError(
      `There is no command /${inv.commandName}.`,
      `Commands: ${names}. Try /help.`,
      'unknown_command',
    );
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

const definitionMaps = new WeakMap<
  readonly APIApplicationCommandBasicOption[],
  Map<string, APIApplicationCommandBasicOption>
>();

/** A leaf's option definitions by name, made once per leaf (they never change). */
function definitionsByName(
  defs: readonly APIApplicationCommandBasicOption[],
): Map<string, APIApplicationCommandBasicOption> {
  let byName = definitionMaps.get(defs);
  if (!byName) definitionMaps.set(defs, (byName = new Map(defs.map((d) => [d.name, d]))));
  return byName;
}

/**
 * Give every option the type its definition declares. Discord already sends typed values;
 * the console sends strings, which are converted here with errors a player understands.
 */
export function coerceOptions(
  defs: readonly APIApplicationCommandBasicOption[],
  raw: Record<string, OptionValue>,
  declared?: OptionMap,
): Record<string, OptionValue> {
  const out: Record<string, OptionValue> = {};
  const byName = definitionsByName(defs);
  const exampleOf = (name: string, fallback: string) => String(declared?.[name]?.spec.example ?? fallback);
  for (const [name, value] of Object.entries(raw)) {
    const def = byName.get(name);
    if (!def) {
      const known = defs.map((d) => d.name).join(', ');
      throw new UserError(
        `This command has no option \`${name}\`.`,
        known ? `Its options are: ${known}.` : 'It takes no options.',
        'unknown_option',
      );
    }
    if (alreadyTyped(def.type, value)) {
      out[name] = value;
      continue;
    }
    const text = String(value).trim();
    switch (def.type) {
      case OPT_INTEGER: {
        if (typeof value === 'number' && Number.isInteger(value)) out[name] = value;
        else if (/^[+-]?\d{1,15}$/.test(text.replace(/[,_]/g, '')))
          out[name] = Number.parseInt(text.replace(/[,_]/g, ''), 10);
        else
          throw new UserError(
            `\`${name}\` must be a whole number, not "${truncate(text, 40)}".`,
            `${rangeHint(def)}For example \`${name}:${exampleOf(name, '150')}\`.`,
            'bad_option',
          );
        break;
      }
      case OPT_NUMBER: {
        const n = typeof value === 'number' ? value : Number(text);
        if (!Number.isFinite(n) || text === '')
          throw new UserError(
            `\`${name}\` must be a number, not "${truncate(text, 40)}".`,
            `${rangeHint(def)}For example \`${name}:${exampleOf(name, '2.5')}\`.`,
            'bad_option',
          );
        out[name] = n;
        break;
      }
      case OPT_BOOLEAN: {
        if (typeof value === 'boolean') out[name] = value;
        else if (TRUE_WORDS.has(text.toLowerCase())) out[name] = true;
        else if (FALSE_WORDS.has(text.toLowerCase())) out[name] = false;
        else
          throw new UserError(
            `\`${name}\` must be true or false, not "${truncate(text, 40)}".`,
            `For example \`${name}:true\`.`,
            'bad_option',
          );
        break;
      }
      case OPT_STRING: {
        const choices = 'choices' in def ? def.choices : undefined;
        if (choices && choices.length > 0) {
          const hit = choices.find(
            (c) => String(c.value).toLowerCase() === text.toLowerCase() || c.name.toLowerCase() === text.toLowerCase(),
          );
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
      throw new UserError(
        `\`${def.name}\` is required.`,
        `Add \`${def.name}:<value>\` (${def.description}).`,
        'missing_option',
      );
    }
  }
  return out;
}

/** A value Discord already sent with its declared type (the console sends text instead). */
function alreadyTyped(type: number, value: OptionValue): boolean {
  if (typeof value === 'number')
    return type === OPT_INTEGER ? Number.isInteger(value) : type === OPT_NUMBER && Number.isFinite(value);
  return typeof value === 'boolean' && type === OPT_BOOLEAN;
}

/** "From 1 to 30. " for a numeric option with bounds. */
function rangeHint(def: APIApplicationCommandBasicOption): string {
  const min = 'min_value' in def ? def.min_value : undefined;
  const max = 'max_value' in def ? def.max_value : undefined;
  return min !== undefined && max !== undefined
    ? `It goes from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}. `
    : '';
}

function zodToUserError(err: z.ZodError): UserError {
  const lines = err.issues.map((i) => {
    const path = i.path.join('.');
    // Our schemas phrase messages with the option name already; zod's default ones need it added.
    return path && !i.message.includes(path) ? `\`${path}\`: ${i.message}` : i.message;
  });
  return new UserError(lines.join('\n'), 'Check the value and try again.', 'invalid_option');
}

/** Coerce, validate (zod) and run one leaf. */
export function runLeaf(leaf: Leaf, options: Record<string, OptionValue>, ctx: HandlerContext): Promise<Reply> {
  return runCoerced(leaf, coerceOptions(leaf.options, options, leaf.declared), ctx);
}

/** Validate (zod) and run one leaf whose options coerceOptions() already typed. */
async function runCoerced(leaf: Leaf, coerced: Record<string, OptionValue>, ctx: HandlerContext): Promise<Reply> {
  const parsed = leaf.schema.safeParse(coerced);
  if (!parsed.success) throw zodToUserError(parsed.error);
  return leaf.run(parsed.data as never, ctx);
}

/** Options the user left out that their (or their server's) /settings fill in, before validation. */
export function withSettings(
  leaf: Leaf,
  options: Record<string, OptionValue>,
  settings: SettingsView,
): Record<string, OptionValue> {
  const out = { ...options };
  for (const [name, setting] of settingOptions(leaf)) {
    const value = settings.chosen[setting];
    if (value !== undefined && !(name in out)) out[name] = value;
  }
  return out;
}

const settingOptionsOf = new WeakMap<Leaf, readonly (readonly [string, SettingName])[]>();

/** A leaf's options that a setting fills in, with that setting: found once per leaf (they never change). */
function settingOptions(leaf: Leaf): readonly (readonly [string, SettingName])[] {
  let found = settingOptionsOf.get(leaf);
  if (!found) {
    found = Object.entries(leaf.declared).flatMap(([name, option]) => {
      const setting = option.spec.setting;
      return setting ? [[name, setting] as const] : [];
    });
    settingOptionsOf.set(leaf, found);
  }
  return found;
}

export function errorEmbed(title: string, message: string, hint?: string): APIEmbed {
  return { title, description: hint ? `${message}\n\n${hint}` : message, color: ERROR_COLOR };
}

/** Turn any thrown value into the reply the user sees. Only bugs are logged with an error id. */
export function errorReply(
  err: unknown,
  inv: Pick<Invocation, 'commandName' | 'group' | 'subcommand' | 'user'>,
  services: Services,
): Reply {
  if (err instanceof UserError) {
    return {
      embeds: [errorEmbed("That didn't work", err.message, err.hint)],
      result: {
        error: { code: err.code, message: err.message, ...(err.hint ? { hint: err.hint } : {}) },
      } satisfies ErrorResult,
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
      embeds: [
        errorEmbed(
          'Storage is unavailable',
          'I could not read or save your data, so nothing was changed. Please try again in a moment.',
          `Error id: \`${errorId}\``,
        ),
      ],
      result: { error: { code: 'storage_unavailable', message: err.message, errorId } } satisfies ErrorResult,
      ephemeral: true,
    };
  }
  services.logger.error({ err, errorId, command: invocationLabel(inv), userId: inv.user.id }, 'command failed');
  return {
    embeds: [
      errorEmbed(
        'Something went wrong',
        'This is a bug on our side, not something you did. It has been logged.',
        `Error id: \`${errorId}\``,
      ),
    ],
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

/** Replies finalizeReply() made: finalizing one again changes nothing, so it is handed back as it is. */
const finalized = new WeakSet<Reply>();

/** Limits and safety applied to every reply, whatever produced it. */
export function finalizeReply(reply: Reply): Reply {
  if (finalized.has(reply)) return reply;
  const changes: Partial<Reply> = {
    embeds: truncateEmbeds(reply.embeds),
    buttons: reply.buttons?.slice(0, 5).map((b) => ({
      ...b,
      label: truncate(b.label || '\u200b', BUTTON_LABEL_MAX),
      customId: truncate(wellFormed(b.customId), CUSTOM_ID_MAX, ''),
    })),
  };
  // Lazy details stay lazy, truncated when they are built.
  const out = replyWith(reply, changes, truncateEmbeds);
  finalized.add(out);
  return out;
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
  return raceDeadline(work, ms, () => new HandlerTimeoutError(ms));
}

function contextOf(
  inv: Invocation,
  deps: DispatchDeps,
  settings: SettingsView,
  user: Invoker = inv.user,
): HandlerContext {
  const { services, transport, registry } = deps;
  const where = { guildId: inv.guildId, channelId: inv.channelId, attachments: inv.attachments };
  return { user, services, transport, registry, ...where, permissions: inv.permissions, settings };
}

/** The user's and server's settings, or the built-in ones if the store is slow or down. */
async function settingsFor(inv: Invocation, deps: DispatchDeps): Promise<SettingsView> {
  const view = await readSettings(deps.services.store, { userId: inv.user.id, guildId: inv.guildId });
  if (view.degraded) {
    const where = { userId: inv.user.id, command: invocationLabel(inv) };
    deps.services.logger.warn(where, 'settings unavailable: built-in defaults used');
  }
  return view;
}

const finder = (registry: Registry) => leafFinder((name) => registry.get(name));

/** The line every reply starts with when a name was read as another: `read "c ration" as C-ration`. */
function withReadings(reply: Reply, readings: readonly NameReading[]): Reply {
  if (!readings.length) return reply;
  const line = `*${readings.map(readingText).join('; ')}*`;
  const prefix = (embeds: APIEmbed[] | undefined) =>
    embeds?.map((e, i) => (i === 0 ? { ...e, description: e.description ? `${line}\n${e.description}` : line } : e));
  return replyWith(reply, { embeds: prefix(reply.embeds)!, readAs: [...readings] }, (d) => prefix(d)!);
}

/** Details embeds keep no attachment references (the chart stays on the compact answer). */
function withoutImages(embeds: readonly APIEmbed[]): APIEmbed[] {
  return embeds.map(({ image: _image, ...e }) => e);
}

/**
 * Compact by default: a reply with `details` gets a Details button that re-runs the pure (or
 * read-only) invocation it stands for; users who chose detailed replies get the details at once.
 */
async function present(
  reply: Reply,
  ref: InvocationRef,
  inv: Invocation,
  settings: SettingsView,
  deps: DispatchDeps,
): Promise<Reply> {
  if (!hasDetails(reply)) return reply;
  if (settings.effective.replies.value === 'detailed' && reply.details?.length) {
    const image = reply.embeds[0]?.image;
    const [first, ...rest] = reply.details;
    return { ...reply, embeds: [image ? { ...first!, image } : first!, ...rest] };
  }
  const leaf = finder(deps.registry)(reply.detailsFrom ?? ref);
  if (!leaf || leaf.access === 'write') return reply;
  // The details are text: no chart to draw again, and always private.
  const shown = Object.entries((reply.detailsFrom ?? ref).options).filter(
    ([name]) => name !== 'hide' && leaf.declared[name]?.spec.setting !== 'chart',
  );
  const source = { ...(reply.detailsFrom ?? ref), options: Object.fromEntries(shown) };
  const payload = { ref: source, userId: leaf.access === 'read' ? inv.user.id : undefined };
  const customId = await buttonCustomId(DETAILS_PREFIX, leaf, payload, deps.services.store);
  if (!customId) return reply;
  return replyWith(reply, { buttons: [...(reply.buttons ?? []), { customId, label: 'Details', style: 'secondary' }] });
}

/** An ambiguous name: the error, plus one button per candidate that runs the command with it. */
async function pickReply(
  err: AmbiguousNameError,
  leaf: Leaf,
  ref: InvocationRef,
  inv: Invocation,
  deps: DispatchDeps,
): Promise<Reply> {
  const reply = errorReply(err, inv, deps.services);
  const typed = err.typed.toLowerCase();
  const holds = (v: OptionValue) => typeof v === 'string' && v.toLowerCase().includes(typed);
  const option = Object.entries(ref.options).find(([, v]) => holds(v))?.[0];
  if (!option) return reply;
  const buttons: ButtonSpec[] = [];
  for (const candidate of err.candidates.slice(0, 5)) {
    const text = String(ref.options[option]);
    const at = text.toLowerCase().indexOf(typed);
    const options = { ...ref.options, [option]: text.slice(0, at) + candidate + text.slice(at + typed.length) };
    const payload = { ref: { ...ref, options }, userId: leaf.access === 'pure' ? undefined : inv.user.id };
    const customId = await buttonCustomId(PICK_PREFIX, leaf, payload, deps.services.store);
    if (customId) buttons.push({ customId, label: candidate, style: 'primary' });
  }
  return { ...reply, buttons };
}

const NAME_FREE_KINDS = new Set(['integer', 'number', 'boolean']);

/** What a leaf could read a name from: every option, or (pure leaves) only its free-text options. */
interface NameSources {
  /** Not pure, or a free-text option has a default: any invocation may read a name. */
  always: boolean;
  /** Free-text options (strings without fixed choices): a value given for one may be read as a name. */
  freeText: readonly string[];
}
const nameSourcesOf = new WeakMap<Leaf, NameSources>();

function nameSources(leaf: Leaf): NameSources {
  let sources = nameSourcesOf.get(leaf);
  if (!sources) {
    const free = (s: OptionSpec) => NAME_FREE_KINDS.has(s.kind) || (s.kind === 'string' && !!s.choices?.length);
    const freeText = Object.entries(leaf.declared).filter(([, o]) => !free(o.spec));
    const always = leaf.access !== 'pure' || freeText.some(([, o]) => typeof o.spec.defaultValue === 'string');
    sources = { always, freeText: freeText.map(([name]) => name) };
    nameSourcesOf.set(leaf, sources);
  }
  return sources;
}

/**
 * Can running this leaf with these options read a name differently from how it was typed? Not when
 * it is pure and no free-text option was given: there is no typed name, and nothing stored, to read.
 */
function readsNames(leaf: Leaf, options: Record<string, OptionValue>): boolean {
  const { always, freeText } = nameSources(leaf);
  return always || freeText.some((name) => typeof options[name] === 'string');
}

// ---- finished replies of pure invocations ----------------------------------------------------

/**
 * A pure leaf given no name answers from its options alone (its Details button re-runs it from
 * them), so the same options, reply style and transport get the same finished reply: PURE_REPLIES_MAX
 * are kept and handed out as they are (replies are only read and serialized downstream; a copy is
 * made before anything differs).
 * They are kept per leaf, and room is made in the leaf that holds the most replies not asked again
 * since they were kept or last passed over (the largest leaf when none holds any): a leaf whose
 * replies are mostly asked a second time and then never again (forecasts: nutrition x turn x
 * options) cycles through its own share instead of pushing out the replies another leaf is asked for
 * again and again (status), however many of those there are. Within a leaf the oldest reply not
 * asked again since it was last passed over goes first (a second chance, close to least recently
 * asked first): asking marks a reply, so a hit moves nothing in the map.
 */
export const PURE_REPLIES_MAX = 4096;
interface KeptReply {
  /** The key it was kept under (moved under this string, not a copy built by a later asking). */
  key: string;
  reply: Reply;
  /** Asked since it was kept or last passed over. */
  asked: boolean;
}
/** One leaf's kept replies, and how many of them were not asked since kept or last passed over. */
interface KeptOfLeaf {
  replies: Map<string, KeptReply>;
  unasked: number;
}
const pureReplies = new Map<Leaf, KeptOfLeaf>();
let pureReplyCount = 0;
const leafIds = new WeakMap<Leaf, number>();
let nextLeafId = 0;

function pureReplyKey(leaf: Leaf, options: Record<string, OptionValue>, settings: SettingsView, deps: DispatchDeps) {
  let id = leafIds.get(leaf);
  if (id === undefined) leafIds.set(leaf, (id = ++nextLeafId));
  return `${id}|${deps.transport}|${settings.effective.replies.value}|${JSON.stringify(options)}`;
}

function recallPureReply(leaf: Leaf, key: string): Reply | undefined {
  const kept = pureReplies.get(leaf);
  const hit = kept?.replies.get(key);
  if (!hit) return undefined;
  if (!hit.asked) {
    hit.asked = true;
    kept!.unasked--;
  }
  return hit.reply;
}

/**
 * Options asked once lately, as a 32-bit hash in a fixed table of two-slot buckets (512 KiB). A
 * reply is kept from the second time its options are asked: a reply kept at its first asking and
 * never asked again (most forecasts: nutrition x turn x options) would still outlive young-generation
 * collections in the cache, be promoted and cost a full collection later, for nothing. A bucket holds
 * the two keys asked last that hash to it, so two keys sharing one do not push each other out (with
 * one slot, ~7 % of 2,200 options asked in turn never got kept); keys that collide only forget or
 * keep a reply too early, and the reply is the same either way.
 */
const ASKED_BUCKETS = 1 << 16;
const askedOnce = new Int32Array(2 * ASKED_BUCKETS);

/** True when `key` was asked before (its hash is in its bucket); remembers it otherwise. */
function askedBefore(key: string): boolean {
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  h |= 1; // 0 marks an empty slot
  const slot = 2 * ((h >>> 15) & (ASKED_BUCKETS - 1));
  if (askedOnce[slot] === h || askedOnce[slot + 1] === h) return true;
  askedOnce[slot + 1] = askedOnce[slot]!;
  askedOnce[slot] = h;
  return false;
}

/**
 * Kept unless it is an error, carries files, or has a button stored under a random id. Its embeds
 * and buttons are frozen: whoever would change a reply handed to others must copy it instead.
 */
function keepPureReply(leaf: Leaf, key: string, reply: Reply): void {
  if (isErrorReply(reply) || reply.files?.length || reply.buttons?.some((b) => b.customId.includes(':@'))) return;
  if (!askedBefore(key)) return;
  deepFreeze(reply.embeds);
  if (reply.buttons) deepFreeze(reply.buttons);
  // Two identical invocations that ran at once: the second reply replaces the first.
  const held = pureReplies.get(leaf);
  const before = held?.replies.get(key);
  if (before) forgetPureReply(held!, before);
  if (pureReplyCount >= PURE_REPLIES_MAX) forgetOnePureReply();
  // Looked up after making room, which drops the leaves left empty.
  let kept = pureReplies.get(leaf);
  if (!kept) pureReplies.set(leaf, (kept = { replies: new Map(), unasked: 0 }));
  kept.replies.set(key, { key, reply, asked: false });
  kept.unasked++;
  pureReplyCount++;
}

function forgetPureReply(kept: KeptOfLeaf, entry: KeptReply): void {
  kept.replies.delete(entry.key);
  if (!entry.asked) kept.unasked--;
  pureReplyCount--;
}

/**
 * Room for one more, in the leaf that holds the most replies not asked again (else the largest): its
 * oldest reply not asked again since it was kept or last passed over. Those asked meanwhile are
 * passed over (moved to the end, unmarked), so at most one pass is made.
 */
function forgetOnePureReply(): void {
  let from: KeptOfLeaf | undefined;
  for (const kept of pureReplies.values()) {
    if (
      !from ||
      kept.unasked > from.unasked ||
      (kept.unasked === from.unasked && kept.replies.size > from.replies.size)
    )
      from = kept;
  }
  if (!from) return;
  for (const entry of from.replies.values()) {
    if (!entry.asked) {
      forgetPureReply(from, entry);
      break;
    }
    from.replies.delete(entry.key);
    entry.asked = false;
    from.unasked++;
    from.replies.set(entry.key, entry);
  }
  for (const [leaf, kept] of pureReplies) if (kept.replies.size === 0) pureReplies.delete(leaf);
}

function deepFreeze(value: object): void {
  if (Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const v of Object.values(value)) if (typeof v === 'object' && v !== null) deepFreeze(v);
}

/** Forget every kept reply (tests). */
export function clearPureReplies(): void {
  pureReplies.clear();
  pureReplyCount = 0;
  askedOnce.fill(0);
}

/**
 * The finished reply runCommand() would hand back from the kept pure replies, found without waiting
 * for anything: the commands are loaded, the settings are in this process's cache and these options
 * were answered before. Undefined when any of that is not at hand (runCommand() then decides).
 */
export function keptReply(inv: Invocation, deps: DispatchDeps): Reply | undefined {
  if (inv.kind !== 'command' || !deps.registry.loaded) return undefined;
  const leaf = deps.registry.get(inv.commandName)?.leaf(inv);
  if (!leaf) return undefined;
  const settings = cachedSettings(deps.services.store, { userId: inv.user.id, guildId: inv.guildId });
  if (!settings) return undefined;
  let options: Record<string, OptionValue>;
  try {
    options = coerceOptions(leaf.options, withSettings(leaf, inv.options, settings), leaf.declared);
  } catch {
    return undefined;
  }
  return readsNames(leaf, options) ? undefined : recallPureReply(leaf, pureReplyKey(leaf, options, settings, deps));
}

/** A slash command: settings, coercion and validation, the handler in a name scope, presentation. */
async function runCommand(inv: Invocation, deps: DispatchDeps): Promise<Reply> {
  const { leaf } = findLeaf(deps.registry, inv);
  const settings = await settingsFor(inv, deps);
  const options = coerceOptions(leaf.options, withSettings(leaf, inv.options, settings), leaf.declared);
  const ref: InvocationRef = { commandName: inv.commandName, group: inv.group, subcommand: inv.subcommand, options };
  const names = readsNames(leaf, options);
  const pureKey = names ? undefined : pureReplyKey(leaf, options, settings, deps);
  const kept = pureKey === undefined ? undefined : recallPureReply(leaf, pureKey);
  if (kept) return kept;
  try {
    const run = () => runCoerced(leaf, options, contextOf(inv, deps, settings));
    const { value, readings } = names ? await collectReadings(run) : { value: await run(), readings: [] };
    const reply = await present(withReadings(value, readings), ref, inv, settings, deps);
    if (pureKey === undefined) return reply;
    const finished = finalizeReply(reply);
    keepPureReply(leaf, pureKey, finished);
    return finished;
  } catch (err) {
    if (err instanceof AmbiguousNameError) return pickReply(err, leaf, ref, inv, deps);
    throw err;
  }
}

/** The Details button: re-run what the payload names, show its full breakdown privately, as a new message. */
async function runDetails(rest: string, inv: Invocation, deps: DispatchDeps): Promise<Reply> {
  const { payload, leaf } = await readButton(finder(deps.registry), deps.services.store, rest);
  if (leaf.access === 'write') throw staleButton();
  const user = payload.userId ? { id: payload.userId, name: inv.user.name } : inv.user;
  const ctx = contextOf(inv, deps, BUILT_IN_VIEW, user);
  const { value, readings } = await collectReadings(() => runLeaf(leaf, payload.ref.options, ctx));
  const full = withReadings(value, readings);
  const embeds = withoutImages(full.details ?? full.embeds);
  return { embeds, result: full.result, ephemeral: true, asNewMessage: true, readAs: full.readAs };
}

/** A candidate of an ambiguous name: run the command with it, as the user who asked. */
async function runPick(rest: string, inv: Invocation, deps: DispatchDeps): Promise<Reply> {
  const { payload } = await readButton(finder(deps.registry), deps.services.store, rest);
  if (payload.userId && payload.userId !== inv.user.id) {
    throw new UserError('Only the person who asked can pick here.', 'Run the command yourself.', 'not_yours');
  }
  const reply = await runCommand({ ...inv, kind: 'command', ...payload.ref }, deps);
  return { ...reply, asNewMessage: true };
}

async function runComponent(inv: Invocation, deps: DispatchDeps): Promise<Reply> {
  const customId = inv.customId ?? '';
  const sep = customId.indexOf(':');
  const prefix = sep > 0 ? customId.slice(0, sep) : customId;
  const rest = customId.slice(sep + 1);
  if (prefix === DETAILS_PREFIX) return runDetails(rest, inv, deps);
  if (prefix === PICK_PREFIX) return runPick(rest, inv, deps);
  const command = deps.registry.get(prefix);
  if (!command?.component) throw staleButton();
  const ctx = contextOf(inv, deps, BUILT_IN_VIEW);
  const reply = await command.component(rest, ctx);
  // A press that answers with a hero (Eat it anyway, Undo) gets that hero's Details button too.
  return reply.detailsFrom ? present(reply, reply.detailsFrom, inv, BUILT_IN_VIEW, deps) : reply;
}

/** A message command (Apps -> "Ask hungerbot" on a message): its handler gets the message. */
async function runMessageCommand(inv: Invocation, deps: DispatchDeps): Promise<Reply> {
  const command = deps.registry.messageCommand(inv.commandName);
  if (!command)
    throw new UserError(`There is no message command "${inv.commandName}".`, 'Try /help.', 'unknown_command');
  const settings = await settingsFor(inv, deps);
  return command.run(inv.target ?? { id: '', content: '' }, contextOf(inv, deps, settings));
}

function route(inv: Invocation, deps: DispatchDeps): Promise<Reply> {
  if (inv.kind === 'component') return runComponent(inv, deps);
  if (inv.kind === 'message') return runMessageCommand(inv, deps);
  return runCommand(inv, deps);
}

/** Run a slash command, a message command or a button press. Never throws. */
export async function dispatch(inv: Invocation, deps: DispatchDeps): Promise<Reply> {
  try {
    await deps.registry.load();
    return finalizeReply(await withDeadline(route(inv, deps), deps.handlerTimeoutMs));
  } catch (err) {
    const reply = errorReply(err, inv, deps.services);
    // A Details or pick press that fails answers privately, leaving the message it was on alone.
    const own = inv.kind === 'component' && /^(details|pick):/.test(inv.customId ?? '');
    return finalizeReply(own ? { ...reply, asNewMessage: true } : reply);
  }
}

/** Autocomplete: at most 25 choices within Discord's lengths; errors give no choices. Never throws. */
export async function autocomplete(inv: Invocation, deps: DispatchDeps): Promise<Choice[]> {
  try {
    await deps.registry.load();
    const { leaf } = findLeaf(deps.registry, inv);
    if (!leaf.autocomplete || !inv.focused) return [];
    // Suggestions follow the version the command will use (e.g. Formicids only from Crawl 0.14).
    const settings = await settingsFor(inv, deps);
    const partial = withSettings(leaf, inv.options, settings);
    const choices = await leaf.autocomplete(inv.focused, partial, contextOf(inv, deps, settings));
    return choices.slice(0, AUTOCOMPLETE_CHOICE_LIMIT).map((c) => ({
      name: truncate(c.name || '\u200b', CHOICE_NAME_MAX),
      value: typeof c.value === 'string' ? truncate(c.value, CHOICE_VALUE_MAX, '') : c.value,
    }));
  } catch (err) {
    deps.services.logger.warn({ err, command: invocationLabel(inv), userId: inv.user.id }, 'autocomplete failed');
    return [];
  }
}
