// Stored heroes: one record per Discord user, validated with zod on every read and write.
// The record carries a schema version; older records are migrated on read (and written back
// in the new shape only when the user next changes something).
import { z } from 'zod';
import { CRAWL_VERSIONS, NETHACK_VERSIONS } from '../engine/cite.ts';
import { LUCKSTONES } from '../engine/nethack/prayerTrack.ts';
import { CHUNK_TYPES } from '../engine/crawl/chunk.ts';

/**
 * 3: Crawl heroes wear typed hunger gear and mutations (was an untyped `rate` bag); deaths say how.
 * 4: NetHack heroes keep Luck, alignment record, god anger and their prayer history, food conducts;
 * heroes of both games carry foods and can be shared; the record remembers the channels it was
 * shared in; a pending confirmation says what it is for (a meal or a prayer). Every new field has a
 * default, so a version 3 record reads as version 4 with nothing tracked yet.
 */
export const HERO_SCHEMA_VERSION = 4;
export const MAX_HEROES_PER_USER = 10;
export const MAX_LOG_EVENTS = 50;
export const MAX_UNDO = 20;
export const HERO_NAME_MAX = 32;

export const ENCUMBRANCE_LEVELS = [
  'Unencumbered',
  'Burdened',
  'Stressed',
  'Strained',
  'Overtaxed',
  'Overloaded',
] as const;

export { NETHACK_INTRINSICS, type NethackIntrinsic } from '../engine/nethack/intrinsics.ts';
import { NETHACK_INTRINSICS } from '../engine/nethack/intrinsics.ts';

const heroName = z
  .string()
  .trim()
  .min(1, 'a hero needs a name')
  .max(HERO_NAME_MAX, `hero names are at most ${HERO_NAME_MAX} characters`);

export const RingSlotSchema = z.object({ label: z.string().min(1).max(80) }).nullable();

/** The event that last set the prayer timeout (src/engine/nethack/prayerTrack.ts TimeoutStep). */
export const TimeoutStepSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('start') }),
  z.object({ kind: z.literal('known'), value: z.number().int().min(0).max(1_000_000), atTurn: z.number().int() }),
  z.object({
    kind: z.literal('success'),
    atTurn: z.number().int(),
    experienceLevel: z.number().int().min(1).max(30),
    demigod: z.boolean(),
    crowned: z.boolean(),
  }),
  z.object({
    kind: z.literal('angered'),
    atTurn: z.number().int(),
    prayedAt: z.number().int(),
    experienceLevel: z.number().int().min(1).max(30),
    limit: z.number().int().min(0).max(200),
    naughty: z.boolean(),
  }),
]);

export const MAX_PRAYER_HISTORY = 10;

/** One prayer the hero made, as recorded by /hero pray. */
export const PrayerRecordSchema = z.object({
  /** The #pray turn. */
  turn: z.number().int(),
  outcome: z.enum(['worked', 'angry']),
  /** Hunger fixed by the prayer (null: no hunger trouble). */
  fed: z.boolean().nullable(),
  /** P(safe) when it was made. */
  safe: z.number().min(0).max(1),
});

export const PrayerStateSchema = z.object({
  /** The timeout's history since it was last reset (a 5.0 anger builds on the old value). */
  steps: z.array(TimeoutStepSchema).max(14).default([]),
  history: z.array(PrayerRecordSchema).max(MAX_PRAYER_HISTORY).default([]),
  /** The steps are the hero's whole history (met at turn 1, or a prayer or /hero set prayed: since);
   * false: the bot assumes no prayer since the start (a hero met mid-game). */
  known: z.boolean().default(false),
});
export type PrayerState = z.infer<typeof PrayerStateSchema>;

