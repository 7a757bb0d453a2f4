// Console mode: the bot with no Discord at all. A person types slash-command lines and sees
// the embeds; scripts use the batch form (`ask --json`), one JSON reply per input line.
// Same parsing, validation, handlers and store as Discord, as one fixed local user.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import type { APIEmbed } from 'discord-api-types/v10';
import type { APIApplicationCommandOption } from 'discord-api-types/v10';
import { autocomplete, dispatch, errorReply, finalizeReply, type DispatchDeps } from '../pipeline/dispatch.ts';
import type { Invocation, Invoker, Reply } from '../pipeline/types.ts';
import { UserError } from '../errors.ts';
import { parseCommandLine, quoteValue, tokenize, toInvocation } from '../pipeline/commandLine.ts';

/** The one local user of console mode. Its heroes persist in the store like anyone's. */
export const CONSOLE_USER: Invoker = { id: 'console', name: 'console' };

export interface ConsoleOptions extends Omit<DispatchDeps, 'transport'> {
  /** Where attachments (PNG charts) are written. */
  fileDir: string;
  user?: Invoker;
  color?: boolean;
  /** Act as a member of this server (tests of server settings); the console has none by default. */
  guildId?: string;
  /** That member's permissions, Discord's decimal bit field. */
  permissions?: string;
  /** The channel the console stands for (default "console"; /party lists who shared a hero here). */
  channelId?: string;
}

export const CONSOLE_CHANNEL = 'console';

/** A reply as the batch interface prints it: files become paths on disk. */
export interface JsonReply {
  embeds: APIEmbed[];
  result: unknown;
  ephemeral: boolean;
  files?: { name: string; path: string; bytes: number }[];
  buttons?: { customId: string; label: string; style: string }[];
  /** Names read as others (`read "c ration" as C-ration`): { typed, as, what }. */
  readAs?: { typed: string; as: string; what: string }[];
}

let fileCounter = 0;

export function writeFiles(reply: Reply, dir: string): JsonReply['files'] {
  if (!reply.files?.length) return undefined;
  mkdirSync(dir, { recursive: true });
  return reply.files.map((f) => {
    const path = resolve(join(dir, `${Date.now()}-${process.pid}-${++fileCounter}-${f.name}`));
    writeFileSync(path, f.data);
    return { name: f.name, path, bytes: f.data.length };
  });
}

export function toJsonReply(reply: Reply, dir: string): JsonReply {
  const out: JsonReply = { embeds: reply.embeds, result: reply.result, ephemeral: reply.ephemeral ?? false };
  const files = writeFiles(reply, dir);
  if (files) out.files = files;
  if (reply.buttons?.length) out.buttons = reply.buttons;
  if (reply.readAs?.length) out.readAs = reply.readAs;
  return out;
}

/** Remembers the buttons of the last reply, so a script can answer with `press last:<choice>`. */
export interface ConsoleSession {
  lastButtons: Reply['buttons'];
}

export function newSession(): ConsoleSession {
  return { lastButtons: undefined };
}

/**
 * `press last:<choice>`: a button of the previous reply, by its position (1, 2...), its label
 * ("Details", "Eat it anyway"; case and a unique start are enough) or the last part of its id.
 */
