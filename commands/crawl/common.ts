// Shared pieces of the /crawl subcommands: the version option (a string with autocomplete,
// so 0.26+ can get its "no hunger" answer), the hero options shared by rate and forecast,
// autocomplete sources, error translation and embed helpers.
import type { APIApplicationCommandBasicOption, APIEmbed, APIEmbedField } from 'discord-api-types/v10';
import { z } from 'zod';
import { UserError } from '../../src/bot/errors.ts';
import { EMBED_FIELD_VALUE_MAX } from '../../src/bot/limits.ts';
import { toChoices, type Named } from '../../src/bot/fuzzy.ts';
import { booleanOption, hideOption, hideSchema, integerOption, intIn, stringOption } from '../../src/bot/options.ts';
import { COLORS, field, fmt, sourcesField, versionFooter } from '../../src/bot/render.ts';
import type { Choice, OptionValue, Reply } from '../../src/bot/types.ts';
import type { Citation } from '../../src/engine/cite.ts';
import {
  BURDENS,
  CRAWL_TAGS,
  CrawlInputError,
  FORMS,
  abilityItems,
  crawlOutsideVersions,
  foodItems,
  parseCrawlVersion,
  speciesList,
  type CrawlHeroInput,
  type CrawlVersion,
  type Distribution,
} from '../../src/engine/crawl/index.ts';

export const versionOption = stringOption('version', 'Crawl version: 0.13 (default), 0.14, 0.15', { autocomplete: true, maxLength: 12 });
export const versionSchema = z.string().max(12).optional();

const VERSION_CHOICES: Choice[] = [
  { name: '0.13 (default; the wiki page\'s numbers)', value: '0.13' },
  { name: '0.14 (thresholds 100 lower)', value: '0.14' },
  { name: '0.15 (no sustenance/hunger rings, fewer foods)', value: '0.15' },
  { name: '0.26 or later (no hunger at all)', value: '0.26' },
];

export type VersionOutcome = { ok: true; version: CrawlVersion } | { ok: false; reply: Reply };

/** Reads the version option; versions without hunger (or not covered) get their answer right away. */
export function resolveVersion(asked: string | undefined, hide: boolean | undefined): VersionOutcome {
  const parsed = parseCrawlVersion(asked);
  if (!parsed) throw new UserError(`"${asked}" is not a Crawl version.`, 'Use 0.13, 0.14 or 0.15 (or any later version number).', 'bad_version');
  if (parsed.kind === 'supported') return { ok: true, version: parsed.version };
  const r = crawlOutsideVersions(parsed);
  return {
    ok: false,
    reply: {
      embeds: [
        {
          title: parsed.kind === 'noHunger' ? `Crawl ${parsed.asked}: no hunger` : `Crawl ${parsed.asked}: not covered`,
          description: r.message + (parsed.kind === 'notCovered' ? '\nAsk with `version:0.13`, `0.14` or `0.15`.' : ''),
          color: parsed.kind === 'noHunger' ? COLORS.info : COLORS.warning,
          ...(r.citations.length ? { fields: [sourcesField(r.citations)] } : {}),
          footer: { text: `Crawl ${parsed.asked}` },
        },
      ],
      result: r,
      ephemeral: hide,
    },
  };
}

/** Engine input errors become friendly UserErrors. */
export function guard<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    throw userErrorOf(e);
  }
}

/** guard() for engine calls on the worker pool. */
export async function guardAsync<T>(f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    throw userErrorOf(e);
  }
}

function userErrorOf(e: unknown): unknown {
  if (e instanceof CrawlInputError) return new UserError(e.message, e.hint, e.code);
  if (e instanceof RangeError) return new UserError(e.message, undefined, 'bad_input');
  return e;
}

// ---------- autocomplete ----------

function versionFrom(partial: Record<string, OptionValue>): CrawlVersion {
  const p = parseCrawlVersion(typeof partial['version'] === 'string' ? partial['version'] : undefined);
  return p?.kind === 'supported' ? p.version : '0.13';
}

export function speciesNamed(version: CrawlVersion): Named[] {
  return speciesList(version).map((s) => ({ name: s.name, aliases: [s.id.replace(/^SP_/, '').replace(/_/g, ' ')], label: s.selectable ? s.name : `${s.name} (alpha builds only)` }));
}
export function foodNamed(version: CrawlVersion): Named[] {
  return foodItems(version).map((f) => ({ name: f.name, aliases: f.aliases, label: f.row ? `${f.name} — ${fmt(f.row.value)}` : f.name }));
}
export function abilityNamed(version: CrawlVersion): Named[] {
  return abilityItems(version).map((a) => ({ name: a.name, aliases: a.aliases, label: `${a.name} — food ${a.row.food ?? 0}` }));
}

export function autocompleteCrawl(focused: { name: string; value: string }, partial: Record<string, OptionValue>): Choice[] {
  const v = versionFrom(partial);
  switch (focused.name) {
    case 'version': {
      const q = focused.value.trim();
      const list = VERSION_CHOICES.filter((c) => !q || String(c.value).startsWith(q) || c.name.includes(q));
      return list.length ? list : [{ name: q, value: q }];
    }
    case 'species':
      return toChoices(focused.value, speciesNamed(v));
    case 'item':
      return toChoices(focused.value, foodNamed(v));
    case 'name':
      return toChoices(focused.value, abilityNamed(v));
    default:
      return [];
  }
}

// ---------- hero options (rate, forecast) ----------

