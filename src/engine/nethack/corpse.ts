// Is this corpse safe for this hero, and what will it do: src/eat.c eatcorpse() (taint, acid,
// poison, sickness, the rotten roll), cprefx() (first bite: cannibalism, stoning, pets, Riders,
// slime, cures) and cpostfx() (finishing it: special corpses and the intrinsic pick with
// givit()/should_givit()). Every chance is exact, computed from the die rolls in that code.
import { nethackCite, type Citation, type NethackVersion } from '../cite.ts';
import { pe } from './prayEatSources.ts';
import { G, M1, M2, MR, alternateNames, has, type CorpseMonster } from './corpseData.ts';

// ---------------------------------------------------------------------------------------------
// Exact small fractions

export interface Chance {
  probability: number;
  /** "n/d" in lowest terms. */
  fraction: string;
}

class Q {
  readonly n: number;
  readonly d: number;
  constructor(n: number, d = 1) {
    const g = gcd(Math.abs(n), Math.abs(d)) || 1;
    this.n = n / g;
    this.d = d / g;
  }
  add(o: Q) {
    return new Q(this.n * o.d + o.n * this.d, this.d * o.d);
  }
  mul(o: Q) {
    return new Q(this.n * o.n, this.d * o.d);
  }
  sub(o: Q) {
    return this.add(new Q(-o.n, o.d));
  }
  get zero() {
    return this.n === 0;
  }
  get one() {
    return this.n === this.d;
  }
  chance(): Chance {
    return { probability: this.n / this.d, fraction: `${this.n}/${this.d}` };
  }
}
function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}
const ZERO = new Q(0);
const ONE = new Q(1);

// ---------------------------------------------------------------------------------------------
// Input

export type Race = 'human' | 'elf' | 'dwarf' | 'gnome' | 'orc';
export type Buc = 'blessed' | 'uncursed' | 'cursed';
export type Were = 'wererat' | 'werejackal' | 'werewolf';

export interface CorpseHero {
  race?: Race;
  /** Role name, e.g. "Caveman", "Monk". */
  role?: string;
  poisonResistant?: boolean;
  acidResistant?: boolean;
  stoneResistant?: boolean;
  sickResistant?: boolean;
  /** Unchanging (amulet or intrinsic): no sliming, no polymorph. */
  unchanging?: boolean;
  /** Turning to stone right now (a lizard or acidic corpse cures it). */
  stoned?: boolean;
  blind?: boolean;
  /** Your own lycanthropy (u.ulycn), if any. */
  lycanthropy?: Were;
  /** Intelligence already at its maximum (mind flayer corpses). */
  intAtMax?: boolean;
  /** Energy above two thirds of its maximum (newt buzz chance). */
  energyHigh?: boolean;
  /** Intrinsics you already have, as intrinsic keys (below). */
  intrinsics?: IntrinsicKey[];
}

export interface CorpseInput {
  version: NethackVersion;
  monster: CorpseMonster;
  /** Turns since it died (monstermoves - age); undefined: assume fresh. */
  age?: number;
  buc?: Buc;
  hero?: CorpseHero;
}

export const INTRINSIC_KEYS = [
  'fire',
  'cold',
  'sleep',
  'disintegration',
  'shock',
  'poison',
  'acid',
  'stoning',
  'teleportitis',
  'teleport control',
  'telepathy',
  'strength',
] as const;
export type IntrinsicKey = (typeof INTRINSIC_KEYS)[number];

const INTRINSIC_LABEL: Record<IntrinsicKey, string> = {
  fire: 'fire resistance',
  cold: 'cold resistance',
  sleep: 'sleep resistance',
  disintegration: 'disintegration resistance',
  shock: 'shock resistance',
  poison: 'poison resistance',
  acid: 'acid resistance for 3d6 turns',
  stoning: 'stoning resistance for 3d6 turns',
  teleportitis: 'teleportitis',
  'teleport control': 'teleport control',
  telepathy: 'telepathy',
  strength: 'strength',
};

// ---------------------------------------------------------------------------------------------
// Output

export type Severity = 'safe' | 'risky' | 'deadly';