export function pickLastButton(choice: string, buttons: Reply['buttons']): string {
  const list = buttons ?? [];
  if (!list.length) throw new UserError('The last reply has no buttons.', undefined, 'no_button');
  const want = choice
    .trim()
    .replace(/^["']|["']$/g, '')
    .toLowerCase();
  const byIndex = /^\d+$/.test(want) ? list[Number(want) - 1] : undefined;
  const exact = list.filter((b) => b.label.toLowerCase() === want || b.customId.toLowerCase().endsWith(`:${want}`));
  const started = list.filter((b) => b.label.toLowerCase().startsWith(want));
  const hit = byIndex ?? (exact.length === 1 ? exact[0] : started.length === 1 ? started[0] : undefined);
  if (!hit) {
    throw new UserError(
      `No single button of the last reply matches "${choice}".`,
      `Its buttons: ${list.map((b, i) => `${i + 1}. ${b.label}`).join(', ')}.`,
      'no_button',
    );
  }
  return hit.customId;
}

/**
 * Run one console line: a slash command, `press <customId>` / `press last:<choice>` for a button, or
 * `message: <text>` to use the message command (Apps -> "Ask hungerbot") on a message holding <text>.
 */
export async function runLine(line: string, opts: ConsoleOptions, session?: ConsoleSession): Promise<Reply> {
  const deps: DispatchDeps = { registry: opts.registry, services: opts.services, transport: 'console' };
  const user = opts.user ?? CONSOLE_USER;
  const member = {
    ...(opts.guildId ? { guildId: opts.guildId } : {}),
    channelId: opts.channelId ?? CONSOLE_CHANNEL,
    ...(opts.permissions ? { permissions: opts.permissions } : {}),
  };
  const trimmed = line.trim();
  let reply: Reply;
  try {
    const last = /^press\s+last:(.+)$/i.exec(trimmed);
    // A custom id may hold spaces (/ask keeps short questions in its button ids).
    const press = /^press\s+(.+)$/i.exec(trimmed);
    const message = /^message(?:\s+"([^"]+)")?\s*:\s*([\s\S]*)$/i.exec(trimmed);
    if (last || press) {
      const customId = last ? pickLastButton(last[1]!, session?.lastButtons) : press![1]!;
      reply = await dispatch({ kind: 'component', commandName: '', options: {}, customId, user, ...member }, deps);
    } else if (message) {
      const inv = consoleMessage(message[1], message[2]!.replace(/\\n/g, '\n'), opts, user);
      reply = await dispatch({ ...inv, ...member }, deps);
    } else {
      const parsed = parseCommandLine(trimmed, opts.registry);
      reply = await dispatch({ ...toInvocation(parsed, user), ...member }, deps);
    }
  } catch (err) {
    // Parse errors take the same road as every other reply: Discord's limits apply.
    const commandName = trimmed.split(/\s/)[0]?.replace(/^\//, '') ?? '';
    reply = finalizeReply(errorReply(err, { commandName, user }, opts.services));
  }
  if (session) session.lastButtons = reply.buttons;
  return reply;
}

/** `message: <text>` (or `message "<command name>": <text>`): the only message command unless named. */
function consoleMessage(name: string | undefined, content: string, opts: ConsoleOptions, user: Invoker): Invocation {
  const commandName = name ?? opts.registry.commands.flatMap((c) => c.messageCommands ?? [])[0]?.definition.name ?? '';
  return { kind: 'message', commandName, options: {}, target: { id: 'console', content }, user };
}

// ---- readable rendering -------------------------------------------------------------

const ANSI = { reset: '\x1b[0m', bold: '\x1b[1m', dim: '\x1b[2m' };

function colorBar(color: number | undefined, useColor: boolean): string {
  if (!useColor || color === undefined) return '┃';
  const r = (color >> 16) & 255;
  const g = (color >> 8) & 255;
  const b = color & 255;
  return `\x1b[38;2;${r};${g};${b}m┃${ANSI.reset}`;
}

/** Markdown links and code ticks made readable in a terminal. */
function plainMarkdown(text: string): string {
  return text.replace(/\[`?([^\]`]+)`?\]\((https?:[^)]+)\)/g, '$1 <$2>').replace(/\*\*([^*]+)\*\*/g, '$1');
}

export function renderReplyText(reply: Reply, useColor = false, files?: JsonReply['files']): string {
  const lines: string[] = [];
  const b = (s: string) => (useColor ? `${ANSI.bold}${s}${ANSI.reset}` : s);
  const d = (s: string) => (useColor ? `${ANSI.dim}${s}${ANSI.reset}` : s);
  for (const e of reply.embeds) {
    const bar = colorBar(e.color, useColor);
    const out: string[] = [];
    if (e.title) out.push(b(e.title));
    if (e.description) out.push(...plainMarkdown(e.description).split('\n'));
    for (const f of e.fields ?? []) {
      out.push('', b(f.name));
      out.push(
        ...plainMarkdown(f.value)
          .split('\n')
          .map((l) => `  ${l}`),
      );
    }
    if (e.image?.url) out.push('', d(`[image: ${e.image.url}]`));
    if (e.footer?.text) out.push('', d(e.footer.text));
    lines.push(...out.map((l) => `${bar} ${l}`));
  }
  for (const f of files ?? []) lines.push(d(`📎 ${f.name} saved to ${f.path}`));
  if (reply.buttons?.length) {
    lines.push(d('Buttons: ' + reply.buttons.map((x) => `[${x.label}] → press ${x.customId}`).join('   ')));
  }
  if (reply.ephemeral) lines.push(d('(only you can see this)'));
  return lines.join('\n');
}

// ---- tab completion ------------------------------------------------------------------

/** Completions for a partly typed line: commands, subcommands, option names, autocompleted values. */
export async function completeLine(line: string, opts: ConsoleOptions): Promise<[string[], string]> {
  const registry = opts.registry;
  if (!line.startsWith('/')) return [registry.commands.map((c) => `/${c.definition.name}`), line];
  const tokens = tokenize(line.slice(1));
  const endsWithSpace = /\s$/.test(line);
  const current = endsWithSpace ? '' : (tokens.pop()?.text ?? '');
  const currentRaw = endsWithSpace ? '' : line.slice(line.lastIndexOf(' ') + 1);
  if (tokens.length === 0 && !endsWithSpace) {
    const hits = registry.commands.map((c) => `/${c.definition.name}`).filter((n) => n.startsWith(`/${current}`));
    return [hits.map((h) => `${h} `), `/${current}`];
  }
  const command = registry.get(tokens[0]?.text.toLowerCase() ?? '');
  if (!command) return [[], currentRaw];
  let level = (command.definition.options ?? []) as APIApplicationCommandOption[];
  const words = tokens.slice(1).filter((t) => !t.text.includes(':'));
  let group: string | undefined;
  let subcommand: string | undefined;
  for (const w of words) {
    const def = level.find((o) => o.name === w.text);
    if (def && (def.type === 1 || def.type === 2)) {
      if (def.type === 2) group = def.name;
      else subcommand = def.name;
      level = (def.options ?? []) as APIApplicationCommandOption[];
    }
  }
  const subChoices = level.filter((o) => o.type === 1 || o.type === 2);
  if (subChoices.length > 0 && !current.includes(':')) {
    return [subChoices.filter((o) => o.name.startsWith(current)).map((o) => `${o.name} `), currentRaw];
  }
  const colon = current.indexOf(':');
  if (colon < 0) {
    const used = new Set(tokens.filter((t) => t.text.includes(':')).map((t) => t.text.split(':')[0]));
    return [level.filter((o) => o.name.startsWith(current) && !used.has(o.name)).map((o) => `${o.name}:`), currentRaw];
  }
  const name = current.slice(0, colon);
  const typed = current.slice(colon + 1);
  const def = level.find((o) => o.name === name);
  if (!def) return [[], currentRaw];
  let values: string[] = [];
  if ('choices' in def && def.choices?.length)
    values = def.choices.map((c) => String(c.value)).filter((v) => v.toLowerCase().startsWith(typed.toLowerCase()));
  else if (def.type === 5) values = ['true', 'false'].filter((v) => v.startsWith(typed));
  else if ('autocomplete' in def && def.autocomplete) {
    const partial: Record<string, string> = {};
    for (const t of tokens) {
      const c = t.text.indexOf(':');
      if (c > 0) partial[t.text.slice(0, c)] = t.text.slice(c + 1);
    }
    const choices = await autocomplete(
      {
        kind: 'autocomplete',
        commandName: command.definition.name,
        group,
        subcommand,
        options: partial,
        focused: { name, value: typed },
        user: opts.user ?? CONSOLE_USER,
      },
      { registry, services: opts.services, transport: 'console' },
    );
    values = choices.map((c) => String(c.value));
  }
  return [valueCompletions(name, typed, currentRaw, values), currentRaw];
}

/**
 * Completions for `name:<typed>`. Readline replaces the typed token with the candidates' common
 * start, so candidates must never share less than what was typed: values that extend the typed
 * text keep it as typed (quoting from the first space on: `name:jackal" corpse"`), and fuzzy
 * corrections come with the typed token itself, so their common start cannot shrink the line.
 */
export function valueCompletions(name: string, typed: string, currentRaw: string, values: readonly string[]): string[] {
  const whole = (v: string) => `${name}:${quoteValue(v)} `;
  if (values.length <= 1) return values.map(whole);
  const extending = values.filter((v) => v.toLowerCase().startsWith(typed.toLowerCase()));
  if (extending.length === 1) return [whole(extending[0]!)];
  const rawValue = currentRaw.slice(currentRaw.indexOf(':') + 1);
  if (extending.length > 1) {
    if (/^["']/.test(rawValue)) return extending.map(whole);
    return extending.map((v) => `${name}:${rawValue}${quoteFromSpace(v.slice(typed.length))} `);
  }
  return [...values.map(whole), currentRaw];
}

/** "kal corpse" -> `kal" corpse"`: the tokenizer reads quotes anywhere in a token. */
function quoteFromSpace(rest: string): string {
  const at = rest.search(/[\s"':]/);
  if (at < 0) return rest;
  return `${rest.slice(0, at)}"${rest.slice(at).replace(/["\\]/g, '\\$&')}"`;
}

