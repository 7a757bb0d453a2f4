// Turns until each satiation level from a value, at a hero's rate (or a fixed rate): the
// exact expected number of actions under div_rand_round()'s random rounding, and the
// fastest and slowest the rounding allows. Vampires' rate changes with thirst on the way.
import { UserError } from '../../errors.ts';
import { uniqueCitations, type Citation } from '../cite.ts';
import { cc } from './data.ts';
import { resolveHero, type CrawlHeroInput, type Hero } from './hero.ts';
import { crawlRate, rateAt } from './rate.ts';
import { divRandRound, mix, round, rounded, type Distribution } from './random.ts';
import { HUNGER_STATES, hungerStateFor, type HungerStateName } from './satiation.ts';
import { PROFILES, type CrawlVersion } from './versions.ts';

export interface ForecastInput {
  value: number;
  /** A fixed rate per 10 aut instead of a hero (then species effects are not modelled). */
  rate?: number;
  hero?: CrawlHeroInput;
  /** Time of each action in aut (default 10, one normal turn). */
  aut?: number;
  walking?: boolean;
}

export interface Milestone {
  /** A satiation level, or "fainting" / "death". */
  target: HungerStateName | 'fainting' | 'death';
  /** Reached when hunger is at or below this value. */
  atOrBelow: number;
  need: number;
  reachable: boolean;
  /** Player actions of `aut` each: exact expectation, fastest and slowest (null: unbounded, an action may cost 0). */
  actions: { expected: number; min: number; max: number | null } | null;
  /** The same in normal turns (actions x aut / 10). */
  turns: { expected: number; min: number; max: number | null } | null;
}

export interface CrawlForecastResult {
  game: 'crawl';
  version: CrawlVersion;
  kind: 'forecast';
  input: ForecastInput & { aut: number; walking: boolean };
  start: { value: number; state: HungerStateName };
  mode: 'hero' | 'fixedRate';
  species: string | null;
  /** Food per action at the start value. */
  perAction: Distribution;
  milestones: Milestone[];
  notes: string[];
  citations: Citation[];
}

