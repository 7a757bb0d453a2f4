// The one pipeline: coercion of typed options, zod validation, friendly errors, bug handling,
// and the truncation every reply passes through.
import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { Registry, coerceOptions, dispatch } from '../../src/pipeline/dispatch.ts';
import { truncateEmbeds, messageLength } from '../../src/pipeline/embed.ts';
import { UserError } from '../../src/errors.ts';
import { boolean, choice, discordOptions, integer } from '../../src/pipeline/options.ts';
import { defineCommandGroup, defineSubcommand, type Reply } from '../../src/pipeline/types.ts';
import {
  EMBED_FIELD_VALUE_MAX,
  EMBED_FIELDS_MAX,
  EMBED_TITLE_MAX,
  MESSAGE_EMBED_TOTAL_MAX,
} from '../../src/pipeline/limits.ts';
import { createLogger } from '../../src/log.ts';
import { openStore } from '../../src/store/store.ts';
import { createHarness } from '../helpers/harness.ts';

describe('coerceOptions (console strings to declared option types)', () => {
  const defs = discordOptions({
    n: integer('a number', { min: -100_000, max: 100_000, example: 5 }).required(),
    flag: boolean('a flag'),
    mode: choice('a mode', ['a', 'b']),
  });
  it('parses whole numbers, with thousands separators', () => {
    expect(coerceOptions(defs, { n: '1,250' })).toEqual({ n: 1250 });
    expect(coerceOptions(defs, { n: '-7' })).toEqual({ n: -7 });
  });
  it('rejects non-numbers with the option name in the message', () => {
    expect(() => coerceOptions(defs, { n: 'abc' })).toThrow(/`n` must be a whole number, not "abc"/);
    expect(() => coerceOptions(defs, { n: '1.5' })).toThrow(UserError);
  });
  it('reads booleans in several spellings and refuses others', () => {
    expect(coerceOptions(defs, { n: '1', flag: 'yes' })).toEqual({ n: 1, flag: true });
    expect(coerceOptions(defs, { n: '1', flag: 'false' })).toEqual({ n: 1, flag: false });
    expect(() => coerceOptions(defs, { n: '1', flag: 'maybe' })).toThrow(/true or false/);
  });
  it('enforces choices and required options and unknown names', () => {
    expect(() => coerceOptions(defs, { n: '1', mode: 'c' })).toThrow(/`mode` can't be "c"/);
    try {
      coerceOptions(defs, { n: '1', mode: 'c' });
    } catch (e) {
      expect((e as UserError).hint).toBe('Choose one of: a, b.');
    }
    expect(coerceOptions(defs, { n: '1', mode: 'B' })).toEqual({ n: 1, mode: 'b' });
    expect(() => coerceOptions(defs, {})).toThrow(/`n` is required/);
    expect(() => coerceOptions(defs, { n: '1', bogus: 'x' })).toThrow(/no option `bogus`/);
  });
});

function testCommand(run: (args: { n: number }) => Reply | Promise<Reply>) {
  return defineCommandGroup({
    name: 'probe',
    description: 'test',
    subcommands: [
      defineSubcommand({
        name: 'go',
        description: 'test',
        example: '/probe go n:1',
        options: { n: integer('n', { min: 0, max: 10, example: 3 }).required() },
        run: (args) => run(args),
      }),
    ],
  });
}

describe('dispatch', () => {
  it('turns zod range errors into an ephemeral, friendly error that names the option', async () => {
    const h = await createHarness({
      commands: [testCommand(({ n }) => ({ embeds: [{ title: `n=${n}` }], result: { n } }))],
    });
    const ok = await h.ask('/probe go n:3');
    expect(ok.result).toEqual({ n: 3 });
    const bad = await h.ask('/probe go n:11');
    expect(bad.ephemeral).toBe(true);
    expect(bad.result).toMatchObject({
      error: { code: 'invalid_option', message: '`n` must be a whole number from 0 to 10 (for example `n:3`)' },
    });
    const unknown = await h.ask('/probe stop');
    expect(unknown.result).toMatchObject({ error: { code: 'unknown_subcommand' } });
    const nocmd = await h.ask('/nope');
    expect(nocmd.result).toMatchObject({ error: { code: 'unknown_command' } });
    await h.close();
  });

  it('answers a bug with a generic error id and logs it with command and user, without crashing', async () => {
    const lines: string[] = [];
    const logger = createLogger('debug', new Writable({ write: (c, _e, cb) => (lines.push(String(c)), cb()) }));
    const store = await openStore('memory://');
    const registry = new Registry([
      testCommand(() => {
        throw new TypeError('boom');
      }),
    ]);
    const reply = await dispatch(
      { kind: 'command', commandName: 'probe', subcommand: 'go', options: { n: 1 }, user: { id: '42', name: 'u' } },
      { registry, services: { store, logger }, transport: 'console' },
    );
    const err = (reply.result as { error: { code: string; errorId: string } }).error;
    expect(err.code).toBe('internal_error');
    expect(err.errorId).toMatch(/^[0-9a-f]{8}$/);
    expect(reply.ephemeral).toBe(true);
    const logged = lines.map((l) => JSON.parse(l)).find((l) => l.errorId === err.errorId);
    expect(logged).toMatchObject({ command: '/probe go', userId: '42', msg: 'command failed' });
    expect(logged.err.message).toBe('boom');
    await store.close();
  });
});

describe('truncateEmbeds', () => {
  it('keeps every part within Discord limits and the message within 6000 characters', () => {
    const big = 'x'.repeat(5000);
    const out = truncateEmbeds([
      { title: big, description: big, fields: Array.from({ length: 40 }, (_, i) => ({ name: `f${i}`, value: big })) },
      { title: 'second', description: big },
    ]);
    expect(out[0]!.title!.length).toBeLessThanOrEqual(EMBED_TITLE_MAX);
    expect(out[0]!.fields!.length).toBeLessThanOrEqual(EMBED_FIELDS_MAX);
    for (const f of out[0]!.fields!) expect(f.value.length).toBeLessThanOrEqual(EMBED_FIELD_VALUE_MAX);
    expect(messageLength(out)).toBeLessThanOrEqual(MESSAGE_EMBED_TOTAL_MAX);
  });
  it('leaves small embeds untouched', () => {
    const e = [{ title: 'a', description: 'b', fields: [{ name: 'c', value: 'd' }] }];
    expect(truncateEmbeds(e)).toEqual(e);
  });
});

describe('range errors name the range and a typical value', () => {
  it('every declared number option has an example, quoted in its range error', async () => {
    const { commands } = await import('../../commands/index.ts');
    const missing: string[] = [];
    for (const c of commands) {
      type O = { type: number; name: string; options?: O[] };
      const walk = (path: string[], options: O[]) => {
        for (const o of options) {
          if (o.type === 1 || o.type === 2) walk([...path, o.name], o.options ?? []);
        }
        const leaf = c.leaf({
          group: path[1] && path.length === 3 ? path[1] : undefined,
          subcommand: path[path.length - 1] === c.definition.name ? undefined : path[path.length - 1],
        });
        if (!leaf) return;
        for (const [name, option] of Object.entries(leaf.declared)) {
          if ((option.spec.kind === 'integer' || option.spec.kind === 'number') && option.spec.example === undefined)
            missing.push(`${path.join(' ')} ${name}`);
        }
      };
      walk([c.definition.name], (c.definition.options ?? []) as O[]);
    }
    expect(missing).toEqual([]);
    const h = await createHarness();
    const r = await h.ask('/nethack forecast nutrition:900 attacks:99');
    expect((r.result as { error: { message: string } }).error.message).toMatch(
      /from 0 to 12 \(for example `attacks:1`\)/,
    );
    const typed = await h.ask('/crawl spell level:x int:15 skill:10');
    expect((typed.result as { error: { hint: string } }).error.hint).toBe(
      'It goes from 1 to 9. For example `level:5`.',
    );
    await h.close();
  });
});
