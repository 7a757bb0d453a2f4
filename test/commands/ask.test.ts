// /ask and the "Ask hungerbot" message command through the real pipeline. Every answer is checked
// against the command it was read as, run directly: /ask adds how it read the question and
// nothing else, so its `result` is the command's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AskResult } from '../../commands/ask.ts';
import { dispatch } from '../../src/pipeline/dispatch.ts';
import type { Invoker, Reply } from '../../src/pipeline/types.ts';
import type { ForecastResult, MealResult } from '../../src/engine/nethack/index.ts';
import type { StatusResult } from '../../src/engine/nethack/status.ts';
import { heroKey } from '../../src/heroes/repo.ts';
import { createHarness, type Harness } from '../helpers/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const ask = (question: string, user?: Invoker) => h.ask(`/ask question:"${question.replace(/"/g, '\\"')}"`, user);
const askResult = (r: Reply) => r.result as AskResult;
const milestone = (f: ForecastResult, status: string) => f.milestones.find((m) => m.status === status)!;

describe('/ask answers as the command it reads', () => {
  it('"turns until weak with 2 rings of regen from 900": the forecast, Weak as /nethack forecast says', async () => {
    const r = await ask('turns until weak with 2 rings of regen from 900');
    const a = askResult(r);
    expect(a.status).toBe('answered');
    expect(a.readAs).toBe(
      '/nethack forecast nutrition:900 left_ring:"ring of regeneration" right_ring:"ring of regeneration"',
    );
    const direct = await h.ask(a.readAs!);
    expect(a.result).toEqual(direct.result);
    const weak = milestone(a.result as ForecastResult, 'Weak');
    expect(weak.turns).toBe(milestone(direct.result as ForecastResult, 'Weak').turns);
    expect(weak.turns).toBe(531); // the acceptance figure, equal to the direct forecast above
    // The reply reads as the structured forecast: how it was read, then the forecast's own embeds.
    expect(r.embeds[0]!.description).toContain(
      'Read as: `/nethack forecast nutrition:900 left_ring:"ring of regeneration" right_ring:"ring of regeneration"`',
    );
    expect(r.embeds.slice(1)).toEqual(direct.embeds);
    expect(r.ephemeral).toBe(false);
  });

  it('"will a food ration choke me at 1600" answers the meal with its choke bite', async () => {
    const r = await ask('will a food ration choke me at 1600');
    const a = askResult(r);
    expect(a.readAs).toBe('/nethack meal food:"food ration" nutrition:1600');
    const direct = await h.ask(a.readAs!);
    expect(a.result).toEqual(direct.result);
    const meal = a.result as MealResult;
    expect(meal.choke).not.toBeNull();
    expect(meal.choke!.bite).toBe((direct.result as MealResult).choke!.bite);
    // The choke bite is the first bite that takes nutrition to 2000 or more (src/eat.c lesshungry()).
    const row = meal.table.find((b) => b.bite === meal.choke!.bite)!;
    expect(row.event).toBe('choke');
    expect(row.after).toBeGreaterThanOrEqual(2000);
    expect(meal.table.filter((b) => b.bite < row.bite).every((b) => b.after < 2000)).toBe(true);
    expect(r.embeds[0]!.description).toContain('Read as: `/nethack meal food:"food ration" nutrition:1600`');
    expect(r.embeds.slice(1)).toEqual(direct.embeds);
  });

  it('a question with no number and no hero: privately, what is missing and a command to edit', async () => {
    const r = await ask('when will I be weak?', { id: 'nobody', name: 'nobody' });
    const a = askResult(r);
    expect(r.ephemeral).toBe(true);
    expect(a.status).toBe('missing');
    expect(a.result).toBeNull();
    expect(a.missing.map((m) => m.option)).toEqual(['nutrition']);
    expect(a.edit).toBe('/nethack forecast nutrition:900');
    expect(r.embeds[0]!.description).toContain('`/nethack forecast nutrition:900`');
    expect(r.embeds[0]!.description).toContain('nutrition');
    // The edit line is a command that runs as is.
    const edited = await h.ask(a.edit!);
    expect((edited.result as ForecastResult).input.nutrition).toBe(900);
  });

  it('uses the active hero for what the question leaves out, and says so', async () => {
    const me = { id: 'hero-asker', name: 'hero-asker' };
    await h.ask('/hero new name:Asha', me);
    await h.ask('/hero set nutrition:870 turn:1234', me);
    await h.ask('/hero wear hand:left ring:"ring of regeneration"', me);
    const r = await ask('when will I be weak?', me);
    const a = askResult(r);
    expect(a.status).toBe('answered');
    expect(a.hero).toMatchObject({ name: 'Asha' });
    expect(a.readAs).toBe(
      '/nethack forecast nutrition:870 turn:1234 left_ring:"ring of regeneration" con:18 version:3.6.7',
    );
    expect(r.embeds[0]!.description).toContain('Used your active hero **Asha**');
    const direct = await h.ask(a.readAs!);
    expect(a.result).toEqual(direct.result);
    // The question's own values win over the hero's.
    const own = askResult(await ask('when will I be weak at 500 with 2 rings of conflict', me));
    expect(own.readAs).toBe(
      '/nethack forecast nutrition:500 left_ring:"ring of conflict" right_ring:"ring of conflict"',
    );
    expect(own.hero).toBeNull();
  });

  it('a Crawl hero fills a Crawl question; a NetHack question stays missing for a Crawl-only user', async () => {
    const me = { id: 'crawl-asker', name: 'crawl-asker' };
    const created = await h.ask('/hero new name:Tro game:crawl species:Troll version:0.14', me);
    const value = (created.result as { hero: { value: number } }).hero.value;
    const a = askResult(await ask('how long till hungry in crawl', me));
    expect(a).toMatchObject({ status: 'answered', hero: { name: 'Tro' } });
    expect(a.readAs).toBe(`/crawl forecast value:${value} species:Troll version:0.14`);
    expect(a.result).toEqual((await h.ask(a.readAs!)).result);
    expect(askResult(await ask('when will I be weak?', me)).status).toBe('missing');
  });

  it('two equally good readings come back as two buttons; each press answers its reading', async () => {
    const r = await ask('nutrition 900');
    const a = askResult(r);
    expect(a.status).toBe('choose');
    expect(a.readings.map((x) => x.lines[0])).toEqual([
      '/nethack status nutrition:900',
      '/nethack forecast nutrition:900',
    ]);
    expect(r.buttons!.map((b) => b.customId)).toEqual(['ask:q:0:nutrition 900', 'ask:q:1:nutrition 900']);
    const status = await h.press(r.buttons![0]!.customId);
    expect(askResult(status).readAs).toBe('/nethack status nutrition:900');
    expect(askResult(status).result).toEqual((await h.ask('/nethack status nutrition:900')).result);
    const forecast = await h.press(r.buttons![1]!.customId);
    expect(askResult(forecast).result).toEqual((await h.ask('/nethack forecast nutrition:900')).result);
  });

  it('a long two-way question keeps its text in the store, so any process can answer the press', async () => {
    const long = `${'so I was wondering, with no rings and nothing special going on, '.repeat(2)}i am at 400 nutrition`;
    const r = await ask(long);
    expect(askResult(r).status).toBe('choose');
    const id = r.buttons![1]!.customId;
    expect(id).toMatch(/^ask:p:console:[0-9a-f]{8}:1$/);
    expect(id.length).toBeLessThanOrEqual(100);
    const stored = (await h.store.get<{ pending: { question: string }[] }>('hungerbot:ask:console'))!;
    expect(stored.pending.at(-1)!.question).toBe(long);
    const pressed = await h.press(id);
    expect(askResult(pressed).readAs).toBe('/nethack forecast nutrition:400');
    const stale = await h.press('ask:p:console:00000000:1');
    expect((stale.result as { error: { code: string } }).error.code).toBe('stale_button');
  });

  it('a question it cannot read: a private reply with examples, nothing run', async () => {
    const r = await ask('blorp zibble');
    expect(r.ephemeral).toBe(true);
    expect(askResult(r)).toMatchObject({
      status: 'not_understood',
      readAs: null,
      result: null,
      unknown: ['blorp', 'zibble'],
    });
  });

  it("a reading the command rejects answers with the command's own error", async () => {
    // Globs do not exist in 3.4.3: /nethack meal says so, and /ask says exactly the same.
    const r = await ask('eat a glob of gray ooze at 900 in 3.4.3');
    const a = askResult(r);
    expect(a.readAs).toBe('/nethack meal food:"glob of gray ooze" nutrition:900 version:3.4.3');
    const direct = await h.ask(a.readAs!);
    expect((direct.result as { error?: unknown }).error).toBeDefined();
    expect(a.result).toEqual(direct.result);
    expect(r.ephemeral).toBe(true);
    expect(r.embeds.slice(1)).toEqual(direct.embeds);
  });

  it('hide:true keeps the answer private', async () => {
    const r = await h.ask('/ask question:"status 150" hide:true');
    expect(r.ephemeral).toBe(true);
    expect((askResult(r).result as StatusResult).status).toBe('Hungry');
  });

  it('a Crawl question with a version', async () => {
    const a = askResult(await ask('crawl troll with sustenance from 6000, how long till hungry in 0.14'));
    expect(a.readAs).toBe('/crawl forecast value:6000 species:Troll gear:"ring of sustenance" version:0.14');
    expect(a.result).toEqual((await h.ask(a.readAs!)).result);
  });
});

describe('the "Ask hungerbot" message command', () => {
  const BOTTOM = 'Dlvl:3 $:120 HP:24(30) Pw:7(7) AC:4 Xp:4/120 T:4321 Hungry';

  it('answers a pasted bottom line: its status, and the forecast from the value it says it assumed', async () => {
    const r = await h.ask(`message: ${BOTTOM}`);
    const a = askResult(r);
    expect(a.status).toBe('answered');
    expect(a.readAs).toBe('/nethack status nutrition:150');
    expect(a.also.map((x) => x.readAs)).toEqual(['/nethack forecast nutrition:150 turn:4321']);
    expect((a.result as StatusResult).status).toBe('Hungry');
    const forecast = a.also[0]!.result as ForecastResult;
    expect(forecast).toEqual((await h.ask('/nethack forecast nutrition:150 turn:4321')).result);
    expect(a.notes[0]).toContain('assumed 150');
    expect(r.embeds[0]!.description).toContain('assumed 150, the highest');
    expect(r.ephemeral).toBe(false);
  });

  it("a message invocation (what the transports send): someone else's message uses no hero", async () => {
    const me = { id: 'msg-reader', name: 'msg-reader' };
    await h.ask('/hero new name:Mira', me);
    const deps = {
      registry: h.registry,
      services: { store: h.store, logger: (await import('../../src/log.ts')).createLogger('silent') },
      transport: 'console' as const,
    };
    const theirs = await dispatch(
      {
        kind: 'message',
        commandName: 'Ask hungerbot',
        options: {},
        target: { id: '1', content: 'when will I be weak?', authorId: 'someone-else' },
        user: me,
      },
      deps,
    );
    expect(askResult(theirs).status).toBe('missing');
    const mine = await dispatch(
      {
        kind: 'message',
        commandName: 'Ask hungerbot',
        options: {},
        target: { id: '2', content: 'when will I be weak?', authorId: me.id },
        user: me,
      },
      deps,
    );
    expect(askResult(mine)).toMatchObject({ status: 'answered', hero: { name: 'Mira' } });
    const empty = await dispatch(
      { kind: 'message', commandName: 'Ask hungerbot', options: {}, target: { id: '3', content: '  ' }, user: me },
      deps,
    );
    expect((empty.result as { error: { code: string } }).error.code).toBe('empty_message');
  });

  it('the console names a message command explicitly too: message "Ask hungerbot": <text>', async () => {
    const a = askResult(await h.ask('message "Ask hungerbot": how much does a lichen corpse give'));
    expect(a.readAs).toBe('/nethack food name:"lichen corpse"');
  });

  it('a corrupt hero record: answered as if no hero, and said', async () => {
    const me = { id: 'corrupt-asker', name: 'c' };
    await h.store.set(heroKey(me.id), { schemaVersion: 2, broken: true });
    const r = await ask('when will I be weak?', me);
    expect(askResult(r).status).toBe('missing');
    expect(askResult(r).notes.join(' ')).toContain('could not be read');
  });
});
