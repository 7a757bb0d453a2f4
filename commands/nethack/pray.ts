// /nethack pray — is a prayer safe now, and what will it do (src/pray.c; engine in prayer.ts).
import type { APIEmbed, APIEmbedField } from 'discord-api-types/v10';
import * as kinds from '../../src/kit/kinds.ts';
import { boolean, choice, integer, text } from '../../src/pipeline/options.ts';
import { defineSubcommand } from '../../src/pipeline/types.ts';
import { COLORS, compact, field, fmt, sourcesEmbed, turns } from '../../src/kit/render.ts';
import { listChoices } from '../../src/kit/choices.ts';
import { UserError } from '../../src/errors.ts';
import {
  TROUBLE_KEYS,
  percent,
  prayerSafety,
  troubleInfo,
  type PrayerResult,
  type TimeoutForecast,
  type TroubleKey,
} from '../../src/engine/nethack/prayer.ts';
import { nethackFooter } from './forecast.ts';

const ALTARS = ['none', 'coaligned', 'cross-aligned', 'opposite', 'moloch'] as const;
const GODS = ['lawful', 'neutral', 'chaotic'] as const;

/** Completes a comma-separated list of troubles, each labelled with what it is. */
export function troubleChoices(typed: string, keys: readonly TroubleKey[]) {
  return listChoices(
    typed,
    keys.map((k) => ({ name: k, label: `${k} — ${troubleInfo(k).label}` })),
  );
}

/** "weak, cursed items" -> trouble keys (spaces or hyphens, commas between). */
export function parseTroubles(text: string | undefined): TroubleKey[] {
  if (!text) return [];
  return text
    .split(',')
    .map((t) => t.trim().toLowerCase().replace(/\s+/g, '-'))
    .filter(Boolean)
    .map((t) => {
      if (!(TROUBLE_KEYS as readonly string[]).includes(t))
        throw new UserError(
          `Unknown trouble "${t}".`,
          `Use any of: ${TROUBLE_KEYS.join(', ')} (comma separated).`,
          'invalid_option',
        );
      return t as TroubleKey;
    });
}

export const praySubcommand = defineSubcommand({
  name: 'pray',
  description: 'Is it safe to pray now, and what will the prayer do',
  example: '/nethack pray nutrition:40 turns_since:800 luck:0',
  options: {
    nutrition: kinds.nutrition.describe('Nutrition (Weak is major trouble, Hungry minor)'),
    timeout: integer('Prayer timeout, if you know it', { min: 0, max: 100_000, example: 300 }),
    turns_since: integer('Turns since your last successful prayer', { min: 0, max: kinds.TURN.max, example: 800 }),
    turn: kinds.turn.describe('Current turn (never prayed: timeout 300 at turn 1)'),
    luck: kinds.luck.describe('Luck (default 0)'),
    alignment: integer('Alignment record (default 10)', { min: -1000, max: 1000, example: 10 }),
    anger: integer('God anger (default 0)', { min: 0, max: 100, example: 0 }),
    troubles: text('Other troubles, comma separated (e.g. "sick, cursed-items")', {
      autocomplete: true,
      maxLength: 300,
    }),
    level: kinds.xl.describe('Experience level (default 1)'),
    hp: integer('Hit points (low HP is major trouble)', { min: 0, max: 9999, example: 20 }),
    max_hp: integer('Maximum hit points', { min: 1, max: 9999, example: 60 }),
    demigod: boolean('You are a demigod (killed the Wizard)'),
    crowned: boolean('You have been crowned'),
    gehennom: boolean('You are in Gehennom'),
    undead: boolean('Polymorphed into an undead'),
    demon: boolean('Polymorphed into a demon'),
    god: choice('Your alignment (default neutral)', GODS),
    altar: choice('Praying on an altar', ALTARS),
    shrine: boolean('The altar is a temple shrine'),
    amulet: boolean('Carrying the Amulet of Yendor'),
    version: kinds.nethackVersion,
  },
  autocomplete(focused) {
    return focused.name === 'troubles' ? troubleChoices(focused.value, TROUBLE_KEYS) : [];
  },
  run(args) {
    if (args.timeout === undefined && args.turns_since === undefined && args.turn === undefined)
      throw new UserError(
        'Say when you last prayed.',
        'Give `timeout`, `turns_since` (since your last successful prayer) or `turn` (never prayed).',
        'missing_option',
      );
    if (args.hp !== undefined && args.max_hp === undefined)
      throw new UserError('`hp` needs `max_hp` too.', 'For example `hp:5 max_hp:40`.', 'missing_option');
    const r = prayerSafety({
      version: args.version,
      prayerTimeout: args.timeout,
      turnsSincePrayer: args.turns_since,
      turn: args.turn,
      luck: args.luck,
      alignmentRecord: args.alignment,
      godAnger: args.anger,
      troubles: parseTroubles(args.troubles),
      nutrition: args.nutrition,
      hp: args.hp,
      maxHp: args.max_hp,
      experienceLevel: args.level,
      demigod: args.demigod,
      crowned: args.crowned,
      inGehennom: args.gehennom,
      undeadForm: args.undead,
      demonForm: args.demon,
      alignment: args.god,
      altar: args.altar,
      shrine: args.shrine,
      amulet: args.amulet,
    });
    const turnKnown = args.turn !== undefined;
    return { embeds: [prayCompact(r, turnKnown)], details: prayDetails(r, turnKnown), result: r, ephemeral: args.hide };
  },
});

