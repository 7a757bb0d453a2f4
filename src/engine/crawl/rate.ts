// Hunger rate in player_hunger_rate()'s exact order of operations, per version, and the
// food one action costs: div_rand_round(rate x time, 10) in _player_reacts() (0.13/0.14
// main.cc; 0.15 player-reacts.cc), with walking moves capped at 10 aut.
import { UserError } from '../../errors.ts';
import { uniqueCitations, type Citation } from '../cite.ts';
import { cc, ccLine } from './data.ts';
import { BURDEN_VALUE, resolveHero, speciesTraitCitations, type CrawlHeroInput, type Hero } from './hero.ts';
import { cdiv, distribution, divRandRound, mix, round, rounded, type Distribution } from './random.ts';
import type { HungerStateName } from './satiation.ts';
import { PROFILES, type CrawlVersion } from './versions.ts';

export interface RateTerm {
  /** Stable id of the step, e.g. "troll", "sustenance". */
  id: string;
  label: string;
  /** What the step does: add a number, multiply and truncate, clamp, or return early. */
  op: 'start' | 'add' | 'mul' | 'min' | 'return';
  /** For add: the amount (a range when random); for mul: the factor as "3/5". */
  amount: { min: number; max: number } | string | null;
  /** The running rate after this step (a range when an earlier step was random). */
  after: { min: number; max: number };
  random: boolean;
  citation: Citation;
}

export interface CrawlRateResult {
  game: 'crawl';
  version: CrawlVersion;
  kind: 'rate';
  input: CrawlHeroInput & { aut: number; walking: boolean };
  hero: {
    species: string;
    hunger: number;
    state: HungerStateName;
    vampireLabel: string | null;
    undead: Hero['effectiveUndead'];
    levels: Hero['levels'];
    form: Hero['form'];
  };
  /** No hunger at all (mummy, lich form, 0.13/0.14 tree/fungus/wisp forms, Djinni). */
  foodless: boolean;
  terms: RateTerm[];
  /** player_hunger_rate(): food per 10 aut. Random only with haste (7 or 8) or troll leather (1 or 2). */
  rate: Distribution;
  /** Food taken by one action of `aut` time. */
  perAction: { aut: number; cappedAut: number; walkingCap: boolean; food: Distribution };
  /** Expected food per 100 normal (10 aut) turns. */
  per100Turns: number;
  wiki: { rate: number | null; differs: boolean; note: string | null };
  notes: string[];
  citations: Citation[];
}

interface Rolls {
  haste: number;
  leather: number;
}

interface Step {
  id: string;
  label: string;
  op: RateTerm['op'];
  amount: number | string | null;
  after: number;
  random: boolean;
  key: Parameters<typeof cc>[1];
}

