// Is a prayer safe now, and what will it do: src/pray.c can_pray(), dopray(), prayer_done(),
// pleased() and angrygods(), with the prayer timeout (u.ublesscnt) tracked exactly: 300 at the
// start (u_init.c), minus 1 per turn (allmain.c), rnz(350) + kick x rnz(1000) after a successful
// prayer. rnz() is enumerated exactly in rnz.ts, so an unknown timeout gives exact probabilities.
import type { Citation, NethackVersion } from '../cite.ts';
import { statusFor } from './status.ts';
import { pe } from './prayEatSources.ts';
import { TimeoutLaw, exact, rneCap, rnlDistribution, rnzDistribution, type ExactProbability } from './rnz.ts';

// ---------------------------------------------------------------------------------------------
// Troubles (in_trouble(): the order of the checks is the priority)

export interface TroubleInfo {
  key: TroubleKey;
  /** The pray.c constant. */
  code: string;
  major: boolean;
  label: string;
  /** What fix_worst_trouble() does about it. */
  fix: string;
}

const T = (key: TroubleKey, code: string, major: boolean, label: string, fix: string): TroubleInfo => ({
  key,
  code,
  major,
  label,
  fix,
});

export const TROUBLE_KEYS = [
  'stoned',
  'slimed',
  'strangled',
  'lava',
  'sick',
  'weak',
  'gas',
  'low-hp',
  'lycanthropy',
  'collapsing',
  'stuck',
  'cursed-levitation',
  'unusable-hands',
  'cursed-blindfold',
  'punished',
  'fumbling',
  'cursed-items',
  'cursed-saddle',
  'blind',
  'lost-attributes',
  'wounded-legs',
  'hungry',
  'stunned',
  'confused',
  'hallucinating',
] as const;
export type TroubleKey = (typeof TROUBLE_KEYS)[number];

const ALL_TROUBLES: TroubleInfo[] = [
  T('stoned', 'TROUBLE_STONED', true, 'turning to stone', 'stoning stops ("You feel more limber.")'),
  T('slimed', 'TROUBLE_SLIMED', true, 'turning into green slime', 'the slime disappears'),
  T(
    'strangled',
    'TROUBLE_STRANGLED',
    true,
    'being strangled',
    'you can breathe again (an amulet of strangulation vanishes)',
  ),
  T('lava', 'TROUBLE_LAVA', true, 'stuck in lava', 'you are teleported back onto solid ground'),
  T(
    'sick',
    'TROUBLE_SICK',
    true,
    'fatally ill (food poisoning or illness)',
    'the sickness is cured ("You feel better.")',
  ),
  T(
    'weak',
    'TROUBLE_STARVING',
    true,
    'Weak or worse from hunger',
    'nutrition set to 900 (init_uhunger(): Not Hungry, lost Str from hunger restored)',
  ),
  T('gas', 'TROUBLE_REGION', true, 'in a stinking cloud that can hurt you', 'you are made safe from the cloud'),
  T(
    'low-hp',
    'TROUBLE_HIT',
    true,
    'hit points critically low',
    'HP restored to maximum (maximum +1d5 if it is below 5 x level + 11)',
  ),
  T('lycanthropy', 'TROUBLE_LYCANTHROPE', true, 'lycanthropy', 'lycanthropy is cured'),
  T(
    'collapsing',
    'TROUBLE_COLLAPSING',
    true,
    'collapsing under your load (Str drained by more than 3)',
    'Str restored',
  ),
  T('stuck', 'TROUBLE_STUCK_IN_WALL', true, 'stuck in solid rock', 'you are teleported out'),
  T('cursed-levitation', 'TROUBLE_CURSED_LEVITATION', true, 'cursed levitation item', 'the item is uncursed'),
  T(
    'unusable-hands',
    'TROUBLE_UNUSEABLE_HANDS',
    true,
    'no usable hands (welded weapon or handless form)',
    'the weapon is uncursed or you return to your normal form',
  ),
  T('cursed-blindfold', 'TROUBLE_CURSED_BLINDFOLD', true, 'cursed blindfold', 'the blindfold is uncursed'),
  T('punished', 'TROUBLE_PUNISHED', false, 'punished (ball and chain)', 'the chain disappears'),
  T('fumbling', 'TROUBLE_FUMBLING', false, 'cursed fumbling gloves or boots', 'the item is uncursed'),
  T(
    'cursed-items',
    'TROUBLE_CURSED_ITEMS',
    false,
    'cursed worn items (or a cursed loadstone or luck item)',
    'the worst cursed item is uncursed',
  ),
  T('cursed-saddle', 'TROUBLE_SADDLE', false, 'cursed saddle on your steed', 'the saddle is uncursed'),
  T('blind', 'TROUBLE_BLIND', false, 'blinded (or deafened) for a while', 'sight (and hearing) restored'),
  T(
    'lost-attributes',
    'TROUBLE_POISONED',
    false,
    'an attribute below its maximum',
    'every attribute restored to its maximum',
  ),
  T('wounded-legs', 'TROUBLE_WOUNDED_LEGS', false, 'wounded legs', 'legs healed'),
  T('hungry', 'TROUBLE_HUNGRY', false, 'Hungry', 'nutrition set to 900 (init_uhunger())'),
  T('stunned', 'TROUBLE_STUNNED', false, 'stunned', 'stun removed'),
  T('confused', 'TROUBLE_CONFUSED', false, 'confused', 'confusion removed'),
  T(
    'hallucinating',
    'TROUBLE_HALLUCINATION',
    false,
    'hallucinating',
    'hallucination removed ("Looks like you are back in Kansas.")',
  ),
];