export interface Effect {
  /** The rule behind it (its source key: "tainted", "poisonous", "petrify", "rider", "wraith", ...). */
  id: string;
  /** Plain words. */
  what: string;
  chance: Chance;
  /** Harmful effects make the verdict risky (or deadly). */
  harmful: boolean;
  deadly?: boolean;
  citation: Citation;
}

export interface IntrinsicChance {
  key: IntrinsicKey;
  label: string;
  /** 1 / number of candidates (strength alone: 1/2). */
  picked: Chance;
  /** The level roll: monster level against the intrinsic's chance. */
  roll: Chance;
  rollRule: string;
  /** picked x roll: the chance of getting it when you finish the corpse. */
  chance: Chance;
  alreadyHave: boolean;
}

export interface RotTable {
  age: number;
  buc: Buc;
  /** `rotted` = age / (10 + rn2(20)) + (cursed 2, blessed -2), by die. */
  rottedValues: number[];
  tainted: Chance;
  /** Ages (turns since death) from which tainting is possible and certain, for this BUC. */
  taintPossibleFrom: number | null;
  taintCertainFrom: number | null;
  /** Age from which "You feel sick" (rotted > 3) is possible. */
  sicknessPossibleFrom: number | null;
  exempt: string | null;
}

export interface CorpseResult {
  game: 'nethack';
  version: NethackVersion;
  monster: { pm: string; name: string; level: number };
  severity: Severity;
  /** "safe", "risky: ...", "deadly: ...". */
  verdict: string;
  leavesCorpse: boolean;
  rot: RotTable;
  /** When you start eating (eatcorpse() and cprefx()). */
  onFirstBite: Effect[];
  /** When you finish it (cpostfx()); only if the meal is not stopped by taint. */
  onFinish: Effect[];
  intrinsics: IntrinsicChance[];
  /** How the code picks among several intrinsics. */
  intrinsicRule: string;
  notes: string[];
  citations: Citation[];
}

// ---------------------------------------------------------------------------------------------
// Monster predicates (include/mondata.h; src/eat.c macros)

const isPm = (m: CorpseMonster, ...pms: string[]) => pms.includes(m.pm);
const poisonous = (m: CorpseMonster) => has(m.mflags1, M1.POIS);
const acidic = (m: CorpseMonster) => has(m.mflags1, M1.ACID);
const touchPetrifies = (m: CorpseMonster) => isPm(m, 'PM_COCKATRICE', 'PM_CHICKATRICE');
const isRider = (m: CorpseMonster) => isPm(m, 'PM_DEATH', 'PM_PESTILENCE', 'PM_FAMINE');
const dmgtype = (m: CorpseMonster, ad: string) => m.attacks.some((a) => a.endsWith(` ${ad}`));
const attacktype = (m: CorpseMonster, at: string) => m.attacks.some((a) => a.startsWith(`${at} `));

/** flesh_petrifies(): cockatrice, chickatrice, Medusa (3.4.3 cprefx() too; its taint test skips Medusa). */
function petrifiesWhenEaten(m: CorpseMonster): boolean {
  return touchPetrifies(m) || isPm(m, 'PM_MEDUSA');
}

/** nonrotting_corpse(): lizard, lichen; 3.6.7 adds the Riders; 5.0 the acid blob too. */
function nonrotting(v: NethackVersion, m: CorpseMonster): boolean {
  if (isPm(m, 'PM_LIZARD', 'PM_LICHEN')) return true;
  if (v !== '3.4.3' && isRider(m)) return true;
  return v === '5.0' && isPm(m, 'PM_ACID_BLOB');
}

const RACE_BIT: Record<Race, number> = { human: M2.HUMAN, elf: M2.ELF, dwarf: M2.DWARF, gnome: M2.GNOME, orc: M2.ORC };
const WERE_FAMILY: Record<Were, string[]> = {
  wererat: ['PM_WERERAT', 'PM_SEWER_RAT', 'PM_GIANT_RAT', 'PM_RABID_RAT'],
  werejackal: ['PM_WEREJACKAL', 'PM_JACKAL', 'PM_FOX', 'PM_COYOTE'],
  werewolf: ['PM_WEREWOLF', 'PM_WOLF', 'PM_WARG', 'PM_WINTER_WOLF', 'PM_WINTER_WOLF_CUB'],
};
const DOMESTIC_EATEN = ['PM_LITTLE_DOG', 'PM_DOG', 'PM_LARGE_DOG', 'PM_KITTEN', 'PM_HOUSECAT', 'PM_LARGE_CAT'];