// ---- Rendering

/** The 50 / 90 / 99 % points of the timeout forecast not reached yet, earliest first (equal ones once). */
function marksAhead(t: TimeoutForecast): { percent: number; turn: number; in: number }[] {
  const marks = [
    { p: 0.5, percent: 50, turn: t.turn50, in: t.in50 },
    { p: 0.9, percent: 90, turn: t.turn90, in: t.in90 },
    { p: 0.99, percent: 99, turn: t.turn99, in: t.in99 },
  ].filter((m) => m.in > 0 && m.p > t.now.probability);
  // A known timeout reaches every mark on the same turn: each turn once, with its highest mark.
  return marks.filter((m, i) => !marks.slice(i + 1).some((x) => x.turn === m.turn));
}

const troubleText = (r: PrayerResult) =>
  r.worstTrouble
    ? `${r.worstTrouble.label} is ${r.worstTrouble.major ? 'major' : 'minor'} trouble`
    : 'no trouble to fix';

/** Why a prayer now is certainly unsafe, from the engine's verdict ("Luck -1 is negative"). */
function unsafeReason(r: PrayerResult): string {
  const why = /\((.*)\)$/.exec(r.verdict)?.[1];
  const last = marksAhead(r.timeout).at(-1);
  const blockedByTimeout = r.timeout.now.probability === 0 && (!why || why.startsWith('timeout'));
  if (blockedByTimeout) {
    const when = last
      ? `; ${last.percent === 99 && r.timeout.turn50 !== r.timeout.turn99 ? '99 % ' : ''}safe in ${turns(last.in)}`
      : '';
    return `prayer timeout over ${r.timeout.limit} (${troubleText(r)})${when}`;
  }
  return why ?? troubleText(r);
}

/**
 * The verdict in one line: "Safe to pray: yes — Weak or worse from hunger is major trouble",
 * "Safe to pray: 91.5 % now, 99 % in 902 turns — …", "Safe to pray: no — Luck -1 is negative".
 */
export function prayTitle(r: PrayerResult): string {
  const p = r.safe.probability;
  if (p === 1) return `Safe to pray: yes — ${troubleText(r)}`;
  if (p === 0) return `Safe to pray: no — ${unsafeReason(r)}`;
  // The timeout points say when it is safe only when the timeout is all that is uncertain.
  const onlyTimeout = Math.abs(p - r.timeout.now.probability) < 1e-12;
  const last = onlyTimeout ? marksAhead(r.timeout).at(-1) : undefined;
  const later = last ? `, ${last.percent} % in ${turns(last.in)}` : '';
  return `Safe to pray: ${percent(p)} now${later} — ${troubleText(r)}`;
}

/** "Needs prayer timeout ≤ 200: true with 88.8 % now, 90 % in 89 turns, 99 % in 1,102 turns." */
function timeoutLine(t: TimeoutForecast, turnKnown: boolean): string {
  const when = (turn: number, inTurns: number) => (turnKnown ? `from turn ${fmt(turn)}` : `in ${turns(inTurns)}`);
  const known = t.timeoutKnown !== null ? ` (it is ${fmt(t.timeoutKnown)})` : '';
  const needs = `Needs prayer timeout ≤ ${t.limit}${known}`;
  if (t.now.probability === 1) return `${needs}: true now.`;
  const marks = marksAhead(t);
  if (t.timeoutKnown !== null && marks.length) return `${needs}: true ${when(marks[0]!.turn, marks[0]!.in)}.`;
  const parts = [
    ...(t.now.probability > 0 ? [`${percent(t.now.probability)} now`] : []),
    ...marks.map((m) => `${m.percent} % ${when(m.turn, m.in)}`),
  ];
  return `${needs}: true with ${parts.join(', ')}.`;
}

