// The command contract. A command is data (the JSON Discord receives) plus a small
// handler; every transport (gateway, HTTP endpoint, console) turns its input into an
// Invocation and hands it to the one pipeline in dispatch.ts.
import type {
  APIApplicationCommandBasicOption,
  APIApplicationCommandSubcommandGroupOption,
  APIApplicationCommandSubcommandOption,
  APIEmbed,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord-api-types/v10';
import type { z } from 'zod';
import type { Logger } from 'pino';
import type { Store } from '../store/store.ts';

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

/** What a handler returns: embeds for people, `result` (the engine's typed result) for machines. */
export interface Reply {
  embeds: APIEmbed[];
  /** The engine's typed result. Part of the public `ask --json` interface: keep it stable. */
  result: unknown;
  ephemeral?: boolean;
  files?: FileSpec[];
  buttons?: ButtonSpec[];
}

export interface Invoker {
  id: string;
  name: string;
}

/** Shared services handed to every handler. Passed in, never looked up globally. */
export interface Services {
  store: Store;
  logger: Logger;
}

export interface HandlerContext {
  user: Invoker;
  services: Services;
  /** Where the invocation came from; the console writes attachments to disk, for example. */
  transport: 'gateway' | 'http' | 'console';
}

/** A parsed interaction, independent of transport. Option values are flat, keyed by option name. */
export interface Invocation {
  kind: 'command' | 'autocomplete' | 'component';
  commandName: string;
  group?: string;
  subcommand?: string;
  options: Record<string, OptionValue>;
  /** Autocomplete only: the option being typed. */
  focused?: { name: string; value: string };
  /** Component only: the custom id of the pressed button. */
  customId?: string;
  user: Invoker;
}

export type AutocompleteFn = (
  focused: { name: string; value: string },
  partial: Record<string, OptionValue>,
  ctx: HandlerContext,
) => Choice[] | Promise<Choice[]>;

export type ComponentFn = (customIdRest: string, ctx: HandlerContext) => Reply | Promise<Reply>;

/**
 * A leaf handler: its options, the zod schema that validates them (after the pipeline has
 * coerced console strings to the option types), and the handler itself.
 */
export interface Leaf<S extends z.ZodType = z.ZodType> {
  /** Options of this leaf, as Discord receives them. */
  options: APIApplicationCommandBasicOption[];
  schema: S;
  run(args: z.output<S>, ctx: HandlerContext): Reply | Promise<Reply>;
  autocomplete?: AutocompleteFn;
  /**
   * The reply is for the user only (an export, a confirmation). Transports decide visibility
   * before deferring a slow reply, so this must be known from the options alone.
   */
  privateReply?: PrivateReply;
}

/** Whether a command's reply is private: always, or depending on its (raw) options. */
export type PrivateReply = boolean | ((options: Record<string, OptionValue>) => boolean);

/** A subcommand: a leaf with its name and description. */
export interface Subcommand<S extends z.ZodType = z.ZodType> extends Leaf<S> {
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
}

export function defineSubcommand<S extends z.ZodType>(s: Subcommand<S>): Subcommand {
  return s as unknown as Subcommand;
}

/** A command with no subcommands (e.g. /help). */
export function defineCommand<S extends z.ZodType>(spec: {
  name: string;
  description: string;
  example: string;
  options: APIApplicationCommandBasicOption[];
  schema: S;
  run(args: z.output<S>, ctx: HandlerContext): Reply | Promise<Reply>;
  autocomplete?: AutocompleteFn;
  privateReply?: PrivateReply;
  component?: ComponentFn;
}): CommandModule {
  const leaf = spec as unknown as Leaf;
  return {
    definition: { name: spec.name, description: spec.description, type: 1, options: spec.options },
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
    examples: [...spec.subcommands.map((s) => s.example), ...groups.flatMap((g) => g.subcommands.map((s) => s.example))],
    leaf(inv) {
      if (inv.group) return groups.find((g) => g.name === inv.group)?.subcommands.find((s) => s.name === inv.subcommand);
      return spec.subcommands.find((s) => s.name === inv.subcommand);
    },
    component: spec.component,
  };
}
