// Satiation level for a hunger value (food.cc food_change()) and what each level allows:
// eating, chunks, berserk, vampiric weapons, spells, abilities, fainting, starvation,
// vampire thirst, ghoul rot, mummies and lich form.
import type { Citation } from '../cite.ts';
import { uniqueCitations } from '../cite.ts';
import { cc } from './data.ts';
import { PROFILES, type CrawlVersion } from './versions.ts';

export const HUNGER_STATES = [
  'Starving',
  'Near Starving',
  'Very Hungry',
  'Hungry',
  'Satiated',
  'Full',
  'Very Full',
  'Engorged',
] as const;
export type HungerStateName = (typeof HUNGER_STATES)[number];
export const HUNGER_STATE_CODES = [
  'HS_STARVING',
  'HS_NEAR_STARVING',
  'HS_VERY_HUNGRY',
  'HS_HUNGRY',
  'HS_SATIATED',
  'HS_FULL',
  'HS_VERY_FULL',
  'HS_ENGORGED',
] as const;
/** status.cc _describe_hunger(): vampires see these labels; Full and Very Full keep theirs, Satiated shows nothing. */
export const VAMPIRE_LABELS = [
  'Bloodless',
  'Near Bloodless',
  'Very Thirsty',
  'Thirsty',
  'Satiated',
  'Full',
  'Very Full',
  'Alive',
] as const;

export interface HungerState {
  name: HungerStateName;
  code: (typeof HUNGER_STATE_CODES)[number];
  /** 0 (Starving) .. 7 (Engorged), the hunger_state_t order the code compares with < and >. */
  index: number;
  vampireLabel: (typeof VAMPIRE_LABELS)[number];
  /** Inclusive band of hunger values for this state (max null: above every threshold up to the maximum). */
  band: { min: number; max: number };
}

/** food_change(): walk up from Starving while hunger > that state's threshold. */
export function hungerStateFor(version: CrawlVersion, hunger: number): HungerState {
  const t = PROFILES[version].thresholds;
  let i = 0;
  while (i < 7 && hunger > t[i]!) i++;
  return stateAt(version, i);
}

export function stateAt(version: CrawlVersion, index: number): HungerState {
  const p = PROFILES[version];
  const t = p.thresholds;
  return {
    name: HUNGER_STATES[index]!,
    code: HUNGER_STATE_CODES[index]!,
    index,
    vampireLabel: VAMPIRE_LABELS[index]!,
    band: { min: index === 0 ? 0 : t[index - 1]! + 1, max: index === 7 ? p.maximum : t[index]! },
  };
}

export function allStates(version: CrawlVersion): HungerState[] {
  return HUNGER_STATES.map((_, i) => stateAt(version, i));
}

export interface Rule {
  id: string;
  /** Whether it applies (allowed / happens) at this value; null when it depends on something not given. */
  value: boolean | null;
  text: string;
  citation: Citation;
}

export interface CrawlStatusResult {
  game: 'crawl';
  version: CrawlVersion;
  kind: 'status';
  input: { value: number; species: string | null };
  value: number;
  state: HungerState;
  /** Text on the status line: '' for Satiated (no light), vampire labels for Vampires. */
  statusLight: string;
  /** The game never holds values outside [min, max] for this character; set when the input was outside. */
  clampedTo: number | null;
  bounds: { minimum: number; maximum: number; start: number };
  nextWorse: { state: HungerStateName; at: number; nutritionToLose: number } | null;
  nextBetter: { state: HungerStateName; at: number; nutritionToGain: number } | null;
  thresholds: HungerState[];
  rules: Rule[];
  who: 'living' | 'vampire' | 'ghoul' | 'mummy';
  wiki: { state: string; differs: boolean; note: string | null };
  citations: Citation[];
}

/** The seed page's table: Starving < 1,000; then 1,001-1,533 ... Engorged 11,001-12,000 (0.13 numbers). */
export function wikiStateFor(value: number): string {
  if (value < 1000) return 'Starving';
  if (value === 1000) return 'no row (Starving is "< 1,000", Near Starving starts at 1,001)';
  if (value <= 1533) return 'Near Starving';
  if (value <= 2066) return 'Very Hungry';
  if (value <= 2600) return 'Hungry';
  if (value <= 7000) return 'Satiated';
  if (value <= 9000) return 'Full';
  if (value <= 11000) return 'Very Full';
  return 'Engorged';
}

export type Who = CrawlStatusResult['who'];

