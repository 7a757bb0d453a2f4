// Issue 13's acceptance: realistic questions, one per subcommand or more, through the real
// pipeline. For each: the title holds the answer (checked against the typed result, not against
// a hard-coded string), the compact reply is under 600 characters, and the Details button (when
// the answer has details) shows the full breakdown privately, as a new message, to whoever presses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIEmbed } from 'discord-api-types/v10';
import { messageLength } from '../../src/pipeline/embed.ts';
import type { Invoker, Reply } from '../../src/pipeline/types.ts';
import type { ForecastResult } from '../../src/engine/nethack/index.ts';
import { percent } from '../../src/engine/nethack/prayer.ts';
import { capitalize } from '../../src/kit/render.ts';
import { createHarness, type Harness } from '../helpers/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const COMPACT_MAX = 600;
const STRANGER: Invoker = { id: 'stranger', name: 'stranger' };
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
const fmt = (n: number) => n.toLocaleString('en-US');

/** The title names what the typed result says (each question lists the facts that must appear). */
type Facts = (result: Any) => (string | number)[];

interface Question {
  line: string;
  facts: Facts;
  /** Answers with a full breakdown behind a Details button (default true). */
  details?: boolean;
  /** The details cite the games' code (default true; /help and /hero log cite nothing). */
  sources?: boolean;
}

async function check(q: Question): Promise<Reply> {
  const r = await h.ask(q.line);
  const result = r.result as Any;
  expect(result?.error, `${q.line}: ${JSON.stringify(result?.error)}`).toBeUndefined();
  const title = r.embeds[0]!.title ?? '';
  expect(title.includes('\n'), `${q.line}: one-line title`).toBe(false);
  for (const fact of q.facts(result)) {
    const text = typeof fact === 'number' ? fmt(fact) : fact;
    expect(title, `${q.line}: title holds "${text}"`).toContain(text);
  }
  expect(messageLength(r.embeds), `${q.line}: compact size`).toBeLessThan(COMPACT_MAX);
  expect(JSON.stringify(r.embeds), `${q.line}: no --json hint in Discord`).not.toContain('--json');
  const button = r.buttons?.find((b) => b.label === 'Details');
  if (q.details === false) {
    expect(button, `${q.line}: no Details button`).toBeUndefined();
    return r;
  }
  expect(button, `${q.line}: Details button`).toBeDefined();
  expect(button!.customId.length).toBeLessThanOrEqual(100);
  const shown = await h.press(button!.customId, STRANGER);
  expect(shown.ephemeral, `${q.line}: details are private`).toBe(true);
  expect(shown.asNewMessage, `${q.line}: details are a new message`).toBe(true);
  expect(shown.embeds[0]!.title, `${q.line}: details answer the same question`).toBe(r.details![0]!.title);
  const sources = shown.embeds.find((e: APIEmbed) => e.title?.startsWith('Sources ('));
  if (q.sources !== false) expect(sources, `${q.line}: every citation in the details`).toBeDefined();
  expect(messageLength(shown.embeds)).toBeGreaterThan(messageLength(r.embeds));
  return r;
}

const firstAhead = (f: ForecastResult) => f.milestones.find((m) => !m.already && !m.never)!;

