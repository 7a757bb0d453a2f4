// The command contract. A command is data (the JSON Discord receives) plus a small
// handler; every transport (gateway, HTTP endpoint, console) turns its input into an
// Invocation and hands it to the one pipeline in dispatch.ts.
import type {
  APIApplicationCommandBasicOption,
  APIApplicationCommandSubcommandGroupOption,
  APIApplicationCommandSubcommandOption,
  APIEmbed,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
  RESTPostAPIContextMenuApplicationCommandsJSONBody,
} from 'discord-api-types/v10';
import type { z } from 'zod';
import type { Logger } from 'pino';
import type { Store } from '../store/store.ts';
import type { NameReading } from '../names.ts';
import type { SettingsView } from '../settings/settings.ts';
import type { Registry } from './dispatch.ts';
import type { AttachmentReader, AttachmentRef } from './attachments.ts';
import { choiceSuggestions, discordOptions, hide, optionsSchema, type ArgsOf, type OptionMap } from './options.ts';

export type OptionValue = string | number | boolean;

/** One autocomplete suggestion. */
export interface Choice {
  name: string;
  value: string | number;
}

export type ButtonStyle = 'primary' | 'secondary' | 'success' | 'danger';

/** A button under the reply. customId is `<command>:<rest>`; the press comes back to that command's `component`. */
export interface ButtonSpec {
  customId: string;
  label: string;
  style: ButtonStyle;
}

/** A file attached to the reply (e.g. a PNG chart). Embeds refer to it as `attachment://<name>`. */
export interface FileSpec {
  name: string;
  data: Buffer;
  description?: string;
  contentType?: string;
}

/** An invocation to run again (the Details button of a /hero change runs `/hero show` instead). */
export interface InvocationRef {
  commandName: string;
  group?: string;
  subcommand?: string;
  options: Record<string, OptionValue>;
}

/**
 * What a handler returns: embeds for people, `result` (the engine's typed result) for machines.
 * `embeds` is the compact answer; `details` the full breakdown that the pipeline's Details button
 * shows privately to whoever presses it (or shows at once to users who asked for detailed replies).
 */
export interface Reply {
  embeds: APIEmbed[];
  /** The engine's typed result. Part of the public `ask --json` interface: keep it stable. */
  result: unknown;
  ephemeral?: boolean;
  files?: FileSpec[];
  buttons?: ButtonSpec[];
  /** The full breakdown (every field, method, wiki difference and citation). */
  details?: APIEmbed[];
  /** For the Details button: run this read-only invocation instead of the one that answered. */
  detailsFrom?: InvocationRef;
  /** Button presses only: answer with a new message instead of updating the pressed one. */
  asNewMessage?: boolean;
  /** Names read differently from what was typed (filled in by the pipeline). */
  readAs?: NameReading[];
}

/**
 * `reply` with `details` built by `build` only when something reads them: most replies are never
 * expanded, and the full breakdown costs more than the compact answer. Reading them once keeps them.
 */
export function withLazyDetails<R extends Omit<Reply, 'details'>>(reply: R, build: () => APIEmbed[]): R & Reply {
  return defineLazyDetails(reply as R & Reply, build);
}

/** A lazy `details` getter carries its builder here, so that copies call the builder itself. */
const BUILDER = Symbol('details builder');
type LazyGetter = (() => APIEmbed[] | undefined) & { [BUILDER]?: () => APIEmbed[] | undefined };

function defineLazyDetails<R extends Reply>(reply: R, build: () => APIEmbed[] | undefined): R {
  const settle = (value: APIEmbed[] | undefined) => {
    Object.defineProperty(reply, 'details', { value, enumerable: true, writable: true, configurable: true });
    return value;
  };
  const get: LazyGetter = () => settle(build());
  get[BUILDER] = build;
  Object.defineProperty(reply, 'details', { get, set: settle, enumerable: true, configurable: true });
  return reply;
}

/**
 * The builder of `reply.details` when they are lazy and not built yet, else undefined. It is the
 * builder itself, not a call through `reply`: a copy made with replyWith() then holds what the
 * details are built from, not every reply it was copied from (a kept reply would hold them all).
 */
export function lazyDetailsOf(reply: Reply): (() => APIEmbed[] | undefined) | undefined {
  const get = Object.getOwnPropertyDescriptor(reply, 'details')?.get as LazyGetter | undefined;
  return get ? (get[BUILDER] ?? (() => get.call(reply))) : undefined;
}

/** Whether the reply has details, without building lazy ones (a lazy builder always has some). */
export function hasDetails(reply: Reply): boolean {
  return lazyDetailsOf(reply) !== undefined || (reply.details?.length ?? 0) > 0;
}

/**
 * A copy of `reply` with `changes`; lazy details stay lazy (passed through `mapDetails` when given),
 * where a spread would build them.
 */
