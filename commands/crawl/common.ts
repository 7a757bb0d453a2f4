// Shared pieces of the /crawl subcommands: the version option (a string with autocomplete,
// so 0.26+ can get its "no hunger" answer), the hero options shared by rate and forecast,
// autocomplete sources and embed helpers.
import type { APIEmbed, APIEmbedField } from 'discord-api-types/v10';
import { UserError } from '../../src/errors.ts';
import * as kinds from '../../src/kit/kinds.ts';
import type { Named } from '../../src/names.ts';
import { listChoices, toChoices } from '../../src/kit/choices.ts';
import { boolean, choice, integer, text, type ArgsOf } from '../../src/pipeline/options.ts';
import { COLORS, field, fmt, sourcesEmbed, sourcesField, versionFooter } from '../../src/kit/render.ts';
import type { Choice, OptionValue, Reply } from '../../src/pipeline/types.ts';
import type { Citation } from '../../src/engine/cite.ts';
import {
  BURDENS,
  CRAWL_TAGS,
  FORMS,
  GEAR_NAMES,
  VAMPIRE_LABELS,
  HUNGER_STATES,
  abilityItems,
  gearInput,
  parseGear,
  crawlOutsideVersions,
  foodItems,
  parseCrawlVersion,
  speciesList,
  type CrawlHeroInput,
  type CrawlVersion,
  type Distribution,
} from '../../src/engine/crawl/index.ts';

const VERSION_CHOICES: Choice[] = [
  { name: "0.13 (default; the wiki page's numbers)", value: '0.13' },
  { name: '0.14 (thresholds 100 lower)', value: '0.14' },
  { name: '0.15 (no sustenance/hunger rings, fewer foods)', value: '0.15' },
  { name: '0.26 or later (no hunger at all)', value: '0.26' },
];

export type VersionOutcome = { ok: true; version: CrawlVersion } | { ok: false; reply: Reply };

/** Reads the version option; versions without hunger (or not covered) get their answer right away. */
export function resolveVersion(asked: string | undefined, hide: boolean | undefined): VersionOutcome {
  const parsed = parseCrawlVersion(asked);
  if (!parsed)
    throw new UserError(
      `"${asked}" is not a Crawl version.`,
      'Use 0.13, 0.14 or 0.15 (or any later version number).',
      'bad_version',
    );
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

// ---------- autocomplete ----------

function versionFrom(partial: Record<string, OptionValue>): CrawlVersion {
  const p = parseCrawlVersion(typeof partial.version === 'string' ? partial.version : undefined);
  return p?.kind === 'supported' ? p.version : '0.13';
}

export function speciesNamed(version: CrawlVersion): Named[] {
  return speciesList(version).map((s) => ({
    name: s.name,
    aliases: [s.id.replace(/^SP_/, '').replace(/_/g, ' ')],
    label: s.selectable ? s.name : `${s.name} (alpha builds only)`,
  }));
}
export function foodNamed(version: CrawlVersion): Named[] {
  return foodItems(version).map((f) => ({
    name: f.name,
    aliases: f.aliases,
    label: f.row ? `${f.name} — ${fmt(f.row.value)}` : f.name,
  }));
}
export function abilityNamed(version: CrawlVersion): Named[] {
  return abilityItems(version).map((a) => ({
    name: a.name,
    aliases: a.aliases,
    label: `${a.name} — food ${a.row.food ?? 0}`,
  }));
}

export function autocompleteCrawl(
  focused: { name: string; value: string },
  partial: Record<string, OptionValue>,
): Choice[] {
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
    case 'gear':
      return gearChoices(focused.value);
    default:
      return [];
  }
}

// ---------- hero options (rate, forecast) ----------

/** A diet mutation level (Carnivore, Herbivore, Saprovore). */
export const dietLevel = (name: string) => integer(`${name} level (default: species)`, { min: 0, max: 3, example: 2 });
export const gourmand = boolean('Wearing an amulet of the gourmand');

/** Crawl hunger equipment in one option, read by the name resolver (src/engine/crawl/gear.ts). */
export const gear = text('Gear: "2 rings of sustenance, troll leather armour"', { autocomplete: true, maxLength: 100 });

