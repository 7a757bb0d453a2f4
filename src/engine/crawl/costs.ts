// One-off food costs: spells (spl-util.cc spell_hunger(), spl-cast.cc cast_a_spell()),
// abilities (Ability_List[] and _pay_ability_costs()), and the fixed drains: melee, the end
// of berserk, hungry ghosts, vampiric weapons, Formicid digging.
import { uniqueCitations, type Citation } from '../cite.ts';
import { ABILITIES, cc, ccLine, type AbilityRow } from './data.ts';
import { UserError } from '../../errors.ts';
import { resolveName } from '../../names.ts';
import { resolveHero, type CrawlHeroInput, type Hero } from './hero.ts';
import { add, cdiv, constant, distribution, map, random2avg, rounded, type Distribution } from './random.ts';
import { PROFILES, type CrawlVersion } from './versions.ts';

export const SPELL_BASE_HUNGER = [50, 95, 160, 250, 350, 550, 700, 850, 1000] as const;
/** hunger_cost_string(): bars = how many of these the cost reaches. */
export const HUNGER_BAR_BREAKPOINTS = [1, 21, 61, 121, 201, 301, 421] as const;

export function hungerBars(cost: number): string {
  let n = 0;
  while (n < HUNGER_BAR_BREAKPOINTS.length && cost >= HUNGER_BAR_BREAKPOINTS[n]!) n++;
  return n > 0 ? '#'.repeat(n) + '.'.repeat(HUNGER_BAR_BREAKPOINTS.length - n) : 'None';
}

/** calc_hunger(): vampires pay half at Thirsty/Very Thirsty and nothing at Near Bloodless/Bloodless. */
export function vampireScaled(h: Hero, cost: number): number {
  if (h.effectiveUndead !== 'US_SEMI_UNDEAD' || h.state.index >= 4) return cost;
  if (h.state.index <= 1) return 0;
  return cdiv(cost, 2);
}

/** The calc_hunger() line that applied to this character, if any. */
function vampireScaleCitation(h: Hero): Citation | null {
  if (h.effectiveUndead !== 'US_SEMI_UNDEAD') return null;
  if (h.state.index >= 4) return cc(h.version, 'calcHunger', 'full cost at Satiated or better');
  return cc(
    h.version,
    h.state.index <= 1 ? 'calcHungerZero' : 'calcHungerHalf',
    h.state.index <= 1 ? 'no cost when (near) bloodless' : 'half cost when thirsty',
  );
}

function magicCharge(h: Hero, d: Distribution): Distribution {
  if (h.foodless || h.effectiveUndead === 'US_UNDEAD') return constant(0);
  return map(d, (x) => vampireScaled(h, x));
}

// ---------- spells ----------

export interface SpellInput extends CrawlHeroInput {
  level: number;
  int: number;
  /** Spellcasting skill, fractional part included (e.g. 12.5). */
  skill: number;
  staffOfEnergy?: boolean;
  /** Cast from a rod: base - 10 x Evocations, at least 5 x level. */
  rodEvocations?: number;
}

export interface CrawlSpellResult {
  game: 'crawl';
  version: CrawlVersion;
  kind: 'spell';
  input: SpellInput;
  base: number;
  /** skill x Int term, truncated (you.skill(SK_SPELLCASTING, you.intel())). */
  reduction: number;
  /** spell_hunger(): what the spell screen's bars show. */
  cost: number;
  /** Food actually taken from this character (vampire scaling, undead exemption). */
  charged: number;
  bars: string;
  canCast: boolean | null;
  refusal: string | null;
  /** Casts left before hunger reaches the cost (value / cost), for a feel of the budget. */
  hero: { species: string; hunger: number; state: string };
  wiki: { differs: boolean; note: string | null };
  notes: string[];
  citations: Citation[];
}

