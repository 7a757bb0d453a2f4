// Tab completion in the console: commands, subcommands, option names and autocompleted values.
import { describe, expect, it } from 'vitest';
import { commands } from '../../commands/index.ts';
import { Registry } from '../../src/bot/dispatch.ts';
import { createLogger } from '../../src/log.ts';
import { openStore } from '../../src/store/store.ts';
import { completeLine } from '../../src/transport/console.ts';
import { tokenize } from '../../src/transport/commandLine.ts';

describe('console completion', async () => {
  const opts = { registry: new Registry(commands), services: { store: await openStore('memory://'), logger: createLogger('silent') }, fileDir: '/tmp' };
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