/** in_trouble()'s list for a version, worst first. 3.4.3 has no stinking-cloud trouble. */
export function troublesFor(version: NethackVersion): TroubleInfo[] {
  return version === '3.4.3' ? ALL_TROUBLES.filter((t) => t.key !== 'gas') : ALL_TROUBLES;
}

export function troubleInfo(key: TroubleKey): TroubleInfo {
  return ALL_TROUBLES.find((t) => t.key === key)!;
}

/**
 * critically_low_hp(FALSE) (3.6.7, 5.0): HP <= 5 or HP x divisor <= min(max HP, 15 x level), the divisor
 * by rank 5 (levels 1-5), 6 (6-13), 7 (14-21), 8 (22-29), 9 (30). 3.4.3 in_trouble(): HP <= 5 or
 * HP x 7 <= max HP.
 */
export function isLowHp(version: NethackVersion, hp: number, maxHp: number, level: number): boolean {
  if (version === '3.4.3') return hp <= 5 || hp * 7 <= maxHp;
  const rank = level <= 2 ? 0 : level <= 30 ? Math.trunc((level + 2) / 4) : 8;
  const divisor = rank <= 1 ? 5 : rank <= 3 ? 6 : rank <= 5 ? 7 : rank <= 7 ? 8 : 9;
  return hp <= 5 || hp * divisor <= Math.min(maxHp, 15 * level);
}

// ---------------------------------------------------------------------------------------------
// The prayer timeout and its laws

/** Where the current prayer timeout comes from. Turns are game turns (`moves`). */
export type TimeoutSource =
  /** Never prayed: u_init() sets 300 at turn 1. */
  | { kind: 'start' }
  /** Known exactly at a turn (wizard-mode ^X, or computed elsewhere). */
  | { kind: 'known'; value: number; atTurn: number }
  /** A successful prayer set it at `atTurn` (the turn the prayer ended). */
  | { kind: 'success'; atTurn: number; experienceLevel: number; demigod: boolean; crowned: boolean }
  /** An angered god set it at `atTurn` (angrygods(): rnz(300); 5.0 keeps a larger old value). */
  | { kind: 'angered'; atTurn: number; experienceLevel: number };

/** The law of the timeout right after it was set (a single point for 'start' and 'known'). */
export function lawAtSource(version: NethackVersion, src: TimeoutSource): TimeoutLaw {
  if (src.kind === 'start') return pointLaw(300);
  if (src.kind === 'known') return pointLaw(src.value);
  if (src.kind === 'angered') return new TimeoutLaw(rnzDistribution(300, src.experienceLevel), null, 0);
  return successLaw(version, src.experienceLevel, src.demigod, src.crowned, src.atTurn);
}

function pointLaw(value: number): TimeoutLaw {
  return new TimeoutLaw({ values: [value], counts: [1], denominator: 1 }, null, 0);
}

/**
 * pleased(): u.ublesscnt = rnz(350); kick = demigod + crowned; if (kick) += kick x rnz(1000) (one draw,
 * multiplied). 5.0 also adds (moves - 100000) / 100 after turn 100,000, the sum capped at 32767.
 */
export function successLaw(
  version: NethackVersion,
  experienceLevel: number,
  demigod: boolean,
  crowned: boolean,
  turn = 1,
): TimeoutLaw {
  const kick = (demigod ? 1 : 0) + (crowned ? 1 : 0);
  const shift = version === '5.0' && turn > 100000 ? Math.trunc((turn - 100000) / 100) : 0;
  // The same law is asked for again and again (every hero reply): keep it, with its quantiles.
  const key = `${rneCap(experienceLevel)}/${kick}/${shift}`;
  const hit = lawCache.get(key);
  if (hit) return hit;
  const base = rnzDistribution(350, experienceLevel);
  const extra = kick ? rnzDistribution(1000, experienceLevel) : null;
  const law = shift ? new TimeoutLaw(base, extra, kick, shift, 32767) : new TimeoutLaw(base, extra, kick);
  if (lawCache.size >= 256) lawCache.clear();
  lawCache.set(key, law);
  return law;
}

const lawCache = new Map<string, TimeoutLaw>();

/** Turns of decrement between the source and `turn`: 1 per turn while positive (allmain.c). */
function decrements(src: TimeoutSource, turn: number): number {
  const from = src.kind === 'start' ? 1 : src.atTurn;
  return Math.max(0, turn - from);
}