export function crawlSpell(version: CrawlVersion, input: SpellInput): CrawlSpellResult {
  if (!Number.isInteger(input.level) || input.level < 1 || input.level > 9)
    throw new UserError('level must be a whole number from 1 to 9.', 'For example `level:5`.', 'bad_input');
  if (!Number.isInteger(input.int) || input.int < 1 || input.int > 99)
    throw new UserError('int must be a whole number from 1 to 99.', 'For example `int:15`.', 'bad_input');
  if (!(input.skill >= 0 && input.skill <= 27))
    throw new UserError('skill must be a number from 0 to 27.', 'For example `skill:10`.', 'bad_input');
  const h = resolveHero(version, input);
  const c: Citation[] = [...h.citations, cc(version, 'spellHunger', 'base cost by level')];
  const notes = [...h.notes];
  const base = SPELL_BASE_HUNGER[input.level - 1]!;
  let reduction: number;
  let cost: number;
  if (input.rodEvocations !== undefined) {
    reduction = Math.floor((Math.round(input.rodEvocations * 10) * 10) / 10);
    cost = Math.max(base - reduction, input.level * 5);
    c.push(cc(version, 'spellHungerRod', 'rods: base - 10 x Evocations, at least 5 x level'));
  } else {
    // Skill in tenths times Int, truncated: the game's skill x scale plus truncated progress.
    reduction = Math.floor((Math.round(input.skill * 10) * input.int) / 10);
    cost = base - reduction;
    c.push(cc(version, 'spellHungerSkill', 'minus Spellcasting x Int'));
  }
  cost = Math.max(0, cost);
  c.push(cc(version, 'spellHungerFloor'));
  if (input.staffOfEnergy) {
    cost = 0;
    c.push(cc(version, 'spellHungerEnergy', 'staff of energy: no spell hunger'), cc(version, 'playerEnergy'));
  }
  const charged = h.foodless || h.effectiveUndead === 'US_UNDEAD' ? 0 : vampireScaled(h, cost);
  c.push(
    cc(version, 'castChargeGate', 'mummies and liches are not charged'),
    cc(version, 'castCharge', 'charged as magic hunger'),
  );
  const vc = vampireScaleCitation(h);
  if (vc) c.push(vc);
  let refusal: string | null = null;
  // Rods check differently (spl-book.cc, 0.13:1373 / 0.14:1378 / 0.15:1382):
  // `food && (starving || hunger <= food) && !you.is_undead` - no check at all when the cost is 0,
  // and no you_foodless() exemption.
  const rod = input.rodEvocations !== undefined;
  const checked = rod ? cost > 0 && h.effectiveUndead === 'US_ALIVE' : h.effectiveUndead === 'US_ALIVE' && !h.foodless;
  if (checked && (h.state.index === 0 || h.hunger <= cost)) {
    refusal =
      h.state.index === 0 ? 'Too hungry to cast (Starving).' : `Hunger ${h.hunger} is not above the cost ${cost}.`;
  }
  if (rod)
    c.push(
      ccLine(
        version,
        'spl-book.cc',
        'rod_spell()',
        version === '0.13' ? 1373 : version === '0.14' ? 1378 : 1382,
        'rods: refused only when the cost is above 0',
      ),
    );
  c.push(cc(version, 'castTooHungry'), cc(version, 'hungerBars', 'bars: 1, 21, 61, 121, 201, 301, 421'));
  const wikiNotes: string[] = [];
  if (cost >= 421) wikiNotes.push('The page describes up to 10 bars; the code stops at 7 (####### means 421 or more).');
  if (h.form === 'lich') notes.push('Lich form: spells cost no food.');
  return {
    game: 'crawl',
    version,
    kind: 'spell',
    input,
    base,
    reduction,
    cost,
    charged,
    bars: h.foodless ? 'N/A' : hungerBars(cost),
    canCast: refusal === null,
    refusal,
    hero: { species: h.species.name, hunger: h.hunger, state: h.state.name },
    wiki: { differs: wikiNotes.length > 0, note: wikiNotes.length ? wikiNotes.join(' ') : null },
    notes,
    citations: uniqueCitations(c),
  };
}

// ---------- abilities ----------

/** activate_talent(): abilities that skip the hunger checks. */
const NO_HUNGER_CHECK = new Set([
  'ABIL_RENOUNCE_RELIGION',
  'ABIL_CONVERT_TO_BEOGH',
  'ABIL_STOP_FLYING',
  'ABIL_EVOKE_TURN_VISIBLE',
  'ABIL_END_TRANSFORMATION',
  'ABIL_DELAYED_FIREBALL',
  'ABIL_STOP_SINGING',
  'ABIL_MUMMY_RESTORATION',
  'ABIL_TRAN_BAT',
  'ABIL_BOTTLE_BLOOD',
  'ABIL_ASHENZARI_END_TRANSFER',
  'ABIL_ZIN_VITALISATION',
  'ABIL_GOZAG_POTION_PETITION',
]);

export interface AbilityItem {
  name: string;
  row: AbilityRow;
  aliases: string[];
}

/** Abilities of a version, names made unique: the first "Blink" keeps its name, the wisp's becomes "Blink (wisp blink)". */
export function abilityItems(version: CrawlVersion): AbilityItem[] {
  const rows = ABILITIES[version].filter((r) => r.id !== 'ABIL_NON_ABILITY' && !/ZOTDEF/.test(r.flags));
  const seen = new Set<string>();
  return rows.map((row) => {
    const idName = row.id
      .replace(/^ABIL_/, '')
      .toLowerCase()
      .replace(/_/g, ' ');
    const dup = seen.has(row.name);
    seen.add(row.name);
    return { name: dup ? `${row.name} (${idName})` : row.name, row, aliases: [idName] };
  });
}

