// /nethack status keeps its last answers (the engine is pure): a repeated question, asked among
// others, gets exactly what the engine answers now, and every reply stays its own object.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nethackCommand } from '../../commands/nethack/index.ts';
import { nethackStatus } from '../../src/engine/nethack/status.ts';
import { createHarness, type Harness } from '../helpers/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ commands: [nethackCommand] });
});
afterAll(() => h.close());

describe('/nethack status answers', () => {
  it('asked again and interleaved with other values, versions and Con, each answer is the engine answer', async () => {
    const questions = [
      { nutrition: 150 },
      { nutrition: -300, con: 12 },
      { nutrition: 150, version: '3.4.3' as const },
      { nutrition: 150, con: 3 },
      { nutrition: 1200 },
    ];
    const first = [];
    for (const q of [...questions, ...questions]) {
      const line = `/nethack status ${Object.entries(q)
        .map(([k, v]) => `${k}:${v}`)
        .join(' ')}`;
      const r = await h.ask(line);
      expect(r.result, line).toEqual(JSON.parse(JSON.stringify(nethackStatus(q))));
      first.push(r);
    }
    const [a, , , , , again] = first;
    expect(again!.embeds).toEqual(a!.embeds);
    // The same embed is handed out again only frozen (the pipeline keeps finished pure replies).
    if (again!.embeds[0] === a!.embeds[0]) expect(Object.isFrozen(a!.embeds[0])).toBe(true);
    expect(again!.details).toEqual(a!.details);
  });
});
