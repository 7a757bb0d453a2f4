// /nethack forecast nutrition:<n> [turn] [left_ring] [right_ring] ... — when a hero becomes
// Hungry, Weak, Fainting, and when they starve (src/eat.c gethungry(), newuhs()).
import type { APIEmbed, APIEmbedField } from 'discord-api-types/v10';
import * as kinds from '../../src/kit/kinds.ts';
import { boolean, choice, integer, text, type ArgsOf } from '../../src/pipeline/options.ts';
import { defineSubcommand, withLazyDetails, type Choice } from '../../src/pipeline/types.ts';
import { COLORS, compact, field, fmt, sourcesEmbed, turns, versionFooter } from '../../src/kit/render.ts';
import type { Named } from '../../src/names.ts';
import { toChoices } from '../../src/kit/choices.ts';
import { nethackForecastChart } from '../../src/kit/charts.ts';
import { forecastOffThread } from '../../src/runtime/offload.ts';
import { STATUS_COLOR } from './status.ts';
import { shortRef, nethackCite, type NethackVersion } from '../../src/engine/cite.ts';
import {
  CONFLICT_SOURCES,
  ENCUMBRANCES,
  MAX_FORECAST_TURNS,
  REGENERATION_SOURCES,
  defaultProfile,
  resolveRing,
  RINGS_FOR_CHOICES,
  type BurnProfile,
  type ForecastResult,
  type Spread,
  type WornRing,
} from '../../src/engine/nethack/index.ts';

export const STATUS_COLORS: Record<string, number> = { ...STATUS_COLOR, Dead: COLORS.dead };

export function nethackFooter(version: NethackVersion, extra?: string) {
  return versionFooter('NetHack', version, shortRef(nethackCite('src/eat.c', undefined, { version })), extra);
}

// ---- Rings: autocomplete and parsing

const RING_ITEMS: Named[] = RINGS_FOR_CHOICES.map((r) => ({ name: r.name, label: r.label, aliases: r.aliases }));

/** Suggestions for a ring option; a typed enchantment ("+3") is carried into chargeable rings. */
export function ringChoices(typed: string): Choice[] {
  const m = typed.match(/([+-]\d+)/);
  if (m) {
    const spe = m[1]!;
    const rest = typed.replace(m[0], '').trim();
    const items: Named[] = RINGS_FOR_CHOICES.filter((r) => r.chargeable).map((r) => ({
      name: `${r.base} ${spe}`,
      label: `${r.base} ${spe}`,
    }));
    return toChoices(rest, [
      ...items,
      ...RING_ITEMS.filter((r) => !RINGS_FOR_CHOICES.find((x) => x.name === r.name)?.chargeable),
    ]);
  }
  return toChoices(typed, RING_ITEMS);
}

export function ringOrError(value: string | undefined, _option: string): WornRing | null {
  if (value === undefined || value.trim() === '' || value.trim().toLowerCase() === 'none') return null;
  return resolveRing(value);
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
  if (m.exact && m.turns !== null)
    return `${name}: in **${fmt(m.turns)}** turns, at turn ${fmt(m.moves!)} (nutrition ${fmt(m.nutrition!)}${m.call && m.call !== 'turn' ? `, on ${m.call}` : ''})`;
  if (m.turnsDistribution) return `${name}: ${spreadText(m.turnsDistribution)}; from turn ${fmt(f.input.moves)}`;
  return `${name}: —`;
}

/** What the hero wears and is: the burn profile's options, shared by the forecast and its tests. */
export const burnOptions = {
  left_ring: text('Left ring, e.g. "ring of protection +2"', { autocomplete: true }),
  right_ring: text('Right ring (same as left_ring)', { autocomplete: true }),
  amulet: boolean('Wearing an amulet'),
  yendor: boolean('Carrying the real Amulet of Yendor'),
  regeneration: choice('Other regeneration source', REGENERATION_SOURCES),
  conflict: choice('Other conflict source', CONFLICT_SOURCES),
  hunger: boolean('Hunger property (not from a ring)'),
  slow_digestion: boolean('Slow digestion (not from a ring)'),
  encumbrance: choice('Encumbrance', ENCUMBRANCES),
  inediate: boolean('Polymorphed into a form that does not eat'),
  asleep: boolean('Asleep/unconscious the whole time'),
} as const;