/** The page's ability table: cost ranges it claims. */
const WIKI_ABILITY: Record<string, [number, number]> = {
  Blink: [51, 100],
  'Breathe Fire': [126, 250],
  'Breathe Frost': [126, 250],
  'Breathe Poison Gas': [126, 250],
  'Breathe Lightning': [126, 250],
  'Breathe Dispelling Energy': [126, 250],
  'Breathe Sticky Flame': [126, 250],
  'Breathe Steam': [126, 250],
  Fly: [101, 200],
  Hellfire: [201, 400],
  'Evoke Invisibility': [251, 500],
  'Spit Acid': [126, 250],
  'Spit Poison': [41, 80],
  'Evoke Teleportation': [201, 400],
};
/** Abilities the page lists that none of 0.13-0.15 have. */
export const WIKI_ONLY_ABILITIES = ['Bolt of Draining', 'Channeling', 'Levitate', 'Throw Flame', 'Throw Frost'];

const anorm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z' ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export function findAbility(version: CrawlVersion, name: string): AbilityItem {
  const q = anorm(name);
  const items = abilityItems(version);
  const hit = items.find((i) => anorm(i.name) === q) ?? items.find((i) => i.aliases.some((a) => anorm(a) === q));
  if (hit) return hit;
  if (WIKI_ONLY_ABILITIES.some((w) => anorm(w) === q)) {
    throw new UserError(
      `"${name}" is on the wiki page but not in Crawl ${version}.`,
      'The page lists abilities from before 0.13 (Draconians use Fly, Sif has Channel Energy, Evoke Flight replaced Levitate).',
      'unknown_ability',
    );
  }
  return resolveName(name, items, 'ability', { code: 'unknown_ability' });
}

export interface AbilityInput extends CrawlHeroInput {
  name: string;
}

export interface CrawlAbilityResult {
  game: 'crawl';
  version: CrawlVersion;
  kind: 'ability';
  input: AbilityInput;
  ability: { id: string; name: string; baseFood: number; flags: string };
  /** F + random2avg(F, 2): F..2F-1, triangular-ish. */
  cost: Distribution;
  /** What this character pays (vampire thirst scaling; undead US_UNDEAD pay nothing). */
  charged: Distribution;
  /** The ability screen's "Hunger" bars, from F + F/2. */
  bars: string;
  hungerCheck: { exempt: boolean; refusedWhenStarving: boolean; needsAbove: number | null };
  canUse: boolean | null;
  refusal: string | null;
  hero: { species: string; hunger: number; state: string };
  wiki: { range: [number, number] | null; differs: boolean; note: string | null };
  notes: string[];
  citations: Citation[];
}

export function crawlAbility(version: CrawlVersion, input: AbilityInput): CrawlAbilityResult {
  const item = findAbility(version, input.name);
  const h = resolveHero(version, input);
  const p = PROFILES[version];
  const F = item.row.food ?? 0;
  const c: Citation[] = [
    ...h.citations,
    ccLine(
      version,
      version === '0.13' ? 'abl-show.cc' : 'ability.cc',
      'Ability_List[]',
      item.row.line,
      `${item.row.name}: food ${F}`,
    ),
  ];
  const cost = F > 0 ? add(constant(F), random2avg(F, 2)) : constant(0);
  if (F > 0)
    c.push(
      cc(version, 'abilityPay', 'F + random2avg(F, 2)'),
      cc(version, 'random2avg'),
      cc(version, 'abilityPayCharge', 'charged as magic hunger'),
    );
  const charged = magicCharge(h, cost);
  const vc = vampireScaleCitation(h);
  if (vc) c.push(vc);
  const exempt = NO_HUNGER_CHECK.has(item.row.id);
  const undead = h.effectiveUndead !== 'US_ALIVE';
  const needsAbove = !exempt && !undead ? p.abilityMargin + 2 * F : null;
  let refusal: string | null = null;
  if (!exempt && !undead && !h.foodless && h.state.index === 0) refusal = 'Too hungry (Starving).';
  else if (needsAbove !== null && h.hunger <= needsAbove)
    refusal = `Too hungry: needs hunger above ${needsAbove} (${p.abilityMargin} + 2 x ${F}).`;
  c.push(cc(version, exempt ? 'abilityNoCheck' : 'abilityMargin'));
  if (!exempt) c.push(cc(version, 'abilityStarving'));
  const display = F + Math.trunc(F / 2);
  c.push(cc(version, 'abilityDisplay', 'bars from F + F/2'));
  const w = WIKI_ABILITY[item.row.name] ?? null;
  const wikiNotes: string[] = [];
  if (w && F > 0 && (w[0] !== F || w[1] !== 2 * F - 1))
    wikiNotes.push(`The page says ${w[0]}-${w[1]}; the code charges ${F}-${2 * F - 1}.`);
  return {
    game: 'crawl',
    version,
    kind: 'ability',
    input,
    ability: { id: item.row.id, name: item.name, baseFood: F, flags: item.row.flags },
    cost: rounded(cost),
    charged: rounded(charged),
    bars: F > 0 && !h.foodless ? hungerBars(display) : 'None',
    hungerCheck: { exempt, refusedWhenStarving: !exempt && !undead, needsAbove },
    canUse: refusal === null,
    refusal,
    hero: { species: h.species.name, hunger: h.hunger, state: h.state.name },
    wiki: { range: w, differs: wikiNotes.length > 0, note: wikiNotes.length ? wikiNotes.join(' ') : null },
    notes: h.notes,
    citations: uniqueCitations(c),
  };
}

