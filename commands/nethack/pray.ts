// /nethack pray — is a prayer safe now, and what will it do (src/pray.c; engine in prayer.ts).
import type { APIEmbedField } from 'discord-api-types/v10';
import * as kinds from '../../src/bot/kinds.ts';
import { boolean, choice, integer, text } from '../../src/bot/options.ts';
import { defineSubcommand } from '../../src/bot/types.ts';
import { COLORS, field, fmt, sourcesField } from '../../src/bot/render.ts';
import { toChoices } from '../../src/bot/fuzzy.ts';
import { UserError } from '../../src/errors.ts';
import {
  TROUBLE_KEYS,
  percent,
  prayerSafety,
  troubleInfo,
  type PrayerResult,
  type TroubleKey,
} from '../../src/engine/nethack/prayer.ts';
import { nethackFooter } from './forecast.ts';

const ALTARS = ['none', 'coaligned', 'cross-aligned', 'opposite', 'moloch'] as const;
const GODS = ['lawful', 'neutral', 'chaotic'] as const;

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
    troubles: text('Other troubles, comma separated (e.g. "sick, cursed-items")', { autocomplete: true, maxLength: 300 }),
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
    if (focused.name !== 'troubles') return [];
    const parts = focused.value.split(',');
    const head = parts
      .slice(0, -1)
      .map((p) => p.trim())
      .filter(Boolean);
    const prefix = head.length ? `${head.join(', ')}, ` : '';
    return toChoices(
      parts.at(-1)!.trim(),
      TROUBLE_KEYS.map((k) => ({
        name: `${prefix}${k}`,
        aliases: [k],
        label: `${prefix}${k} — ${troubleInfo(k).label}`,
      })),
    );
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
    return { embeds: [prayEmbed(r, args.turn !== undefined)], result: r, ephemeral: args.hide };
  },
});

function prayEmbed(r: PrayerResult, turnKnown: boolean) {
  const t = r.timeout;
  const when = (turn: number, inTurns: number) =>
    turnKnown ? `turn ${fmt(turn)}` : inTurns === 0 ? 'now' : `in ${fmt(inTurns)} turns`;
  const fields: APIEmbedField[] = [
    field(
      'Worst trouble',
      r.worstTrouble ? `${r.worstTrouble.label} (${r.worstTrouble.major ? 'major' : 'minor'})` : 'none',
      true,
    ),
    field('Timeout must be', `≤ ${t.limit}${t.timeoutKnown !== null ? ` (now ${fmt(t.timeoutKnown)})` : ''}`, true),
    field(
      'Timeout low enough',
      t.now.probability === 1 || t.now.probability === 0
        ? t.now.probability
          ? 'yes'
          : `no — yes from ${when(t.turn99, t.in99)}`
        : `${percent(t.now.probability)} now; 50 % ${when(t.turn50, t.in50)}, 90 % ${when(t.turn90, t.in90)}, 99 % ${when(t.turn99, t.in99)}`,
    ),
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
  if (r.boon)
    fields.push(
      field(
        'Boon',
        `${percent(r.boon.probability)}: ${r.boon.choices.map((c) => c.what).join('; ')} (each ${percent(r.boon.choices[0]!.probability)})`,
      ),
    );
  if (r.anger)
    fields.push(
      field(
        'If the god is angry',
        `rn2(${r.anger.maxAnger}): ${r.anger.outcomes.map((o) => `${percent(o.probability)} ${o.what}`).join('; ')}${r.gehennomAngerChance !== null ? ` (Gehennom: angry ${percent(r.gehennomAngerChance)})` : ''}`,
      ),
    );
  fields.push(
    field(
      'Next timeout',
      `${r.newTimeout.rule}: median ${fmt(r.newTimeout.median)}, 90 % ≤ ${fmt(r.newTimeout.p90)}, 99 % ≤ ${fmt(r.newTimeout.p99)} (range ${fmt(r.newTimeout.min)}–${fmt(r.newTimeout.max)}, mean ${fmt(r.newTimeout.mean)})`,
    ),
  );
  if (r.notes.length) fields.push(field('Notes', r.notes.map((n) => `• ${n}`).join('\n')));
  fields.push(sourcesField(r.citations));
  const color = r.safe.probability === 1 ? COLORS.ok : r.safe.probability === 0 ? COLORS.fainting : COLORS.hungry;
  return { title: r.verdict, color, fields, footer: nethackFooter(r.version) };
}
