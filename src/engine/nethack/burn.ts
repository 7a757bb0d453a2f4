// Per-turn nutrition burn: src/eat.c gethungry(), exactly, for 3.6.7, 3.4.3 and 5.0.
//
// Turn convention (used by every function in this engine): `moves` is the game's turn counter
// (src/allmain.c moveloop(): `moves` starts at 1 and is incremented once per game turn).
// moveloop() ends a turn with `moves++` and the once-per-turn block, which calls gethungry() with
// the new moves (3.6.7 src/allmain.c:173, 281; 3.4.3 allmain.c:132, 259; 5.0 moveloop_core()
// 244, 354) and counts down a helpless hero (++multi); only then does the hero act, with that
// same moves (rhack(): 3.6.7 allmain.c:431-435; 3.4.3 402-408; 5.0 530-536). So "now = T" is the
// prompt of turn T: its turn call has run; the hero's next action, and each of its melee attacks
// (src/uhitm.c attack() -> src/hack.c overexertion() -> gethungry(); 3.4.3 src/hack.c domove()),
// calls gethungry() with moves = T, before the turn call of T + 1 = burnOnTurn(profile, T + 1).
import type { Citation, NethackVersion } from '../cite.ts';
import { resolveName } from '../../names.ts';
import { RINGS } from './data.ts';
import { cite } from './sources.ts';

export const ENCUMBRANCES = ['Unencumbered', 'Burdened', 'Stressed', 'Strained', 'Overtaxed', 'Overloaded'] as const;
export type Encumbrance = (typeof ENCUMBRANCES)[number];

export const REGENERATION_SOURCES = ['none', 'ring', 'intrinsic', 'artifact', 'form'] as const;
export type RegenerationSource = (typeof REGENERATION_SOURCES)[number];
export const CONFLICT_SOURCES = ['none', 'ring', 'artifact'] as const;
export type ConflictSource = (typeof CONFLICT_SOURCES)[number];

/** A worn ring. `type` is the objects.c name ("regeneration", "protection") or "meat ring" or "any". */
export interface WornRing {
  type: string;
  /** spe; only matters for chargeable rings. */
  enchantment: number;
  /** oc_charged (chargeable: adornment, gain str/con, increase acc/dam, protection). */
  chargeable: boolean;
  /** oc_oprop name, e.g. "REGENERATION", "HUNGER", "SLOW_DIGESTION", "CONFLICT". */
  property: string | null;
  /** How players name it, e.g. "ring of protection +2". */
  label: string;
}

export interface BurnProfile {
  version: NethackVersion;
  leftRing: WornRing | null;
  rightRing: WornRing | null;
  /** An amulet is worn (uamul). */
  amulet: boolean;
  /** The worn amulet is the cheap plastic imitation (free in 5.0). */
  amuletIsFake?: boolean;
  /** The real Amulet of Yendor is carried, worn or not (u.uhave.amulet). */
  yendor: boolean;
  /** Regeneration not from a worn ring (rings imply their own property). */
  regeneration: RegenerationSource;
  conflict: ConflictSource;
  /** The Hunger property from something other than a worn ring of hunger. */
  hunger: boolean;
  /** Slow_digestion from something other than a worn ring (5.0: white dragon armor). */
  slowDigestion: boolean;
  encumbrance: Encumbrance;
  /** Polymorphed into a form that is neither carnivore, herbivore nor metallivore. */
  inediate: boolean;
  /** Asleep or otherwise Unaware for the whole stretch (base burn only 1 turn in 10). */
  unaware: boolean;
  /** Praying with the shimmering light (u.uinvulnerable): nothing burns. */
  invulnerable?: boolean;
  /** 5.0: another extrinsic Protection source (cloak of protection, amulet of guarding). */
  otherProtection?: boolean;
}

export function defaultProfile(version: NethackVersion = '3.6.7'): BurnProfile {
  return {
    version,
    leftRing: null,
    rightRing: null,
    amulet: false,
    yendor: false,
    regeneration: 'none',
    conflict: 'none',
    hunger: false,
    slowDigestion: false,
    encumbrance: 'Unencumbered',
    inediate: false,
    unaware: false,
  };
}