export interface TimeoutNow {
  /** Exact when known, else null. */
  value: number | null;
  /** P(timeout now <= limit). */
  atMost(limit: number): ExactProbability;
  /** Game turn from which P(timeout <= limit) >= q, for q = numer/denom. */
  turnFor(limit: number, numer: number, denom: number): number;
  law: TimeoutLaw;
  decremented: number;
}

/** The timeout at `turn`: max(0, T - d) with T the law at the source and d the turns since. */
export function timeoutAt(version: NethackVersion, src: TimeoutSource, turn: number): TimeoutNow {
  const law = lawAtSource(version, src);
  const d = decrements(src, turn);
  const from = src.kind === 'start' ? 1 : src.atTurn;
  const point = law.min === law.max ? Math.max(0, law.min - d) : null;
  return {
    value: point,
    law,
    decremented: d,
    atMost: (limit) => law.atMost(limit + d),
    // T - (t - from) <= limit  <=>  t >= from + (quantile - limit)
    turnFor: (limit, numer, denom) => Math.max(turn, from + Math.max(0, law.quantile(numer, denom) - limit)),
  };
}

// ---------------------------------------------------------------------------------------------
// Prayer input and result

export type Alignment = 'lawful' | 'neutral' | 'chaotic';
/** Where you pray: off an altar, or on an altar of your god, another god, the opposite god, Moloch. */
export type AltarKind = 'none' | 'coaligned' | 'cross-aligned' | 'opposite' | 'moloch';

export interface PrayerInput {
  version: NethackVersion;
  /** The current prayer timeout (u.ublesscnt) when known. */
  prayerTimeout?: number;
  /** Game turns since you last prayed successfully (counted from the #pray turn). */
  turnsSincePrayer?: number;
  /** The current game turn (used for "never prayed" and 5.0's late-game rule). */
  turn?: number;
  /** The timeout now from a tracked history (a hero's prayers, prayerTrack.ts); overrides the two above. */
  timeoutNow?: Pick<TimeoutNow, 'value' | 'atMost' | 'turnFor'>;
  luck?: number;
  /** Alignment record (u.ualign.record). */
  alignmentRecord?: number;
  /** God anger (u.ugangr). */
  godAnger?: number;
  alignment?: Alignment;
  troubles?: TroubleKey[];
  /** Nutrition: adds Weak (<= 49... per newuhs()) or Hungry as a trouble. */
  nutrition?: number;
  hp?: number;
  maxHp?: number;
  experienceLevel?: number;
  demigod?: boolean;
  /** Crowned (u.uevent.uhand_of_elbereth). */
  crowned?: boolean;
  inGehennom?: boolean;
  /** Polymorphed into an undead or a demon. */
  undeadForm?: boolean;
  demonForm?: boolean;
  altar?: AltarKind;
  shrine?: boolean;
  /** Holy water on a cross-aligned altar turns a p_type 2 prayer into a "too soon" failure. */
  waterOnAltar?: boolean;
  /** Carrying the Amulet of Yendor. pray.c never reads it; kept to say so. */
  amulet?: boolean;
}

/** p_type: -2 Moloch altar (5.0), -1 undead form, 0 too soon, 1 naughty, 2 cross-aligned altar, 3 good. */
export type PrayerType = -2 | -1 | 0 | 1 | 2 | 3;

export interface PrayerCase {
  pType: PrayerType;
  probability: ExactProbability;
  /** Plain-words outcome. */
  summary: string;
}

export interface Fix {
  trouble: TroubleKey;
  label: string;
  /** Probability the prayer fixes it, given the god is pleased (p_type 3). */
  probability: number;
  what: string;
}

export interface AngerOutcome {
  /** maxanger after the clamp to 1..15; rn2(maxanger) picks the case. */
  maxAnger: number;
  luckUsed: number;
  godAngerUsed: number;
  outcomes: { what: string; probability: number }[];
}

export interface TimeoutForecast {
  /** P(the prayer timeout is low enough) now. */
  now: ExactProbability;
  /** First game turn from which the timeout is low enough with probability >= 50 / 90 / 99 %. */
  turn50: number;
  turn90: number;
  turn99: number;
  /** The same as turns from now (0: already). */
  in50: number;
  in90: number;
  in99: number;
  /** The current turn the turns above count from (given, or assumed when only turns_since is known). */
  turn: number;
  /** Timeout limit for the worst trouble: 200 major, 100 minor, 0 none. */
  limit: number;
  timeoutKnown: number | null;
}

export interface PrayerResult {
  game: 'nethack';
  version: NethackVersion;
  /** can_pray(FALSE): p_type 3 and not in Gehennom. The probability, exact. */
  safe: ExactProbability;
  verdict: string;
  worstTrouble: { key: TroubleKey; label: string; major: boolean } | null;
  troubles: { key: TroubleKey; label: string; major: boolean }[];
  timeout: TimeoutForecast;
  /** Every way the prayer can go, with its probability. */
  cases: PrayerCase[];
  /** Repugnant to a demon: no prayer happens at all. */
  refused: string | null;
  /** With a good prayer: what gets fixed and how likely. */
  fixes: Fix[];
  hunger: { fixedProbability: number; setsTo: 900; note: string } | null;
  /** Probability of a boon ("pat on head") and its distribution. */
  boon: { probability: number; choices: { what: string; probability: number }[] } | null;
  /** The new timeout law after a good prayer. */
  newTimeout: { mean: number; min: number; max: number; median: number; p90: number; p99: number; rule: string };
  /** What an angry god does (p_type 0 or 1, or in Gehennom), when that can happen. */
  anger: AngerOutcome | null;
  /** In Gehennom: P(the god gets angry) = 1 if alignment <= 0, else P(rnl(alignment) != 0). */
  gehennomAngerChance: number | null;
  notes: string[];
  citations: Citation[];
}

