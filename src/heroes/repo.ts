// Reading and changing one user's heroes. Every change is one atomic compare-and-set on the
// user's record (store.update), validated before it is written, so concurrent commands never
// lose an update and a bad change writes nothing. A stored record that cannot be read (not JSON,
// empty, no Keyv envelope, an expiry in the past) or fails validation is reported as such, never
// as "storage unavailable" or "no hero", and left exactly as it is until its owner exports or
// deletes it.
import { UserError } from '../errors.ts';
import { UnreadableRecord, UnreadableRecordError, type Store } from '../store/store.ts';
import { HERO_SCHEMA_VERSION, parseRecord, UserHeroesSchema, type Hero, type UserHeroes } from './schema.ts';

export const heroKey = (userId: string) => `hungerbot:heroes:${userId}`;

export function corruptRecordError(problem: string): UserError {
  return new UserError(
    `Your stored heroes could not be read (${problem}). Nothing was changed: the record is kept exactly as it is so it can be recovered.`,
    'Use `/hero export` to download the raw record, or `/hero delete everything:true` to remove it for good and start over.',
    'corrupt_record',
  );
}

export function emptyRecord(userId: string, now: string): UserHeroes {
  return { schemaVersion: HERO_SCHEMA_VERSION, userId, activeId: null, heroes: [], channels: [], updatedAt: now };
}

export interface MutateOutcome<T> {
  /** The record to store; null deletes the user's record for good; undefined leaves it untouched. */
  record?: UserHeroes | null;
  result: T;
}

export class HeroRepo {
  constructor(
    private readonly store: Store,
    private readonly now: () => string = () => new Date().toISOString(),
  ) {}

  /** The user's record (migrated in memory if old); null when they have none. */
  async read(userId: string): Promise<UserHeroes | null> {
    let raw: unknown;
    try {
      raw = await this.store.get(heroKey(userId));
    } catch (err) {
      if (err instanceof UnreadableRecordError) throw corruptRecordError(err.reason);
      throw err;
    }
    if (raw === undefined) return null;
    const parsed = parseRecord(raw, this.now());
    if (!parsed.ok) throw corruptRecordError(parsed.problem);
    return parsed.record;
  }

  /** What is stored for the user, exactly, readable or not (for export and recovery). */
  async raw(userId: string): Promise<ExportedRecord> {
    const stored = await this.store.inspect(heroKey(userId));
    if (stored.state === 'absent') return { state: 'absent' };
    if (stored.state === 'unreadable') return { state: 'unreadable', reason: stored.reason, text: stored.raw };
    return { state: 'readable', value: stored.value };
  }

  /**
   * Atomically change the user's record. `fn` may run more than once (another process won the
   * race), so it must only compute. With `allowCorrupt`, `fn` is called with `corrupt` set
   * instead of failing, for a record that fails validation or cannot be read at all (used by the
   * delete that clears a broken record).
   */
  async mutate<T>(
    userId: string,
    fn: (record: UserHeroes | null, ctx: { now: string; corrupt: string | null }) => MutateOutcome<T>,
    opts: { allowCorrupt?: boolean } = {},
  ): Promise<T> {
    try {
      return await this.store.update(
        heroKey(userId),
        (current) => {
          const now = this.now();
          let record: UserHeroes | null = null;
          let corrupt: string | null = null;
          if (current instanceof UnreadableRecord) corrupt = current.reason;
          else if (current !== undefined) {
            const parsed = parseRecord(current, now);
            if (parsed.ok) record = parsed.record;
            else if (opts.allowCorrupt) corrupt = parsed.problem;
            else throw corruptRecordError(parsed.problem);
          }
          const out = fn(record, { now, corrupt });
          if (out.record === undefined) return { keep: true as const, result: out.result };
          if (out.record === null) return { delete: true as const, result: out.result };
          if (corrupt) return { keep: true as const, result: out.result }; // never overwrite a broken record
          // Validate what we are about to write: a bug must never store a broken hero.
          const checked = UserHeroesSchema.parse({ ...out.record, userId, updatedAt: now });
          return { value: checked, result: out.result };
        },
        { acceptUnreadable: opts.allowCorrupt },
      );
    } catch (err) {
      if (err instanceof UnreadableRecordError) throw corruptRecordError(err.reason);
      throw err;
    }
  }
}

/** A user's stored record as export hands it back. */
export type ExportedRecord =
  | { state: 'absent' }
  | { state: 'readable'; value: unknown }
  | { state: 'unreadable'; reason: string; text: string };

/** The active hero, or a friendly error saying how to make one. */
export function activeHero(record: UserHeroes | null, name?: string): Hero {
  if (!record || record.heroes.length === 0) {
    throw new UserError(
      "You don't have a hero yet.",
      'Create one with `/hero new name:<name>` (add `game:crawl` for Crawl).',
      'no_hero',
    );
  }
  if (name) {
    const wanted = name.trim().toLowerCase();
    // By name, by unique start of a name, or by id (buttons such as Details and Undo name heroes by id).
    const hit =
      record.heroes.find((h) => h.name.toLowerCase() === wanted) ??
      record.heroes.find((h) => h.id === wanted) ??
      record.heroes.find((h) => h.name.toLowerCase().startsWith(wanted));
    if (!hit) {
      throw new UserError(
        `You have no hero called "${name}".`,
        `Your heroes: ${record.heroes.map((h) => h.name).join(', ')}.`,
        'unknown_hero',
      );
    }
    return hit;
  }
  const active = record.heroes.find((h) => h.id === record.activeId) ?? record.heroes[0]!;
  return active;
}

export function replaceHero(record: UserHeroes, hero: Hero): UserHeroes {
  return { ...record, heroes: record.heroes.map((h) => (h.id === hero.id ? hero : h)) };
}