/** One evaluation of player_hunger_rate(true) with the random terms fixed. */
function evaluate(h: Hero, rolls: Rolls): Step[] {
  const v = h.version;
  const i = h.input;
  const steps: Step[] = [];
  let r = 3;
  const push = (id: string, label: string, op: Step['op'], amount: Step['amount'], key: Step['key'], random = false) =>
    steps.push({ id, label, op, amount, after: r, random, key });
  push('base', 'Base rate', 'start', 3, 'rate');
  if (h.form === 'bat') {
    r = 1;
    push('bat', 'Bat form: rate is 1, nothing else counts', 'return', null, 'rateBat');
    return steps;
  }
  if (h.species.id === 'SP_TROLL') {
    r += 3;
    push('troll', 'Troll (on top of Fast Metabolism 3)', 'add', 3, 'rateTroll');
  }
  // 0.13: Trog's Hand works through the Regeneration duration; 0.14+: either duration.
  if ((i.regeneration || i.trogsHand) && i.injured) {
    r += 4;
    push(
      'regeneration',
      v === '0.13' ? "Regeneration (spell or Trog's Hand), HP below max" : "Regeneration or Trog's Hand, HP below max",
      'add',
      4,
      'rateRegen',
    );
  }
  if (v === '0.13' && i.cheibriados) {
    r -= 1;
    push('cheibriados', 'Cheibriados (piety 30+): -1, applied here in 0.13', 'add', -1, 'rateCheiEarly');
  }
  const tempOk = v !== '0.13' || h.hunger >= 40;
  if (i.invisible && tempOk) {
    r += 5;
    push('invisible', 'Invisible', 'add', 5, 'rateInvis');
  }
  if (i.hasted && tempOk) {
    r += rolls.haste;
    push('haste', 'Hasted: haste_mul(5) = 15/2 rounded at random (7 or 8)', 'add', rolls.haste, 'rateHaste', true);
  }
  if (h.species.id === 'SP_VAMPIRE') {
    const d = [-3, -3, -2, -1, 0, 1, 2, 3][h.state.index]!;
    r += d;
    push(
      'vampire',
      `Vampire, ${h.state.vampireLabel}: ${d >= 0 ? '+' : ''}${d} (metabolism mutations ignored)`,
      'add',
      d,
      'rateVampire',
    );
  } else if (h.levels.fast || h.levels.slow) {
    const d = h.levels.fast - h.levels.slow;
    r += d;
    push(
      'metabolism',
      h.levels.fast ? `Fast Metabolism ${h.levels.fast}` : `Slow Metabolism ${h.levels.slow}`,
      'add',
      d,
      'rateMetabolism',
    );
  }
  if (PROFILES[v].has.burden && i.burden && i.burden !== 'unencumbered') {
    const b = BURDEN_VALUE[i.burden];
    r += b;
    push('burden', i.burden === 'burdened' ? 'Burdened' : 'Overloaded', 'add', b, 'rateBurden');
  }
  if (v === '0.13' && i.suppressed) {
    push(
      'suppressed',
      'Magical suppression: rings, troll leather and artefacts are ignored',
      'add',
      0,
      'rateSuppressed',
    );
    return finish(steps, r, h);
  }
  if (i.injured && effectiveSlowHealing(h) < 3) {
    const rings = i.regenerationRings ?? 0;
    if (rings) {
      r += 3 * rings;
      push(
        'regenerationRings',
        `${rings} ring${rings > 1 ? 's' : ''} of regeneration, HP below max: +3 each`,
        'add',
        3 * rings,
        'rateRegenRing',
      );
    }
    if (i.trollLeather && h.species.id !== 'SP_TROLL') {
      r += rolls.leather;
      push(
        'trollLeather',
        'Troll leather armour or hide, HP below max: coin flip +1 or +2',
        'add',
        rolls.leather,
        'rateTrollLeather',
        true,
      );
    }
  }
  if (PROFILES[v].has.ringsOfHungerAndSustenance) {
    const hungerRings = i.hungerRings ?? 0;
    if (hungerRings) {
      r += 4 * hungerRings;
      push(
        'hungerRings',
        `${hungerRings} ring${hungerRings > 1 ? 's' : ''} of hunger: +4 each`,
        'add',
        4 * hungerRings,
        'rateHungerRing',
      );
    }
    if (i.artefactMetabolism) {
      r += i.artefactMetabolism;
      push('artefacts', 'Artefact metabolism (sum of +Hunger/-Hunger)', 'add', i.artefactMetabolism, 'rateArtefact');
    }
    for (let s = 0; s < (i.sustenanceRings ?? 0); s++) {
      r = cdiv(r * 3, 5);
      push(
        'sustenance',
        `Ring of sustenance${(i.sustenanceRings ?? 0) > 1 ? ` #${s + 1}` : ''}: x3/5, truncated`,
        'mul',
        '3/5',
        'rateSustenance',
      );
    }
  }
  if (v !== '0.13' && i.cheibriados) {
    r = cdiv(r * 3, 4);
    push('cheibriados', 'Cheibriados (piety 30+): x3/4, truncated', 'mul', '3/4', 'rateChei');
  }
  return finish(steps, r, h);
}

/**
 * player_mutation_level(MUT_SLOW_HEALING) as player_hunger_rate() sees it. In 0.13/0.14 a
 * Vampire's non-innate, non-physical mutations follow thirst (0.13 mutation.cc:218-237 /
 * 0.14 mutation.cc:215-234 return MUTACT_HUNGER at Satiated+, MUTACT_INACTIVE below), and
 * _mut_level() caps MUTACT_HUNGER levels (0.13 player.cc:2407-2419 / 0.14 player.cc:2356-2368):
 * Engorged all, Full/Very Full 2, Satiated 1, thirstier 0. Vampires have no innate Slow Healing.
 * 0.15 dropped the thirst suppression (0.15 mutation.cc mutation_activity_level()).
 */
export function effectiveSlowHealing(h: Hero): number {
  const L = h.levels.slowHealing;
  if (h.species.id !== 'SP_VAMPIRE' || h.version === '0.15') return L;
  const s = h.state.index;
  return s === 7 ? L : s >= 5 ? Math.min(L, 2) : s === 4 ? Math.min(L, 1) : 0;
}

function finish(steps: Step[], r: number, _h: Hero): Step[] {
  if (r < 1) {
    steps.push({
      id: 'minimum',
      label: 'Minimum rate 1',
      op: 'min',
      amount: 1,
      after: 1,
      random: false,
      key: 'rateMin',
    });
  }
  return steps;
}

