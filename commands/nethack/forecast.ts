// /nethack forecast nutrition:<n> [turn] [left_ring] [right_ring] ... — when a hero becomes
// Hungry, Weak, Fainting, and when they starve (src/eat.c gethungry(), newuhs()).
import { z } from 'zod';
import type { APIEmbedField } from 'discord-api-types/v10';
import { defineSubcommand, type Choice } from '../../src/bot/types.ts';
import { booleanOption, hideOption, hideSchema, integerOption, intIn, nethackVersionOption, nethackVersionSchema, stringOption } from '../../src/bot/options.ts';
import { COLORS, field, fmt, sourcesField, versionFooter } from '../../src/bot/render.ts';
import { toChoices, type Named } from '../../src/bot/fuzzy.ts';
import { UserError } from '../../src/bot/errors.ts';
import { nethackForecastChart } from '../../src/chart/forecast.ts';
import { forecastOffThread } from '../../src/runtime/offload.ts';
import { STATUS_COLOR } from './status.ts';
import { citationRef, nethackCite, type NethackVersion } from '../../src/engine/cite.ts';
import {
  CONFLICT_SOURCES,
  ENCUMBRANCES,
  MAX_FORECAST_TURNS,
  REGENERATION_SOURCES,
  defaultProfile,
  parseRing,
  RINGS_FOR_CHOICES,
  type BurnProfile,
  type ForecastResult,
  type Spread,
  type WornRing,
} from '../../src/engine/nethack/index.ts';

export const NUTRITION_MIN = -1000;
export const NUTRITION_MAX = 6000;
export const TURN_MAX = 100_000_000;

export const STATUS_COLORS: Record<string, number> = { ...STATUS_COLOR, Dead: COLORS.dead };

export function nethackFooter(version: NethackVersion, extra?: string) {
  return versionFooter('NetHack', version, citationRef(nethackCite('src/eat.c', undefined, { version })), extra);
}

// ---- Rings: autocomplete and parsing

const RING_ITEMS: Named[] = RINGS_FOR_CHOICES.map((r) => ({ name: r.name, label: r.label, aliases: r.aliases }));

/** Suggestions for a ring option; a typed enchantment ("+3") is carried into chargeable rings. */
export function ringChoices(typed: string): Choice[] {
  const m = typed.match(/([+-]\d+)/);
  if (m) {
    const spe = m[1]!;
    const rest = typed.replace(m[0], '').trim();
    const items: Named[] = RINGS_FOR_CHOICES.filter((r) => r.chargeable).map((r) => ({ name: `${r.base} ${spe}`, label: `${r.base} ${spe}` }));
    return toChoices(rest, [...items, ...RING_ITEMS.filter((r) => !RINGS_FOR_CHOICES.find((x) => x.name === r.name)?.chargeable)]);
  }
  return toChoices(typed, RING_ITEMS);
}

export function ringOrError(value: string | undefined, option: string): WornRing | null {
  if (value === undefined || value.trim() === '' || value.trim().toLowerCase() === 'none') return null;
  const r = parseRing(value);
  if (!r) {
    const sugg = ringChoices(value.replace(/[+-]\d+/, '')).slice(0, 4).map((c) => `\`${c.value}\``);
    throw new UserError(`I don't know the ring "${value}" (${option}).`, sugg.length ? `Did you mean ${sugg.join(', ')}? Add +N for charged rings.` : 'Pick a ring from the autocomplete list.', 'unknown_ring');
  }
  return r;
}

// ---- Rendering helpers shared by the NetHack subcommands

export function spreadText(s: Spread, unit = 'turns'): string {
  return `${fmt(Math.round(s.mean * 10) / 10)} ${unit} on average (5th–95th percentile ${fmt(s.p5)}–${fmt(s.p95)}, median ${fmt(s.median)})`;
}

function milestoneLine(f: ForecastResult, i: number): string {
  const m = f.milestones[i]!;
  const name = `**${m.status}** (≤ ${m.atOrBelow})`;
  if (m.already) return `${name}: already (nutrition ${fmt(f.input.nutrition)})`;
  if (m.never) return `${name}: never — nothing burns`;
  if (m.exact && m.turns !== null) return `${name}: in **${fmt(m.turns)}** turns, at turn ${fmt(m.moves!)} (nutrition ${fmt(m.nutrition!)}${m.call && m.call !== 'turn' ? `, on ${m.call}` : ''})`;
  if (m.turnsDistribution) return `${name}: ${spreadText(m.turnsDistribution)}; from turn ${fmt(f.input.moves)}`;
  return `${name}: —`;
}