/** A food conduct: kept, broken (when and by what), or not tracked (a hero met mid-game). */
export const ConductMarkSchema = z.object({
  status: z.enum(['kept', 'broken', 'unknown']),
  turn: z.number().int().nullable().default(null),
  food: z.string().max(64).nullable().default(null),
});
export type ConductMark = z.infer<typeof ConductMarkSchema>;
const UNKNOWN_CONDUCT: ConductMark = { status: 'unknown', turn: null, food: null };
export const ConductsSchema = z.object({
  foodless: ConductMarkSchema.default(UNKNOWN_CONDUCT),
  vegan: ConductMarkSchema.default(UNKNOWN_CONDUCT),
  vegetarian: ConductMarkSchema.default(UNKNOWN_CONDUCT),
});
export type Conducts = z.infer<typeof ConductsSchema>;
export const MAX_CARRIED = 40;

/** A NetHack food the hero carries (for /hero advise; /hero eat takes one away). */
export const NethackCarriedSchema = z.object({
  name: z.string().min(1).max(64),
  count: z.number().int().min(1).max(999),
  buc: z.enum(['blessed', 'uncursed', 'cursed']).optional(),
  /** Partly eaten: its remaining nutrition. */
  eaten: z.number().int().min(0).max(2000).optional(),
});
export type NethackCarried = z.infer<typeof NethackCarriedSchema>;

/** A Crawl food the hero carries. */
export const CrawlCarriedSchema = z.object({
  name: z.string().min(1).max(64),
  count: z.number().int().min(1).max(999),
  chunkType: z.enum(CHUNK_TYPES).optional(),
  rotten: z.boolean().optional(),
});
export type CrawlCarried = z.infer<typeof CrawlCarriedSchema>;

export const NethackStateSchema = z.object({
  role: z.string().max(32).default('Valkyrie'),
  race: z.string().max(16).default('human'),
  alignment: z.enum(['lawful', 'neutral', 'chaotic']).default('neutral'),
  con: z.number().int().min(3).max(25).default(18),
  int: z.number().int().min(3).max(25).default(10),
  xl: z.number().int().min(1).max(30).default(1),
  nutrition: z.number().int().min(-100_000).max(100_000),
  turn: z.number().int().min(1).max(100_000_000),
  leftRing: RingSlotSchema.default(null),
  rightRing: RingSlotSchema.default(null),
  /** Worn amulet name, e.g. "amulet of life saving"; null when none. */
  amulet: z.string().max(64).nullable().default(null),
  /** Carrying the real Amulet of Yendor. */
  yendor: z.boolean().default(false),
  intrinsics: z.array(z.enum(NETHACK_INTRINSICS)).default([]),
  encumbrance: z.enum(ENCUMBRANCE_LEVELS).default('Unencumbered'),
  alive: z.boolean().default(true),
  /** How a dead hero died: starved, or choked on a meal (null while alive). */
  death: z.enum(['starved', 'choked']).nullable().default(null),
  /** Luck (u.uluck + u.moreluck): 0 at the start. */
  luck: z.number().int().min(-13).max(13).default(0),
  /** A carried luckstone (or other luck item) and its curse state: stops Luck timing out. */
  luckstone: z.enum(LUCKSTONES).default('none'),
  /** Alignment record (u.ualign.record); null: not known (prayer answers assume 10). */
  alignmentRecord: z.number().int().min(-1000).max(1000).nullable().default(null),
  /** God anger (u.ugangr). */
  godAnger: z.number().int().min(0).max(100).default(0),
  /** Killed the Wizard (u.uevent.udemigod) / crowned: each adds rnz(1000) to a new prayer timeout. */
  demigod: z.boolean().default(false),
  crowned: z.boolean().default(false),
  prayer: PrayerStateSchema.default({ steps: [], history: [], known: false }),
  conducts: ConductsSchema.default({ foodless: UNKNOWN_CONDUCT, vegan: UNKNOWN_CONDUCT, vegetarian: UNKNOWN_CONDUCT }),
  foods: z.array(NethackCarriedSchema).max(MAX_CARRIED).default([]),
});
export type NethackState = z.infer<typeof NethackStateSchema>;