export function replyWith(
  reply: Reply,
  changes: Partial<Reply>,
  mapDetails?: (details: APIEmbed[]) => APIEmbed[],
): Reply {
  const lazy = 'details' in changes ? undefined : lazyDetailsOf(reply);
  if (!lazy) {
    const out: Reply = { ...reply, ...changes };
    if (mapDetails && out.details) out.details = mapDetails(out.details);
    return out;
  }
  const out = {} as Reply;
  for (const key of Object.keys(reply) as (keyof Reply)[]) {
    if (key !== 'details') (out as unknown as Record<string, unknown>)[key] = reply[key];
  }
  Object.assign(out, changes);
  return defineLazyDetails(out, () => {
    const details = lazy();
    return details && mapDetails ? mapDetails(details) : details;
  });
}

export interface Invoker {
  id: string;
  name: string;
}

/** Shared services handed to every handler. Passed in, never looked up globally. */
export interface Services {
  store: Store;
  logger: Logger;
  /** Reads attached files (default: Discord's CDN only, capped; tests pass a local stand-in). */
  attachments?: AttachmentReader;
}

export interface HandlerContext {
  user: Invoker;
  services: Services;
  /** Where the invocation came from; the console writes attachments to disk, for example. */
  transport: 'gateway' | 'http' | 'console';
  /** The commands this invocation was dispatched among (for commands that run other commands, like /ask). */
  registry?: Registry;
  /** The server it came from (none in DMs and the console). */
  guildId?: string;
  /** The channel it came from (the console's is "console"). */
  channelId?: string;
  /** Attachments of the invocation, as Discord resolved them, by attachment id. */
  attachments?: Readonly<Record<string, AttachmentRef>>;
  /** The member's permissions in that channel, Discord's decimal bit field. */
  permissions?: string;
  /** The user's and server's defaults, read by the pipeline (built-in ones when the store is slow). */
  settings: SettingsView;
}

/** The message a message command was used on (Apps -> <command> on a message). */
export interface TargetMessage {
  id: string;
  content: string;
  /** The message's author, when Discord says. */
  authorId?: string;
}

/** A parsed interaction, independent of transport. Option values are flat, keyed by option name. */
export interface Invocation {
  kind: 'command' | 'autocomplete' | 'component' | 'message';
  commandName: string;
  group?: string;
  subcommand?: string;
  options: Record<string, OptionValue>;
  /** Autocomplete only: the option being typed. */
  focused?: { name: string; value: string };
  /** Component only: the custom id of the pressed button. */
  customId?: string;
  /** Message command only: the message it was used on. */
  target?: TargetMessage;
  user: Invoker;
  /** The server (guild) id; absent in DMs and the console. */
  guildId?: string;
  /** The channel id (absent when Discord sends none). */
  channelId?: string;
  /** Attachment options resolved by Discord (data.resolved.attachments), by attachment id. */
  attachments?: Record<string, AttachmentRef>;
  /** `member.permissions` as Discord sends it (a decimal bit field string). */
  permissions?: string;
}

export type AutocompleteFn = (
  focused: { name: string; value: string },
  partial: Record<string, OptionValue>,
  ctx: HandlerContext,
) => Choice[] | Promise<Choice[]>;

export type ComponentFn = (customIdRest: string, ctx: HandlerContext) => Reply | Promise<Reply>;

/**
 * A leaf handler: its options as Discord receives them and the zod schema that validates them,
 * both derived from one declaration (`declared`), and the handler itself.
 */
export interface Leaf {
  /** The declaration the two below are derived from. */
  declared: OptionMap;
  /** Options of this leaf, as Discord receives them (derived). */
  options: APIApplicationCommandBasicOption[];
  /** Validates the coerced options (derived). */
  schema: z.ZodType;
  // The pipeline validated the arguments against `schema`, which has the declared types.
  run(args: never, ctx: HandlerContext): Reply | Promise<Reply>;
  autocomplete?: AutocompleteFn;
  /**
   * What running it does to stored data: `pure` (nothing: a button may re-run it anywhere),
   * `read` (reads the invoker's data: re-run as that invoker), `write` (never re-run by a button).
   */
  access: LeafAccess;
  /**
   * The reply is for the user only (an export, a confirmation). Transports decide visibility
   * before deferring a slow reply, so this must be known from the options alone.
   */
  privateReply?: PrivateReply;
}

export type LeafAccess = 'pure' | 'read' | 'write';

/** Whether a command's reply is private: always, or depending on its (raw) options. */
export type PrivateReply = boolean | ((options: Record<string, OptionValue>) => boolean);

/** A subcommand: a leaf with its name and description. */
export interface Subcommand extends Leaf {
  name: string;
  description: string;
  /** One example line for /help, e.g. `/nethack status nutrition:150`. */
  example: string;
}

