// Every command definition against Discord's rules (discord-api-docs application-commands.mdx),
// checked on the same list the dispatcher and the deploy script use.
import { describe, expect, it } from 'vitest';
import type { APIApplicationCommandOption } from 'discord-api-types/v10';
import type { RESTPutAPIApplicationCommandsJSONBody } from 'discord-api-types/v10';
import { commands } from '../../commands/index.ts';
import { commandBodies } from '../../src/deploy.ts';
import {
  COMMAND_CHOICE_LIMIT,
  COMMAND_DESCRIPTION_MAX,
  COMMAND_NAME_PATTERN,
  COMMAND_OPTION_LIMIT,
  COMMAND_TOTAL_CHARS_MAX,
} from '../../src/pipeline/limits.ts';

type Opt = APIApplicationCommandOption & {
  options?: Opt[];
  choices?: { name: string; value: string | number }[];
  required?: boolean;
  autocomplete?: boolean;
};

/** Names, descriptions and choice names/values, summed over the whole command. */
function totalChars(name: string, description: string, options: readonly Opt[]): number {
  let n = name.length + description.length;
  for (const o of options) {
    n += totalChars(o.name, o.description, o.options ?? []);
    for (const c of o.choices ?? []) n += c.name.length + String(c.value).length;
  }
  return n;
}

function checkOptions(path: string, options: readonly Opt[], problems: string[]): void {
  if (options.length > COMMAND_OPTION_LIMIT)
    problems.push(`${path}: ${options.length} options (max ${COMMAND_OPTION_LIMIT})`);
  const names = new Set<string>();
  let seenOptional = false;
  for (const o of options) {
    const where = `${path} ${o.name}`;
    if (!COMMAND_NAME_PATTERN.test(o.name) || o.name !== o.name.toLowerCase()) problems.push(`${where}: bad name`);
    if (names.has(o.name)) problems.push(`${where}: duplicate name`);
    names.add(o.name);
    if (!o.description || o.description.length > COMMAND_DESCRIPTION_MAX)
      problems.push(`${where}: description length ${o.description?.length}`);
    if (o.type === 1 || o.type === 2) {
      checkOptions(where, o.options ?? [], problems);
      continue;
    }
    if (o.required && seenOptional) problems.push(`${where}: required after optional`);
    if (!o.required) seenOptional = true;
    if ((o.choices?.length ?? 0) > COMMAND_CHOICE_LIMIT) problems.push(`${where}: ${o.choices?.length} choices`);
    if (o.autocomplete && o.choices?.length) problems.push(`${where}: autocomplete together with choices`);
    for (const c of o.choices ?? []) {
      if (c.name.length < 1 || c.name.length > 100) problems.push(`${where}: choice name length`);
      if (typeof c.value === 'string' && c.value.length > 100) problems.push(`${where}: choice value length`);
    }
  }
  // Subcommands and plain options cannot be mixed at one level.
  const kinds = new Set(options.map((o) => (o.type === 1 || o.type === 2 ? 'sub' : 'plain')));
  if (kinds.size > 1) problems.push(`${path}: subcommands mixed with options`);
}

describe('command definitions follow Discord rules', () => {
  it('has unique command names', () => {
    const names = commands.map((c) => c.definition.name);
    expect(new Set(names).size).toBe(names.length);
  });

  for (const command of commands) {
    const def = command.definition;
    it(`/${def.name}: names, lengths, option counts, order, choices`, () => {
      const problems: string[] = [];
      if (!COMMAND_NAME_PATTERN.test(def.name)) problems.push('bad command name');
      if (!def.description || def.description.length > COMMAND_DESCRIPTION_MAX)
        problems.push('bad command description');
      checkOptions(`/${def.name}`, (def.options ?? []) as Opt[], problems);
      expect(problems).toEqual([]);
    });

    it(`/${def.name}: at most ${COMMAND_TOTAL_CHARS_MAX} characters in total`, () => {
      expect(totalChars(def.name, def.description, (def.options ?? []) as Opt[])).toBeLessThanOrEqual(
        COMMAND_TOTAL_CHARS_MAX,
      );
    });

    it(`/${def.name}: has at least one example for /help`, () => {
      expect(command.examples.length).toBeGreaterThan(0);
      for (const e of command.examples) expect(e.startsWith(`/${def.name}`)).toBe(true);
    });
  }

  it('every subcommand keeps headroom: at most 22 options (Discord allows 25), so one can be added without a redesign', () => {
    const counts: string[] = [];
    const walk = (path: string, options: readonly Opt[]) => {
      for (const o of options) {
        if (o.type === 1) {
          const n = (o.options ?? []).length;
          if (n > COMMAND_OPTION_LIMIT - 3) counts.push(`${path} ${o.name}: ${n}`);
        } else if (o.type === 2) walk(`${path} ${o.name}`, o.options ?? []);
      }
    };
    for (const c of commands) walk(`/${c.definition.name}`, (c.definition.options ?? []) as Opt[]);
    expect(counts).toEqual([]);
  });

  it('the limit checks above fail on a definition past Discord’s limits (they can fail)', () => {
    const opt = (i: number): Opt =>
      ({ type: 3, name: `o${i}`, description: 'x'.repeat(100), choices: [] }) as unknown as Opt;
    const wide = Array.from({ length: 26 }, (_, i) => opt(i));
    const problems: string[] = [];
    checkOptions('/fake', wide, problems);
    expect(problems.some((p) => p.includes('26 options'))).toBe(true);
    const tooManyChoices = [
      { ...opt(0), choices: Array.from({ length: 26 }, (_, i) => ({ name: `c${i}`, value: `c${i}` })) },
    ] as Opt[];
    const more: string[] = [];
    checkOptions('/fake', tooManyChoices, more);
    expect(more.some((p) => p.includes('26 choices'))).toBe(true);
    const big = Array.from({ length: 25 }, (_, i) => ({
      type: 1,
      name: `s${i}`,
      description: 'x'.repeat(100),
      options: Array.from({ length: 3 }, (_, j) => opt(j)),
    })) as unknown as Opt[];
    expect(totalChars('fake', 'fake', big)).toBeGreaterThan(COMMAND_TOTAL_CHARS_MAX);
  });

  it('the deploy script sends exactly the registered definitions, message commands after slash commands', () => {
    // Also a compile-time check: the body has the type Discord's bulk-overwrite route takes.
    const body: RESTPutAPIApplicationCommandsJSONBody = commandBodies();
    const messages = commands.flatMap((c) => (c.messageCommands ?? []).map((m) => m.definition));
    expect(body).toEqual([...commands.map((c) => c.definition), ...messages]);
    expect(messages).toEqual([{ name: 'Ask hungerbot', type: 3 }]);
  });

  it('message commands: names of 1-32 characters, no description or options (application-commands.mdx)', () => {
    const names = commands.flatMap((c) => (c.messageCommands ?? []).map((m) => m.definition));
    for (const m of names) {
      expect(m.name.length).toBeGreaterThanOrEqual(1);
      expect(m.name.length).toBeLessThanOrEqual(32);
      expect(m).not.toHaveProperty('description');
      expect(m).not.toHaveProperty('options');
    }
    expect(new Set(names.map((m) => m.name)).size).toBe(names.length);
  });
});