// ---------------------------------------------------------------------------------------------
// Phase 1: troubles

function collectTroubles(input: PrayerInput, level: number): TroubleKey[] {
  const v = input.version;
  const set = new Set<TroubleKey>(input.troubles ?? []);
  if (input.nutrition !== undefined) {
    const s = statusFor(input.nutrition);
    if (s === 'Weak' || s === 'Fainting') set.add('weak');
    else if (s === 'Hungry') set.add('hungry');
  }
  if (input.hp !== undefined && input.maxHp !== undefined && isLowHp(v, input.hp, input.maxHp, level))
    set.add('low-hp');
  return troublesFor(v)
    .filter((t) => set.has(t.key))
    .map((t) => t.key);
}

// ---------------------------------------------------------------------------------------------
// Phase 2: the timeout source

function sourceOf(input: PrayerInput, turn: number, level: number): TimeoutSource {
  if (input.prayerTimeout !== undefined) return { kind: 'known', value: input.prayerTimeout, atTurn: turn };
  if (input.turnsSincePrayer !== undefined) {
    // The timeout is set when the prayer ends, 3 hero moves after #pray (nomul(-3)); at normal speed
    // that is 3 turns later. A fast hero finishes earlier, so this errs on the safe side.
    const prayedAt = turn - input.turnsSincePrayer;
    return {
      kind: 'success',
      atTurn: prayedAt + 3,
      experienceLevel: level,
      demigod: !!input.demigod,
      crowned: !!input.crowned,
    };
  }
  return { kind: 'start' };
}

// ---------------------------------------------------------------------------------------------
// Phase 3: p_type (can_pray())

interface Standing {
  alignmentUsed: number;
  naughty: string | null;
}

function standing(input: PrayerInput, luck: number, record: number, anger: number): Standing {
  const altar = input.altar ?? 'none';
  // can_pray(): opposite altar -record; other (cross-aligned or unaligned) record / 2; else record.
  const alignmentUsed =
    altar === 'opposite' ? -record : altar === 'cross-aligned' || altar === 'moloch' ? Math.trunc(record / 2) : record;
  const why: string[] = [];
  if (luck < 0) why.push(`Luck ${luck} is negative`);
  if (anger > 0) why.push(`your god is angry (anger ${anger})`);
  if (alignmentUsed < 0) why.push(`alignment ${alignmentUsed} is negative`);
  return { alignmentUsed, naughty: why.length ? why.join(', ') : null };
}

// ---------------------------------------------------------------------------------------------
// Phase 4: what a pleased god does (pleased())

interface ActionLaw {
  /** P(action = a) for a = 0..5 (after min(action, 5)). */
  p: number[];
  /** The same as weights over `total` (whole draws when action is uniform), for exact sums. */
  weights: number[];
  total: number;
  rule: string;
}

function actionLaw(input: PrayerInput, luck: number, record: number): ActionLaw {
  const v = input.version;
  const altar = input.altar ?? 'none';
  const onAltar = altar !== 'none';
  const p = [0, 0, 0, 0, 0, 0];
  if (record < 4) {
    // STRIDENT: action = (record > 0 || !rnl(2)) ? 1 : 0
    const one = record > 0 ? 1 : rnlDistribution(2, luck, v)[0]!;
    p[1] = one;
    p[0] = 1 - one;
    return {
      p,
      weights: [...p],
      total: 1,
      rule: record > 0 ? 'alignment record 1-3: action 1' : 'alignment record 0: action 1 if rnl(2) is 0, else 0',
    };
  }
  // 3.6.7 / 5.0: prayer_luck = max(Luck, -1); 3.4.3 uses Luck. action = rn1(luck + (altar ? 3 + shrine : 2), 1)
  const pl = v === '3.4.3' ? luck : Math.max(luck, -1);
  const n = pl + (onAltar ? 3 + (input.shrine ? 1 : 0) : 2);
  // Count the draws per capped action, then divide once: a sum of n terms 1/n need not be 1.
  for (let a = 1; a <= n; a++) {
    const capped = Math.min(onAltar ? a : Math.min(a, 3), 5);
    p[capped]! += 1;
  }
  const weights = [...p];
  for (let a = 0; a < p.length; a++) p[a] = p[a]! / n;
  const rule = `action uniform on 1..${n}${onAltar ? '' : ', at most 3 off an altar'}, at most 5`;
  return { p, weights, total: n, rule };
}