// ---------- fixed drains ----------

export interface CrawlDrainResult {
  game: 'crawl';
  version: CrawlVersion;
  kind: 'drain';
  what: 'melee' | 'berserkEnd' | 'hungryGhost' | 'vampiricWeapon' | 'formicidDig';
  input: CrawlHeroInput & { value: number; damaged?: boolean };
  /** Food taken (a distribution for the hungry ghost's chance without damage). */
  cost: Distribution;
  after: Distribution;
  text: string;
  citations: Citation[];
}

export function crawlDrain(
  version: CrawlVersion,
  what: CrawlDrainResult['what'],
  input: CrawlHeroInput & { value: number; damaged?: boolean },
): CrawlDrainResult {
  const h = resolveHero(version, { ...input, hunger: input.value });
  const p = PROFILES[version];
  const H = input.value;
  const min = h.effectiveUndead === 'US_ALIVE' ? 0 : p.undeadMinimum;
  const takeFrom = (amount: number) => (h.foodless ? H : Math.max(min, H - amount));
  let cost: Distribution;
  let after: Distribution;
  let text: string;
  const c: Citation[] = [...h.citations];
  switch (what) {
    case 'melee':
      cost = constant(h.foodless ? 0 : 3);
      after = constant(takeFrom(3));
      text = 'Every melee attack costs 3 (misses and swings at nothing included), not scaled for vampires.';
      c.push(cc(version, 'meleeHunger'));
      break;
    case 'berserkEnd': {
      const raw = takeFrom(700);
      const a = h.foodless ? H : Math.max(p.berserkFloor, raw);
      cost = constant(H - a);
      after = constant(a);
      text = `Ending berserk costs ${700}, then hunger is raised to at least ${p.berserkFloor}. Berserk also ends early at ${p.berserkEndsAtOrBelow} or less.`;
      c.push(
        cc(version, 'berserkEndCost'),
        cc(version, 'berserkEndFloor'),
        cc(version, 'berserkEndCheck'),
        cc(version, 'berserkNutrition'),
      );
      break;
    }
    case 'hungryGhost': {
      const immune = h.effectiveUndead !== 'US_ALIVE' || h.foodless;
      const quarter = cdiv(H, 4);
      const pHit = immune ? 0 : input.damaged === false ? 1 / 20 : 1;
      cost = immune
        ? constant(0)
        : distribution([
            [quarter, pHit],
            [0, 1 - pHit],
          ]);
      after = map(cost, (x) => takeFrom(x));
      text = immune
        ? 'Undead (vampires, ghouls, mummies, lich form) are immune to hungry ghosts.'
        : `A damaging hit takes a quarter of current hunger (${quarter}); a hit that does no damage does so 1 time in 20.`;
      c.push(cc(version, 'hungryGhost'), cc(version, 'hungryGhostDrain'), cc(version, 'holiness'));
      break;
    }
    case 'vampiricWeapon': {
      const living = h.effectiveUndead === 'US_ALIVE' && !h.foodless;
      const allowed = !living || h.state.index >= 5;
      cost = constant(living && allowed ? 4500 : 0);
      after = constant(living && allowed ? takeFrom(4500) : H);
      text = living
        ? allowed
          ? 'Wielding a vampiric weapon costs 4500 at once.'
          : 'Cannot wield it: a living character must be Full or better. (Then it costs 4500.)'
        : 'Undead pay nothing to wield a vampiric weapon.';
      c.push(cc(version, 'vampiricWield'), cc(version, 'vampiricCost'));
      break;
    }
    case 'formicidDig':
      if (version === '0.13')
        throw new UserError('There are no Formicids in 0.13.', 'Use version:0.14 or 0.15.', 'removed_in_version');
      cost = constant(h.foodless ? 0 : 50);
      after = constant(takeFrom(50));
      text = 'Each wall a Formicid digs through costs 50.';
      c.push(cc(version, 'formicidDig'));
      break;
  }
  return {
    game: 'crawl',
    version,
    kind: 'drain',
    what,
    input,
    cost: rounded(cost),
    after: rounded(after),
    text,
    citations: uniqueCitations(c),
  };
}