// ---------------------------------------------------------------------------------------------
// Rings

const RING_BY_TYPE = new Map(RINGS.map((r) => [r.name, r]));

/** Every ring type from objects.c, plus the meat ring and a generic "costs nutrition" ring. */
export function ringTypes(): string[] {
  return [...RING_BY_TYPE.keys(), 'meat ring'];
}

/**
 * Parse "ring of protection +2", "regeneration", "+1 ring of gain strength", "meat ring",
 * "any ring that costs nutrition". Returns null for an unknown ring name.
 */
export function parseRing(text: string): WornRing | null {
  const split = splitRingText(text);
  if (!split) return null;
  if (split.special) return split.special;
  const r = RING_BY_TYPE.get(split.name.replace(/^ring of /, '').replace(/ ring$/, ''));
  return r ? wornRing(r, split.spe) : null;
}

/** The typed text without articles and BUC words, its enchantment apart; or the two special rings. */
function splitRingText(text: string): { name: string; spe: number | undefined; special?: WornRing } | null {
  let t = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!t || t === 'none') return null;
  let spe: number | undefined;
  const m = t.match(/(^|\s)([+-]\d+)(\s|$)/);
  if (m) {
    spe = Number(m[2]);
    t = (t.slice(0, m.index) + ' ' + t.slice((m.index ?? 0) + m[0].length)).trim().replace(/\s+/g, ' ');
  }
  t = t.replace(/^(an? |the |worn |uncursed |cursed |blessed )+/, '').trim();
  if (/^any\b/.test(t) || /costs? nutrition/.test(t) || /hungry ring/.test(t)) {
    return {
      name: t,
      spe,
      special: {
        type: 'any',
        enchantment: spe ?? 0,
        chargeable: false,
        property: null,
        label: 'a ring that costs nutrition',
      },
    };
  }
  if (t === 'meat ring')
    return {
      name: t,
      spe,
      special: { type: 'meat ring', enchantment: 0, chargeable: false, property: null, label: 'meat ring' },
    };
  return { name: t, spe };
}

function wornRing(r: (typeof RINGS)[number], spe: number | undefined): WornRing {
  const enchantment = r.charged ? (spe ?? 0) : 0;
  const label = `ring of ${r.name}${r.charged ? ` ${enchantment >= 0 ? '+' : ''}${enchantment}` : ''}`;
  return { type: r.name, enchantment, chargeable: r.charged, property: r.property, label };
}

const RING_NAMES = [
  ...RINGS.map((r) => ({
    name: `ring of ${r.name}`,
    aliases: [r.name, `${r.name} ring`],
    ring: r as (typeof RINGS)[number] | null,
  })),
  { name: 'meat ring', aliases: [] as string[], ring: null },
];

/**
 * A ring as the user typed it, through the one name resolver: "ring of regen" and
 * "regeneration" both read as ring of regeneration; ambiguous or unknown names throw.
 */
export function resolveRing(text: string): WornRing | null {
  const split = splitRingText(text);
  if (!split) return null;
  if (split.special) return split.special;
  const hit = resolveName(split.name, RING_NAMES, 'ring', {
    code: 'unknown_ring',
    hint: 'Pick a ring from the autocomplete list; add +N for charged rings.',
  });
  return hit.ring ? wornRing(hit.ring, split.spe) : parseRing('meat ring');
}

const hasRing = (p: BurnProfile, prop: string) => p.leftRing?.property === prop || p.rightRing?.property === prop;

/**
 * Does the ring on this hand burn on its 20-turn slot?
 * 3.6.7/3.4.3: `uleft->spe || !objects[uleft->otyp].oc_charged` (the meat ring is FOOD_CLASS with
 * oc_charged 0, so it counts). 5.0: meat ring never; a +0 ring of protection counts when it is the
 * only extrinsic Protection (left hand: also when the only other source is a +0 one on the right).
 */