function cannibalAllowed(hero: CorpseHero): boolean {
  const role = (hero.role ?? '').toLowerCase();
  return role.startsWith('cave') || hero.race === 'orc';
}

// ---------------------------------------------------------------------------------------------
// Phase 1: rot (eatcorpse())

const bucAdjust = (buc: Buc) => (buc === 'cursed' ? 2 : buc === 'blessed' ? -2 : 0);

function rottedValues(age: number, buc: Buc): number[] {
  return Array.from({ length: 20 }, (_, d) => Math.floor(age / (10 + d)) + bucAdjust(buc));
}

/** Why a corpse is never tainted (or null): eatcorpse()'s exceptions, by version. */
function taintExemption(v: NethackVersion, m: CorpseMonster, hero: CorpseHero): string | null {
  if (nonrotting(v, m)) return 'it never rots';
  if (v !== '5.0' && isPm(m, 'PM_ACID_BLOB')) return 'acid blob corpses are never tainted';
  const stoneable = (v === '3.4.3' ? touchPetrifies(m) : petrifiesWhenEaten(m)) && !hero.stoneResistant;
  if (stoneable) return 'it petrifies you first';
  if (v !== '3.4.3' && isPm(m, 'PM_GREEN_SLIME') && !hero.unchanging) return 'it slimes you first';
  return null;
}

function firstAge(pred: (age: number) => boolean): number | null {
  for (let age = 0; age <= 2000; age++) if (pred(age)) return age;
  return null;
}

function rotTable(v: NethackVersion, m: CorpseMonster, age: number, buc: Buc, hero: CorpseHero): RotTable {
  const rots = !nonrotting(v, m);
  const values = rots ? rottedValues(age, buc) : Array<number>(20).fill(0);
  const exempt = taintExemption(v, m, hero);
  const tainted = exempt ? ZERO : new Q(values.filter((r) => r > 5).length, 20);
  const adj = bucAdjust(buc);
  return {
    age,
    buc,
    rottedValues: values,
    tainted: tainted.chance(),
    taintPossibleFrom: exempt ? null : firstAge((a) => Math.floor(a / 10) + adj > 5),
    taintCertainFrom: exempt ? null : firstAge((a) => Math.floor(a / 29) + adj > 5),
    sicknessPossibleFrom: rots ? firstAge((a) => Math.floor(a / 10) + adj > 3) : null,
    exempt,
  };
}

interface FirstBite {
  effects: Effect[];
  /** P(the meal goes on past eatcorpse(): not tainted). */
  continues: Q;
}

