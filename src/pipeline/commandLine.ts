// Parse a typed slash-command line (`/nethack meal food:"food ration" nutrition:1250`) into
// the same Invocation Discord would send. Used by the console, the batch `ask` form and tests.
import type { APIApplicationCommandOption } from 'discord-api-types/v10';
import { UserError } from '../errors.ts';
import type { Registry } from './dispatch.ts';
import type { Invocation, Invoker, OptionValue } from './types.ts';

export interface Token {
  text: string;
  /** Character offset where the token starts. */
  start: number;
  /** The token ended inside an open quote (only at the end of a line). */
  open: boolean;
}

/** Split on spaces, honouring "double" and 'single' quotes anywhere in a token (name:"a b"). */
export function tokenize(line: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < line.length) {
    while (i < line.length && /\s/.test(line[i]!)) i++;
    if (i >= line.length) break;
    const start = i;
    let text = '';
    let quote: string | null = null;
    while (i < line.length && (quote || !/\s/.test(line[i]!))) {
      const ch = line[i]!;
      if (quote) {
        if (ch === quote) quote = null;
        else if (ch === '\\' && i + 1 < line.length && (line[i + 1] === quote || line[i + 1] === '\\'))
          text += line[++i];
        else text += ch;
      } else if (ch === '"' || ch === "'" || ch === '“' || ch === '”') {
        quote = ch === '“' ? '”' : ch;
      } else text += ch;
      i++;
    }
    tokens.push({ text, start, open: quote !== null });
  }
  return tokens;
}

export interface ParsedLine {
  commandName: string;
  group?: string;
  subcommand?: string;
  options: Record<string, OptionValue>;
  /** Option tokens in the order typed, for completion of the last one. */
  optionOrder: string[];
}

function optionTokens(tokens: Token[]): { words: string[]; pairs: [string, string][] } {
  const words: string[] = [];
  const pairs: [string, string][] = [];
  for (const t of tokens) {
    const colon = t.text.indexOf(':');
    if (colon > 0 && /^[-_\p{L}\p{N}]+$/u.test(t.text.slice(0, colon)))
      pairs.push([t.text.slice(0, colon).toLowerCase(), t.text.slice(colon + 1)]);
    else if (pairs.length === 0) words.push(t.text.toLowerCase());
    else
      throw new UserError(
        `I can't read "${t.text}".`,
        'Options are written name:value; put quotes around values with spaces, e.g. food:"food ration".',
        'bad_syntax',
      );
  }
  return { words, pairs };
}

/** Resolve which words are the subcommand group and subcommand, using the command's definition. */
export function parseCommandLine(line: string, registry: Registry): ParsedLine {
  const trimmed = line.trim();
  if (!trimmed.startsWith('/'))
    throw new UserError(
      'Commands start with a slash, e.g. `/nethack status nutrition:150`.',
      'Type /help for the list.',
      'bad_syntax',
    );
  const tokens = tokenize(trimmed.slice(1));
  const head = tokens.shift();
  if (!head?.text) throw new UserError('Type a command after the slash.', 'Type /help for the list.', 'bad_syntax');
  const commandName = head.text.toLowerCase();
  const command = registry.get(commandName);
  if (!command) {
    const names = registry.commands.map((c) => `/${c.definition.name}`).join(', ');
    throw new UserError(`There is no command /${commandName}.`, `Commands: ${names}. Try /help.`, 'unknown_command');
  }
  const { words, pairs } = optionTokens(tokens);
  const top = (command.definition.options ?? []) as APIApplicationCommandOption[];
  let group: string | undefined;
  let subcommand: string | undefined;
  const hasSubs = top.some((o) => o.type === 1 || o.type === 2);
  if (hasSubs) {
    const first = words.shift();
    const firstDef = top.find((o) => o.name === first);
    if (!first || !firstDef) {
      const names = top.map((o) => o.name).join(', ');
      throw new UserError(
        first ? `/${commandName} has no subcommand "${first}".` : `/${commandName} needs a subcommand.`,
        `Choose one of: ${names}.`,
        first ? 'unknown_subcommand' : 'missing_subcommand',
      );
    }
    if (firstDef.type === 2) {
      group = first;
      const second = words.shift();
      const subs = firstDef.options ?? [];
      if (!second || !subs.some((s) => s.name === second)) {
        throw new UserError(
          second
            ? `/${commandName} ${group} has no subcommand "${second}".`
            : `/${commandName} ${group} needs a subcommand.`,
          `Choose one of: ${subs.map((s) => s.name).join(', ')}.`,
          second ? 'unknown_subcommand' : 'missing_subcommand',
        );
      }
      subcommand = second;
    } else subcommand = first;
  }
  if (words.length > 0) {
    throw new UserError(
      `I can't read "${words.join(' ')}".`,
      'Options are written name:value; put quotes around values with spaces.',
      'bad_syntax',
    );
  }
  const options: Record<string, OptionValue> = {};
  for (const [name, value] of pairs) {
    if (name in options) throw new UserError(`\`${name}\` is given twice.`, 'Give each option once.', 'bad_syntax');
    options[name] = value;
  }
  return { commandName, group, subcommand, options, optionOrder: pairs.map(([n]) => n) };
}

export function toInvocation(parsed: ParsedLine, user: Invoker): Invocation {
  return {
    kind: 'command',
    commandName: parsed.commandName,
    group: parsed.group,
    subcommand: parsed.subcommand,
    options: parsed.options,
    user,
  };
}

/** Quote a value for a command line when it needs it. */
export function quoteValue(v: string): string {
  return /[\s"':]/.test(v) || v === '' ? `"${v.replace(/["\\]/g, '\\$&')}"` : v;
}