export function ringCounts(p: BurnProfile, hand: 'left' | 'right'): boolean {
  const ring = hand === 'left' ? p.leftRing : p.rightRing;
  const other = hand === 'left' ? p.rightRing : p.leftRing;
  if (!ring) return false;
  if (p.version !== '5.0') return ring.enchantment !== 0 || !ring.chargeable;
  if (ring.type === 'meat ring') return false;
  if (ring.enchantment !== 0 || !ring.chargeable) return true;
  if (ring.type !== 'protection') return false;
  const otherIsProtection = other?.type === 'protection';
  if (p.otherProtection) return false;
  if (!otherIsProtection) return true;
  // Both hands wear rings of protection: only the left +0 one counts, and only if the right is +0 too.
  return hand === 'left' && other.enchantment === 0;
}

// ---------------------------------------------------------------------------------------------
// The pieces of one gethungry() call

export type BurnSourceId =
  | 'base'
  | 'regeneration'
  | 'encumbrance'
  | 'hunger'
  | 'conflict'
  | 'leftRing'
  | 'amulet'
  | 'rightRing'
  | 'yendor'
  | 'slowDigestionArmor';

export interface BurnFlags {
  /** Base −1 per call: the form eats and there is no Slow_digestion (1 in 10 while Unaware). */
  base: 0 | 1;
  regeneration: 0 | 1;
  encumbrance: 0 | 1;
  hunger: 0 | 1;
  conflict: 0 | 1;
  leftRing: 0 | 1;
  amulet: 0 | 1;
  rightRing: 0 | 1;
  yendor: 0 | 1;
  /** 5.0 case 0: Slow_digestion without a worn ring of slow digestion. */
  slowDigestionArmor: 0 | 1;
}

const b = (x: boolean): 0 | 1 => (x ? 1 : 0);
const encIndex = (e: Encumbrance) => ENCUMBRANCES.indexOf(e);

export function slowDigestionActive(p: BurnProfile): boolean {
  return p.slowDigestion || hasRing(p, 'SLOW_DIGESTION');
}

/** Which charges apply to this hero; the turn decides when (see tickOnTurn). */
export function burnFlags(p: BurnProfile): BurnFlags {
  const v = p.version;
  const ringRegen = hasRing(p, 'REGENERATION') || p.regeneration === 'ring';
  // 3.6.7/5.0: (HRegeneration & ~FROMFORM) || (ERegeneration & ~(W_ARTI | W_WEP)).
  // 3.4.3 (src/eat.c:2137): HRegeneration || E not only from a carried/wielded artifact. A
  // regenerating polymorph form is free there too: 3.4.3 has no FROMFORM bit, the form only enters
  // the Regeneration macro via regenerates(youmonst.data) (include/youprop.h:295), never
  // HRegeneration (set only by eating a ring, src/eat.c eataccessory()).
  const regen = ringRegen || p.regeneration === 'intrinsic';
  const conflict = hasRing(p, 'CONFLICT') || p.conflict === 'ring'; // HConflict || (EConflict & ~W_ARTI)
  const hunger = p.hunger || hasRing(p, 'HUNGER');
  const slow = slowDigestionActive(p);
  const ringSlow = hasRing(p, 'SLOW_DIGESTION');
  return {
    base: b(!p.inediate && !slow),
    regeneration: b(regen),
    encumbrance: b(encIndex(p.encumbrance) >= encIndex('Stressed')), // near_capacity() > SLT_ENCUMBER
    hunger: b(hunger),
    conflict: b(conflict),
    leftRing: b(ringCounts(p, 'left')),
    amulet: b(p.amulet && !(v === '5.0' && p.amuletIsFake)),
    rightRing: b(ringCounts(p, 'right')),
    yendor: b(p.yendor),
    slowDigestionArmor: b(v === '5.0' && slow && !ringSlow),
  };
}

