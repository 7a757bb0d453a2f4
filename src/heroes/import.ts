// From an import (src/import: a NetHack bottom line or dumplog, a DCSS dump) to the hero it
// describes: a new hero, or an update of one the user already has. Only what the text says
// replaces the stored hero's values; what the import had to assume keeps the stored value when
// there is one (a remembered ring is not dropped because a status line cannot show rings, and a
// stored nutrition inside the status's band is kept). Pure: the command stores the plan once the
// user confirms it.
import { UserError } from '../errors.ts';
import type { CrawlDumpImport, ImportResult, NethackBottomLineImport, NethackDumplogImport } from '../import/types.ts';
import { checkCrawlHero } from './crawl.ts';
import {
  CrawlStateSchema,
  HERO_NAME_MAX,
  HeroCoreSchema,
  NethackStateSchema,
  type ConductMark,
  type CrawlState,
  type Hero,
  type HeroCore,
  type NethackState,
} from './schema.ts';

/** A plan waiting for the user's confirmation (any replica reads it), and its one-use marker. */
export const importPlanKey = (userId: string, nonce: string) => `hungerbot:import:${userId}:${nonce}`;
export const importNonceKey = (userId: string, nonce: string) => `hungerbot:confirm:import:${userId}:${nonce}`;

export interface ImportPlan {
  /** Create a hero, or update the one named. */
  target: { mode: 'new' } | { mode: 'update'; heroId: string; heroName: string };
  core: HeroCore;
  /** Stored values kept because the text does not say (update only). */
  kept: { field: string; value: unknown; reason: string }[];
  /** Values read that a stored hero does not keep, and why. */
  dropped: string[];
  /** Assumptions the plan adds to the import's own (defaults for fields the text does not show). */
  assumed: { field: string; value: unknown; reason: string }[];
  notes: string[];
}

const NAME_BAD = /[`@#:*_~|<>]/g;
const gameName = (g: 'nethack' | 'crawl') => (g === 'nethack' ? 'NetHack' : 'Crawl');

/** A hero name from the text: no Markdown or mention characters, at most 32 characters. */
export function heroNameFrom(text: string | null | undefined): string | null {
  const clean = (text ?? '').replace(NAME_BAD, '').replace(/\s+/g, ' ').trim().slice(0, HERO_NAME_MAX).trim();
  return clean || null;
}

type NethackImport = NethackBottomLineImport | NethackDumplogImport;
type Acc = Pick<ImportPlan, 'kept' | 'dropped' | 'assumed' | 'notes'>;

/** The fields a NetHack import actually read (everything else is a default or an assumption). */
function nethackRead(r: NethackImport): Set<string> {
  const read = new Set<string>(['encumbrance', 'nutrition']);
  const f = r.fields;
  if (f.name) read.add('name');
  if (f.role) read.add('role');
  if (f.alignment) read.add('alignment');
  if (f.attributes) read.add('con').add('int');
  if (f.turn) read.add('turn');
  if (r.kind === 'nethack-bottom-line') {
    if (r.fields.level && r.fields.level.value.kind !== 'HD') read.add('xl');
    return read;
  }
  const d = r.fields;
  if (d.race) read.add('race');
  if (d.xl) read.add('xl');
  // A dumplog lists the inventory and the attributes: rings, amulet and intrinsics are read.
  read.add('leftRing').add('rightRing').add('amulet').add('yendor').add('intrinsics').add('foods');
  if (d.conductSection) read.add('conducts');
  return read;
}

const CONDUCT_MARK = (kept: boolean): ConductMark => ({ status: kept ? 'kept' : 'broken', turn: null, food: null });

function nethackState(r: NethackImport, old: NethackState | undefined, acc: Acc): NethackState {
  const d = r.hero;
  const read = nethackRead(r);
  const fresh: Partial<NethackState> = {
    role: d.role ?? undefined,
    race: d.race ?? undefined,
    alignment: d.alignment ?? undefined,
    con: d.con,
    int: d.int ?? undefined,
    xl: d.xl ?? undefined,
    nutrition: d.nutrition,
    turn: Math.max(1, d.turn),
    leftRing: d.leftRing ? { label: d.leftRing } : null,
    rightRing: d.rightRing ? { label: d.rightRing } : null,
    amulet: d.amulet,
    yendor: d.yendor,
    intrinsics: d.intrinsics,
    encumbrance: d.encumbrance,
    // A dumplog is written when the game ends; only starving ends a hunger tracker's hero.
    alive: r.hunger.status !== 'Starved',
    death: r.hunger.status === 'Starved' ? 'starved' : null,
  };
  if (d.conducts) {
    fresh.conducts = {
      foodless: CONDUCT_MARK(d.conducts.foodless),
      vegan: CONDUCT_MARK(d.conducts.vegan),
      vegetarian: CONDUCT_MARK(d.conducts.vegetarian),
    };
  }
  if (r.kind === 'nethack-dumplog') fresh.foods = carriedFoods(r, acc);
  if (!d.alive && r.hunger.status !== 'Starved') {
    acc.notes.push(
      "The dumplog ends with the hero's death (not by hunger): the hero is imported as it was just before.",
    );
  }
  if (r.hunger.status === 'Starved') fresh.nutrition = r.hunger.assumed;
  for (const [field, fallback] of [
    ['role', 'Valkyrie'],
    ['race', 'human'],
    ['alignment', 'neutral'],
    ['int', 10],
    ['xl', 1],
  ] as const) {
    if ((fresh as Record<string, unknown>)[field] === undefined && !old) {
      acc.assumed.push({
        field,
        value: fallback,
        reason:
          `The text does not show the ${field === 'xl' ? 'experience level' : field}; ` +
          `the default ${fallback} is used.`,
      });
    }
  }
  if (!old) return NethackStateSchema.parse(fresh);
  return mergeNethack(r, fresh, old, read, acc);
}

/** An update: the text's values where it says them, the stored hero's where it does not. */
function mergeNethack(
  r: NethackImport,
  fresh: Partial<NethackState>,
  old: NethackState,
  read: Set<string>,
  acc: Acc,
): NethackState {
  const next: Record<string, unknown> = { ...old };
  for (const [k, v] of Object.entries(fresh)) {
    if (v === undefined) continue;
    if (k === 'nutrition' || k === 'alive' || k === 'death') continue;
    if (k === 'conducts') next[k] = mergeConducts(old.conducts, v as NethackState['conducts']);
    else if (read.has(k)) next[k] = v;
    else if (JSON.stringify(old[k as keyof NethackState]) !== JSON.stringify(v)) {
      acc.kept.push({ field: k, value: old[k as keyof NethackState], reason: 'the text does not show it' });
    }
  }
  const band = r.hunger.band;
  const inBand = (band.min === null || old.nutrition >= band.min) && (band.max === null || old.nutrition <= band.max);
  if (inBand && old.alive) {
    next.nutrition = old.nutrition;
    acc.kept.push({ field: 'nutrition', value: old.nutrition, reason: `it is inside ${r.hunger.status}'s band` });
  } else next.nutrition = fresh.nutrition;
  next.alive = fresh.alive;
  next.death = fresh.death;
  return NethackStateSchema.parse(next);
}