describe('NetHack questions', () => {
  const questions: Question[] = [
    {
      line: '/nethack status nutrition:150',
      facts: (r) => [r.nutrition, r.status, `${r.untilNextWorse.status} after ${r.untilNextWorse.nutritionToLose}`],
    },
    { line: '/nethack status nutrition:-250 con:10', facts: (r) => [r.nutrition, r.status] },
    {
      line: '/nethack forecast nutrition:900 turn:1 left_ring:"ring of regeneration" right_ring:"ring of protection +2"',
      facts: (f) => [firstAhead(f).status, `${firstAhead(f).turns} turns`, `turn ${firstAhead(f).moves}`],
    },
    {
      line: '/nethack forecast nutrition:120 turn:5000',
      facts: (f) => [firstAhead(f).status, `${firstAhead(f).turns} turns`, `turn ${fmt(firstAhead(f).moves!)}`],
    },
    {
      line: '/nethack forecast nutrition:-50',
      facts: (f) => ['Already Fainting', fmt(f.starvation.deathMoves.median)],
    },
    {
      line: '/nethack forecast nutrition:1500 attacks:2 con:14',
      facts: (f) => [firstAhead(f).status, `${fmt(firstAhead(f).turns!)} turns`],
    },
    {
      line: '/nethack drain action:spell level:5 role:Wizard int:18',
      facts: (r) => [`Level ${r.spell.level}`, r.amount.exact === 0 ? 'no hunger' : r.amount.exact, 'Int 18 Wizard'],
    },
    {
      line: '/nethack drain action:spell spell:"force bolt" nutrition:400',
      facts: (r) => ['Force bolt', `${r.amount.exact} nutrition`],
    },
    { line: '/nethack drain action:jump nutrition:500', facts: (r) => [`${r.amount.min}–${r.amount.max}`] },
    {
      line: '/nethack drain action:pray nutrition:40 prayer_timeout:100',
      facts: (r) => [r.safe ? 'Safe to pray: yes' : 'Safe to pray: no', r.status, fmt(r.fixSetsTo)],
    },
    {
      line: '/nethack drain action:fruit-juice buc:blessed nutrition:100',
      facts: (r) => [`gives ${r.gain.exact} nutrition`],
    },
    {
      line: '/nethack lifesave nutrition:-50 cause:starvation',
      facts: (r) => [`${fmt(r.nutritionBefore)} → ${fmt(r.nutritionAfter)}`, `−${r.conLoss} Con`],
    },
    { line: '/nethack lifesave nutrition:300 cause:trickery', facts: (r) => [r.saved ? 'Saved' : 'Not saved'] },
  ];
  for (const q of questions) it(q.line, () => check(q));
});