/** eatcorpse(): taint, else acid, else poison (4 in 5), else sickness; then the 1-in-7 rotten roll. */
function eatcorpseEffects(v: NethackVersion, m: CorpseMonster, rot: RotTable, hero: CorpseHero): FirstBite {
  const effects: Effect[] = [];
  const add = (what: string, q: Q, harmful: boolean, key: Parameters<typeof pe>[1], deadly = false) => {
    if (!q.zero) effects.push({ id: key, what, chance: q.chance(), harmful, deadly, citation: pe(v, key) });
  };
  const exempt = rot.exempt !== null;
  let tainted = ZERO;
  let acid = ZERO;
  let poison = ZERO;
  let sick = ZERO;
  let rotten = ZERO;
  const die = new Q(1, 20);
  for (const r of rot.rottedValues) {
    if (!exempt && r > 5) {
      tainted = tainted.add(die);
      continue;
    }
    let rest = die; // probability mass still going down the else-if chain
    let tp = ZERO;
    if (acidic(m) && !hero.acidResistant) {
      acid = acid.add(rest);
      tp = rest;
      rest = ZERO;
    } else if (poisonous(m)) {
      const p = rest.mul(new Q(4, 5));
      poison = poison.add(p);
      tp = tp.add(p);
      rest = rest.mul(new Q(1, 5));
    }
    if (!rest.zero && !hero.sickResistant) {
      const s = r > 5 ? rest : r > 3 ? rest.mul(new Q(4, 5)) : ZERO;
      sick = sick.add(s);
      tp = tp.add(s);
    }
    if (!nonrotting(v, m)) rotten = rotten.add(die.sub(tp).mul(new Q(1, 7)));
  }
  if (!exempt) {
    const fatal = !hero.sickResistant;
    add(
      fatal
        ? `tainted: "Ulch - that meat was tainted!" — deadly food poisoning in 10-19 turns unless cured (prayer fixes it: major trouble); the corpse is used up`
        : 'tainted, but you resist sickness: "It doesn\'t seem at all sickening, though..."; the corpse is used up',
      tainted,
      fatal,
      'tainted',
      fatal && tainted.one,
    );
  }
  add('acidic: "You have a very bad case of stomach acid." — lose 1d15 HP', acid, true, 'acidic');
  add(
    hero.poisonResistant
      ? 'poisonous: "Ecch - that must have been poisonous!" — you are unaffected (poison resistance)'
      : 'poisonous: "Ecch - that must have been poisonous!" — lose 1d4 Str and 1d15 HP',
    poison,
    !hero.poisonResistant,
    'poisonous',
  );
  add('"You feel sick." — the corpse is getting old: lose 1d8 HP', sick, true, 'mildlySick');
  add(rottenText(v, hero), rotten, false, 'rottenRoll');
  return { effects, continues: ONE.sub(tainted) };
}

function rottenText(v: NethackVersion, hero: CorpseHero): string {
  const out = hero.blind
    ? 'confused 1/4, pass out 1d10 turns 1/4, nothing 1/2'
    : 'confused 1/4, blinded 2d10 turns 3/16, pass out 1d10 turns 3/16, nothing 3/8';
  void v;
  return `"Blecch! Rotten food!" (${out}); the corpse then gives a quarter of its nutrition`;
}

// ---------------------------------------------------------------------------------------------
// Phase 2: first bite (cprefx())

interface StartEffects {
  effects: Effect[];
  /** Petrification or a Rider: the meal ends (death, or life saving). */
  stopsMeal: boolean;
}

function cprefxEffects(v: NethackVersion, m: CorpseMonster, hero: CorpseHero, go: Q): StartEffects {
  const out: Effect[] = [];
  const add = (what: string, harmful: boolean, key: Parameters<typeof pe>[1], deadly = false, q = go) =>
    out.push({ id: key, what, chance: q.chance(), harmful, deadly, citation: pe(v, key) });
  const cannibal = cannibalism(v, m, hero);
  // maybe_cannibal() runs on the tainted path too (eatcorpse()), so it happens whatever the rot
  if (cannibal)
    add(
      `cannibalism (${cannibal}): "You cannibal! You will regret this!" — permanent aggravate monster and Luck -2 to -5 (rn1(4, 2))`,
      true,
      'maybeCannibal',
      false,
      ONE,
    );
  const stone = petrifiesWhenEaten(m) && !hero.stoneResistant;
  if (stone)
    add(
      `"You turn to stone." — you die at once (no delay, no cure) unless stone resistant or life-saved`,
      true,
      'petrify',
      true,
    );
  if (DOMESTIC_EATEN.includes(m.pm) && !cannibalAllowed(hero))
    add(
      `"You feel that eating the ${m.name} was a bad idea." — permanent aggravate monster (no Luck loss)`,
      true,
      'domestic',
    );
  if (isPm(m, 'PM_LIZARD') && hero.stoned) add('cures your stoning ("You feel limber!")', false, 'lizardCure');
  if (isRider(m)) add('"Eating that is instantly fatal." — you die (the Rider revives)', true, 'rider', true);
  if (isPm(m, 'PM_GREEN_SLIME') && !hero.unchanging)
    add(
      '"You don\'t feel very well." — you turn into green slime in 10 turns unless cured (prayer fixes it: major trouble)',
      true,
      'slime',
      true,
    );
  if (acidic(m) && hero.stoned && !isPm(m, 'PM_LIZARD')) add('cures your stoning (acidic corpse)', false, 'acidCure');
  return { effects: out, stopsMeal: stone || isRider(m) };
}

