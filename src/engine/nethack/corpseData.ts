// The monster facts the corpse verdict needs, per version. The engine takes a CorpseMonster, so
// any table can feed it: 3.6.7 comes from src/data/nethack-3.6.7/monsters.json plus the attacks
// in monster-attacks.json; 3.4.3 and 5.0 from corpse-monsters.json in their own data folders
// (all read from mons[] in src/monst.c, 5.0 include/monsters.h; see each file's "source").
import type { NethackVersion } from '../cite.ts';
import { ALL_MONS } from './data.ts';
import attacks367 from '../../data/nethack-3.6.7/monster-attacks.json' with { type: 'json' };
import mons343 from '../../data/nethack-3.4.3/corpse-monsters.json' with { type: 'json' };
import mons50 from '../../data/nethack-5.0/corpse-monsters.json' with { type: 'json' };

/** One mons[] entry, as raw as the game has it (flag words are include/monflag.h bits). */
export interface CorpseMonster {
  pm: string;
  name: string;
  /** mlet as its S_ name. */
  class: string;
  level: number;
  geno: number;
  cwt: number;
  cnutrit: number;
  mconveys: number;
  mflags1: number;
  mflags2: number;
  /** "AT_x AD_y" for each attack. */
  attacks: string[];
}

// include/monflag.h (the same bits in 3.4.3, 3.6.7 and 5.0)
export const MR = {
  FIRE: 0x01,
  COLD: 0x02,
  SLEEP: 0x04,
  DISINT: 0x08,
  ELEC: 0x10,
  POISON: 0x20,
  ACID: 0x40,
  STONE: 0x80,
} as const;
export const M1 = {
  TPORT: 0x02000000,
  TPORT_CNTRL: 0x04000000,
  ACID: 0x08000000,
  POIS: 0x10000000,
  CARNIVORE: 0x20000000,
  HERBIVORE: 0x40000000,
} as const;
export const M2 = {
  UNDEAD: 0x2,
  WERE: 0x4,
  HUMAN: 0x8,
  ELF: 0x10,
  DWARF: 0x20,
  GNOME: 0x40,
  ORC: 0x80,
  DEMON: 0x100,
  GIANT: 0x2000,
  DOMESTIC: 0x400000,
} as const;
export const G = { NOCORPSE: 0x0010, UNIQ: 0x1000 } as const;

export const has = (word: number, bit: number): boolean => ((word >>> 0) & bit) !== 0;

type Raw = Omit<CorpseMonster, never> & { names?: string[] };

function from367(): CorpseMonster[] {
  const atk = attacks367.attacks as Record<string, string[]>;
  return ALL_MONS.map((m) => ({
    pm: m.pm,
    name: m.name,
    class: m.class,
    level: m.level,
    geno: m.geno,
    cwt: m.cwt,
    cnutrit: m.cnutrit,
    mconveys: m.mconveys,
    mflags1: m.mflags1 >>> 0,
    mflags2: m.mflags2 >>> 0,
    attacks: atk[m.pm] ?? [],
  }));
}

const cache = new Map<NethackVersion, CorpseMonster[]>();

/** Every mons[] entry of a version, in index order. */
export function corpseMonsters(version: NethackVersion): CorpseMonster[] {
  let list = cache.get(version);
  if (!list) {
    list = version === '3.6.7' ? from367() : ((version === '3.4.3' ? mons343 : mons50).monsters as Raw[]).map(strip);
    cache.set(version, list);
  }
  return list;
}

function strip(r: Raw): CorpseMonster {
  return {
    pm: r.pm,
    // 5.0 MON(NAMS(male, female, neutral), ...): the neutral name is the monster's own (the one
    // every other 5.0 table and /nethack food use); the gendered ones are its alternate names.
    name: r.names?.[2] ?? r.name,
    class: r.class,
    level: r.level,
    geno: r.geno,
    cwt: r.cwt,
    cnutrit: r.cnutrit,
    mconveys: r.mconveys,
    mflags1: r.mflags1,
    mflags2: r.mflags2,
    attacks: r.attacks,
  };
}

/**
 * Other names a 5.0 entry answers to: the gendered names ("caveman", "cavewoman" for the cave
 * dweller). In play a corpse carries its monster's gender and is named by it (obj_pmname()).
 */
export function alternateNames(version: NethackVersion, pm: string): string[] {
  if (version !== '5.0') return [];
  const r = (mons50.monsters as Raw[]).find((m) => m.pm === pm);
  return r?.names?.slice(0, 2) ?? [];
}

/**
 * A monster by name ("jackal", "jackal corpse", "werejackal (human form)") or pm. Names are not unique
 * (the were-creatures have an animal and a human entry): a corpse name picks the entry that leaves
 * a corpse, which is the human form.
 */
export function findCorpseMonster(version: NethackVersion, query: string): CorpseMonster | undefined {
  const list = corpseMonsters(version);
  const q = query
    .trim()
    .toLowerCase()
    .replace(/ corpse$/, '')
    .replace(/ corpse \(human form\)$/, ' (human form)');
  if (q.startsWith('pm_')) return list.find((m) => m.pm.toLowerCase() === q);
  const human = q.endsWith(' (human form)');
  const base = q.replace(/ \(human form\)$/, '');
  const named = list.filter(
    (m) => m.name.toLowerCase() === base || alternateNames(version, m.pm).some((n) => n.toLowerCase() === base),
  );
  if (named.length <= 1) return named[0];
  const corpse = named.filter((m) => !has(m.geno, G.NOCORPSE));
  if (human) return named.find((m) => m.pm.startsWith('PM_HUMAN_')) ?? corpse[0];
  return corpse[0] ?? named[0];
}