function fixLine(r: PrayerResult): string | null {
  const f = r.fixes[0];
  if (!f) return r.boon ? `No trouble: a good prayer may give a boon (${percent(r.boon.probability)}).` : null;
  return `A good prayer fixes ${f.label} (${percent(f.probability)}): ${f.what.replace(/ \(.*\)$/, '')}.`;
}

/** Ends a sentence with a full stop unless a quotation already ends with one. */
const sentence = (s: string) => (/\."?$/.test(s) ? s : `${s}.`);

/** What goes wrong when it is not safe, and what an angry god does. */
function riskLine(r: PrayerResult): string | null {
  const unsafe = 1 - r.safe.probability;
  if (unsafe <= 0 || r.refused) return null;
  const why =
    r.gehennomAngerChance !== null
      ? `in Gehennom your god can't help, and gets angry ${percent(r.gehennomAngerChance)}`
      : r.cases
          .filter((c) => c.pType !== 3)
          .map((c) => c.summary.replace(/\.$/, ''))
          .join('; ');
  const outcomes = r.anger?.outcomes.slice(0, 3).map((o) => `${percent(o.probability)} ${o.what}`);
  return `Unsafe ${percent(unsafe)}: ${why}.${outcomes ? ` An angry god: ${sentence(outcomes.join('; '))}` : ''}`;
}

function prayColor(r: PrayerResult): number {
  return r.safe.probability === 1 ? COLORS.ok : r.safe.probability === 0 ? COLORS.fainting : COLORS.hungry;
}

function prayCompact(r: PrayerResult, turnKnown: boolean): APIEmbed {
  return compact({
    title: prayTitle(r),
    color: prayColor(r),
    lines: [r.refused ?? timeoutLine(r.timeout, turnKnown), fixLine(r), riskLine(r)],
    footer: nethackFooter(r.version, 'src/pray.c can_pray()'),
  });
}

function prayDetails(r: PrayerResult, turnKnown: boolean): APIEmbed[] {
  const t = r.timeout;
  const worst = r.worstTrouble ? `${r.worstTrouble.label} (${r.worstTrouble.major ? 'major' : 'minor'})` : 'none';
  const fields: APIEmbedField[] = [
    field('Worst trouble', worst, true),
    field('Timeout must be', `≤ ${t.limit}${t.timeoutKnown !== null ? ` (now ${fmt(t.timeoutKnown)})` : ''}`, true),
    field('Timeout low enough', timeoutLine(t, turnKnown)),
  ];
  if (r.refused) fields.push(field('Refused', r.refused));
  if (r.cases.length)
    fields.push(
      field('What happens', r.cases.map((c) => `• ${percent(c.probability.probability)}: ${c.summary}`).join('\n')),
    );
  if (r.fixes.length)
    fields.push(
      field(
        'A good prayer fixes',
        r.fixes.map((f) => `• ${f.label}: ${percent(f.probability)} — ${f.what}`).join('\n'),
      ),
    );
  if (r.boon) {
    const each = percent(r.boon.choices[0]!.probability);
    fields.push(
      field('Boon', `${percent(r.boon.probability)}: ${r.boon.choices.map((c) => c.what).join('; ')} (each ${each})`),
    );
  }
  if (r.anger) {
    const outcomes = r.anger.outcomes.map((o) => `${percent(o.probability)} ${o.what}`).join('; ');
    const gehennom = r.gehennomAngerChance !== null ? ` (Gehennom: angry ${percent(r.gehennomAngerChance)})` : '';
    fields.push(field('If the god is angry', `rn2(${r.anger.maxAnger}): ${outcomes}${gehennom}`));
  }
  const n = r.newTimeout;
  const spread = `median ${fmt(n.median)}, 90 % ≤ ${fmt(n.p90)}, 99 % ≤ ${fmt(n.p99)}`;
  fields.push(field('Next timeout', `${n.rule}: ${spread} (range ${fmt(n.min)}–${fmt(n.max)}, mean ${fmt(n.mean)})`));
  if (r.notes.length) fields.push(field('Notes', r.notes.map((x) => `• ${x}`).join('\n')));
  const color = prayColor(r);
  return [{ title: prayTitle(r), color, fields, footer: nethackFooter(r.version) }, sourcesEmbed(r.citations, color)];
}