export function forecastProfile(args: {
  version: NethackVersion;
  left_ring?: string;
  right_ring?: string;
  amulet?: boolean;
  yendor?: boolean;
  regeneration?: (typeof REGENERATION_SOURCES)[number];
  conflict?: (typeof CONFLICT_SOURCES)[number];
  hunger?: boolean;
  slow_digestion?: boolean;
  encumbrance?: (typeof ENCUMBRANCES)[number];
  inediate?: boolean;
  asleep?: boolean;
}): BurnProfile {
  return {
    ...defaultProfile(args.version),
    leftRing: ringOrError(args.left_ring, 'left_ring'),
    rightRing: ringOrError(args.right_ring, 'right_ring'),
    amulet: args.amulet ?? false,
    yendor: args.yendor ?? false,
    regeneration: args.regeneration ?? 'none',
    conflict: args.conflict ?? 'none',
    hunger: args.hunger ?? false,
    slowDigestion: args.slow_digestion ?? false,
    encumbrance: args.encumbrance ?? 'Unencumbered',
    inediate: args.inediate ?? false,
    unaware: args.asleep ?? false,
  };
}

const schema = z.object({
  nutrition: intIn('nutrition', NUTRITION_MIN, NUTRITION_MAX),
  turn: intIn('turn', 1, TURN_MAX).default(1),
  left_ring: z.string().max(100).optional(),
  right_ring: z.string().max(100).optional(),
  amulet: z.boolean().optional(),
  yendor: z.boolean().optional(),
  regeneration: z.enum(REGENERATION_SOURCES).optional(),
  conflict: z.enum(CONFLICT_SOURCES).optional(),
  hunger: z.boolean().optional(),
  slow_digestion: z.boolean().optional(),
  encumbrance: z.enum(ENCUMBRANCES).optional(),
  inediate: z.boolean().optional(),
  asleep: z.boolean().optional(),
  attacks: intIn('attacks', 0, 12).default(0),
  con: intIn('con', 3, 25).default(18),
  after: intIn('after', 0, MAX_FORECAST_TURNS).optional(),
  chart: z.boolean().default(false),
  version: nethackVersionSchema,
  hide: hideSchema,
});