/** A conduct the text confirms keeps its stored mark (a broken one remembers when and by what). */
function mergeConducts(old: NethackState['conducts'], read: NethackState['conducts']): NethackState['conducts'] {
  const pick = (k: keyof NethackState['conducts']) => (old[k].status === read[k].status ? old[k] : read[k]);
  return { foodless: pick('foodless'), vegan: pick('vegan'), vegetarian: pick('vegetarian') };
}

function carriedFoods(r: NethackDumplogImport, acc: Acc): NethackState['foods'] {
  const out: NethackState['foods'] = [];
  for (const f of r.inventoryFoods) {
    if (!f.name) {
      acc.dropped.push(`"${f.text}" (line ${f.from.line}): not a food the meal planner knows`);
      continue;
    }
    if (f.partlyEaten) {
      acc.dropped.push(`"${f.text}" (line ${f.from.line}): partly eaten, and how much is left is not printed`);
      continue;
    }
    const buc = f.buc ?? undefined;
    const same = out.find((o) => o.name === f.name && o.buc === buc);
    if (same) same.count += f.count;
    else out.push({ name: f.name, count: f.count, ...(buc ? { buc } : {}) });
  }
  return out.slice(0, 40);
}

/** Crawl rate options the stored hero keeps: gear and mutations; the rest is said, not kept. */
const CRAWL_KEPT = new Set([
  'metabolism',
  'carnivore',
  'herbivore',
  'saprovore',
  'sustenanceRings',
  'hungerRings',
  'regenerationRings',
  'trollLeather',
  'artefactMetabolism',
]);