describe('NetHack meals, food, pets, prayer and corpses', () => {
  const pct1 = (p: number) => `${+(p * 100).toFixed(1)}%`;
  const pct3 = (p: number) => `${Number((p * 100).toPrecision(3))} %`;
  const round1 = (n: number) => fmt(Math.round(n * 10) / 10);
  const finished = (r: Any) => [capitalize(r.food.name), `+${fmt(r.totalGain)}`, r.finish.status];
  /** The chosen tool's opening time: the fewest and most turns it can take. */
  const opening = (r: Any) => {
    const d = r.tin.opening[0].distribution;
    return { lo: d[0].turns, hi: d.at(-1).turns };
  };
  const eaten = (r: Any) => r.entries.filter((e: Any) => ['DOGFOOD', 'CADAVER', 'ACCFOOD'].includes(e.category)).length;
  const treats = (r: Any) => r.byCategory.find((g: Any) => g.category === 'DOGFOOD')?.items ?? [];
  const timeline = (t: Any) => [
    `turn ${fmt(t.hungryAt)}`,
    `weak from ${fmt(t.weakAt)}`,
    `starves from ${fmt(t.starvesAt)}`,
  ];
  const questions: Question[] = [
    // /nethack meal: choking, a plain meal, tins, a fast hero, a refusal
    {
      line: '/nethack meal food:"food ration" nutrition:1250',
      facts: (r) => [`You choke on bite ${r.choke.bite}`, `unless you stop at the prompt on bite ${r.prompt.bite}`],
    },
    {
      line: '/nethack meal food:"food ration" nutrition:900',
      facts: (r) => [...finished(r), `→ ${fmt(r.finish.nutrition)}`, `in ${r.finish.moves - r.input.moves} turns`],
    },
    {
      line: '/nethack meal food:"tin of spinach" nutrition:900 opener:"tin opener"',
      facts: (r) => [
        `${fmt(r.input.nutrition)} → ${fmt(r.tin.afterRange[0])}–${fmt(r.tin.afterRange[1])}`,
        `mean ${round1(r.input.nutrition + r.tin.meanNutrition)}`,
        `warns ${pct1(r.tin.warningChance)} (tin ≥ ${r.tin.warnsFrom})`,
        `${r.input.tinTool}: ${opening(r).lo}–${opening(r).hi} turns`,
      ],
    },
    {
      line: '/nethack meal food:"tin of spinach" nutrition:1450',
      facts: (r) => [
        `Tin of spinach: you choke ${pct1(r.choke.probability)} of the time`,
        `(tin ≥ ${fmt(r.choke.nutrition - r.input.nutrition)})`,
      ],
    },
    {
      line: '/nethack meal food:"lembas wafer" nutrition:1500 speed:fast',
      facts: (r) => [`You choke on bite ${r.choke.bite}`, `prompt on bite ${r.prompt.bite}`],
    },
    {
      line: '/nethack meal food:"food ration" nutrition:900 speed:fast',
      facts: (r) => [
        ...finished(r),
        `~${round1(r.finish.nutrition)}`,
        `about ${round1(r.finish.moves - r.input.moves)} turns`,
      ],
    },
    {
      line: '/nethack meal food:"food ration" nutrition:500 strangled:true',
      facts: (r) => [`Can't eat ${r.food.name}`, r.input.strangled ? 'strangled' : '?'],
    },
    // /nethack food: the key numbers
    {
      line: '/nethack food name:"food ration"',
      facts: (r) => ['Food ration', `${fmt(r.nutrition)} nutrition`, `${r.turns} turns`],
    },
    {
      line: '/nethack food name:"cockatrice corpse"',
      facts: (r) => [`${r.nutrition} nutrition`, `${r.turns} turns`, r.petrifying ? 'petrifying' : '?'],
    },
    {
      line: '/nethack food name:"tin of spinach"',
      facts: (r) => [
        `${r.tinNutrition.uncursed.min}–${r.tinNutrition.uncursed.max} nutrition`,
        `blessed ${r.tinNutrition.blessed.max}`,
        `cursed ${r.tinNutrition.cursed.min}–`,
      ],
    },
    {
      line: '/nethack food name:"dwarf lord corpse" version:5.0',
      facts: (r) => [capitalize(r.name), 'Dwarf leader corpse', `${fmt(r.nutrition)} nutrition`],
    },
    // /nethack pet food: will it eat it, and for objects, fetching
    {
      line: '/nethack pet food pet:kitten item:"lichen corpse"',
      facts: (r) => [`Kitten won't eat a ${r.item.name} (${r.category})`],
    },
    {
      line: '/nethack pet food pet:kitten item:"potion of water"',
      facts: (r) => ["won't eat a potion of water", r.training.fetched ? 'fetches it' : '?', `(${r.category})`],
    },
    {
      line: '/nethack pet food pet:kitten item:"tripe ration"',
      facts: (r) => [`Kitten eats a ${r.item.name}`, r.category === 'DOGFOOD' ? 'a treat' : '?', r.category],
    },
    {
      line: '/nethack pet food pet:"little dog" item:"food ration"',
      facts: (r) => ['only when hungry', `(${r.category})`],
    },
    // /nethack pet diet: the treats and how many it eats
    {
      line: '/nethack pet diet pet:pony',
      facts: (r) => ['Pony (herbivore)', ...treats(r), `eats ${eaten(r)} of ${r.entries.length}`],
    },
    {
      line: '/nethack pet diet pet:kitten',
      facts: (r) => ['Kitten (carnivore)', treats(r)[0], `eats ${eaten(r)} of ${r.entries.length}`],
    },
    {
      line: '/nethack pet diet pet:"rock mole"',
      facts: (r) => ['Rock mole', eaten(r) === 0 ? `none of the ${r.entries.length}` : '?'],
    },
    // /nethack pet hunger: the timeline in the title
    {
      line: '/nethack pet hunger pet:kitten turn:1500 food:"tripe ration"',
      facts: (r) => ['Kitten after a tripe ration at turn 1,500', ...timeline(r.afterFood.timeline)],
    },
    { line: '/nethack pet hunger pet:pony turn:5000', facts: (r) => ['Pony', ...timeline(r.timeline)] },
    {
      line: '/nethack pet hunger pet:kitten last_meal_turn:1200 last_meal:"tripe ration" turn:2000 max_hp:20',
      facts: (r) => ['Kitten', ...timeline(r.timeline)],
    },
    {
      line: '/nethack pet hunger pet:"rock mole" version:3.4.3',
      facts: (r) => [`turn ${fmt(r.timeline.hungryAt)}`, r.timeline.weakAt === null ? 'never weak' : '?'],
    },
    // /nethack pray: safe, how likely, or why not
    {
      line: '/nethack pray nutrition:40 turns_since:800 luck:1',
      facts: (r) => [
        `Safe to pray: ${percent(r.safe.probability)} now`,
        `99 % in ${fmt(r.timeout.in99)} turns`,
        r.worstTrouble.label,
      ],
    },
    {
      line: '/nethack pray nutrition:40 turn:101',
      facts: (r) => [r.safe.probability === 1 ? 'Safe to pray: yes' : '?', r.worstTrouble.label, 'major'],
    },
    {
      line: '/nethack pray timeout:300 nutrition:40',
      facts: (r) => [
        r.safe.probability === 0 ? 'Safe to pray: no' : '?',
        `over ${r.timeout.limit}`,
        `safe in ${fmt(r.timeout.in99)} turns`,
      ],
    },
    {
      line: '/nethack pray timeout:150 luck:-1 nutrition:40',
      facts: (r) => [r.safe.probability === 0 ? 'Safe to pray: no' : '?', 'Luck -1'],
    },
    // /nethack corpse: the verdict
    {
      line: '/nethack corpse name:"floating eye"',
      facts: (r) => [
        `Safe: ${r.monster.name} corpse gives`,
        r.intrinsics[0].label,
        pct3(r.intrinsics[0].chance.probability),
      ],
    },
    {
      line: '/nethack corpse name:cockatrice',
      facts: (r) => [r.severity === 'deadly' ? 'Deadly: cockatrice corpse' : '?', 'turns you to stone'],
    },
    {
      line: '/nethack corpse name:"floating eye" age:70 race:human',
      facts: (r) => [
        'Risky: floating eye corpse',
        `${pct3(r.rot.tainted.probability)} deadly food poisoning (age ${r.rot.age})`,
      ],
    },
    {
      line: '/nethack corpse name:human race:human',
      facts: (r) => [r.severity === 'risky' ? 'Risky: human corpse' : '?', 'cannibalism'],
    },
    {
      line: '/nethack corpse name:"dwarf lord" version:5.0',
      facts: (r) => [`Safe: ${r.monster.name} corpse`, 'dwarf leader'],
    },
  ];
  for (const q of questions) it(q.line, () => check(q));
});