/** Burn of one awake gethungry() call at `moves` in 3.6.7/3.4.3, by source (base included). */
export function tickParts(flags: BurnFlags, moves: number): Partial<Record<BurnSourceId, number>> {
  const parts: Partial<Record<BurnSourceId, number>> = {};
  if (flags.base) parts.base = 1;
  if (moves % 2 !== 0) {
    if (flags.regeneration) parts.regeneration = 1;
    if (flags.encumbrance) parts.encumbrance = 1;
  } else {
    if (flags.hunger) parts.hunger = 1;
    if (flags.conflict) parts.conflict = 1;
    const slot = moves % 20;
    if (slot === 4 && flags.leftRing) parts.leftRing = 1;
    if (slot === 8 && flags.amulet) parts.amulet = 1;
    if (slot === 12 && flags.rightRing) parts.rightRing = 1;
    if (slot === 16 && flags.yendor) parts.yendor = 1;
  }
  return parts;
}

const sum = (parts: Partial<Record<BurnSourceId, number>>) => Object.values(parts).reduce((a, x) => a + (x ?? 0), 0);

/** Awake burn of one call at `moves` (3.6.7/3.4.3). Non-negative integer. */
export function tickAt(flags: BurnFlags, moves: number): number {
  let n = flags.base;
  if (moves % 2 !== 0) n += flags.regeneration + flags.encumbrance;
  else {
    n += flags.hunger + flags.conflict;
    const slot = moves % 20;
    if (slot === 4) n += flags.leftRing;
    else if (slot === 8) n += flags.amulet;
    else if (slot === 12) n += flags.rightRing;
    else if (slot === 16) n += flags.yendor;
  }
  return n;
}

/** A small probability mass function over burn amounts: pmf[k] = P(burn = k). */
export type Pmf = number[];

function addTo(pmf: Pmf, k: number, p: number) {
  while (pmf.length <= k) pmf.push(0);
  pmf[k] = (pmf[k] ?? 0) + p;
}

/**
 * Distribution of the burn of one gethungry() call.
 * `unaware`: the hero is Unaware at that call (the base −1 happens with probability 1/10);
 * in 3.4.3 only sleep slows it (a fainted 3.4.3 hero is not asleep: pass unaware=false).
 * 3.6.7/3.4.3: the rest is fixed by `moves`. 5.0: accessorytime = rn2(20) per call.
 */
export function callPmf(profile: BurnProfile, flags: BurnFlags, moves: number, unaware: boolean): Pmf {
  if (profile.invulnerable) return [1];
  const pmf: Pmf = [];
  const baseCases: [number, number][] = flags.base
    ? unaware
      ? [
          [0, 0.9],
          [1, 0.1],
        ]
      : [[1, 1]]
    : [[0, 1]];
  if (profile.version !== '5.0') {
    const rest = tickAt(flags, moves) - flags.base;
    for (const [k, p] of baseCases) addTo(pmf, k + rest, p);
    return pmf;
  }
  const odd = flags.regeneration + flags.encumbrance;
  const even = flags.hunger + flags.conflict;
  for (let t = 0; t < 20; t++) {
    let x: number;
    if (t % 2 === 1) x = odd;
    else {
      x = even;
      if (t === 0) x += flags.slowDigestionArmor;
      else if (t === 4) x += flags.leftRing;
      else if (t === 8) x += flags.amulet;
      else if (t === 12) x += flags.rightRing;
      else if (t === 16) x += flags.yendor;
    }
    for (const [k, p] of baseCases) addTo(pmf, k + x, p / 20);
  }
  return pmf;
}

export function pmfMean(pmf: Pmf): number {
  return pmf.reduce((a, p, k) => a + k * p, 0);
}

// ---------------------------------------------------------------------------------------------
// Public per-turn API

export interface BurnBreakdownItem {
  source: BurnSourceId;
  label: string;
  amount: number;
}

export interface TurnBurn {
  version: NethackVersion;
  moves: number;
  /** True when the burn of this call is fixed (3.6.7/3.4.3, awake). */
  exact: boolean;
  /** Nutrition burned by one gethungry() call at `moves` (expected value when not exact). */
  total: number;
  breakdown: BurnBreakdownItem[];
  /** Exact distribution of the burn of this call (index = nutrition burned). */
  distribution: Pmf;
  citations: Citation[];
}

export const SOURCE_LABEL: Record<BurnSourceId, string> = {
  base: 'Base metabolism',
  regeneration: 'Regeneration',
  encumbrance: 'Stressed or worse',
  hunger: 'Hunger property',
  conflict: 'Conflict',
  leftRing: 'Left ring',
  amulet: 'Worn amulet',
  rightRing: 'Right ring',
  yendor: 'Carried Amulet of Yendor',
  slowDigestionArmor: 'Slow digestion armor',
};