/** The character, as /crawl rate and /crawl forecast ask for it. */
export const crawlHeroOptions = {
  species: kinds.species,
  metabolism: integer('Metabolism mutation: +1..+3 fast, -1..-2 slow', { min: -2, max: 3, example: 1 }),
  form: choice('Transformation', FORMS),
  gear,
  injured: boolean('HP below max (regen items cost then)'),
  regen: boolean('Regeneration spell active'),
  trogs_hand: boolean("Trog's Hand active"),
  invisible: boolean('Invisible'),
  hasted: boolean('Hasted'),
  berserk: boolean('Berserk'),
  chei: boolean('Cheibriados worshipper, piety 30+'),
  burden: choice('Burden (0.13/0.14)', BURDENS),
  suppressed: boolean('In magical suppression (0.13)'),
  aut: integer('Action time in aut (default 10)', { min: 1, max: 1000, example: 10 }),
  walking: boolean('The action is a walking move'),
  version: kinds.crawlVersion,
} as const;

type HeroArgs = Partial<ArgsOf<typeof crawlHeroOptions>>;

/** Only the options the user gave, so the result's input echoes exactly what was asked. */
export function heroInputFrom(a: HeroArgs): CrawlHeroInput {
  const out: CrawlHeroInput = { ...gearInput(parseGear(a.gear)) };
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
  set('burden', a.burden);
  set('suppressed', a.suppressed);
  return out;
}

/** Completes the last piece of a gear list ("2 rings of sustenance, troll l" -> "..., troll leather armour"). */
export function gearChoices(typed: string): Choice[] {
  return listChoices(typed, GEAR_NAMES);
}

/** The action options (aut, walking) the user gave, for rate and forecast. */
export function actionFrom(a: HeroArgs): { aut?: number; walking?: boolean } {
  return { ...(a.aut !== undefined ? { aut: a.aut } : {}), ...(a.walking !== undefined ? { walking: a.walking } : {}) };
}

// ---------- rendering ----------

export function footer(version: CrawlVersion, extra?: string): { text: string } {
  return versionFooter('Crawl', version, CRAWL_TAGS[version], extra);
}

export function wikiField(note: string | null | undefined): APIEmbedField[] {
  return note ? [field('Where the wiki page differs', note)] : [];
}

export function pct(p: number): string {
  const v = p * 100;
  return `${Number.isInteger(v) ? v : v.toFixed(v < 1 ? 2 : 1)}%`;
}

/** "5" or "7–10 (mean 8.4)" or "0 (75%) / 200 (25%)" for short distributions. */
export function distText(d: Distribution, unit = ''): string {
  if (d.min === d.max) return `${fmt(d.min)}${unit}`;
  if (d.outcomes.length <= 4)
    return `${d.outcomes.map((o) => `${fmt(o.value)}${unit} (${pct(o.probability)})`).join(' / ')}; mean ${fmt(Number(d.expected.toFixed(2)))}`;
  return `${fmt(d.min)}–${fmt(d.max)}${unit}, mean ${fmt(Number(d.expected.toFixed(2)))}`;
}

/** A satiation level as this species calls it (Vampires: Bloodless ... Alive; status.cc). */
export function stateName(state: string, species: string | null | undefined): string {
  if (species !== 'Vampire') return state;
  const i = (HUNGER_STATES as readonly string[]).indexOf(state);
  return i >= 0 ? VAMPIRE_LABELS[i]! : state;
}

/** "660" when the rounding cannot change it, else "about 767 (760–775)". */
export function spanText(x: { expected: number; min: number; max: number | null }): string {
  if (x.min === x.max) return fmt(x.min);
  return `about ${fmt(Number(x.expected.toFixed(1)))} (${fmt(x.min)}–${x.max === null ? '∞' : fmt(x.max)})`;
}

/** Every citation, in the last embed of a Details reply. */
export function detailsOf(main: APIEmbed, citations: readonly Citation[]): APIEmbed[] {
  return [main, sourcesEmbed(citations, main.color)];
}