/** Crawl's hunger equipment (src/engine/crawl/gear.ts), as worn by a stored hero. */
export const CrawlGearSchema = z.object({
  sustenanceRings: z.number().int().min(0).max(8).default(0),
  hungerRings: z.number().int().min(0).max(8).default(0),
  regenerationRings: z.number().int().min(0).max(8).default(0),
  trollLeather: z.boolean().default(false),
  artefactMetabolism: z.number().int().min(-20).max(30).default(0),
  gourmand: z.boolean().default(false),
});
export type CrawlGearState = z.infer<typeof CrawlGearSchema>;

/** Mutation levels as /crawl rate takes them (absent: the species' innate level). */
export const CrawlMutationsSchema = z.object({
  metabolism: z.number().int().min(-2).max(3).optional(),
  carnivore: z.number().int().min(0).max(3).optional(),
  herbivore: z.number().int().min(0).max(3).optional(),
  saprovore: z.number().int().min(0).max(3).optional(),
});
export type CrawlMutations = z.infer<typeof CrawlMutationsSchema>;

const crawlStateBase = {
  species: z.string().max(32).default('Human'),
  /** Satiation (you.hunger). */
  value: z.number().int().min(-100_000).max(100_000),
  turn: z.number().int().min(0).max(100_000_000),
  int: z.number().int().min(1).max(99).default(10),
  spellcasting: z.number().min(0).max(27).default(0),
  alive: z.boolean().default(true),
};

export const CrawlStateSchema = z.object({
  ...crawlStateBase,
  gear: CrawlGearSchema.default(CrawlGearSchema.parse({})),
  mutations: CrawlMutationsSchema.default({}),
  death: z.enum(['starved']).nullable().default(null),
  foods: z.array(CrawlCarriedSchema).max(MAX_CARRIED).default([]),
});
export type CrawlState = z.infer<typeof CrawlStateSchema>;

/** Version 2's Crawl state: options for the rate engine in an untyped bag (never written by a command). */
export const CrawlStateV2Schema = z.object({
  ...crawlStateBase,
  rate: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}),
});
type CrawlStateV2 = z.infer<typeof CrawlStateV2Schema>;

const base = {
  id: z.string().regex(/^[a-z0-9]{6,16}$/),
  name: heroName,
  createdAt: z.string(),
  /** Others may see it (/hero show user:, /party). */
  shared: z.boolean().default(false),
};

/** A confirmation the hero waits for: a meal that would choke or break a conduct, or a prayer. */
export const PendingSchema = z.union([
  z.object({ kind: z.literal('eat').default('eat'), nonce: z.string(), food: z.string(), expiresAt: z.string() }),
  z.object({
    kind: z.literal('pray'),
    nonce: z.string(),
    expiresAt: z.string(),
    troubles: z.array(z.string().max(24)).max(25).default([]),
    demigod: z.boolean().optional(),
    crowned: z.boolean().optional(),
  }),
]);
export type Pending = z.infer<typeof PendingSchema>;

export const MAX_CHANNELS = 20;
/** A channel where the user shared a hero or used /hero with one shared (for /party). */
export const ChannelSeenSchema = z.object({
  channelId: z.string().max(32),
  guildId: z.string().max(32).nullable(),
  at: z.string(),
});

/** The hero, event, record schemas for one shape of the Crawl state (v2, v3 and v4 share the rest). */
function recordSchemas<C extends z.ZodType>(crawlState: C, version: 2 | 3 | 4) {
  const core = z.discriminatedUnion('game', [
    z.object({ ...base, game: z.literal('nethack'), version: z.enum(NETHACK_VERSIONS), nethack: NethackStateSchema }),
    z.object({ ...base, game: z.literal('crawl'), version: z.enum(CRAWL_VERSIONS), crawl: crawlState }),
  ]);
  const hero = z.intersection(
    core,
    z.object({
      log: z.array(HeroEventSchema).max(MAX_LOG_EVENTS).default([]),
      /** Snapshots before each of the last events, newest last: `undo` pops one. */
      undo: z
        .array(z.object({ event: HeroEventSchema, before: core }))
        .max(MAX_UNDO)
        .default([]),
      /** A meal or prayer waiting for the user's confirmation. */
      pending: PendingSchema.nullable().default(null),
    }),
  );
  const record = z.object({
    schemaVersion: z.literal(version),
    userId: z.string(),
    activeId: z.string().nullable(),
    heroes: z.array(hero).max(MAX_HEROES_PER_USER),
    /** Channels the user shared a hero in (for /party), newest last. */
    channels: z.array(ChannelSeenSchema).max(MAX_CHANNELS).default([]),
    updatedAt: z.string(),
  });
  return { core, hero, record };
}

