// /nethack pray — is a prayer safe now, and what will it do (src/pray.c; engine in prayer.ts).
import { z } from 'zod';
import type { APIEmbedField } from 'discord-api-types/v10';
import { defineSubcommand } from '../../src/bot/types.ts';
import {
  booleanOption,
  hideOption,
  hideSchema,
  integerOption,
  intIn,
  nethackVersionOption,
  nethackVersionSchema,
  stringOption,
} from '../../src/bot/options.ts';
import { COLORS, field, fmt, sourcesField } from '../../src/bot/render.ts';
import { toChoices } from '../../src/bot/fuzzy.ts';
import { UserError } from '../../src/bot/errors.ts';
import {
  TROUBLE_KEYS,
  percent,
  prayerSafety,
  troubleInfo,
  type PrayerResult,
  type TroubleKey,
} from '../../src/engine/nethack/prayer.ts';
import { NUTRITION_MAX, NUTRITION_MIN, nethackFooter } from './forecast.ts';

const ALTARS = ['none', 'coaligned', 'cross-aligned', 'opposite', 'moloch'] as const;
const GODS = ['lawful', 'neutral', 'chaotic'] as const;

const schema = z.object({
  nutrition: intIn('nutrition', NUTRITION_MIN, NUTRITION_MAX).optional(),
  timeout: intIn('timeout', 0, 100000).optional(),
  turns_since: intIn('turns_since', 0, 10_000_000).optional(),
  turn: intIn('turn', 1, 10_000_000).optional(),
  luck: intIn('luck', -13, 13).optional(),
  alignment: intIn('alignment', -1000, 1000).optional(),
  anger: intIn('anger', 0, 100).optional(),
  troubles: z.string().max(300).optional(),
  level: intIn('level', 1, 30).optional(),
  hp: intIn('hp', 0, 9999).optional(),
  max_hp: intIn('max_hp', 1, 9999).optional(),
  demigod: z.boolean().optional(),
  crowned: z.boolean().optional(),
  gehennom: z.boolean().optional(),
  undead: z.boolean().optional(),
  demon: z.boolean().optional(),
  god: z.enum(GODS).optional(),
  altar: z.enum(ALTARS).optional(),
  shrine: z.boolean().optional(),
  amulet: z.boolean().optional(),
  version: nethackVersionSchema,
  hide: hideSchema,
});

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
  options: [
    integerOption('nutrition', 'Nutrition (Weak is major trouble, Hungry minor)', {
      min: NUTRITION_MIN,
      max: NUTRITION_MAX,
    }),
    integerOption('timeout', 'Prayer timeout, if you know it', { min: 0, max: 100000 }),
    integerOption('turns_since', 'Turns since your last successful prayer', { min: 0, max: 10_000_000 }),
    integerOption('turn', 'Current turn (never prayed: timeout 300 at turn 1)', { min: 1, max: 10_000_000 }),
    integerOption('luck', 'Luck (default 0)', { min: -13, max: 13 }),
    integerOption('alignment', 'Alignment record (default 10)', { min: -1000, max: 1000 }),
    integerOption('anger', 'God anger (default 0)', { min: 0, max: 100 }),
    stringOption('troubles', 'Other troubles, comma separated (e.g. "sick, cursed-items")', {
      autocomplete: true,
      maxLength: 300,
    }),
    integerOption('level', 'Experience level (default 1)', { min: 1, max: 30 }),
    integerOption('hp', 'Hit points (low HP is major trouble)', { min: 0, max: 9999 }),
    integerOption('max_hp', 'Maximum hit points', { min: 1, max: 9999 }),
    booleanOption('demigod', 'You are a demigod (killed the Wizard)'),
    booleanOption('crowned', 'You have been crowned'),
    booleanOption('gehennom', 'You are in Gehennom'),
    booleanOption('undead', 'Polymorphed into an undead'),
    booleanOption('demon', 'Polymorphed into a demon'),
    stringOption('god', 'Your alignment (default neutral)', { choices: GODS }),
    stringOption('altar', 'Praying on an altar', { choices: ALTARS }),
    booleanOption('shrine', 'The altar is a temple shrine'),
    booleanOption('amulet', 'Carrying the Amulet of Yendor'),
    nethackVersionOption,
    hideOption,
  ],
  schema,
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