export const forecastSubcommand = defineSubcommand({
  name: 'forecast',
  description: 'When you get Hungry, Weak, Fainting, and starve',
  example: '/nethack forecast nutrition:900 turn:1 left_ring:"ring of regeneration"',
  options: [
    integerOption('nutrition', 'Nutrition now (u.uhunger)', { required: true, min: NUTRITION_MIN, max: NUTRITION_MAX }),
    integerOption('turn', 'Turn counter now (moves, default 1)', { min: 1, max: TURN_MAX }),
    stringOption('left_ring', 'Left ring, e.g. "ring of protection +2"', { autocomplete: true, maxLength: 100 }),
    stringOption('right_ring', 'Right ring (same as left_ring)', { autocomplete: true, maxLength: 100 }),
    booleanOption('amulet', 'Wearing an amulet'),
    booleanOption('yendor', 'Carrying the real Amulet of Yendor'),
    stringOption('regeneration', 'Other regeneration source', { choices: REGENERATION_SOURCES }),
    stringOption('conflict', 'Other conflict source', { choices: CONFLICT_SOURCES }),
    booleanOption('hunger', 'Hunger property (not from a ring)'),
    booleanOption('slow_digestion', 'Slow digestion (not from a ring)'),
    stringOption('encumbrance', 'Encumbrance', { choices: ENCUMBRANCES }),
    booleanOption('inediate', 'Polymorphed into a form that does not eat'),
    booleanOption('asleep', 'Asleep/unconscious the whole time'),
    integerOption('attacks', 'Melee attacks per turn', { min: 0, max: 12 }),
    integerOption('con', 'Constitution (default 18)', { min: 3, max: 25 }),
    integerOption('after', 'Also show nutrition after this many turns', { min: 0, max: MAX_FORECAST_TURNS }),
    booleanOption('chart', 'Attach a PNG chart of nutrition'),
    nethackVersionOption,
    hideOption,
  ],
  schema,
  autocomplete(focused) {
    if (focused.name === 'left_ring' || focused.name === 'right_ring') return ringChoices(focused.value);
    return [];
  },
  async run(args) {
    const profile = forecastProfile(args);
    const f = await forecastOffThread({ nutrition: args.nutrition, moves: args.turn, profile, attacksPerTurn: args.attacks, con: args.con, after: args.after });
    const fields: APIEmbedField[] = [];
    fields.push(field('Milestones', [0, 1, 2].map((i) => milestoneLine(f, i)).join('\n')));
    const src = f.sources.length
      ? f.sources.map((s) => `• ${s.label}: ${fmt(s.per20)} per 20 turns (${s.when})`).join('\n')
      : '• nothing';
    const mult = f.attacks.applied > 0 ? `\nx${1 + f.attacks.applied} with ${f.attacks.applied} attack${f.attacks.applied > 1 ? 's' : ''} per turn` : '';
    fields.push(field(`Burn: ${fmt(f.per20)} per 20 turns`, src + mult));
    if (f.next20) fields.push(field('Next 20 turns', `turn ${fmt(f.input.moves + 1)}→: ${f.next20.join(' ')}`));
    if (f.after) {
      const a = f.after;
      let text: string;
      if (a.exact && a.nutrition !== null) text = `Nutrition **${fmt(a.nutrition)}** (${a.status}) at turn ${fmt(a.moves)}.`;
      else {
        const parts: string[] = [];
        if (a.probabilityDead !== null) parts.push(`dead of starvation: ${(a.probabilityDead * 100).toFixed(1)}%`);
        if (a.nutritionDistribution) parts.push(`nutrition if alive ${fmt(a.nutritionDistribution.p5)}–${fmt(a.nutritionDistribution.p95)} (mean ${fmt(Math.round(a.nutritionDistribution.mean))})`);
        if (a.statusProbabilities) parts.push(Object.entries(a.statusProbabilities).map(([k, p]) => `${k} ${((p ?? 0) * 100).toFixed(1)}%`).join(', '));
        text = `At turn ${fmt(a.moves)}: ${parts.join('; ')}${a.note ? ` (${a.note})` : ''}`;
      }
      fields.push(field(`After ${fmt(a.turns)} turns`, text));
    }
    if (f.starvation) {
      const s = f.starvation;
      const lines = [`Dies when nutrition < ${fmt(s.limit)} (Con ${s.con}) on an update whose faint roll fails.`];
      if (s.firstFaintTurns !== null) lines.push(`First faint: certain, ${s.firstFaintTurns} turns.`);
      if (s.expectedFaints !== null) lines.push(`About ${fmt(Math.round(s.expectedFaints * 10) / 10)} faints before death.`);
      if (s.deathTurns && s.deathMoves) lines.push(`Death: median turn **${fmt(s.deathMoves.median)}**, 5th–95th percentile ${fmt(s.deathMoves.p5)}–${fmt(s.deathMoves.p95)} (${fmt(s.deathTurns.median)} turns from now).`);
      lines.push(`Method: ${s.method}`);
      fields.push(field('Starvation', lines.join('\n')));
    }
    if (f.notes.length) fields.push(field('Notes', f.notes.map((n) => `• ${n}`).join('\n')));
    const wiki = forecastWikiNotes(f, profile);
    if (wiki.length) fields.push(field('Wiki differs', wiki.join('\n')));
    fields.push(sourcesField(f.citations, 6));
    const first = f.milestones.find((m) => !m.already && !m.never);
    const title = `Nutrition ${fmt(f.input.nutrition)} at turn ${fmt(f.input.moves)}: ${f.status}${first?.moves ? ` → ${first.status} at turn ${fmt(first.moves)}` : ''}`;
    const chart = args.chart ? await nethackForecastChart(f, { title: `Nutrition from ${fmt(f.input.nutrition)} at turn ${fmt(f.input.moves)}`, fileName: 'nethack-forecast.png' }) : undefined;
    return {
      embeds: [{ title, description: f.methodText, color: STATUS_COLORS[f.status] ?? COLORS.info, fields, footer: nethackFooter(f.version), ...(chart ? { image: { url: `attachment://${chart.name}` } } : {}) }],
      result: { ...f, chart: chart?.name ?? null },
      ephemeral: args.hide,
      files: chart ? [chart] : undefined,
    };
  },
});

function forecastWikiNotes(f: ForecastResult, p: BurnProfile): string[] {
  const out: string[] = [];
  out.push('The wiki table starts Hungry below 150, Weak below 50; the code (newuhs()) at 150, 50 and 0 and below.');
  if (p.amulet && p.yendor) out.push('The wiki charges the Amulet of Yendor only when carried, not worn; worn, it costs both the amulet slot and the carried slot (2 per 20 turns).');
  if (f.starvation) out.push('The wiki says you die at -(100 + 10·Con); the code needs strictly less, and only when the faint roll fails.');
  return out;
}