/** maybe_cannibal(): your race (any version); 3.6.7/5.0 also your lycanthrope's kin. Cavemen and orcs may. */
function cannibalism(v: NethackVersion, m: CorpseMonster, hero: CorpseHero): string | null {
  if (cannibalAllowed(hero)) return null;
  if (hero.race && has(m.mflags2, RACE_BIT[hero.race]))
    return `you are a${hero.race === 'elf' || hero.race === 'orc' ? 'n' : ''} ${hero.race}`;
  if (v !== '3.4.3' && hero.lycanthropy && WERE_FAMILY[hero.lycanthropy].includes(m.pm))
    return `you are a ${hero.lycanthropy}`;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Phase 3: finishing it (cpostfx())

interface Finish {
  effects: Effect[];
  /** P(the intrinsic check runs), given the corpse is finished. */
  checkIntrinsics: Q;
}

function cpostfxEffects(v: NethackVersion, m: CorpseMonster, hero: CorpseHero, go: Q): Finish {
  const out: Effect[] = [];
  const add = (what: string, harmful: boolean, key: Parameters<typeof pe>[1], q: Q = ONE) => {
    const c = q.mul(go);
    if (!c.zero) out.push({ id: key, what, chance: c.chance(), harmful, citation: pe(v, key) });
  };
  const newtBuzz = hero.energyHigh ? new Q(2, 3) : ONE; // rn2(3) || 3 * u.uen <= 2 * u.uenmax
  const buzz = 'magical energy +1d3 ("You feel a mild buzz."); if that passes the maximum, 1 in 3: maximum +1';
  let check: Q = ONE;
  switch (m.pm) {
    case 'PM_NEWT':
      if (v !== '5.0') {
        add(buzz, false, 'newt', newtBuzz);
        check = ZERO;
      }
      break;
    case 'PM_WRAITH':
      add('gain an experience level', false, 'wraith');
      check = ZERO;
      break;
    case 'PM_HUMAN_WERERAT':
    case 'PM_HUMAN_WEREJACKAL':
    case 'PM_HUMAN_WEREWOLF':
      add(
        `you catch lycanthropy (${m.pm.replace('PM_HUMAN_', '').toLowerCase()}); prayer fixes it (major trouble)`,
        true,
        'were',
      );
      check = ZERO;
      break;
    case 'PM_NURSE':
      add(`HP restored to maximum${v === '3.4.3' ? '' : ', blindness cured'}`, false, 'nurse');
      if (v === '3.4.3') check = ZERO;
      break;
    case 'PM_STALKER':
      add(
        'invisibility: 50-149 turns; if you are already invisible, permanent invisibility and see invisible',
        false,
        'stalker',
      );
      add('stunned for 60 more turns', true, 'bat');
      check = ZERO;
      break;
    case 'PM_YELLOW_LIGHT':
    case 'PM_GIANT_BAT':
      add('stunned for 60 more turns', true, 'bat');
      check = ZERO;
      break;
    case 'PM_BAT':
      add('stunned for 30 more turns', true, 'bat');
      check = ZERO;
      break;
    case 'PM_SMALL_MIMIC':
    case 'PM_LARGE_MIMIC':
    case 'PM_GIANT_MIMIC': {
      const turns = m.pm === 'PM_SMALL_MIMIC' ? 20 : m.pm === 'PM_LARGE_MIMIC' ? 40 : 50;
      if (!hero.unchanging) add(`you mimic a pile of gold: helpless for ${turns} turns`, true, 'mimic');
      check = ZERO;
      break;
    }
    case 'PM_QUANTUM_MECHANIC':
      add('speed toggles: intrinsic speed if you lack it, else you lose it', true, 'quantum');
      check = ZERO;
      break;
    case 'PM_LIZARD':
      add('stun and confusion cut to 2 turns', false, 'lizardPost');
      if (v !== '5.0') check = ZERO;
      break;
    case 'PM_CHAMELEON':
    case 'PM_DOPPELGANGER':
    case 'PM_SANDESTIN':
    case 'PM_GENETIC_ENGINEER':
      if ((m.pm === 'PM_GENETIC_ENGINEER' && v !== '5.0') || (m.pm === 'PM_SANDESTIN' && v === '3.4.3')) break;
      if (!hero.unchanging)
        add('you polymorph (without polymorph control: system shock can cost 1d30 HP)', true, 'chameleon');
      check = ZERO;
      break;
    case 'PM_DISPLACER_BEAST':
      if (v === '5.0') {
        add('displacement for 6d6 turns', false, 'displacer');
        check = ZERO;
      }
      break;
    case 'PM_DISENCHANTER':
      if (v !== '3.4.3') {
        add('you lose one random intrinsic (attrcurse())', true, 'disenchanter');
        check = ZERO;
      }
      break;
    case 'PM_DEATH':
    case 'PM_PESTILENCE':
    case 'PM_FAMINE':
      if (v === '5.0') check = ZERO;
      break;
    case 'PM_MIND_FLAYER':
    case 'PM_MASTER_MIND_FLAYER':
      if (!hero.intAtMax) {
        add('"Yum! That was real brain food!" — Int +1 (then no intrinsic)', false, 'mindFlayer', new Q(1, 2));
        check = new Q(1, 2);
      }
      break;
  }
  if (!check.zero) {
    if (dmgtype(m, 'AD_STUN') || dmgtype(m, 'AD_HALU') || isPm(m, 'PM_VIOLET_FUNGUS'))
      add('"Oh wow! Great stuff!" — hallucinating for 200 more turns', true, 'hallucinate', check);
    if (v === '5.0' && (attacktype(m, 'AT_MAGC') || isPm(m, 'PM_NEWT'))) add(buzz, false, 'newt', check.mul(newtBuzz));
    if (v === '3.4.3' && has(m.mflags2, M2.GIANT))
      add('strength goes up (giants, always)', false, 'giantStrength', check);
  }
  return { effects: out, checkIntrinsics: check };
}

// ---------------------------------------------------------------------------------------------
// Phase 4: intrinsics (intrinsic_possible(), givit() / should_givit(), the pick in cpostfx())

function candidates(v: NethackVersion, m: CorpseMonster): IntrinsicKey[] {
  const c: IntrinsicKey[] = [];
  if (v !== '3.4.3' && has(m.mflags2, M2.GIANT)) c.push('strength');
  const conv: [number, IntrinsicKey][] = [
    [MR.FIRE, 'fire'],
    [MR.COLD, 'cold'],
    [MR.SLEEP, 'sleep'],
    [MR.DISINT, 'disintegration'],
    [MR.ELEC, 'shock'],
    [MR.POISON, 'poison'],
  ];
  if (v === '5.0') conv.push([MR.ACID, 'acid'], [MR.STONE, 'stoning']);
  for (const [bit, key] of conv) if (has(m.mconveys, bit)) c.push(key);
  if (has(m.mflags1, M1.TPORT)) c.push('teleportitis');
  if (has(m.mflags1, M1.TPORT_CNTRL)) c.push('teleport control');
  if (isPm(m, 'PM_FLOATING_EYE', 'PM_MIND_FLAYER', 'PM_MASTER_MIND_FLAYER')) c.push('telepathy');
  return c;
}

/** P(mlevel > rn2(chance)) = min(level, chance) / chance. */
const levelRoll = (level: number, chance: number) => new Q(Math.min(Math.max(level, 0), chance), chance);

function rollFor(v: NethackVersion, m: CorpseMonster, key: IntrinsicKey): { q: Q; rule: string } {
  const L = m.level;
  if (key === 'strength') return { q: ONE, rule: 'no level roll' };
  if (key === 'poison' && isPm(m, 'PM_KILLER_BEE', 'PM_SCORPION')) {
    const q = new Q(1, 4).mul(levelRoll(L, 1)).add(new Q(3, 4).mul(levelRoll(L, 15)));
    return { q, rule: `1 in 4 the chance is 1 (level ${L} > rn2(1)), else level ${L} > rn2(15)` };
  }
  const chance = key === 'teleportitis' ? 10 : key === 'teleport control' ? 12 : key === 'telepathy' ? 1 : 15;
  const base = levelRoll(L, chance);
  if (v === '5.0' && (key === 'acid' || key === 'stoning')) {
    const temp = levelRoll(L, key === 'stoning' ? 6 : 3); // temp_givit(): a second roll if should_givit() fails
    return {
      q: base.add(ONE.sub(base).mul(temp)),
      rule: `level ${L} > rn2(15), else level ${L} > rn2(${key === 'stoning' ? 6 : 3})`,
    };
  }
  return { q: base, rule: `level ${L} > rn2(${chance})` };
}

function intrinsicChances(
  v: NethackVersion,
  m: CorpseMonster,
  hero: CorpseHero,
  reach: Q,
): { list: IntrinsicChance[]; rule: string } {
  if (reach.zero)
    return {
      list: [],
      rule: "No intrinsic: this corpse's own effect (or death) takes the place of the intrinsic check.",
    };
  const c = candidates(v, m);
  const n = c.length;
  const strengthOnly = v !== '3.4.3' && n === 1 && c[0] === 'strength';
  const list = c.map((key) => {
    const picked = strengthOnly ? new Q(1, 2) : new Q(1, n);
    const { q: roll, rule } = rollFor(v, m, key);
    return {
      key,
      label: INTRINSIC_LABEL[key],
      picked: picked.chance(),
      roll: roll.chance(),
      rollRule: rule,
      chance: reach.mul(picked).mul(roll).chance(),
      alreadyHave: (hero.intrinsics ?? []).includes(key),
    };
  });
  const rule =
    n === 0
      ? 'This corpse can give no intrinsic.'
      : strengthOnly
        ? 'Strength is the only candidate: it is tried half the time (rn2(2)).'
        : n === 1
          ? 'One candidate: it is always the one tried, then the level roll decides.'
          : `${n} candidates: each replaces the choice so far with chance 1/k (k-th candidate), so each is tried with chance 1/${n}; only the one tried can be given.`;
  return { list, rule };
}

// ---------------------------------------------------------------------------------------------
// The verdict

export function corpseVerdict(input: CorpseInput): CorpseResult {
  const v = input.version;
  const m = input.monster;
  const hero = input.hero ?? {};
  const buc = input.buc ?? 'uncursed';
  const age = input.age ?? 0;
  const notes: string[] = [];
  const citations: Citation[] = [
    pe(v, 'eatcorpse'),
    pe(v, 'rotted', 'rotted = age / (10 + rn2(20)), cursed +2, blessed -2'),
  ];
  const rot = rotTable(v, m, age, buc, hero);
  const bite = eatcorpseEffects(v, m, rot, hero);
  const go = bite.continues;
  const pre = cprefxEffects(v, m, hero, go);
  const finish = pre.stopsMeal ? { effects: [], checkIntrinsics: ZERO } : cpostfxEffects(v, m, hero, go);
  const intr = intrinsicChances(v, m, hero, go.mul(finish.checkIntrinsics));
  citations.push(
    pe(v, 'cprefx'),
    pe(v, 'cpostfx'),
    pe(v, 'intrinsicPossible'),
    pe(v, v === '5.0' ? 'shouldGivit' : 'givitChance', 'level against chance'),
  );
  if (intr.list.length > 1) citations.push(pe(v, 'pickOne', '1 in count replaces the choice'));
  if (intr.list.some((i) => i.key === 'strength')) citations.push(pe(v, 'giantStrength'));
  if (v === '5.0' && intr.list.some((i) => i.key === 'acid' || i.key === 'stoning')) citations.push(pe(v, 'tempGivit'));
  const leavesCorpse = !has(m.geno, G.NOCORPSE);
  if (!leavesCorpse) notes.push(`The ${m.name} leaves no corpse (G_NOCORPSE); this is what eating one would do.`);
  const gendered = alternateNames(v, m.pm);
  if (gendered.length === 2) {
    notes.push(
      `In play the corpse is named by its monster's gender: "${gendered[0]} corpse" or "${gendered[1]} corpse" ` +
        `(${m.name} is the neutral name).`,
    );
    citations.push(
      nethackCite('src/do_name.c', 'obj_pmname()', { version: v, line: 1337, note: 'a corpse is named by its gender' }),
    );
  }
  if (input.age === undefined) notes.push('Age not given: a fresh corpse is assumed.');
  if (rot.exempt) notes.push(`Never tainted: ${rot.exempt}.`);
  else
    notes.push(
      `Tainting is possible from age ${rot.taintPossibleFrom} and certain from age ${rot.taintCertainFrom} (${buc}).`,
    );
  if ((hero.role ?? '').toLowerCase() === 'monk' && !vegetarian(m)) {
    notes.push('Monk: "You feel guilty." — alignment -1 for eating meat.');
    citations.push(pe(v, 'vegetarianGuilt'));
  }
  if (hero.lycanthropy && v === '3.4.3') notes.push('3.4.3 does not count your lycanthrope kin as cannibalism.');
  notes.push('Intrinsics and the other "when finished" effects happen only if you eat the whole corpse.');
  const onFirstBite = [...bite.effects, ...pre.effects];
  const { severity, verdict } = judge(onFirstBite, finish.effects, rot);
  return {
    game: 'nethack',
    version: v,
    monster: { pm: m.pm, name: m.name, level: m.level },
    severity,
    verdict,
    leavesCorpse,
    rot,
    onFirstBite,
    onFinish: finish.effects,
    intrinsics: intr.list,
    intrinsicRule: intr.rule,
    notes,
    citations,
  };
}

/** vegetarian(): vegan classes, or puddings other than the black pudding. */
function vegetarian(m: CorpseMonster): boolean {
  const veganClass = ['S_BLOB', 'S_JELLY', 'S_FUNGUS', 'S_VORTEX', 'S_LIGHT', 'S_GHOST'].includes(m.class);
  const elemental = m.class === 'S_ELEMENTAL' && m.pm !== 'PM_STALKER';
  const golem = m.class === 'S_GOLEM' && !isPm(m, 'PM_FLESH_GOLEM', 'PM_LEATHER_GOLEM');
  return veganClass || elemental || golem || (m.class === 'S_PUDDING' && m.pm !== 'PM_BLACK_PUDDING');
}

function judge(first: Effect[], finish: Effect[], rot: RotTable): { severity: Severity; verdict: string } {
  const all = [...first, ...finish];
  const deadly = all.filter((e) => e.deadly && e.chance.probability > 0);
  if (deadly.length) return { severity: 'deadly', verdict: `deadly: ${deadly.map((e) => shortOf(e)).join('; ')}` };
  const harmful = all.filter((e) => e.harmful && e.chance.probability > 0);
  if (!harmful.length) return { severity: 'safe', verdict: 'safe' };
  const taint = first.find((e) => e.citation.symbol === 'eatcorpse()' && e.what.startsWith('tainted') && e.harmful);
  const parts = harmful.map((e) =>
    e === taint
      ? `${pct(e.chance.probability)} deadly food poisoning (age ${rot.age})`
      : `${shortOf(e)}${e.chance.probability < 1 ? ` (${pct(e.chance.probability)})` : ''}`,
  );
  return { severity: 'risky', verdict: `risky: ${parts.join('; ')}` };
}

/** "cannibalism: permanent aggravate monster ..." — the label (if any) and the consequence. */
function shortOf(e: Effect): string {
  const label = /^([a-z][a-z ]*?)(?: \([^)]*\))?: /.exec(e.what)?.[1];
  const consequence = e.what.split(' — ').pop()!.split(';')[0]!;
  return label && !consequence.startsWith(label) ? `${label}: ${consequence}` : consequence;
}

function pct(p: number): string {
  if (p === 1) return '100 %';
  const v = p * 100;
  return `${Number(v.toPrecision(3))} %`;
}