// ---- interactive REPL ----------------------------------------------------------------

export async function runRepl(
  opts: ConsoleOptions,
  io: { input: NodeJS.ReadableStream; output: NodeJS.WritableStream; terminal?: boolean },
): Promise<void> {
  const useColor = opts.color ?? false;
  const rl: Interface = createInterface({
    input: io.input,
    output: io.output,
    terminal: io.terminal ?? false,
    historySize: 200,
    prompt: 'hungerbot> ',
    completer: (line: string, cb: (err: Error | null, result: [string[], string]) => void) => {
      completeLine(line, opts).then(
        (r) => cb(null, r),
        () => cb(null, [[], line]),
      );
    },
  });
  const say = (s: string) => io.output.write(s + '\n');
  const session = newSession();
  say('hungerbot console — type a slash command (Tab completes), /help for the list, "exit" to leave.');
  rl.prompt();
  let queue = Promise.resolve();
  // Lines are answered one at a time; input pasted faster than that waits in the stream (paused)
  // rather than in an ever longer queue here.
  let pending = 0;
  let closed = false;
  const MAX_PENDING_LINES = 64;
  await new Promise<void>((done) => {
    rl.on('line', (line) => {
      if (++pending >= MAX_PENDING_LINES) rl.pause();
      queue = queue
        .then(async () => {
          const text = line.trim();
          if (text === 'exit' || text === 'quit') {
            rl.close();
            return;
          }
          if (text) {
            const reply = await runLine(text, opts, session);
            const files = writeFiles(reply, opts.fileDir);
            say(renderReplyText(reply, useColor, files));
          }
          rl.prompt();
        })
        .finally(() => {
          if (--pending < MAX_PENDING_LINES / 2 && !closed) rl.resume();
        });
    });
    rl.on('close', () => {
      closed = true;
      queue.then(
        () => done(),
        () => done(),
      );
    });
  });
  await flushed(io.output);
}