export function forecastProfile(args: ArgsOf<typeof burnOptions> & { version: NethackVersion }): BurnProfile {
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

/** The answer: the next milestone ("Weak in 531 turns (turn 532)"), or why there is none. */
export function forecastTitle(f: ForecastResult): string {
  const next = f.milestones.find((m) => !m.already && !m.never);
  if (next?.exact && next.turns !== null) return `${next.status} in ${turns(next.turns)} (turn ${fmt(next.moves!)})`;
  if (next?.turnsDistribution) {
    // Random burn: the expected wait, with the range it falls in 90 % of the time.
    const d = next.turnsDistribution;
    return `${next.status} in about ${turns(Math.round(d.mean))} (5–95%: ${fmt(d.p5)}–${fmt(d.p95)})`;
  }
  if (f.milestones.every((m) => m.already)) {
    const death = f.starvation?.deathMoves;
    return death
      ? `Already Fainting: starves around turn ${fmt(death.median)}`
      : `Already ${f.status} at nutrition ${fmt(f.input.nutrition)}`;
  }
  return `${f.status} for good: nothing burns nutrition`;
}

function milestoneShort(m: ForecastResult['milestones'][number]): string | null {
  if (m.already || m.never) return null;
  if (m.exact && m.turns !== null) return `${m.status} in ${fmt(m.turns)} (turn ${fmt(m.moves!)})`;
  const d = m.turnsDistribution;
  if (d) return `${m.status} in ~${fmt(Math.round(d.mean))} (5–95%: ${fmt(d.p5)}–${fmt(d.p95)})`;
  return null;
}

function burnShort(f: ForecastResult): string {
  // "20 base metabolism, 1 left ring": the amount first, so a label never runs into its number.
  const parts = f.sources.map((s) => `${fmt(s.per20)} ${s.label.replace(/ \(.*\)$/, '').toLowerCase()}`);
  const n = f.attacks.applied;
  const attacks = n > 0 ? `, ×${1 + n} with ${n} attack${n > 1 ? 's' : ''} a turn` : '';
  return `Burn ${fmt(f.per20)} per 20 turns${f.method === 'exact-cycle' ? '' : ' (expected)'}: ${parts.join(', ') || 'nothing'}${attacks}.`;
}

function afterText(a: NonNullable<ForecastResult['after']>): string {
  if (a.exact && a.nutrition !== null)
    return `Nutrition **${fmt(a.nutrition)}** (${a.status}) at turn ${fmt(a.moves)}.`;
  const parts: string[] = [];
  if (a.probabilityDead !== null) parts.push(`dead of starvation: ${(a.probabilityDead * 100).toFixed(1)}%`);
  if (a.nutritionDistribution)
    parts.push(
      `nutrition if alive ${fmt(a.nutritionDistribution.p5)}–${fmt(a.nutritionDistribution.p95)} (mean ${fmt(Math.round(a.nutritionDistribution.mean))})`,
    );
  if (a.statusProbabilities)
    parts.push(
      Object.entries(a.statusProbabilities)
        .map(([k, p]) => `${k} ${((p ?? 0) * 100).toFixed(1)}%`)
        .join(', '),
    );
  return `At turn ${fmt(a.moves)}: ${parts.join('; ')}${a.note ? ` (${a.note})` : ''}`;
}

function limitText(f: ForecastResult): string {
  return f.starvation ? `below ${fmt(f.starvation.limit)} with Con ${f.starvation.con}` : '';
}

function forecastCompact(f: ForecastResult): APIEmbed {
  const next = f.milestones.find((m) => !m.already && !m.never);
  const later = f.milestones
    .filter((m) => m !== next)
    .map((m) => milestoneShort(m))
    .filter(Boolean);
  const death = f.starvation?.deathMoves;
  return compact({
    title: forecastTitle(f),
    color: STATUS_COLORS[f.status] ?? COLORS.info,
    lines: [
      `From nutrition ${fmt(f.input.nutrition)} (${f.status}) at turn ${fmt(f.input.moves)}.`,
      later.length ? `Then ${later.join(' · ')}.` : null,
      burnShort(f),
      f.after ? `After ${turns(f.after.turns)}: ${afterText(f.after)}` : null,
      death &&
        `Starves around turn **${fmt(death.median)}** (5–95%: ${fmt(death.p5)}–${fmt(death.p95)}); ${limitText(f)}.`,
    ],
    footer: nethackFooter(f.version, 'src/eat.c gethungry()'),
  });
}

function forecastDetails(f: ForecastResult, profile: BurnProfile): APIEmbed[] {
  const fields: APIEmbedField[] = [];
  fields.push(field('Milestones', [0, 1, 2].map((i) => milestoneLine(f, i)).join('\n')));
  const src = f.sources.length
    ? f.sources.map((s) => `• ${s.label}: ${fmt(s.per20)} per 20 turns (${s.when})`).join('\n')
    : '• nothing';
  const mult =
    f.attacks.applied > 0
      ? `\nx${1 + f.attacks.applied} with ${f.attacks.applied} attack${f.attacks.applied > 1 ? 's' : ''} per turn`
      : '';
  fields.push(field(`Burn: ${fmt(f.per20)} per 20 turns`, src + mult));
  if (f.next20) fields.push(field('Next 20 turns', `turn ${fmt(f.input.moves + 1)}→: ${f.next20.join(' ')}`));
  if (f.after) fields.push(field(`After ${fmt(f.after.turns)} turns`, afterText(f.after)));
  if (f.starvation) {
    const s = f.starvation;
    const lines = [`Dies when nutrition < ${fmt(s.limit)} (Con ${s.con}) on an update whose faint roll fails.`];
    if (s.firstFaintTurns !== null) lines.push(`First faint: certain, ${s.firstFaintTurns} turns.`);
    if (s.expectedFaints !== null)
      lines.push(`About ${fmt(Math.round(s.expectedFaints * 10) / 10)} faints before death.`);
    if (s.deathTurns && s.deathMoves)
      lines.push(
        `Death: median turn **${fmt(s.deathMoves.median)}**, 5th–95th percentile ${fmt(s.deathMoves.p5)}–${fmt(s.deathMoves.p95)} (${fmt(s.deathTurns.median)} turns from now).`,
      );
    lines.push(`Method: ${s.method}`);
    fields.push(field('Starvation', lines.join('\n')));
  }
  if (f.notes.length) fields.push(field('Notes', f.notes.map((n) => `• ${n}`).join('\n')));
  const wiki = forecastWikiNotes(f, profile);
  if (wiki.length) fields.push(field('Wiki differs', wiki.join('\n')));
  const color = STATUS_COLORS[f.status] ?? COLORS.info;
  return [
    { title: forecastTitle(f), description: f.methodText, color, fields, footer: nethackFooter(f.version) },
    sourcesEmbed(f.citations, color),
  ];
}

export const forecastSubcommand = defineSubcommand({
  name: 'forecast',
  description: 'When you get Hungry, Weak, Fainting, and starve',
  example: '/nethack forecast nutrition:900 turn:1 left_ring:"ring of regeneration"',
  options: {
    nutrition: kinds.nutrition.describe('Nutrition now (u.uhunger)').required(),
    turn: kinds.turn.describe('Turn counter now (moves, default 1)').default(1),
    ...burnOptions,
    attacks: integer('Melee attacks per turn', { min: 0, max: 12, example: 1 }).default(0),
    con: kinds.con.describe('Constitution (default 18)').default(18),
    after: integer('Also show nutrition after this many turns', { min: 0, max: MAX_FORECAST_TURNS, example: 1000 }),
    chart: kinds.chart,
    version: kinds.nethackVersion,
  },
  autocomplete(focused) {
    if (focused.name === 'left_ring' || focused.name === 'right_ring') return ringChoices(focused.value);
    return [];
  },
  async run(args) {
    const profile = forecastProfile(args);
    const f = await forecastOffThread({
      nutrition: args.nutrition,
      moves: args.turn,
      profile,
      attacksPerTurn: args.attacks,
      con: args.con,
      after: args.after,
      series: args.chart,
    });
    const chart = args.chart
      ? await nethackForecastChart(f, {
          title: `Nutrition from ${fmt(f.input.nutrition)} at turn ${fmt(f.input.moves)}`,
          fileName: 'nethack-forecast.png',
        })
      : undefined;
    const { series: _series, ...result } = f;
    const embed = forecastCompact(f);
    const reply = {
      embeds: [chart ? { ...embed, image: { url: `attachment://${chart.name}` } } : embed],
      result: { ...result, chart: chart?.name ?? null },
      ephemeral: args.hide,
      files: chart ? [chart] : undefined,
    };
    return withLazyDetails(reply, () => forecastDetails(f, profile));
  },
});

function forecastWikiNotes(f: ForecastResult, p: BurnProfile): string[] {
  const out: string[] = [];
  out.push('The wiki table starts Hungry below 150, Weak below 50; the code (newuhs()) at 150, 50 and 0 and below.');
  if (p.amulet && p.yendor)
    out.push(
      'The wiki charges the Amulet of Yendor only when carried, not worn; worn, it costs both the amulet slot and the carried slot (2 per 20 turns).',
    );
  if (f.starvation) {
    out.push(
      f.version === '3.4.3'
        ? "The wiki's -(100 + 10·Con) is 3.6's limit; 3.4.3's code starves you below -(200 + 20·Con) " +
            `(${fmt(f.starvation.limit)} here), and only when the faint roll fails.`
        : 'The wiki says you die at -(100 + 10·Con); the code needs strictly less, and only when the faint roll fails.',
    );
  }
  return out;
}