/**
 * Exact nutrition burned by the gethungry() call at `moves` (one call: multiply by 1 + attacks
 * that turn in 3.6.7/3.4.3, where every call of a turn burns the same). 5.0 and Unaware heroes
 * get the expected breakdown and the exact distribution.
 */
export function burnOnTurn(profile: BurnProfile, moves: number): TurnBurn {
  const v = profile.version;
  const flags = burnFlags(profile);
  const citations = [cite(v, 'gethungry', 'per-turn burn')];
  const distribution = callPmf(profile, flags, moves, profile.unaware);
  if (profile.invulnerable) {
    return { version: v, moves, exact: true, total: 0, breakdown: [], distribution: [1], citations };
  }
  const exact = v !== '5.0' && !(profile.unaware && flags.base === 1);
  let breakdown: BurnBreakdownItem[];
  if (v !== '5.0') {
    const parts = tickParts(flags, moves);
    if (profile.unaware && parts.base) parts.base = 0.1;
    breakdown = (Object.entries(parts) as [BurnSourceId, number][]).map(([source, amount]) => ({
      source,
      label: SOURCE_LABEL[source],
      amount,
    }));
  } else {
    breakdown = expectedPer20(profile, flags).map((r) => ({ source: r.source, label: r.label, amount: r.per20 / 20 }));
  }
  return {
    version: v,
    moves,
    exact,
    total: exact ? sum(Object.fromEntries(breakdown.map((x) => [x.source, x.amount]))) : pmfMean(distribution),
    breakdown,
    distribution,
    citations,
  };
}

export interface SourceRow {
  source: BurnSourceId;
  label: string;
  /** Nutrition per 20 turns (one call per turn; expected value when random). */
  per20: number;
  /** When it is charged, in words. */
  when: string;
  citation: Citation;
}

/** Every burn source that applies, with its cost per 20 turns (exact in 3.6.7/3.4.3 when awake). */
export function expectedPer20(profile: BurnProfile, flags = burnFlags(profile)): SourceRow[] {
  const v = profile.version;
  const rows: SourceRow[] = [];
  if (profile.invulnerable) return rows;
  const random = v === '5.0';
  const slot = (n: number) => (random ? 'on 1 call in 20 (random)' : `when moves % 20 = ${n}`);
  if (flags.base)
    rows.push({
      source: 'base',
      label: SOURCE_LABEL.base,
      per20: profile.unaware ? 2 : 20,
      when: profile.unaware ? '1 turn in 10 while Unaware (random)' : 'every turn',
      citation: cite(v, 'baseBurn', 'base −1 unless Slow digestion or an inediate form'),
    });
  const oddWhen = random ? 'on odd draws of rn2(20) (1 call in 2)' : 'odd turns';
  const evenWhen = random ? 'on even draws of rn2(20) (1 call in 2)' : 'even turns';
  if (flags.regeneration)
    rows.push({
      source: 'regeneration',
      label: SOURCE_LABEL.regeneration,
      per20: 10,
      when: oddWhen,
      citation: cite(v, 'oddTurns', 'regeneration not from an artifact or form'),
    });
  if (flags.encumbrance)
    rows.push({
      source: 'encumbrance',
      label: `${profile.encumbrance} (Stressed or worse)`,
      per20: 10,
      when: oddWhen,
      citation: cite(v, 'oddTurns', 'near_capacity() > SLT_ENCUMBER'),
    });
  if (flags.hunger)
    rows.push({
      source: 'hunger',
      label: SOURCE_LABEL.hunger,
      per20: 10,
      when: evenWhen,
      citation: cite(v, 'evenTurns', 'Hunger'),
    });
  if (flags.conflict)
    rows.push({
      source: 'conflict',
      label: SOURCE_LABEL.conflict,
      per20: 10,
      when: evenWhen,
      citation: cite(v, 'evenTurns', 'Conflict not from an artifact'),
    });
  if (flags.slowDigestionArmor)
    rows.push({
      source: 'slowDigestionArmor',
      label: `${SOURCE_LABEL.slowDigestionArmor} (no ring of slow digestion worn)`,
      per20: 1,
      when: 'on 1 call in 20 (random, case 0)',
      citation: cite(v, 'accessoryTurns', 'case 0'),
    });
  if (flags.leftRing)
    rows.push({
      source: 'leftRing',
      label: `Left ring (${profile.leftRing?.label})`,
      per20: 1,
      when: slot(4),
      citation: cite(v, 'accessoryTurns', 'left ring'),
    });
  if (flags.amulet)
    rows.push({
      source: 'amulet',
      label: SOURCE_LABEL.amulet,
      per20: 1,
      when: slot(8),
      citation: cite(v, 'accessoryTurns', 'worn amulet'),
    });
  if (flags.rightRing)
    rows.push({
      source: 'rightRing',
      label: `Right ring (${profile.rightRing?.label})`,
      per20: 1,
      when: slot(12),
      citation: cite(v, 'accessoryTurns', 'right ring'),
    });
  if (flags.yendor)
    rows.push({
      source: 'yendor',
      label: SOURCE_LABEL.yendor,
      per20: 1,
      when: slot(16),
      citation: cite(v, 'accessoryTurns', 'u.uhave.amulet'),
    });
  return rows;
}