// ---- batch form ----------------------------------------------------------------------

/**
 * Write to a stream, waiting while its buffer is full: a slow reader slows the batch down
 * instead of replies piling up in memory (or being lost at exit).
 */
export async function writeWithBackpressure(output: NodeJS.WritableStream, text: string): Promise<void> {
  if (output.write(text)) return;
  await new Promise<void>((resolve, reject) => {
    const done = (err?: unknown) => {
      output.off('drain', onDrain);
      output.off('error', done);
      output.off('close', onDrain);
      if (err) reject(err);
      else resolve();
    };
    const onDrain = () => done();
    output.once('drain', onDrain);
    output.once('error', done);
    output.once('close', onDrain);
  });
}

/** Resolve once everything written so far has been handed to the OS (before the process exits). */
export function flushed(output: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve) => {
    const w = output as NodeJS.WritableStream & { writableNeedDrain?: boolean; destroyed?: boolean };
    if (w.destroyed) return resolve();
    output.write('', () => resolve());
  });
}

/** `ask --json` with no command line: one command line per input line, one JSON reply per output line. */
export async function runBatch(
  opts: ConsoleOptions,
  io: { input: NodeJS.ReadableStream; output: NodeJS.WritableStream },
  json: boolean,
): Promise<number> {
  const rl = createInterface({ input: io.input, crlfDelay: Infinity, terminal: false });
  const session = newSession();
  let count = 0;
  // The reader went away (EPIPE): stop reading, nothing more can be delivered.
  let closed = false;
  const onError = () => {
    closed = true;
    rl.close();
  };
  io.output.on('error', onError);
  try {
    for await (const line of rl) {
      if (closed) break;
      if (!line.trim() || line.trim().startsWith('#')) continue;
      const reply = await runLine(line, opts, session);
      const text = json
        ? JSON.stringify(toJsonReply(reply, opts.fileDir)) + '\n'
        : renderReplyText(reply, false, writeFiles(reply, opts.fileDir)) + '\n\n';
      await writeWithBackpressure(io.output, text).catch(onError);
      count++;
    }
    if (!closed) await flushed(io.output);
  } finally {
    io.output.off('error', onError);
  }
  return count;
}