export function crawlStatus(version: CrawlVersion, value: number, who: Who = 'living'): CrawlStatusResult {
  const p = PROFILES[version];
  const citations: Citation[] = [
    cc(version, 'thresholds', 'state thresholds'),
    cc(version, 'stateWalk', 'state = first threshold >= value'),
  ];
  if (who === 'mummy') return mummyStatus(version, value, citations);

  const minimum = who === 'living' ? 0 : p.undeadMinimum;
  const maximum = who === 'ghoul' ? p.thresholds[4] : p.maximum;
  const clamped = Math.min(maximum, Math.max(minimum, value));
  const state = hungerStateFor(version, clamped);
  const i = state.index;
  const vamp = who === 'vampire';
  const rules: Rule[] = [];
  const r = (id: string, v: boolean | null, text: string, c: Citation) =>
    rules.push({ id, value: v, text, citation: c });

  r(
    'eat',
    i < 7,
    i < 7 ? 'Can eat (not Engorged).' : 'Too full to eat or drink blood/porridge (Engorged).',
    cc(version, 'eatCheckEngorged'),
  );
  if (who === 'living') {
    const chunkLevels = [0, 1, 2, 3].map((L) => i < 4 + L);
    r(
      'eatChunks',
      chunkLevels[0]!,
      `Chunks: ${chunkLevels[0] ? 'anyone can eat them' : 'only with Carnivore or gourmand'} here. Allowed while state < Satiated + L (L = Carnivore level, 3 with any gourmand): ` +
        ['no Carnivore', 'Carnivore 1', 'Carnivore 2', 'Carnivore 3 / gourmand']
          .map((n, L) => `${n} ${chunkLevels[L] ? 'yes' : 'no'}`)
          .join(', ') +
        '.',
      cc(version, 'ingestChunkGate'),
    );
    r(
      'berserk',
      clamped > p.berserkRefusedAtOrBelow,
      clamped > p.berserkRefusedAtOrBelow
        ? `Can go berserk (hunger above ${p.berserkRefusedAtOrBelow}).`
        : `Too hungry to go berserk (hunger ${p.berserkRefusedAtOrBelow} or less).`,
      cc(version, 'berserkHunger'),
    );
    r(
      'berserkEndsEarly',
      clamped <= p.berserkEndsAtOrBelow,
      `An ongoing berserk ends at once when hunger is ${p.berserkEndsAtOrBelow} or less; ending costs 700 and leaves at least ${p.berserkFloor}.`,
      cc(version, 'berserkEndCheck'),
    );
    r(
      'vampiricWeapon',
      i >= 5,
      i >= 5
        ? 'Can wield a vampiric weapon (Full or better); wielding costs 4500.'
        : 'Cannot wield a vampiric weapon: needs Full or better.',
      cc(version, 'vampiricWield'),
    );
    r(
      'castSpells',
      i > 0,
      i > 0 ? "Can cast spells while hunger stays above the spell's cost." : 'Too hungry to cast spells (Starving).',
      cc(version, 'castTooHungry'),
    );
    r(
      'abilities',
      i > 0,
      i > 0
        ? `Abilities work while hunger - 2 x base food cost > ${p.abilityMargin}.`
        : 'Too hungry to use most abilities (Starving).',
      cc(version, i > 0 ? 'abilityMargin' : 'abilityStarving'),
    );
    r('rest', i > 0, i > 0 ? 'Can rest.' : 'Cannot rest while Starving.', cc(version, 'restStarving'));
    r(
      'starvingPenalties',
      i === 0,
      'Starving: -3 to hit (main and aux attacks) and -random2(5) (0-4) melee damage.',
      cc(version, 'starveDamage'),
    );
    r(
      'fainting',
      clamped <= p.faintAt,
      `At ${p.faintAt} or less: each action 1 in 40 chance to faint, paralysed 5-12 turns (total capped at 13).`,
      cc(version, 'faintCheck'),
    );
    r(
      'starvationDeath',
      clamped <= p.deathAt,
      `Death by starvation at ${p.deathAt} or less.`,
      cc(version, 'starveDeath'),
    );
    r(
      'vitalisation',
      i < 5,
      i < 5
        ? "Zin's Vitalisation feeds 250 here (below Full; it can overshoot into Full)."
        : "Zin's Vitalisation gives no food at Full or better.",
      cc(version, 'vitalisationGate'),
    );
    citations.push(
      cc(version, 'hungerDefault', `start ${p.start}`),
      cc(version, 'hungerMaximum', `maximum ${p.maximum}`),
    );
  } else if (vamp) {
    r(
      'batForm',
      i <= 4,
      i <= 4
        ? 'Can take bat form (XL 3+; Satiated or thirstier).'
        : 'Cannot take bat form above Satiated; an existing bat form ends (duration set to 5).',
      cc(version, 'batForm'),
    );
    r(
      'otherForms',
      i > 4,
      i > 4
        ? 'Other transformations allowed (above Satiated).'
        : 'No other transformations at Satiated or thirstier; ongoing ones are cut short.',
      cc(version, 'vampTransform'),
    );
    r(
      'berserk',
      i > 4,
      i > 4 ? 'Can go berserk (Full or better).' : 'Cannot go berserk: lifeless at Satiated or thirstier.',
      cc(version, 'lifeless'),
    );
    r(
      'magicCosts',
      i < 4,
      i <= 1
        ? 'Spells and abilities cost no food (Near Bloodless or Bloodless).'
        : i < 4
          ? 'Spells and abilities cost half food (Thirsty, Very Thirsty).'
          : 'Spells and abilities cost full food.',
      cc(version, i <= 1 ? 'calcHungerZero' : 'calcHungerHalf'),
    );
    r(
      'rate',
      null,
      `Metabolism by thirst: ${[-3, -3, -2, -1, 0, 1, 2, 3].map((d, k) => `${VAMPIRE_LABELS[k]} ${Math.max(1, 3 + d)}`).join(', ')}; this state: ${Math.max(1, 3 + [-3, -3, -2, -1, 0, 1, 2, 3][i]!)}.`,
      cc(version, 'rateVampire'),
    );
    r(
      'cannotStarve',
      true,
      `Never drops below ${p.undeadMinimum}: no fainting, no starvation death.`,
      cc(version, 'minHungerUndead'),
    );
    r(
      'starvingPenalties',
      i === 0,
      'Bloodless: -3 to hit on the main attack only; no damage or aux penalty.',
      cc(version, 'starveAux'),
    );
    citations.push(cc(version, 'vampireLabels', 'vampire labels'));
  } else {
    r(
      'cap',
      true,
      `Ghouls never rise above ${maximum} (the Satiated threshold): food beyond is lost.`,
      cc(version, 'maxHungerGhoul'),
    );
    r(
      'cannotStarve',
      true,
      `Never drops below ${p.undeadMinimum}: no fainting, no starvation death.`,
      cc(version, 'minHungerUndead'),
    );
    const chance = 400 >> Math.max(0, 4 - i);
    // Ghoul rot rolls one_chance_in(resilience) at every state; only the shift is limited to
    // states below Satiated (0.13 main.cc:2863-2864, 0.14 main.cc:2911-2912, 0.15 player-reacts.cc:867-868).
    r(
      'rot',
      true,
      `Rot: each action 1 in ${chance} chance to lose 1 max HP (1 in 400 at Satiated, halved per state below; x3/2 with Cheibriados).`,
      cc(version, 'ghoulRotShift'),
    );
    r('berserk', false, 'Ghouls can never go berserk (lifeless undead).', cc(version, 'berserkLifeless'));
  }

  const nextWorse =
    i > 0
      ? { state: HUNGER_STATES[i - 1]!, at: p.thresholds[i - 1]!, nutritionToLose: clamped - p.thresholds[i - 1]! }
      : null;
  const betterIdx = i + 1;
  const nextBetter =
    betterIdx <= 7 && p.thresholds[i]! + 1 <= maximum
      ? { state: HUNGER_STATES[betterIdx]!, at: p.thresholds[i]! + 1, nutritionToGain: p.thresholds[i]! + 1 - clamped }
      : null;

  const wikiState = wikiStateFor(clamped);
  const wikiDiffers = wikiState !== state.name;
  const notes: string[] = [];
  if (version !== '0.13')
    notes.push(
      `The page's table is 0.13's; ${version} moved every threshold down by 100. For ${clamped} the page's table gives ${wikiState}, the ${version} code ${state.name}.`,
    );
  else if (wikiDiffers)
    notes.push(
      `The page's table gives ${wikiState}; the code counts ${clamped} as ${state.name} (a state runs up to and including its threshold).`,
    );
  if (who === 'living' && value === p.start)
    notes.push('The page says characters start with a full stomach; the start value is Satiated.');
  return {
    game: 'crawl',
    version,
    kind: 'status',
    input: { value, species: null },
    value: clamped,
    state,
    statusLight: vamp ? (i === 4 ? '' : state.vampireLabel) : i === 4 ? '' : state.name,
    clampedTo: clamped !== value ? clamped : null,
    bounds: { minimum, maximum, start: p.start },
    nextWorse,
    nextBetter,
    thresholds: allStates(version),
    rules,
    who,
    wiki: { state: wikiState, differs: wikiDiffers || version !== '0.13', note: notes.length ? notes.join(' ') : null },
    citations: uniqueCitations([
      ...citations,
      ...(clamped !== value ? [cc(version, 'stateClamp', "value clamped to the character's bounds")] : []),
      ...rules.map((x) => x.citation),
    ]),
  };
}

function mummyStatus(version: CrawlVersion, value: number, citations: Citation[]): CrawlStatusResult {
  const p = PROFILES[version];
  const state = stateAt(version, 4);
  const c = cc(version, 'foodless', 'US_UNDEAD: no hunger');
  return {
    game: 'crawl',
    version,
    kind: 'status',
    input: { value, species: null },
    value: p.start,
    state,
    statusLight: '',
    clampedTo: value !== p.start ? p.start : null,
    bounds: { minimum: p.start, maximum: p.start, start: p.start },
    nextWorse: null,
    nextBetter: null,
    thresholds: allStates(version),
    rules: [
      {
        id: 'noHunger',
        value: true,
        text: 'Mummies (and anyone in lich form) have no hunger: they neither eat nor get hungry.',
        citation: c,
      },
    ],
    who: 'mummy',
    wiki: { state: 'exempt from the food clock', differs: false, note: null },
    citations: uniqueCitations([...citations, c]),
  };
}