export function crawlForecast(version: CrawlVersion, input: ForecastInput): CrawlForecastResult {
  const p = PROFILES[version];
  const aut = input.aut ?? 10;
  const walking = input.walking ?? false;
  const cappedAut = walking ? Math.min(aut, 10) : aut;
  const notes: string[] = [];
  const citations: Citation[] = [
    cc(version, 'reactFood', 'food per action'),
    cc(version, 'divRandRound'),
    cc(version, 'thresholds'),
  ];
  let hero: Hero | null = null;
  let foodAt: (h: number) => Distribution;
  let minimum = 0;
  if (input.rate !== undefined) {
    if (!Number.isInteger(input.rate) || input.rate < 1 || input.rate > 200)
      throw new UserError('rate must be a whole number from 1 to 200.', 'For example `rate:5`.', 'invalid_option');
    const d = divRandRound(input.rate * cappedAut, 10);
    foodAt = () => d;
  } else {
    hero = resolveHero(version, { ...input.hero, hunger: input.value });
    const r = crawlRate(version, { ...input.hero, hunger: input.value, aut, walking });
    citations.push(...r.citations);
    if (hero.foodless) {
      return {
        game: 'crawl',
        version,
        kind: 'forecast',
        input: { ...input, aut, walking },
        start: { value: input.value, state: hungerStateFor(version, input.value).name },
        mode: 'hero',
        species: hero.species.name,
        perAction: rounded(r.perAction.food),
        milestones: [],
        notes: ['This character has no hunger: nothing to forecast.'],
        citations: uniqueCitations(citations),
      };
    }
    const h0 = hero;
    const cache = new Map<number, Distribution>();
    // Only vampires' rate depends on the value (their thirst); cache per state.
    foodAt = (h) => {
      const key =
        h0.species.id === 'SP_VAMPIRE' || version === '0.13'
          ? hungerStateFor(version, h).index * 2 + (h >= 40 ? 1 : 0)
          : 0;
      let d = cache.get(key);
      if (!d) {
        const rate = rateAt(h0, h);
        d = mix(rate, (x) => divRandRound(x * cappedAut, 10));
        cache.set(key, d);
      }
      return d;
    };
    if (hero.effectiveUndead !== 'US_ALIVE') {
      minimum = p.undeadMinimum;
      citations.push(cc(version, 'minHungerUndead', `never below ${minimum}`));
    }
    if (hero.species.id === 'SP_GHOUL' && input.value > p.thresholds[4])
      notes.push(`Ghouls never hold more than ${p.thresholds[4]}; the game would have clamped ${input.value}.`);
  }

  const start = Math.min(input.value, p.maximum);
  const startState = hungerStateFor(version, start);
  const targets: { target: Milestone['target']; at: number }[] = [];
  for (let i = startState.index - 1; i >= 0; i--) targets.push({ target: HUNGER_STATES[i]!, at: p.thresholds[i]! });
  const living = !hero || hero.effectiveUndead === 'US_ALIVE';
  if (living) {
    targets.push({ target: 'fainting', at: p.faintAt }, { target: 'death', at: p.deathAt });
    citations.push(cc(version, 'faintCheck'), cc(version, 'starveDeath'));
  }

  const milestones: Milestone[] = targets
    .filter((t) => t.at < start)
    .map((t) => {
      const need = start - t.at;
      const reachable = t.at >= minimum;
      if (!reachable) return { target: t.target, atOrBelow: t.at, need, reachable, actions: null, turns: null };
      const actions = hitting(start, t.at, minimum, foodAt);
      const scale = aut / 10;
      return {
        target: t.target,
        atOrBelow: t.at,
        need,
        reachable,
        actions: { expected: round(actions.expected, 3), min: actions.min, max: actions.max },
        turns: {
          expected: round(actions.expected * scale, 3),
          min: round(actions.min * scale, 3),
          max: actions.max === null ? null : round(actions.max * scale, 3),
        },
      };
    });
  if (walking && aut > 10)
    notes.push(`Walking moves count as 10 aut for hunger, so each ${aut}-aut step costs like a 10-aut one.`);
  if (input.rate !== undefined)
    notes.push('Fixed rate: vampire thirst and other value-dependent effects are not modelled.');
  return {
    game: 'crawl',
    version,
    kind: 'forecast',
    input: { ...input, aut, walking },
    start: { value: start, state: startState.name },
    mode: input.rate !== undefined ? 'fixedRate' : 'hero',
    species: hero?.species.name ?? null,
    perAction: rounded(foodAt(start)),
    milestones,
    notes,
    citations: uniqueCitations(citations),
  };
}

/**
 * Actions until hunger <= target, starting at `start`: exact expectation by dynamic programming
 * over the value (E[h] = (1 + sum p_d E[h-d]) / (1 - p_0)); fastest = always the largest draw,
 * slowest = always the smallest (unbounded when an action can cost 0).
 */
function hitting(
  start: number,
  target: number,
  minimum: number,
  foodAt: (h: number) => Distribution,
): { expected: number; min: number; max: number | null } {
  const span = start - target;
  const E = new Float64Array(span + 1); // E[k] for h = target + k
  for (let k = 1; k <= span; k++) {
    const h = target + k;
    const d = foodAt(h);
    let p0 = 0;
    let acc = 1;
    for (const o of d.outcomes) {
      if (o.value <= 0) {
        p0 += o.probability;
        continue;
      }
      const next = Math.max(minimum, h - o.value);
      const nk = next - target;
      acc += o.probability * (nk <= 0 ? 0 : E[nk]!);
    }
    E[k] = p0 >= 1 ? Infinity : acc / (1 - p0);
  }
  const walk = (pick: (d: Distribution) => number): number | null => {
    let h = start;
    let n = 0;
    while (h > target) {
      const f = pick(foodAt(h));
      if (f <= 0) return null;
      h = Math.max(minimum, h - f);
      n++;
    }
    return n;
  };
  return { expected: E[span]!, min: walk((d) => d.max) ?? 0, max: walk((d) => d.min) };
}