/** Which troubles an action fixes: 5/4 all, 3 worst + all major, 2 all major, 1 worst if major. */
function fixedBy(action: number, troubles: TroubleInfo[]): Set<TroubleKey> {
  const out = new Set<TroubleKey>();
  const worst = troubles[0];
  if (action >= 4)
    troubles.forEach((t) => {
      out.add(t.key);
    });
  else if (action >= 2)
    troubles
      .filter((t) => t.major)
      .forEach((t) => {
        out.add(t.key);
      });
  if ((action === 3 && worst) || (action === 1 && worst?.major)) out.add(worst!.key);
  return out;
}

const BOONS = [
  'nothing more',
  'your weapon is uncursed, blessed or repaired',
  'golden glow: lost level or +5 max HP, HP full, Str restored, nutrition 900 if below 900, Luck at least 0',
  'a castle tune hint (or the golden glow once both hints are given)',
  'uncurses your inventory',
  'a gift: telepathy, else speed, else stealth, else protection',
  'a spellbook',
  'crowning if alignment >= 20 and not crowned, else a spellbook',
  'crowning if alignment >= 20 and not crowned, else a spellbook',
];

function boonLaw(luck: number): { what: string; probability: number }[] {
  const m = (luck + 6) >> 1; // rn2((Luck + 6) >> 1)
  return Array.from({ length: m }, (_, i) => ({ what: BOONS[Math.min(i, 8)]!, probability: 1 / m }));
}

// ---------------------------------------------------------------------------------------------
// Phase 5: an angry god (angrygods())

export function angerOutcome(
  version: NethackVersion,
  luck: number,
  record: number,
  godAnger: number,
  ownGod: boolean,
): AngerOutcome {
  const sgnDiv = (a: number, b: number) => Math.trunc(a / b);
  let max = ownGod
    ? 3 * godAnger + (luck > 0 || record >= 4 ? -sgnDiv(luck, 3) : -luck)
    : sgnDiv(record, 2) + (luck > 0 ? -sgnDiv(luck, 3) : -luck);
  max = Math.min(15, Math.max(1, max));
  const cases = [
    'nothing but "You feel that your god is displeased."',
    'nothing but "You feel that your god is displeased."',
    'lose 1 Wisdom and an experience level',
    'lose 1 Wisdom and an experience level',
    version === '5.0'
      ? 'a black glow: half the time an intrinsic is lost, else items are cursed'
      : 'a black glow curses some of your items',
    version === '5.0'
      ? 'a black glow: half the time an intrinsic is lost, else items are cursed'
      : 'a black glow curses some of your items',
    'punished with a ball and chain (if already punished: items cursed)',
    'a hostile minion of your god is summoned',
    'a hostile minion of your god is summoned',
  ];
  const tally = new Map<string, number>();
  for (let r = 0; r < max; r++) {
    const what =
      r < cases.length
        ? cases[r]!
        : 'lightning bolt (death unless reflecting or shock resistant) then a disintegration beam (death unless disintegration resistant)';
    tally.set(what, (tally.get(what) ?? 0) + 1 / max);
  }
  return {
    maxAnger: max,
    luckUsed: luck,
    godAngerUsed: godAnger,
    outcomes: [...tally].map(([what, probability]) => ({ what, probability })),
  };
}

// ---------------------------------------------------------------------------------------------
// The whole answer

