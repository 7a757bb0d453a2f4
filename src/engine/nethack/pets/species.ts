// Monster facts the pet rules need, per game version, from that version's own table
// (src/data/nethack-<version>, extracted from its monst.c / monsters.h by
// scripts/extract-nethack.mjs). Predicates mirror the game's own macros (include/mondata.h)
// and functions (src/mondata.c).
import { tablesFor, type MonsterEntry, type MonsterSize } from '../data.ts';
import type { NethackVersion } from '../../cite.ts';

// include/monflag.h flag bits (the same values in 3.4.3, 3.6.7 and 5.0; 3.4.3 has no
// M2_SHAPESHIFTER, and no 3.4.3 monster sets that bit).
const M1_NOEYES = 0x00001000;
const M1_OVIPAROUS = 0x00400000;
const M2_DEMON = 0x00000100;
const M2_MINION = 0x00001000;
const M2_GIANT = 0x00002000;
const M2_SHAPESHIFTER = 0x00004000;
const M2_LORD = 0x00000400;
const M2_PRINCE = 0x00000800;
const M3_WANTSARTI = 0x0010;
const M3_COVETOUS = 0x001f;

/** A monster as a pet-food question sees it: the version's own table entry. */
export interface PetSpecies extends MonsterEntry {
  /** The version whose table this entry comes from. */
  version: NethackVersion;
}

const cache = new Map<string, PetSpecies>();

