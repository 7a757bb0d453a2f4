// Monster facts the pet rules need, per game version. The 3.6.7 tables come from
// src/data/nethack-3.6.7 (extracted from src/monst.c); the few monsters whose facts
// differ in 3.4.3 or 5.0 get an overlay below, each line cited. Predicates mirror the
// game's own macros (include/mondata.h) and functions (src/mondata.c).
import { ALL_MONS, monsterByPm, type MonsterEntry, type MonsterSize } from '../data.ts';
import type { NethackVersion } from '../../cite.ts';

// include/monflag.h flag bits (3.6.7; the same values in 3.4.3 and 5.0).
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

/** A monster as a pet-food question sees it: the table entry plus version overlays. */
export interface PetSpecies extends MonsterEntry {
  /** Versions where this monster exists with these facts. */
  version: NethackVersion;
}

interface Overlay {
  cwt?: number;
  cnutrit?: number;
  addResists?: string[];
  note: string;
}

// NetHack 5.0.0 include/monsters.h differences that change pet food answers
// (diffed against 3.6.7 src/monst.c; see /docs/json/pets.md).
const OVERLAY_50: Record<string, Overlay> = {
  PM_GIANT_BEETLE: { cwt: 200, cnutrit: 50, note: '5.0 include/monsters.h: SIZ(200, 50, ...)' },
  PM_GIANT_SPIDER: { cwt: 200, note: '5.0 include/monsters.h: SIZ(200, 100, ...)' },
  PM_ORC: { addResists: ['poison'], note: '5.0 include/monsters.h: orcs resist poison' },
  PM_HILL_ORC: { addResists: ['poison'], note: '5.0 include/monsters.h: orcs resist poison' },
  PM_MORDOR_ORC: { addResists: ['poison'], note: '5.0 include/monsters.h: orcs resist poison' },
  PM_URUK_HAI: { addResists: ['poison'], note: '5.0 include/monsters.h: orcs resist poison' },
  PM_ORC_SHAMAN: { addResists: ['poison'], note: '5.0 include/monsters.h: orcs resist poison' },
  PM_ORC_CAPTAIN: { addResists: ['poison'], note: '5.0 include/monsters.h: orcs resist poison' },
  PM_KI_RIN: { addResists: ['poison'], note: '5.0 include/monsters.h: MR_POISON' },
};

// Monsters whose mons[] entry does not exist in a version.
const ABSENT: Record<NethackVersion, ReadonlySet<string>> = {
  '3.6.7': new Set(),
  '3.4.3': new Set(),
  // 5.0 merged the female/male role and demon entries (include/monsters.h).
  '5.0': new Set(['PM_CAVEWOMAN', 'PM_PRIESTESS', 'PM_SUCCUBUS']),
};

const cache = new Map<string, PetSpecies>();