export function prayerSafety(input: PrayerInput): PrayerResult {
  const v = input.version;
  const level = input.experienceLevel ?? 1;
  const luck = input.luck ?? 0;
  const record = input.alignmentRecord ?? 10;
  const anger = input.godAnger ?? 0;
  const turn = input.turn ?? Math.max(1, (input.turnsSincePrayer ?? 0) + 4);
  const altar = input.altar ?? 'none';
  const alignment = input.alignment ?? 'neutral';
  const notes: string[] = [];
  const citations: Citation[] = [
    pe(v, 'inTrouble', 'trouble order: the first found is the worst'),
    pe(v, 'canPray', 'timeout limits 200 / 100 / 0'),
  ];

  const keys = collectTroubles(input, level);
  const infos = keys.map(troubleInfo);
  const worst = infos[0] ?? null;
  const limit = worst ? (worst.major ? 200 : 100) : 0;

  const src = sourceOf(input, turn, level);
  const now = input.timeoutNow ?? timeoutAt(v, src, turn);
  citations.push(pe(v, 'decrement', 'timeout - 1 every turn'));
  if (!input.timeoutNow && src.kind === 'start') citations.push(pe(v, 'startTimeout', '300 at the start'));
  if (!input.timeoutNow && src.kind === 'success')
    citations.push(
      pe(v, 'newTimeout', 'rnz(350) after a good prayer'),
      pe(v, 'rnz'),
      pe(v, 'rne', 'rne(4) capped by level'),
    );
  const timeOk = now.atMost(limit);
  const [turn50, turn90, turn99] = [now.turnFor(limit, 1, 2), now.turnFor(limit, 9, 10), now.turnFor(limit, 99, 100)];
  const timeout: TimeoutForecast = {
    now: timeOk,
    turn50,
    turn90,
    turn99,
    in50: turn50 - turn,
    in90: turn90 - turn,
    in99: turn99 - turn,
    turn,
    limit,
    timeoutKnown: now.value,
  };

  const st = standing(input, luck, record, anger);
  const refused =
    input.demonForm && demonRefuses(v, altar, alignment)
      ? 'The very idea of praying to that god is repugnant to you (demon form): no prayer happens.'
      : null;
  if (input.demonForm) citations.push(pe(v, 'demonRepugnant'));

  const cases = prayerCases(input, timeOk, st, alignment, refused);
  const safe = safeExact(cases, !!input.inGehennom);
  citations.push(
    pe(v, 'naughty', 'Luck < 0, anger or alignment < 0 fail'),
    pe(v, 'invulnerable', 'good prayer: invulnerable 3 turns'),
  );
  if (input.undeadForm) citations.push(pe(v, 'undeadPrayer'));
  if (altar !== 'none') citations.push(pe(v, 'crossAltar'));
  if (input.inGehennom) citations.push(pe(v, 'inGehennom', "Gehennom: your god can't help"));

  // pleased()
  const pleasedPossible = cases.some((c) => c.pType === 3) && !input.inGehennom;
  const { fixes, hunger, boon } = pleasedPossible
    ? pleasedEffects(input, infos, luck, record, citations)
    : { fixes: [], hunger: null, boon: null };

  const law = successLaw(v, level, !!input.demigod, !!input.crowned, turn);
  citations.push(pe(v, 'newTimeout'), pe(v, 'kickOnButt', 'demigod / crowned: + rnz(1000) each'));
  if (v === '5.0' && turn > 100000) citations.push(pe(v, 'lateGame', 'after turn 100,000'));
  const newTimeout = {
    mean: law.mean(),
    min: law.min,
    max: law.max,
    median: law.quantile(1, 2),
    p90: law.quantile(9, 10),
    p99: law.quantile(99, 100),
    rule: timeoutRule(v, input, turn),
  };

  const angerPossible = cases.some((c) => c.pType === 0 || c.pType === 1) || !!input.inGehennom;
  let angerOut: AngerOutcome | null = null;
  if (angerPossible) {
    const tooSoon = cases.some((c) => c.pType === 0);
    // too soon: change_luck(-3) then gods_upset(): anger + 1 before angrygods()
    angerOut = input.inGehennom
      ? angerOutcome(v, luck, record, anger, false)
      : tooSoon
        ? angerOutcome(v, Math.max(-13, luck - 3), record, anger + 1, true)
        : angerOutcome(v, luck, record, anger, true);
    citations.push(
      pe(v, 'angrygods'),
      pe(v, 'maxanger'),
      pe(v, 'angryTimeout', v === '5.0' ? 'timeout = max(old, rnz(300))' : 'timeout = rnz(300)'),
    );
    if (tooSoon) citations.push(pe(v, 'tooSoon', 'too soon: Luck - 3, anger + 1'), pe(v, 'godsUpset'));
  }
  if (input.amulet)
    notes.push(
      'Carrying the Amulet: pray.c never checks it; it only makes Luck time out every 300 turns instead of 600 (timeout.c).',
    );
  if (!input.timeoutNow && src.kind === 'success')
    notes.push(
      'Turns since the prayer are counted from #pray; the timeout is set 3 hero moves later, when the prayer ends.',
    );
  if (v !== '5.0' && cases.some((c) => c.pType === 0))
    notes.push('Praying too soon adds rnz(250) to the timeout, but angrygods() then overwrites it with rnz(300).');
  if (v === '5.0' && cases.some((c) => c.pType === 0))
    notes.push('5.0: praying too soon adds rnz(250), then angrygods() keeps the larger of that and rnz(300).');

  const verdict = verdictText(safe.probability, worst, timeout, refused, input, st);
  return {
    game: 'nethack',
    version: v,
    safe,
    verdict,
    worstTrouble: worst ? { key: worst.key, label: worst.label, major: worst.major } : null,
    troubles: infos.map((t) => ({ key: t.key, label: t.label, major: t.major })),
    timeout,
    cases,
    refused,
    fixes,
    hunger,
    boon,
    newTimeout,
    anger: angerOut,
    gehennomAngerChance: input.inGehennom ? gehennomAnger(v, luck, record) : null,
    notes,
    citations,
  };
}

/** 3.x: a demon form can pray only to a chaotic god; 5.0's test (lawful || not neutral) leaves only neutral. */
/** prayer_done() in Gehennom: angrygods() if (record <= 0 || rnl(record)). */
function gehennomAnger(v: NethackVersion, luck: number, record: number): number {
  return record <= 0 ? 1 : 1 - rnlDistribution(record, luck, v)[0]!;
}

/** 3.x: a demon form can pray only to a chaotic god; 5.0's test (lawful || not neutral) leaves only neutral. */
function demonRefuses(v: NethackVersion, altar: AltarKind, alignment: Alignment): boolean {
  const target = godOf(altar, alignment);
  if (v === '5.0') return target === 'lawful' || target !== 'neutral';
  return target !== 'chaotic';
}