/** The monster as it is in `version` (matched by PM_ constant), or undefined when that version lacks it. */
export function speciesFor(m: MonsterEntry, version: NethackVersion): PetSpecies | undefined {
  const key = `${version}|${m.pm}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const e = tablesFor(version).monsterByPm(m.pm);
  if (!e) return undefined;
  const s: PetSpecies = { ...e, version };
  cache.set(key, s);
  return s;
}

/** How the version's entry differs from 3.6.7's (corpse weight, nutrition, resistances), if it does. */
export function overlayNote(pm: string, version: NethackVersion): string | undefined {
  if (version === '3.6.7') return undefined;
  const a = tablesFor('3.6.7').monsterByPm(pm);
  const b = tablesFor(version).monsterByPm(pm);
  if (!a || !b) return undefined;
  const diffs: string[] = [];
  if (a.cwt !== b.cwt || a.cnutrit !== b.cnutrit)
    diffs.push(`SIZ(${b.cwt}, ${b.cnutrit}) (3.6.7: ${a.cwt}, ${a.cnutrit})`);
  if (a.resists.join() !== b.resists.join())
    diffs.push(`resists ${b.resists.join(', ') || 'nothing'} (3.6.7: ${a.resists.join(', ') || 'nothing'})`);
  if (a.carnivore !== b.carnivore || a.herbivore !== b.herbivore)
    diffs.push(`diet ${dietWord(b)} (3.6.7: ${dietWord(a)})`);
  const file = version === '5.0' ? 'include/monsters.h' : 'src/monst.c';
  return diffs.length ? `${version} ${file}: ${b.name} ${diffs.join('; ')}` : undefined;
}

const dietWord = (m: MonsterEntry) =>
  m.carnivore && m.herbivore ? 'omnivore' : m.carnivore ? 'carnivore' : m.herbivore ? 'herbivore' : 'none';

export function speciesByPm(pm: string, version: NethackVersion): PetSpecies | undefined {
  const m = tablesFor(version).monsterByPm(pm);
  return m ? speciesFor(m, version) : undefined;
}

export function allSpecies(version: NethackVersion): PetSpecies[] {
  return tablesFor(version).allMons.map((m) => speciesFor(m, version)!);
}

// --- predicates (include/mondata.h unless noted) ---

export const hasEyes = (m: MonsterEntry): boolean => (m.mflags1 & M1_NOEYES) === 0; // haseyes()
export const laysEggs = (m: MonsterEntry): boolean => (m.mflags1 & M1_OVIPAROUS) !== 0; // lays_eggs()
export const isDemon = (m: MonsterEntry): boolean => (m.mflags2 & M2_DEMON) !== 0;
export const isMinionType = (m: MonsterEntry): boolean => (m.mflags2 & M2_MINION) !== 0;
export const isGiant = (m: MonsterEntry): boolean => (m.mflags2 & M2_GIANT) !== 0;
export const isShapeshifter = (m: MonsterEntry): boolean => (m.mflags2 & M2_SHAPESHIFTER) !== 0;
export const isCovetous = (m: MonsterEntry): boolean => (m.mflags3 & M3_COVETOUS) !== 0;
export const wantsQuestArtifact = (m: MonsterEntry): boolean => (m.mflags3 & M3_WANTSARTI) !== 0;
export const isLordOrPrince = (m: MonsterEntry): boolean => (m.mflags2 & (M2_LORD | M2_PRINCE)) !== 0;
export const resists = (m: MonsterEntry, what: string, extra: readonly string[] = []): boolean =>
  m.resists.includes(what) || extra.includes(what); // resists_X(): mresists | mextrinsics

/** flaming(): fire vortex, flaming sphere, fire elemental, salamander. */
export function isFlaming(m: MonsterEntry): boolean {
  return ['PM_FIRE_VORTEX', 'PM_FLAMING_SPHERE', 'PM_FIRE_ELEMENTAL', 'PM_SALAMANDER'].includes(m.pm);
}
/** noncorporeal(): the ghost class. */
export const isNoncorporeal = (m: MonsterEntry): boolean => m.class === 'S_GHOST';
/** slimeproof(): green slime, flaming(), noncorporeal(). */
export const isSlimeproof = (m: MonsterEntry): boolean =>
  m.pm === 'PM_GREEN_SLIME' || isFlaming(m) || isNoncorporeal(m);
/** 5.0 likes_fire(): fire vortex, flaming sphere, likes_lava() (fire elemental, salamander). */
export function likesFire(m: MonsterEntry): boolean {
  return ['PM_FIRE_VORTEX', 'PM_FLAMING_SPHERE', 'PM_FIRE_ELEMENTAL', 'PM_SALAMANDER'].includes(m.pm);
}
/** hates_silver() (src/mondata.c): were, vampire class, demons, shade, imps but not tengu. */
export function hatesSilverType(m: MonsterEntry): boolean {
  return (
    m.were ||
    m.class === 'S_VAMPIRE' ||
    isDemon(m) ||
    m.pm === 'PM_SHADE' ||
    (m.class === 'S_IMP' && m.pm !== 'PM_TENGU')
  );
}

const versionOf = (m: MonsterEntry): NethackVersion => (m as Partial<PetSpecies>).version ?? '3.6.7';

/** little_to_big() (src/mondata.c grownups[] of the version): the first row whose little form matches. */
export function littleToBig(pm: string, version: NethackVersion = '3.6.7'): string {
  return tablesFor(version).grownups.find(([l]) => l === pm)?.[1] ?? pm;
}
/** big_to_little(): the first grownups[] row whose big form matches. */
export function bigToLittle(pm: string, version: NethackVersion = '3.6.7'): string {
  return tablesFor(version).grownups.find(([, b]) => b === pm)?.[0] ?? pm;
}

const isRider = (m: MonsterEntry) => m.rider;
const isLongworm = (m: MonsterEntry) =>
  m.pm === 'PM_BABY_LONG_WORM' || m.pm === 'PM_LONG_WORM' || m.pm === 'PM_LONG_WORM_TAIL';
const isUnicorn = (m: MonsterEntry) => m.class === 'S_UNICORN' && (m.mflags2 & 0x20000000) !== 0; // likes_gems
const isMindFlayer = (m: MonsterEntry) => m.pm === 'PM_MIND_FLAYER' || m.pm === 'PM_MASTER_MIND_FLAYER';
const isKoboldish = (m: MonsterEntry) =>
  m.class === 'S_KOBOLD' || m.pm === 'PM_KOBOLD_ZOMBIE' || m.pm === 'PM_KOBOLD_MUMMY';

/** same_race() from src/mondata.c (3.6.7, unchanged in 5.0), in the same order of tests. */
export function sameRace(a: MonsterEntry, b: MonsterEntry): boolean {
  if (a.pm === b.pm) return true;
  if (a.human) return b.human;
  if (a.elf) return b.elf;
  if (a.dwarf) return b.dwarf;
  if (a.gnome) return b.gnome;
  if (a.orc) return b.orc;
  if (isGiant(a)) return isGiant(b);
  if (a.class === 'S_GOLEM') return b.class === 'S_GOLEM';
  if (isMindFlayer(a)) return isMindFlayer(b);
  if (isKoboldish(a)) return isKoboldish(b);
  if (a.class === 'S_OGRE') return b.class === 'S_OGRE';
  if (a.class === 'S_NYMPH') return b.class === 'S_NYMPH';
  if (a.class === 'S_CENTAUR') return b.class === 'S_CENTAUR';
  if (isUnicorn(a)) return isUnicorn(b);
  if (a.class === 'S_DRAGON') return b.class === 'S_DRAGON';
  if (a.class === 'S_NAGA') return b.class === 'S_NAGA';
  if (isRider(a)) return isRider(b);
  if (isMinionType(a)) return isMinionType(b);
  if (a.pm === 'PM_TENGU' || b.pm === 'PM_TENGU') return false;
  if (a.class === 'S_IMP') return b.class === 'S_IMP';
  else if (b.class === 'S_IMP') return false;
  if (isDemon(a)) return isDemon(b);
  if (a.undead) {
    for (const cls of ['S_ZOMBIE', 'S_MUMMY', 'S_VAMPIRE', 'S_LICH', 'S_WRAITH', 'S_GHOST'])
      if (a.class === cls) return b.class === cls;
  } else if (b.undead) return false;
  if (a.class === b.class) {
    // walk the smaller forms of a, then the larger ones
    const v = versionOf(a);
    for (let prv = a.pm, nxt = bigToLittle(a.pm, v); nxt !== prv; prv = nxt, nxt = bigToLittle(nxt, v))
      if (nxt === b.pm) return true;
    for (let prv = a.pm, nxt = littleToBig(a.pm, v); nxt !== prv; prv = nxt, nxt = littleToBig(nxt, v))
      if (nxt === b.pm) return true;
  }
  if (a.pm === 'PM_GARGOYLE' || a.pm === 'PM_WINGED_GARGOYLE')
    return b.pm === 'PM_GARGOYLE' || b.pm === 'PM_WINGED_GARGOYLE';
  if (a.pm === 'PM_KILLER_BEE' || a.pm === 'PM_QUEEN_BEE') return b.pm === 'PM_KILLER_BEE' || b.pm === 'PM_QUEEN_BEE';
  if (isLongworm(a)) return isLongworm(b);
  return false;
}

/** Size multiplier of src/dogmove.c dog_nutrition() by the eater's size. */
export const SIZE_FACTOR: Record<MonsterSize, number> = {
  tiny: 8,
  small: 6,
  medium: 5,
  large: 4,
  huge: 3,
  gigantic: 2,
};

/**
 * can_be_hatched() (src/mkobj.c): what an egg laid by `pm` holds. Scorpius's eggs are
 * scorpion eggs; little forms become their big form; queen bees and winged gargoyles
 * have no eggs of their own. Returns null for "no hatchable egg" (NON_PM).
 */
export function eggHatchling(m: MonsterEntry): MonsterEntry | null {
  const v = versionOf(m);
  let pm = m.pm === 'PM_SCORPIUS' ? 'PM_SCORPION' : m.pm;
  pm = littleToBig(pm, v);
  const big = tablesFor(v).monsterByPm(pm);
  if (!big) return null;
  if (
    pm === 'PM_KILLER_BEE' ||
    pm === 'PM_GARGOYLE' ||
    (laysEggs(big) && pm !== 'PM_QUEEN_BEE' && pm !== 'PM_WINGED_GARGOYLE')
  )
    return big;
  return null;
}