/** Seed page's base-rate table (0.13 era): Spriggan 1, Halfling 2, Ogre 4, Centaur 5, Troll 9, everyone else 3. */
const WIKI_BASE: Record<string, number> = { SP_SPRIGGAN: 1, SP_HALFLING: 2, SP_OGRE: 4, SP_CENTAUR: 5, SP_TROLL: 9 };
const WIKI_VAMPIRE = [1, 1, 1, 2, 3, 4, 5, 6];

/** The page's own recipe for the same character (null when the page has no number for it). */
function wikiRate(h: Hero): number | null {
  const i = h.input;
  if (h.foodless || h.form === 'bat') return null;
  let r = h.species.id === 'SP_VAMPIRE' ? WIKI_VAMPIRE[h.state.index]! : (WIKI_BASE[h.species.id] ?? 3);
  if (h.input.metabolism !== undefined && h.species.id !== 'SP_VAMPIRE') {
    const innate =
      (h.species.mutations.MUT_FAST_METABOLISM?.level ?? 0) - (h.species.mutations.MUT_SLOW_METABOLISM?.level ?? 0);
    r += h.levels.fast - h.levels.slow - innate;
  }
  if ((i.regeneration || i.trogsHand) && i.injured) r += 4;
  if (i.invisible) r += 5;
  if (i.hasted) r += 5;
  if (i.cheibriados) r -= 1;
  if (i.injured) r += 2 * (i.regenerationRings ?? 0);
  if (i.trollLeather && i.injured && h.species.id !== 'SP_TROLL') return null; // the page gives +1 or +2
  r += 4 * (i.hungerRings ?? 0) + (i.artefactMetabolism ?? 0);
  for (let s = 0; s < (i.sustenanceRings ?? 0); s++) r = Math.floor((3 * r) / 5);
  return Math.max(1, r);
}