export const speciesOption = (desc = 'Species (default Human)') => stringOption('species', desc, { autocomplete: true, maxLength: 40 });

export function heroOptions(): APIApplicationCommandBasicOption[] {
  return [
    speciesOption(),
    integerOption('metabolism', 'Metabolism mutation: +1..+3 fast, -1..-2 slow', { min: -2, max: 3 }),
    stringOption('form', 'Transformation', { choices: FORMS }),
    booleanOption('injured', 'HP below max (regen items cost then)'),
    booleanOption('regen', 'Regeneration spell active'),
    booleanOption('trogs_hand', "Trog's Hand active"),
    booleanOption('invisible', 'Invisible'),
    booleanOption('hasted', 'Hasted'),
    booleanOption('berserk', 'Berserk'),
    booleanOption('chei', 'Cheibriados worshipper, piety 30+'),
    integerOption('sustenance', 'Rings of sustenance worn (0.13/0.14)', { min: 0, max: 8 }),
    integerOption('hunger_rings', 'Rings of hunger worn (0.13/0.14)', { min: 0, max: 8 }),
    integerOption('regen_rings', 'Rings of regeneration worn', { min: 0, max: 8 }),
    booleanOption('troll_leather', 'Troll leather armour or hide'),
    integerOption('artefact', 'Sum of artefact +/-Hunger (0.13/0.14)', { min: -20, max: 30 }),
    stringOption('burden', 'Burden (0.13/0.14)', { choices: BURDENS }),
    booleanOption('suppressed', 'In magical suppression (0.13)'),
    integerOption('aut', 'Action time in aut (default 10)', { min: 1, max: 1000 }),
    booleanOption('walking', 'The action is a walking move'),
  ];
}

export const heroSchemaShape = {
  species: z.string().max(40).optional(),
  metabolism: intIn('metabolism', -2, 3).optional(),
  form: z.enum(FORMS).optional(),
  injured: z.boolean().optional(),
  regen: z.boolean().optional(),
  trogs_hand: z.boolean().optional(),
  invisible: z.boolean().optional(),
  hasted: z.boolean().optional(),
  berserk: z.boolean().optional(),
  chei: z.boolean().optional(),
  sustenance: intIn('sustenance', 0, 8).optional(),
  hunger_rings: intIn('hunger_rings', 0, 8).optional(),
  regen_rings: intIn('regen_rings', 0, 8).optional(),
  troll_leather: z.boolean().optional(),
  artefact: intIn('artefact', -20, 30).optional(),
  burden: z.enum(BURDENS).optional(),
  suppressed: z.boolean().optional(),
  aut: intIn('aut', 1, 1000).optional(),
  walking: z.boolean().optional(),
  version: versionSchema,
  hide: hideSchema,
};

type HeroArgs = { [K in keyof typeof heroSchemaShape]?: z.output<(typeof heroSchemaShape)[K]> };

/** Only the options the user gave, so the result's input echoes exactly what was asked. */
export function heroInputFrom(a: HeroArgs): CrawlHeroInput {
  const out: CrawlHeroInput = {};
  const set = <K extends keyof CrawlHeroInput>(k: K, v: CrawlHeroInput[K] | undefined) => {
    if (v !== undefined) out[k] = v;
  };
  set('species', a.species);
  set('metabolism', a.metabolism);
  set('form', a.form);
  set('injured', a.injured);
  set('regeneration', a.regen);
  set('trogsHand', a.trogs_hand);
  set('invisible', a.invisible);
  set('hasted', a.hasted);
  set('berserk', a.berserk);
  set('cheibriados', a.chei);
  set('sustenanceRings', a.sustenance);
  set('hungerRings', a.hunger_rings);
  set('regenerationRings', a.regen_rings);
  set('trollLeather', a.troll_leather);
  set('artefactMetabolism', a.artefact);
  set('burden', a.burden);
  set('suppressed', a.suppressed);
  return out;
}

export { hideOption };

// ---------- rendering ----------

export function footer(version: CrawlVersion, extra?: string): { text: string } {
  return versionFooter('Crawl', version, CRAWL_TAGS[version], extra);
}

export function wikiField(note: string | null | undefined): APIEmbedField[] {
  return note ? [field('Where the wiki page differs', note)] : [];
}

/** The Source field, with as many linked citations as fit in one field (the rest are in --json). */
export function sources(citations: readonly Citation[], max = 8): APIEmbedField {
  for (let n = max; n > 1; n--) {
    const f = sourcesField(citations, n);
    if (f.value.length <= EMBED_FIELD_VALUE_MAX) return f;
  }
  return sourcesField(citations, 1);
}

export function pct(p: number): string {
  const v = p * 100;
  return `${Number.isInteger(v) ? v : v.toFixed(v < 1 ? 2 : 1)}%`;
}

/** "5" or "7–10 (mean 8.4)" or "0 (75%) / 200 (25%)" for short distributions. */
export function distText(d: Distribution, unit = ''): string {
  if (d.min === d.max) return `${fmt(d.min)}${unit}`;
  if (d.outcomes.length <= 4) return `${d.outcomes.map((o) => `${fmt(o.value)}${unit} (${pct(o.probability)})`).join(' / ')}; mean ${fmt(Number(d.expected.toFixed(2)))}`;
  return `${fmt(d.min)}–${fmt(d.max)}${unit}, mean ${fmt(Number(d.expected.toFixed(2)))}`;
}

export function embedOf(e: APIEmbed): APIEmbed {
  return e;
}