export const HeroEventSchema = z.object({
  at: z.string(),
  kind: z.string().max(24),
  summary: z.string().max(300),
  /** The turn and nutrition/satiation after the event, for the log. */
  turn: z.number().int(),
  nutrition: z.number().int(),
});
export type HeroEvent = z.infer<typeof HeroEventSchema>;

const v4 = recordSchemas(CrawlStateSchema, 4);
const v3 = recordSchemas(CrawlStateSchema, 3);
const v2 = recordSchemas(CrawlStateV2Schema, 2);

export const HeroCoreSchema = v4.core;
export type HeroCore = z.infer<typeof HeroCoreSchema>;
export const HeroSchema = v4.hero;
export type Hero = z.infer<typeof HeroSchema>;
export const UserHeroesSchema = v4.record;
/** Version 3 has the shape of version 4 without the new fields (their defaults fill them in). */
export const UserHeroesV3Schema = v3.record;
export type UserHeroes = z.infer<typeof UserHeroesSchema>;
export const UserHeroesV2Schema = v2.record;
type UserHeroesV2 = z.infer<typeof UserHeroesV2Schema>;

/**
 * Version 1 (the first stored shape): one NetHack hero per user, rings as a plain list of
 * names, no event log. Kept so such records keep working.
 */
export const UserHeroesV1Schema = z.object({
  schemaVersion: z.literal(1),
  userId: z.string(),
  hero: z.object({
    name: heroName,
    nutrition: z.number().int(),
    turn: z.number().int().min(1),
    rings: z.array(z.string()).max(2).default([]),
    amulet: z.string().nullable().default(null),
    con: z.number().int().min(3).max(25).default(18),
    createdAt: z.string().optional(),
  }),
});
export type UserHeroesV1 = z.infer<typeof UserHeroesV1Schema>;

export function newHeroId(): string {
  return Math.random().toString(36).slice(2, 10).padEnd(8, '0');
}

/** v1 -> current: the single hero becomes the active one; rings go left then right. */
export function migrateV1(v1: UserHeroesV1, now: string): UserHeroes {
  const h = v1.hero;
  const nethack = NethackStateSchema.parse({
    nutrition: h.nutrition,
    turn: h.turn,
    con: h.con,
    leftRing: h.rings[0] ? { label: h.rings[0] } : null,
    rightRing: h.rings[1] ? { label: h.rings[1] } : null,
    amulet: h.amulet,
  });
  const id = 'v1hero01';
  return {
    schemaVersion: HERO_SCHEMA_VERSION,
    userId: v1.userId,
    activeId: id,
    heroes: [
      {
        id,
        name: h.name,
        createdAt: h.createdAt ?? now,
        game: 'nethack',
        version: '3.6.7',
        nethack,
        shared: false,
        log: [
          {
            at: now,
            kind: 'migrate',
            summary: `Record upgraded from schema 1 to ${HERO_SCHEMA_VERSION}.`,
            turn: h.turn,
            nutrition: h.nutrition,
          },
        ],
        undo: [],
        pending: null,
      },
    ],
    channels: [],
    updatedAt: now,
  };
}

const int = (v: unknown, min: number, max: number): number | undefined =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : undefined;