describe('Crawl questions', () => {
  const milestone = (r: Any) => r.milestones.find((m: Any) => m.reachable && m.turns);
  const questions: Question[] = [
    { line: '/crawl status value:1000', facts: (r) => [r.input.value, r.state.name] },
    {
      line: '/crawl status value:3000 species:Vampire',
      facts: (r) => [
        r.state.vampireLabel,
        'Vampire',
        r.thresholds[r.state.index - 1].vampireLabel,
        r.nextWorse.nutritionToLose,
      ],
    },
    {
      line: '/crawl rate species:Troll gear:"ring of sustenance"',
      facts: (r) => ['Troll', 'ring of sustenance', `${r.rate.expected} food per turn`],
    },
    {
      line: '/crawl forecast value:5900 species:Troll gear:"ring of sustenance" version:0.14',
      facts: (r) => [milestone(r).target, `${fmt(milestone(r).turns.expected)} turns`],
    },
    {
      line: '/crawl forecast value:2505 rate:3 aut:15 version:0.14',
      facts: (r) => [milestone(r).target, `${milestone(r).turns.min}–${milestone(r).turns.max}`],
    },
    {
      line: '/crawl food item:bread carnivore:2',
      facts: (r) => ['Bread ration', `${fmt(r.nutrition)} nutrition`, 'Carnivore 2'],
    },
    { line: '/crawl food item:"meat ration" species:Spriggan', facts: (r) => ['Spriggan', "can't eat", r.item.name] },
    {
      line: '/crawl chunk type:contaminated species:Kobold value:2000 version:0.14',
      facts: (r) => ['Kobold', `gets ${r.nutrition}`],
    },
    { line: '/crawl chunk type:poisonous', facts: (r) => [r.eater.species, "can't eat"] },
    { line: '/crawl spell level:5 int:15 skill:10', facts: (r) => [`Level ${r.input.level}`, `${r.charged} food`] },
    { line: '/crawl ability name:blink version:0.15', facts: (r) => ['Blink', `${r.charged.min}–${r.charged.max}`] },
    {
      line: '/crawl drain what:"berserk end" value:1200',
      facts: (r) => [`${fmt(r.input.value)} → ${fmt(r.after.expected)}`],
    },
    {
      line: '/crawl drain what:melee value:3000',
      facts: (r) => [`costs ${r.cost.expected}`, `${fmt(r.after.expected)}`],
    },
    {
      line: '/crawl drain what:"famine card" value:3000 version:0.14',
      facts: (r) => [`${fmt(r.before)} → ${fmt(r.after)}`],
    },
  ];
  for (const q of questions) it(q.line, () => check(q));
});