/** The monster as it is in `version`, or undefined when that version lacks it. */
export function speciesFor(m: MonsterEntry, version: NethackVersion): PetSpecies | undefined {
  if (ABSENT[version].has(m.pm)) return undefined;
  const key = `${version}|${m.pm}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const o = version === '5.0' ? OVERLAY_50[m.pm] : undefined;
  const s: PetSpecies = {
    ...m,
    version,
    cwt: o?.cwt ?? m.cwt,
    cnutrit: o?.cnutrit ?? m.cnutrit,
    corpseEatTime: 3 + ((o?.cwt ?? m.cwt) >> 6),
    resists: o?.addResists ? [...new Set([...m.resists, ...o.addResists])] : m.resists,
  };
  cache.set(key, s);
  return s;
}

export function overlayNote(pm: string, version: NethackVersion): string | undefined {
  return version === '5.0' ? OVERLAY_50[pm]?.note : undefined;
}

export function speciesByPm(pm: string, version: NethackVersion): PetSpecies | undefined {
  const m = monsterByPm(pm);
  return m ? speciesFor(m, version) : undefined;
}

export function allSpecies(version: NethackVersion): PetSpecies[] {
  return ALL_MONS.map((m) => speciesFor(m, version)).filter((s): s is PetSpecies => s !== undefined);
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
export const isSlimeproof = (m: MonsterEntry): boolean => m.pm === 'PM_GREEN_SLIME' || isFlaming(m) || isNoncorporeal(m);
/** 5.0 likes_fire(): fire vortex, flaming sphere, likes_lava() (fire elemental, salamander). */
export function likesFire(m: MonsterEntry): boolean {
  return ['PM_FIRE_VORTEX', 'PM_FLAMING_SPHERE', 'PM_FIRE_ELEMENTAL', 'PM_SALAMANDER'].includes(m.pm);
}
/** hates_silver() (src/mondata.c): were, vampire class, demons, shade, imps but not tengu. */
export function hatesSilverType(m: MonsterEntry): boolean {
  return m.were || m.class === 'S_VAMPIRE' || isDemon(m) || m.pm === 'PM_SHADE' || (m.class === 'S_IMP' && m.pm !== 'PM_TENGU');
}

// src/mondata.c grownups[]: little -> big progressions, used by same_race().
const GROWNUPS: readonly (readonly [string, string])[] = [
  ['PM_CHICKATRICE', 'PM_COCKATRICE'], ['PM_LITTLE_DOG', 'PM_DOG'], ['PM_DOG', 'PM_LARGE_DOG'],
  ['PM_HELL_HOUND_PUP', 'PM_HELL_HOUND'], ['PM_WINTER_WOLF_CUB', 'PM_WINTER_WOLF'], ['PM_KITTEN', 'PM_HOUSECAT'],
  ['PM_HOUSECAT', 'PM_LARGE_CAT'], ['PM_PONY', 'PM_HORSE'], ['PM_HORSE', 'PM_WARHORSE'], ['PM_KOBOLD', 'PM_LARGE_KOBOLD'],
  ['PM_LARGE_KOBOLD', 'PM_KOBOLD_LORD'], ['PM_GNOME', 'PM_GNOME_LORD'], ['PM_GNOME_LORD', 'PM_GNOME_KING'],
  ['PM_DWARF', 'PM_DWARF_LORD'], ['PM_DWARF_LORD', 'PM_DWARF_KING'], ['PM_MIND_FLAYER', 'PM_MASTER_MIND_FLAYER'],
  ['PM_ORC', 'PM_ORC_CAPTAIN'], ['PM_HILL_ORC', 'PM_ORC_CAPTAIN'], ['PM_MORDOR_ORC', 'PM_ORC_CAPTAIN'],
  ['PM_URUK_HAI', 'PM_ORC_CAPTAIN'], ['PM_SEWER_RAT', 'PM_GIANT_RAT'], ['PM_CAVE_SPIDER', 'PM_GIANT_SPIDER'],
  ['PM_OGRE', 'PM_OGRE_LORD'], ['PM_OGRE_LORD', 'PM_OGRE_KING'], ['PM_ELF', 'PM_ELF_LORD'],
  ['PM_WOODLAND_ELF', 'PM_ELF_LORD'], ['PM_GREEN_ELF', 'PM_ELF_LORD'], ['PM_GREY_ELF', 'PM_ELF_LORD'],
  ['PM_ELF_LORD', 'PM_ELVENKING'], ['PM_LICH', 'PM_DEMILICH'], ['PM_DEMILICH', 'PM_MASTER_LICH'],
  ['PM_MASTER_LICH', 'PM_ARCH_LICH'], ['PM_VAMPIRE', 'PM_VAMPIRE_LORD'], ['PM_BAT', 'PM_GIANT_BAT'],
  ['PM_BABY_GRAY_DRAGON', 'PM_GRAY_DRAGON'], ['PM_BABY_SILVER_DRAGON', 'PM_SILVER_DRAGON'],
  ['PM_BABY_RED_DRAGON', 'PM_RED_DRAGON'], ['PM_BABY_WHITE_DRAGON', 'PM_WHITE_DRAGON'],
  ['PM_BABY_ORANGE_DRAGON', 'PM_ORANGE_DRAGON'], ['PM_BABY_BLACK_DRAGON', 'PM_BLACK_DRAGON'],
  ['PM_BABY_BLUE_DRAGON', 'PM_BLUE_DRAGON'], ['PM_BABY_GREEN_DRAGON', 'PM_GREEN_DRAGON'],
  ['PM_BABY_YELLOW_DRAGON', 'PM_YELLOW_DRAGON'], ['PM_RED_NAGA_HATCHLING', 'PM_RED_NAGA'],
  ['PM_BLACK_NAGA_HATCHLING', 'PM_BLACK_NAGA'], ['PM_GOLDEN_NAGA_HATCHLING', 'PM_GOLDEN_NAGA'],
  ['PM_GUARDIAN_NAGA_HATCHLING', 'PM_GUARDIAN_NAGA'], ['PM_SMALL_MIMIC', 'PM_LARGE_MIMIC'],
  ['PM_LARGE_MIMIC', 'PM_GIANT_MIMIC'], ['PM_BABY_LONG_WORM', 'PM_LONG_WORM'], ['PM_BABY_PURPLE_WORM', 'PM_PURPLE_WORM'],
  ['PM_BABY_CROCODILE', 'PM_CROCODILE'], ['PM_SOLDIER', 'PM_SERGEANT'], ['PM_SERGEANT', 'PM_LIEUTENANT'],
  ['PM_LIEUTENANT', 'PM_CAPTAIN'], ['PM_WATCHMAN', 'PM_WATCH_CAPTAIN'], ['PM_ALIGNED_PRIEST', 'PM_HIGH_PRIEST'],
  ['PM_STUDENT', 'PM_ARCHEOLOGIST'], ['PM_ATTENDANT', 'PM_HEALER'], ['PM_PAGE', 'PM_KNIGHT'], ['PM_ACOLYTE', 'PM_PRIEST'],
  ['PM_APPRENTICE', 'PM_WIZARD'], ['PM_MANES', 'PM_LEMURE'], ['PM_KEYSTONE_KOP', 'PM_KOP_SERGEANT'],
  ['PM_KOP_SERGEANT', 'PM_KOP_LIEUTENANT'], ['PM_KOP_LIEUTENANT', 'PM_KOP_KAPTAIN'],
];

/** little_to_big(): the first grownups[] row whose little form matches. */
export function littleToBig(pm: string): string {
  return GROWNUPS.find(([l]) => l === pm)?.[1] ?? pm;
}
/** big_to_little(): the first grownups[] row whose big form matches. */
export function bigToLittle(pm: string): string {
  return GROWNUPS.find(([, b]) => b === pm)?.[0] ?? pm;
}

const isRider = (m: MonsterEntry) => m.rider;
const isLongworm = (m: MonsterEntry) => m.pm === 'PM_BABY_LONG_WORM' || m.pm === 'PM_LONG_WORM' || m.pm === 'PM_LONG_WORM_TAIL';
const isUnicorn = (m: MonsterEntry) => m.class === 'S_UNICORN' && (m.mflags2 & 0x20000000) !== 0; // likes_gems
const isMindFlayer = (m: MonsterEntry) => m.pm === 'PM_MIND_FLAYER' || m.pm === 'PM_MASTER_MIND_FLAYER';
const isKoboldish = (m: MonsterEntry) => m.class === 'S_KOBOLD' || m.pm === 'PM_KOBOLD_ZOMBIE' || m.pm === 'PM_KOBOLD_MUMMY';

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
    for (let prv = a.pm, nxt = bigToLittle(a.pm); nxt !== prv; prv = nxt, nxt = bigToLittle(nxt)) if (nxt === b.pm) return true;
    for (let prv = a.pm, nxt = littleToBig(a.pm); nxt !== prv; prv = nxt, nxt = littleToBig(nxt)) if (nxt === b.pm) return true;
  }
  if (a.pm === 'PM_GARGOYLE' || a.pm === 'PM_WINGED_GARGOYLE') return b.pm === 'PM_GARGOYLE' || b.pm === 'PM_WINGED_GARGOYLE';
  if (a.pm === 'PM_KILLER_BEE' || a.pm === 'PM_QUEEN_BEE') return b.pm === 'PM_KILLER_BEE' || b.pm === 'PM_QUEEN_BEE';
  if (isLongworm(a)) return isLongworm(b);
  return false;
}

/** Size multiplier of src/dogmove.c dog_nutrition() by the eater's size. */
export const SIZE_FACTOR: Record<MonsterSize, number> = { tiny: 8, small: 6, medium: 5, large: 4, huge: 3, gigantic: 2 };

/**
 * can_be_hatched() (src/mkobj.c): what an egg laid by `pm` holds. Scorpius's eggs are
 * scorpion eggs; little forms become their big form; queen bees and winged gargoyles
 * have no eggs of their own. Returns null for "no hatchable egg" (NON_PM).
 */
export function eggHatchling(m: MonsterEntry): MonsterEntry | null {
  let pm = m.pm === 'PM_SCORPIUS' ? 'PM_SCORPION' : m.pm;
  pm = littleToBig(pm);
  const big = monsterByPm(pm);
  if (!big) return null;
  if (pm === 'PM_KILLER_BEE' || pm === 'PM_GARGOYLE' || (laysEggs(big) && pm !== 'PM_QUEEN_BEE' && pm !== 'PM_WINGED_GARGOYLE')) return big;
  return null;
}