/** v2 -> v3 Crawl state: the rate bag's known options become typed gear and mutations; the rest is dropped. */
export function migrateCrawlStateV2(c: CrawlStateV2): CrawlState {
  const { rate, ...rest } = c;
  const gear = CrawlGearSchema.parse({
    sustenanceRings: int(rate.sustenanceRings, 0, 8),
    hungerRings: int(rate.hungerRings, 0, 8),
    regenerationRings: int(rate.regenerationRings, 0, 8),
    trollLeather: rate.trollLeather === true ? true : undefined,
    artefactMetabolism: int(rate.artefactMetabolism, -20, 30),
    gourmand: rate.gourmandAmulet === true ? true : undefined,
  });
  const mutations = CrawlMutationsSchema.parse({
    metabolism: int(rate.metabolism, -2, 3),
    carnivore: int(rate.carnivore, 0, 3),
    herbivore: int(rate.herbivore, 0, 3),
    saprovore: int(rate.saprovore, 0, 3),
  });
  return { ...rest, gear, mutations, death: rest.alive ? null : 'starved', foods: [] };
}

type HeroCoreV2 = UserHeroesV2['heroes'][number]['undo'][number]['before'];

function migrateCoreV2(core: HeroCoreV2): HeroCore {
  if (core.game === 'crawl') return { ...core, crawl: migrateCrawlStateV2(core.crawl as CrawlStateV2) } as HeroCore;
  return { ...core, nethack: { ...core.nethack, death: core.nethack.alive ? null : 'starved' } } as HeroCore;
}

/** v2 -> v3: every hero and every undo snapshot. */
export function migrateV2(v2record: UserHeroesV2): UserHeroes {
  const heroes = v2record.heroes.map((h) => {
    const { log, undo, pending } = h;
    const core = migrateCoreV2(h as HeroCoreV2);
    return {
      ...core,
      log,
      undo: undo.map((u) => ({ event: u.event, before: migrateCoreV2(u.before) })),
      pending,
    } as Hero;
  });
  return UserHeroesSchema.parse({ ...v2record, schemaVersion: HERO_SCHEMA_VERSION, heroes });
}

/**
 * v3 -> v4: the new fields take their defaults (parsing the v3 record already filled them in): no
 * Luck, anger or prayer history known, conducts not tracked, no foods carried, nothing shared.
 */
export function migrateV3(v3record: z.infer<typeof UserHeroesV3Schema>): UserHeroes {
  return UserHeroesSchema.parse({ ...v3record, schemaVersion: HERO_SCHEMA_VERSION });
}

export type ParsedRecord =
  | { ok: true; record: UserHeroes; migratedFrom: number | null }
  | { ok: false; problem: string };

/** Validate (and migrate) a stored record. Never throws; never changes the stored value. */
export function parseRecord(raw: unknown, now: string): ParsedRecord {
  if (raw === undefined || raw === null) return { ok: false, problem: 'empty' };
  const version =
    typeof raw === 'object' && raw !== null && 'schemaVersion' in raw
      ? (raw as { schemaVersion: unknown }).schemaVersion
      : undefined;
  if (version === 1) {
    const v1 = UserHeroesV1Schema.safeParse(raw);
    if (!v1.success) return { ok: false, problem: describe(v1.error) };
    return { ok: true, record: migrateV1(v1.data, now), migratedFrom: 1 };
  }
  if (version === 2) {
    const old = UserHeroesV2Schema.safeParse(raw);
    if (!old.success) return { ok: false, problem: describe(old.error) };
    return { ok: true, record: migrateV2(old.data), migratedFrom: 2 };
  }
  if (version === 3) {
    const old = UserHeroesV3Schema.safeParse(raw);
    if (!old.success) return { ok: false, problem: describe(old.error) };
    return { ok: true, record: migrateV3(old.data), migratedFrom: 3 };
  }
  if (version !== HERO_SCHEMA_VERSION)
    return { ok: false, problem: `unknown schema version ${JSON.stringify(version)}` };
  const current = UserHeroesSchema.safeParse(raw);
  if (!current.success) return { ok: false, problem: describe(current.error) };
  return { ok: true, record: current.data, migratedFrom: null };
}

function describe(err: z.ZodError): string {
  return err.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || 'record'}: ${i.message}`)
    .join('; ');
}