describe('/help and /settings', () => {
  it('/help', () =>
    check({
      line: '/help',
      sources: false,
      facts: (r) => [`${r.commands.length} commands`, ...r.commands.map((c: Any) => `/${c.command}`)],
    }));
  it('/settings', () =>
    check({
      line: '/settings crawl_version:0.14',
      details: false,
      facts: (r) => [`Crawl ${r.effective.crawlVersion.value}`, `NetHack ${r.effective.nethackVersion.value}`],
    }));
});

describe('/hero questions (one player, in order)', () => {
  const hero = (r: Any) => r.hero;
  const state = (r: Any) => (r.hero.alive ? `${r.status} at ${fmt(r.hero.nutrition)}` : r.status);
  const questions: Question[] = [
    { line: '/hero new name:Valk', facts: (r) => ['Valk', state(r)] },
    { line: '/hero show chart:false', facts: (r) => ['Valk is', state(r)] },
    { line: '/hero wear hand:left ring:"ring of regeneration"', facts: (r) => ['ring of regeneration', state(r)] },
    { line: '/hero wait turns:100', facts: (r) => ['Waited 100 turns', state(r)] },
    { line: '/hero turn now:301', facts: (r) => ['Waited 200 turns', `${state(r)}`] },
    { line: '/hero attack count:5', facts: (r) => ['5 melee attacks', state(r)] },
    { line: '/hero cast level:1', facts: (r) => ['level 1 spell', state(r)] },
    { line: '/hero conduct name:foodless state:broken', facts: (r) => ['Conduct foodless: broken', state(r)] },
    { line: '/hero eat food:"food ration"', facts: (r) => ['Ate food ration', state(r)] },
    { line: '/hero set nutrition:100', facts: (r) => ['Set nutrition 100', state(r)] },
    { line: '/hero pray', facts: (r) => ['Prayed', state(r)] },
    { line: '/hero intrinsic name:"slow digestion"', facts: (r) => ['Gained slow digestion', state(r)] },
    { line: '/hero remove hand:left', facts: (r) => ['Took off ring of regeneration', state(r)] },
    { line: '/hero rename name:Brunhilde', facts: (r) => ['Brunhilde', state(r)] },
    { line: '/hero undo', facts: (r) => ['Undid', hero(r).name, state(r)] },
    { line: '/hero log', sources: false, facts: (r) => [r.hero.name, `${r.events.length} events`] },
    {
      line: '/hero list',
      details: false,
      facts: (r) => [`${r.heroes.length} hero`, r.heroes.find((x: Any) => x.active).name],
    },
    {
      line: '/hero new name:Trolly game:crawl species:Troll',
      facts: (r) => ['Trolly', `${r.level} at ${fmt(r.hero.value)}`],
    },
    { line: '/hero switch name:Valk', facts: (r) => ['Valk', 'active hero', state(r)] },
    { line: '/hero delete hero:Trolly', details: false, facts: (r) => [`Delete ${r.hero.name}`] },
    { line: '/hero export', details: false, facts: (r) => [`${fmt(r.bytes)} bytes`] },
  ];
  for (const q of questions) it(q.line, () => check(q));
});