export function crawlRate(
  version: CrawlVersion,
  input: CrawlHeroInput & { aut?: number; walking?: boolean } = {},
): CrawlRateResult {
  const h = resolveHero(version, input);
  const aut = input.aut ?? 10;
  if (!Number.isInteger(aut) || aut < 1 || aut > 1000)
    throw new UserError(
      'aut must be a whole number from 1 to 1000.',
      'For example `aut:10` (one normal turn).',
      'invalid_option',
    );
  const walking = input.walking ?? false;
  const cappedAut = walking ? Math.min(aut, 10) : aut;
  const notes = [...h.notes];
  const citations: Citation[] = [...h.citations, ...speciesTraitCitations(version, h.species)];

  const hasteRolls = input.hasted ? [7, 8] : [7];
  const leatherRolls = input.trollLeather ? [1, 2] : [1];
  const runs: { p: number; steps: Step[] }[] = [];
  for (const haste of hasteRolls)
    for (const leather of leatherRolls)
      runs.push({ p: 1 / (hasteRolls.length * leatherRolls.length), steps: evaluate(h, { haste, leather }) });
  // Runs differ only in whether the final "minimum 1" step applies (a coin-flip term can land
  // either side of 1), so list the steps of the longest run and skip runs that lack one.
  const first = runs.reduce((a, b) => (b.steps.length > a.steps.length ? b : a)).steps;
  const terms: RateTerm[] = first.map((s, k) => {
    const vals = runs.map((run) => run.steps[k]).filter((x): x is Step => x !== undefined && x.id === s.id);
    const amounts = vals.map((x) => x.amount).filter((a): a is number => typeof a === 'number');
    return {
      id: s.id,
      label: s.label,
      op: s.op,
      amount: typeof s.amount === 'number' ? { min: Math.min(...amounts), max: Math.max(...amounts) } : s.amount,
      after: { min: Math.min(...vals.map((x) => x.after)), max: Math.max(...vals.map((x) => x.after)) },
      random: s.random,
      citation: cc(version, s.key),
    };
  });
  const finalOf = (steps: Step[]) => Math.max(1, steps.at(-1)!.after);
  const rate = h.foodless
    ? distribution([[0, 1]])
    : distribution(runs.map((run) => [finalOf(run.steps), run.p] as [number, number]));
  citations.push(...terms.map((t) => t.citation));

  if (h.foodless) notes.push('This character has no hunger: make_hungry() returns before taking any food.');
  if (version === '0.13' && (input.invisible || input.hasted))
    citations.push(cc(version, 'rateTempGate', 'invisibility and haste count only while hunger >= 40'));
  if (input.berserk)
    notes.push(
      'Berserk adds nothing per turn (its haste is not DUR_HASTE); ending it costs 700 (see /crawl ability or status).',
    );
  if (
    input.injured === undefined &&
    (input.regeneration || input.trogsHand || input.regenerationRings || input.trollLeather)
  ) {
    notes.push(
      "Regeneration, Trog's Hand, rings of regeneration and troll leather cost food only while HP is below max: pass injured:true.",
    );
  }
  if (input.injured && effectiveSlowHealing(h) >= 3 && (input.regenerationRings || input.trollLeather))
    notes.push('Slow Healing 3: rings of regeneration and troll leather cost nothing.');
  if (effectiveSlowHealing(h) !== h.levels.slowHealing) {
    notes.push(
      `A Vampire's gained Slow Healing follows thirst in ${version}: it counts as ${effectiveSlowHealing(h)} at ${h.state.vampireLabel}.`,
    );
    citations.push(
      ccLine(
        version,
        'mutation.cc',
        'mutation_activity_level()',
        version === '0.13' ? 218 : 215,
        'vampires: non-innate mutations suppressed by thirst',
      ),
      ccLine(
        version,
        'player.cc',
        '_mut_level()',
        version === '0.13' ? 2407 : 2356,
        'MUTACT_HUNGER: Satiated 1, Full/Very Full 2',
      ),
    );
  }

  const food = h.foodless ? distribution([[0, 1]]) : mix(rate, (r) => divRandRound(r * cappedAut, 10));
  citations.push(
    cc(version, 'reactFood', 'food per action = div_rand_round(rate x time, 10)'),
    cc(version, 'divRandRound'),
  );
  if (walking) citations.push(cc(version, 'reactCap', 'walking moves count at most 10 aut'));
  if (input.hasted) citations.push(cc(version, 'hasteMul', 'haste_mul(x) = div_rand_round(3x, 2)'));

  const w = wikiRate(h);
  const expected = rate.expected;
  const wikiNotes: string[] = [];
  if (w !== null && Math.abs(w - expected) > 1e-9)
    wikiNotes.push(`The page's recipe gives ${w}; the code gives ${round(expected, 3)}.`);
  if (input.hasted)
    wikiNotes.push('The page says haste +5; the code adds 7 or 8 per 10 aut (about +5 per hasted action).');
  if (input.injured && (input.regenerationRings ?? 0) > 0)
    wikiNotes.push('The page says a ring of regeneration costs +2; the code adds +3.');
  if (input.cheibriados && version !== '0.13')
    wikiNotes.push('The page says Cheibriados -1; from 0.14 the code multiplies by 3/4 after sustenance.');
  if (h.species.id === 'SP_CENTAUR' && version !== '0.15')
    wikiNotes.push('The page says Centaurs burn 5; the code gives Fast Metabolism 1, so 4.');
  if (version === '0.15' && ['SP_HALFLING', 'SP_OGRE', 'SP_CENTAUR'].includes(h.species.id))
    wikiNotes.push("As the page notes, 0.15 removed this species' metabolism mutation.");

  return {
    game: 'crawl',
    version,
    kind: 'rate',
    input: { ...input, aut, walking },
    hero: {
      species: h.species.name,
      hunger: h.hunger,
      state: h.state.name,
      vampireLabel: h.species.id === 'SP_VAMPIRE' ? h.state.vampireLabel : null,
      undead: h.effectiveUndead,
      levels: h.levels,
      form: h.form,
    },
    foodless: h.foodless,
    terms: h.foodless ? [] : terms,
    rate: rounded(rate),
    perAction: { aut, cappedAut, walkingCap: walking && aut > 10, food: rounded(food) },
    per100Turns: round(h.foodless ? 0 : expected * 10, 4),
    wiki: { rate: w, differs: wikiNotes.length > 0, note: wikiNotes.length ? wikiNotes.join(' ') : null },
    notes,
    citations: uniqueCitations(citations),
  };
}

/** Rate distribution only (for forecasts): the same evaluation at a given hunger value. */
export function rateAt(h: Hero, hunger: number): Distribution {
  const hh = resolveHero(h.version, { ...h.input, hunger });
  if (hh.foodless) return distribution([[0, 1]]);
  const hasteRolls = h.input.hasted ? [7, 8] : [7];
  const leatherRolls = h.input.trollLeather ? [1, 2] : [1];
  const pairs: [number, number][] = [];
  for (const haste of hasteRolls)
    for (const leather of leatherRolls)
      pairs.push([
        Math.max(1, evaluate(hh, { haste, leather }).at(-1)!.after),
        1 / (hasteRolls.length * leatherRolls.length),
      ]);
  return distribution(pairs);
}

export { ccLine };