function godOf(altar: AltarKind, alignment: Alignment): Alignment | 'none' | 'other' {
  if (altar === 'none' || altar === 'coaligned') return alignment;
  if (altar === 'moloch') return 'none';
  if (altar === 'opposite') return alignment === 'lawful' ? 'chaotic' : alignment === 'chaotic' ? 'lawful' : 'other';
  return 'other';
}

function prayerCases(
  input: PrayerInput,
  timeOk: ExactProbability,
  st: Standing,
  alignment: Alignment,
  refused: string | null,
): PrayerCase[] {
  if (refused) return [];
  const v = input.version;
  const altar = input.altar ?? 'none';
  const one = exact(1n, 1n);
  const out: PrayerCase[] = [];
  if (v === '5.0' && altar === 'moloch') {
    out.push({
      pType: -2,
      probability: one,
      summary: input.inGehennom
        ? 'Diabolical laughter, alignment -2, then the Gehennom result.'
        : 'Diabolical laughter, alignment -2; nothing else happens.',
    });
    return out;
  }
  const good: PrayerType = altar === 'cross-aligned' || altar === 'opposite' || altar === 'moloch' ? 2 : 3;
  const tooSoon = exact(BigInt(timeOk.denominator) - BigInt(timeOk.numerator), BigInt(timeOk.denominator));
  const base: { pType: PrayerType; p: ExactProbability }[] = [];
  if (tooSoon.probability > 0) base.push({ pType: 0, p: tooSoon });
  if (timeOk.probability > 0) base.push({ pType: st.naughty ? 1 : good, p: timeOk });
  // undead form, not in Gehennom: lawful god always, neutral god 1 time in 10 -> p_type -1
  const target = godOf(altar, alignment);
  const undeadP =
    input.undeadForm && !input.inGehennom ? (target === 'lawful' ? 1 : target === 'neutral' ? 0.1 : 0) : 0;
  for (const b of base) {
    const keep = b.p.probability * (1 - undeadP);
    if (keep > 0)
      out.push({ pType: b.pType, probability: scale(b.p, 1 - undeadP), summary: caseSummary(b.pType, input, st) });
  }
  if (undeadP > 0)
    out.push({
      pType: -1,
      probability: exact(undeadP === 1 ? 1n : 1n, undeadP === 1 ? 1n : 10n),
      summary: caseSummary(-1, input, st),
    });
  return out;
}

function scale(p: ExactProbability, f: number): ExactProbability {
  if (f === 1) return p;
  // f is 0.9 (neutral god, undead form): multiply by 9/10 exactly
  return exact(BigInt(p.numerator) * 9n, BigInt(p.denominator) * 10n);
}

function safeExact(cases: PrayerCase[], inGehennom: boolean): ExactProbability {
  const c = cases.find((x) => x.pType === 3);
  return c && !inGehennom ? c.probability : exact(0n, 1n);
}

function caseSummary(t: PrayerType, input: PrayerInput, st: Standing): string {
  if (input.inGehennom && t !== -2)
    return "In Gehennom your god can't help you; an angry god strikes unless your alignment is positive and rnl(alignment) comes up 0.";
  switch (t) {
    case -1:
      return 'Undead form: "Vile creature" — you return to your normal form and lose 1d20 HP.';
    case 0:
      return 'Too soon: Luck -3, god anger +1, and the angry god acts.';
    case 1:
      return `Naughty (${st.naughty}): the angry god acts.`;
    case 2:
      return input.waterOnAltar
        ? 'Cross-aligned altar with water on it: treated like praying too soon.'
        : 'Cross-aligned altar: "You feel that the god is pleased" but nothing is fixed, alignment -1, the timeout is unchanged.';
    case 3:
      return 'Good prayer: you are surrounded by a shimmering light (invulnerable while praying) and your god fixes troubles.';
    default:
      return '';
  }
}

function pleasedEffects(input: PrayerInput, infos: TroubleInfo[], luck: number, record: number, citations: Citation[]) {
  const v = input.version;
  citations.push(pe(v, 'pleased'), pe(v, 'action', 'which troubles get fixed'), pe(v, 'strident', 'alignment below 4'));
  const fixes: Fix[] = [];
  let boon: PrayerResult['boon'] = null;
  let patProbability = 0;
  if (infos.length === 0 && record >= 14) {
    patProbability = 1; // no trouble and DEVOUT: always a boon
  } else {
    const law = actionLaw(input, luck, record);
    for (const t of infos) {
      let w = 0;
      for (let a = 0; a <= 5; a++) if (fixedBy(a, infos).has(t.key)) w += law.weights[a]!;
      const p = w / law.total;
      fixes.push({ trouble: t.key, label: t.label, probability: p, what: t.fix });
    }
    patProbability = law.p[5]!;
  }
  if (patProbability > 0) {
    boon = { probability: patProbability, choices: boonLaw(luck) };
    citations.push(pe(v, 'patOnHead'), pe(v, 'goldenGlow', 'golden glow: nutrition 900 if below'));
  }
  const hungerFix = fixes.find((f) => f.trouble === 'weak' || f.trouble === 'hungry');
  const glow = boon
    ? boon.probability *
      boon.choices
        .filter((c) => c.what.startsWith('golden glow') || c.what.startsWith('a castle'))
        .reduce((s, c) => s + c.probability, 0)
    : 0;
  const hunger = hungerFix
    ? {
        fixedProbability: hungerFix.probability,
        setsTo: 900 as const,
        note:
          hungerFix.trouble === 'weak'
            ? 'Weak is major trouble: fixed whenever the worst trouble is fixed or all major ones are.'
            : 'Hungry is minor trouble: fixed only by action 3 when it is the worst trouble, or by action 4 and 5 (altar only).',
      }
    : null;
  if (hungerFix)
    citations.push(
      pe(v, hungerFix.trouble === 'weak' ? 'starving' : 'hungry'),
      pe(v, 'fixHunger', 'init_uhunger(): 900'),
    );
  if (!hungerFix && glow > 0) citations.push(pe(v, 'goldenGlow'));
  return { fixes, hunger, boon };
}