export interface SubcommandGroup {
  name: string;
  description: string;
  subcommands: Subcommand[];
}

/** A top-level slash command, the unit of `commands/`. */
export interface CommandModule {
  definition: RESTPostAPIChatInputApplicationCommandsJSONBody;
  /** `/help` lists these. */
  examples: string[];
  /** Finds the leaf for an invocation (undefined: no such subcommand). */
  leaf(inv: Pick<Invocation, 'group' | 'subcommand'>): Leaf | undefined;
  /** Button presses whose customId starts with `<name>:`. */
  component?: ComponentFn;
  /** Message context-menu commands (Discord type 3) this command brings; deployed with it. */
  messageCommands?: readonly MessageCommand[];
}

/** A message context-menu command: no options; it gets the message it was used on. */
export interface MessageCommand {
  /** `{ name, type: 3 }` (ApplicationCommandType.Message). */
  definition: RESTPostAPIContextMenuApplicationCommandsJSONBody;
  run(target: TargetMessage, ctx: HandlerContext): Reply | Promise<Reply>;
}

export function defineMessageCommand(spec: { name: string; run: MessageCommand['run'] }): MessageCommand {
  const type = 3 as RESTPostAPIContextMenuApplicationCommandsJSONBody['type']; // ApplicationCommandType.Message
  return { definition: { name: spec.name, type }, run: spec.run };
}

/** What a command file writes: options once, as data; the handler gets their derived types. */
export interface LeafSpec<M extends OptionMap> {
  options: M;
  run(args: ArgsOf<M> & { hide: boolean | undefined }, ctx: HandlerContext): Reply | Promise<Reply>;
  autocomplete?: AutocompleteFn;
  /** Default `pure`. */
  access?: LeafAccess;
  privateReply?: PrivateReply;
}

function leafFrom<M extends OptionMap>(spec: LeafSpec<M>): Leaf {
  const declared: OptionMap = { ...spec.options, hide };
  // Choice options declared with autocomplete suggest their own values; the rest go to the handler.
  const autocomplete: AutocompleteFn = (focused, partial, ctx) => {
    const s = declared[focused.name]?.spec;
    if (s?.choices && s.autocomplete) return choiceSuggestions(s, focused.value);
    return spec.autocomplete?.(focused, partial, ctx) ?? [];
  };
  return {
    declared,
    options: discordOptions(declared),
    schema: optionsSchema(declared),
    run: spec.run as Leaf['run'],
    autocomplete,
    access: spec.access ?? 'pure',
    ...(spec.privateReply !== undefined ? { privateReply: spec.privateReply } : {}),
  };
}

export function defineSubcommand<const M extends OptionMap>(
  s: LeafSpec<M> & { name: string; description: string; example: string },
): Subcommand {
  return { ...leafFrom(s), name: s.name, description: s.description, example: s.example };
}

/** A command with no subcommands (e.g. /help). */
export function defineCommand<const M extends OptionMap>(
  spec: LeafSpec<M> & { name: string; description: string; example: string; component?: ComponentFn },
): CommandModule {
  const leaf = leafFrom(spec);
  return {
    definition: { name: spec.name, description: spec.description, type: 1, options: leaf.options },
    examples: [spec.example],
    leaf: (inv) => (inv.group || inv.subcommand ? undefined : leaf),
    component: spec.component,
  };
}

/** A command made of subcommands and subcommand groups (e.g. /nethack status, /nethack pet food). */
export function defineCommandGroup(spec: {
  name: string;
  description: string;
  subcommands: Subcommand[];
  groups?: SubcommandGroup[];
  component?: ComponentFn;
}): CommandModule {
  const subOption = (s: Subcommand): APIApplicationCommandSubcommandOption => ({
    type: 1,
    name: s.name,
    description: s.description,
    options: s.options,
  });
  const groupOption = (g: SubcommandGroup): APIApplicationCommandSubcommandGroupOption => ({
    type: 2,
    name: g.name,
    description: g.description,
    options: g.subcommands.map(subOption),
  });
  const groups = spec.groups ?? [];
  return {
    definition: {
      name: spec.name,
      description: spec.description,
      type: 1,
      options: [...spec.subcommands.map(subOption), ...groups.map(groupOption)],
    },
    examples: [
      ...spec.subcommands.map((s) => s.example),
      ...groups.flatMap((g) => g.subcommands.map((s) => s.example)),
    ],
    leaf(inv) {
      if (inv.group)
        return groups.find((g) => g.name === inv.group)?.subcommands.find((s) => s.name === inv.subcommand);
      return spec.subcommands.find((s) => s.name === inv.subcommand);
    },
    component: spec.component,
  };
}