/** Can the hero make melee attacks (each one another gethungry() call)? */
export function canAttack(profile: BurnProfile): { ok: boolean; reason: string | null; citation: Citation } {
  const v = profile.version;
  if (profile.unaware) return { ok: false, reason: 'an Unaware hero does not act', citation: cite(v, 'helplessCount') };
  const e = encIndex(profile.encumbrance);
  if (v === '3.4.3') {
    // 3.4.3 domove(): gethungry() before attack(); only Overloaded heroes cannot move at all.
    if (e >= encIndex('Overloaded'))
      return { ok: false, reason: 'Overloaded heroes cannot move or attack', citation: cite(v, 'domoveMelee') };
    return { ok: true, reason: null, citation: cite(v, 'domoveMelee', 'melee gethungry() in domove()') };
  }
  // 3.6.7/5.0 attack(): check_capacity() (Overtaxed or worse) refuses before overexertion().
  if (e >= encIndex('Overtaxed'))
    return {
      ok: false,
      reason: 'Overtaxed or worse: "You cannot fight while so heavily loaded."',
      citation: cite(v, 'checkCapacity'),
    };
  return { ok: true, reason: null, citation: cite(v, 'overexertion', 'each attack calls gethungry() again') };
}

/** Ring names for autocomplete: each ring type (chargeable ones at +0 and +1), the meat ring and a generic one. */
export const RINGS_FOR_CHOICES: {
  name: string;
  base: string;
  label: string;
  aliases: string[];
  chargeable: boolean;
}[] = [
  {
    name: 'any ring that costs nutrition',
    base: 'any ring that costs nutrition',
    label: 'any ring that costs nutrition (1 per 20 turns)',
    aliases: ['hungry ring', 'ring that costs nutrition'],
    chargeable: false,
  },
  ...RINGS.flatMap((r) =>
    r.charged
      ? [
          {
            name: `ring of ${r.name} +1`,
            base: `ring of ${r.name}`,
            label: `ring of ${r.name} +1 (charged: 1 per 20 turns)`,
            aliases: [r.name],
            chargeable: true,
          },
          {
            name: `ring of ${r.name} +0`,
            base: `ring of ${r.name}`,
            label: `ring of ${r.name} +0 (free in 3.6.7)`,
            aliases: [],
            chargeable: true,
          },
        ]
      : [
          {
            name: `ring of ${r.name}`,
            base: `ring of ${r.name}`,
            label: `ring of ${r.name}`,
            aliases: [r.name],
            chargeable: false,
          },
        ],
  ),
  {
    name: 'meat ring',
    base: 'meat ring',
    label: 'meat ring (costs in 3.6.7, free in 5.0)',
    aliases: [],
    chargeable: false,
  },
];