function timeoutRule(v: NethackVersion, input: PrayerInput, turn: number): string {
  const kick = (input.demigod ? 1 : 0) + (input.crowned ? 1 : 0);
  const parts = ['rnz(350)'];
  if (kick) parts.push(`${kick === 2 ? '2 x ' : ''}rnz(1000)`);
  let s = parts.join(' + ');
  if (v === '5.0' && turn > 100000)
    s += ` + ${Math.trunc((turn - 100000) / 100)} (5.0, after turn 100,000), at most 32767`;
  const level = input.experienceLevel ?? 1;
  return `${s}; rne(4) capped at ${level < 15 ? 5 : Math.trunc(level / 3)} for experience level ${level}`;
}

function verdictText(
  p: number,
  worst: TroubleInfo | null,
  t: TimeoutForecast,
  refused: string | null,
  input: PrayerInput,
  st: Standing,
): string {
  if (refused) return 'Safe to pray: no (you cannot pray in this form)';
  if (input.inGehennom) return "Safe to pray: no (in Gehennom your god can't help)";
  if (p === 1) return 'Safe to pray: yes';
  if (p === 0) {
    if (st.naughty) return `Safe to pray: no (${st.naughty})`;
    if (input.undeadForm) return 'Safe to pray: no (undead form)';
    if (input.altar && input.altar !== 'none' && input.altar !== 'coaligned')
      return "Safe to pray: no (another god's altar)";
    if (t.now.probability === 0 || t.timeoutKnown !== null)
      return `Safe to pray: no${t.now.probability === 0 ? ` (timeout over ${t.limit}${worst ? ` for ${worst.major ? 'major' : 'minor'} trouble` : ''})` : ''}`;
    return 'Safe to pray: no';
  }
  return `Safe to pray: ${percent(p)}`;
}

export function percent(p: number): string {
  if (p === 0 || p === 1) return `${p * 100} %`;
  const s = (p * 100).toPrecision(3);
  return `${p < 0.001 ? '< 0.1' : p > 0.999 ? '> 99.9' : Number(s).toString()} %`;
}

// ---------------------------------------------------------------------------------------------
// For /hero pray: the outlook from a hero's prayer history

export interface PrayerHistory {
  version: NethackVersion;
  currentTurn: number;
  /** How the timeout was last set; omit when the hero never prayed. */
  source?: TimeoutSource;
  luck?: number;
  alignmentRecord?: number;
  godAnger?: number;
  troubles?: TroubleKey[];
  nutrition?: number;
}

export interface PrayerOutlook {
  /** P(prayer is safe now), exact. */
  safeNow: ExactProbability;
  /** Game turns from which the timeout is low enough with 50 / 90 / 99 % (the other conditions as now). */
  turn50: number;
  turn90: number;
  turn99: number;
  limit: number;
  /** Luck, anger or alignment make it unsafe whatever the timeout. */
  blockedBy: string | null;
  citations: Citation[];
}

/** What /hero show needs: "safe to pray for hunger: 87 % now, 99 % from turn 4,310". */
export function prayerOutlook(h: PrayerHistory): PrayerOutlook {
  const v = h.version;
  const src = h.source ?? { kind: 'start' };
  const input: PrayerInput = {
    version: v,
    luck: h.luck,
    alignmentRecord: h.alignmentRecord,
    godAnger: h.godAnger,
    troubles: h.troubles,
    nutrition: h.nutrition,
  };
  const keys = collectTroubles(input, 1);
  const worst = keys.length ? troubleInfo(keys[0]!) : null;
  const limit = worst ? (worst.major ? 200 : 100) : 0;
  const now = timeoutAt(v, src, h.currentTurn);
  const st = standing(input, h.luck ?? 0, h.alignmentRecord ?? 10, h.godAnger ?? 0);
  const ok = now.atMost(limit);
  return {
    safeNow: st.naughty ? exact(0n, 1n) : ok,
    turn50: now.turnFor(limit, 1, 2),
    turn90: now.turnFor(limit, 9, 10),
    turn99: now.turnFor(limit, 99, 100),
    limit,
    blockedBy: st.naughty,
    citations: [pe(v, 'canPray'), pe(v, 'decrement'), pe(v, 'newTimeout'), pe(v, 'rnz')],
  };
}
