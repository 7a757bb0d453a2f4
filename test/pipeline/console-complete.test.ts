// Tab completion in the console: commands, subcommands, option names and autocompleted values.
import { describe, expect, it } from 'vitest';
import { commands } from '../../commands/index.ts';
import { Registry } from '../../src/pipeline/dispatch.ts';
import { createLogger } from '../../src/log.ts';
import { openStore } from '../../src/store/store.ts';
import { completeLine } from '../../src/transport/console.ts';
import { tokenize } from '../../src/pipeline/commandLine.ts';

describe('console completion', async () => {
  const opts = {
    registry: new Registry(commands),
    services: { store: await openStore('memory://'), logger: createLogger('silent') },
    fileDir: '/tmp',
  };
  it('completes command names', async () => {
    const [hits] = await completeLine('/ne', opts);
    expect(hits).toEqual(['/nethack ']);
  });
  it('completes subcommands and groups', async () => {
    const [hits] = await completeLine('/nethack s', opts);
    expect(hits).toContain('status ');
    const [pet] = await completeLine('/nethack pet ', opts);
    expect(pet).toEqual(expect.arrayContaining(['food ', 'diet ', 'hunger ']));
  });
  it('completes option names not yet given', async () => {
    const [hits] = await completeLine('/nethack status nutrition:5 ', opts);
    expect(hits).toContain('con:');
    expect(hits).not.toContain('nutrition:');
  });
  it('completes choices and autocompleted values, quoting spaces', async () => {
    const [versions] = await completeLine('/nethack status version:3', opts);
    expect(versions).toEqual(['version:3.6.7 ', 'version:3.4.3 ']);
    const [items] = await completeLine('/nethack pet food pet:kitten item:tripe', opts);
    expect(items[0]).toBe('item:"tripe ration" ');
  });
  it('tokenizes quoted values with spaces and escapes', () => {
    expect(tokenize('a b:"c d" e:\'f "g"\'').map((t) => t.text)).toEqual(['a', 'b:c d', 'e:f "g"']);
  });
});

describe('console completion never shrinks what was typed', async () => {
  const opts = {
    registry: new Registry(commands),
    services: { store: await openStore('memory://'), logger: createLogger('silent') },
    fileDir: '/tmp',
  };
  /** What readline does with [completions, substring]: the common start replaces the typed token. */
  function applied(line: string, [hits, on]: [string[], string]): string {
    const nonEmpty = hits.filter((x) => x);
    let prefix = nonEmpty[0] ?? '';
    for (const x of nonEmpty) while (!x.startsWith(prefix)) prefix = prefix.slice(0, -1);
    if (prefix.startsWith(on) && prefix.length > on.length) return line + prefix.slice(on.length);
    if (!on.startsWith(prefix)) return line.slice(0, line.length - on.length) + prefix;
    return line;
  }
  it('`name:jac` becomes the whole value; `name:kob` keeps "kob" and extends it', async () => {
    expect(applied('/nethack food name:jac', await completeLine('/nethack food name:jac', opts))).toBe(
      '/nethack food name:"jackal corpse" ',
    );
    const line = '/nethack food name:kob';
    const result = applied(line, await completeLine(line, opts));
    expect(result.startsWith(line)).toBe(true);
    expect(result.length).toBeGreaterThan(line.length);
  });
  it('candidates that do not start with the text (substrings, corrections) leave the line as typed', async () => {
    const line = '/nethack food name:ration';
    const [hits] = await completeLine(line, opts);
    expect(hits.length).toBeGreaterThan(2);
    expect(applied(line, await completeLine(line, opts))).toBe(line);
    const one = '/nethack food name:kobld';
    expect(applied(one, await completeLine(one, opts))).toBe('/nethack food name:"kobold corpse" ');
  });
  it('the completed line parses back to the value', async () => {
    const line = '/crawl food item:brea';
    expect(applied(line, await completeLine(line, opts))).toBe('/crawl food item:"bread ration" ');
  });
});