function crawlState(r: CrawlDumpImport, old: CrawlState | undefined, acc: Acc): CrawlState {
  const d = r.hero;
  const rate = d.rate as Record<string, unknown>;
  for (const [k, v] of Object.entries(rate)) {
    if (!CRAWL_KEPT.has(k) && k !== 'xl')
      acc.dropped.push(`${k} ${String(v)}: a stored Crawl hero does not keep it (\`/crawl rate\` takes it)`);
  }
  const num = (k: string) => (typeof rate[k] === 'number' ? (rate[k] as number) : undefined);
  const gear = {
    sustenanceRings: num('sustenanceRings') ?? 0,
    hungerRings: num('hungerRings') ?? 0,
    regenerationRings: num('regenerationRings') ?? 0,
    trollLeather: rate.trollLeather === true,
    artefactMetabolism: num('artefactMetabolism') ?? 0,
    gourmand: d.gourmandAmulet,
  };
  const mutations = {
    metabolism: num('metabolism'),
    carnivore: num('carnivore'),
    herbivore: num('herbivore'),
    saprovore: num('saprovore'),
  };
  let value = d.value;
  if (old?.alive && r.hunger.band.min !== null && r.hunger.band.max !== null) {
    if (old.value >= r.hunger.band.min && old.value <= r.hunger.band.max) {
      value = old.value;
      acc.kept.push({ field: 'value', value: old.value, reason: `it is inside ${r.hunger.status}'s band` });
    }
  }
  const turnRead = !!r.fields.turn;
  const turn = turnRead || !old ? d.turn : old.turn;
  if (!turnRead && old) acc.kept.push({ field: 'turn', value: old.turn, reason: 'the dump does not show it' });
  if (d.int === null && !old)
    acc.assumed.push({ field: 'int', value: 10, reason: 'The dump does not show Int; 10 is used.' });
  const state = CrawlStateSchema.parse({
    species: d.species,
    value,
    turn,
    int: d.int ?? old?.int ?? 10,
    spellcasting: old?.spellcasting ?? 0,
    alive: d.alive,
    death: d.alive ? null : 'starved',
    gear,
    mutations,
    foods: crawlFoods(r, acc),
  });
  checkCrawlHero(r.version, state);
  return state;
}

/** Comestibles from the dump: permanent foods by name; chunks are said, not kept (kind unknown). */
function crawlFoods(r: CrawlDumpImport, acc: Acc): CrawlState['foods'] {
  const out: CrawlState['foods'] = [];
  for (const f of r.inventoryFoods) {
    if (!f.name) {
      acc.dropped.push(
        `"${f.text}" (line ${f.from.line}): ` +
          (f.chunk
            ? 'chunks are not kept (add them with `/hero carry`: their kind is not in the name)'
            : 'not a food the advice knows'),
      );
      continue;
    }
    const same = out.find((o) => o.name === f.name);
    if (same) same.count += f.count;
    else out.push({ name: f.name, count: f.count });
  }
  return out.slice(0, 40);
}

/**
 * The hero the import describes: `existing` is the hero to update (same game), or undefined to
 * create one with the id given.
 */
export function planImport(
  r: ImportResult,
  opts: { existing?: Hero; name?: string; id: string; createdAt: string },
): ImportPlan {
  const acc: Acc = { kept: [], dropped: [], assumed: [], notes: [] };
  const old = opts.existing;
  if (old && old.game !== r.game) {
    throw new UserError(
      `${old.name} is a ${gameName(old.game)} hero; this text is ${gameName(r.game)}.`,
      'Import it as a new hero (leave out `hero:`), or name another hero.',
      'wrong_game',
    );
  }
  const name = heroNameFrom(opts.name) ?? old?.name ?? heroNameFrom(r.hero.name) ?? 'Imported';
  const base = old
    ? { id: old.id, name, createdAt: old.createdAt, shared: old.shared }
    : { id: opts.id, name, createdAt: opts.createdAt, shared: false };
  const core =
    r.game === 'nethack'
      ? {
          ...base,
          game: 'nethack' as const,
          version: r.version,
          nethack: nethackState(r, old?.game === 'nethack' ? old.nethack : undefined, acc),
        }
      : {
          ...base,
          game: 'crawl' as const,
          version: r.version,
          crawl: crawlState(r, old?.game === 'crawl' ? old.crawl : undefined, acc),
        };
  const parsed = HeroCoreSchema.safeParse(core);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UserError(
      `The text describes a hero this bot cannot keep (${issue?.path.join('.')}: ${issue?.message}).`,
      'Paste the text exactly as the game printed it.',
      'malformed_import',
    );
  }
  const target = old ? { mode: 'update' as const, heroId: old.id, heroName: old.name } : { mode: 'new' as const };
  return { target, core: parsed.data, ...acc };
}
