// The batch form answers a confirmation in the same script: `press last:<choice>` presses a button
// of the previous reply by label, position or the end of its id; `press last:details` opens Details.
import { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../helpers/harness.ts';
import { createLogger } from '../../src/log.ts';
import { runBatch, type JsonReply } from '../../src/transport/console.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

async function batch(lines: string[]): Promise<JsonReply[]> {
  const out: string[] = [];
  const output = new Writable({
    write(chunk, _enc, cb) {
      out.push(String(chunk));
      cb();
    },
  });
  await runBatch(
    { registry: h.registry, services: { store: h.store, logger: createLogger('silent') }, fileDir: h.fileDir },
    { input: Readable.from(lines.join('\n') + '\n'), output },
    true,
  );
  return out
    .join('')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as JsonReply);
}

describe('press last:<choice>', () => {
  it('answers a confirmation and opens Details within one script', async () => {
    const replies = await batch([
      '/hero new name:Script',
      '/hero set nutrition:1990',
      '/hero eat food:"food ration"',
      'press last:"Eat it anyway"',
      'press last:undo',
      '/nethack status nutrition:150',
      'press last:details',
      'press last:9',
    ]);
    expect(replies[2]!.result).toMatchObject({ confirm: 'eat', pending: true });
    expect(replies[3]!.result).toMatchObject({ death: 'choked' });
    expect(replies[4]!.result).toMatchObject({ hero: { alive: true, nutrition: 1990 } });
    expect(replies[5]!.buttons?.map((b) => b.label)).toEqual(['Details']);
    expect(replies[6]!.ephemeral).toBe(true);
    expect(replies[6]!.embeds.at(-1)!.title).toMatch(/^Sources/);
    expect(replies[7]!.result).toMatchObject({ error: { code: 'no_button' } });
  });
});
