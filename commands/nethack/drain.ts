// /nethack drain action:<...> — nutrition costs of actions (spells, jumping, teleporting,
// vomiting, fountains, Famine) and the one-off gains (juice, booze, prayer, new you).
import { resolveRole } from '../../src/engine/nethack/roles.ts';
import type { APIEmbed, APIEmbedField } from 'discord-api-types/v10';
import * as kinds from '../../src/kit/kinds.ts';
import { boolean, choice, integer, text } from '../../src/pipeline/options.ts';
import { defineSubcommand } from '../../src/pipeline/types.ts';
import { COLORS, capitalize, compact, field, fmt, sourcesEmbed } from '../../src/kit/render.ts';
import { resolveName } from '../../src/names.ts';
import { roleChoices, toChoices } from '../../src/kit/choices.ts';
import { UserError } from '../../src/errors.ts';
import {
  BUCS,
  DRAIN_ACTIONS,
  booze,
  drain,
  fruitJuice,
  newman,
  prayerFix,
  spellNames,
  type DrainResult,
  type GainResult,
  type PrayerResult,
} from '../../src/engine/nethack/index.ts';
import { nethackFooter } from './forecast.ts';

export const GAIN_ACTIONS = ['fruit-juice', 'booze', 'pray', 'newman'] as const;
const ACTIONS = [...DRAIN_ACTIONS, ...GAIN_ACTIONS] as const;

export const drainSubcommand = defineSubcommand({
  name: 'drain',
  description: 'Nutrition cost (or gain) of an action',
  example: '/nethack drain action:spell level:3 nutrition:400',
  options: {
    action: choice('What you do', ACTIONS).required(),
    nutrition: kinds.nutrition.describe('Nutrition before'),
    spell: text('Spell name (spell)', { autocomplete: true, maxLength: 40 }),
    level: integer('Spell level 1-7 (spell)', { min: 1, max: 7, example: 3 }),
    role: kinds.role.describe('Your role (Wizards pay less)'),
    int: integer('Intelligence (Wizards)', { min: 3, max: 25, example: 18 }),
    amulet: boolean('Carrying the Amulet of Yendor (spell)'),
    con: kinds.con.describe('Constitution (sink)'),
    magic: boolean('Jump by the jumping spell (boots are not magic)'),
    buc: choice('Potion BUC (fruit-juice, booze)', BUCS).default('uncursed'),
    diluted: boolean('Diluted potion').default(false),
    prayer_timeout: integer('Prayer timeout (pray)', { min: 0, max: 10000, example: 300 }),
    luck: kinds.luck.describe('Luck (pray)'),
    version: kinds.nethackVersion,
  },
  autocomplete(focused) {
    if (focused.name === 'spell')
      return toChoices(
        focused.value,
        spellNames().map((n) => ({ name: n })),
      );
    if (focused.name === 'role') return roleChoices(focused.value);
    return [];
  },
  run(args) {
    const v = args.version;
    const role = args.role ? resolveRole(args.role) : undefined;
    const spell = args.spell
      ? resolveName(
          args.spell,
          spellNames().map((n) => ({ name: n })),
          'spell',
        ).name
      : undefined;
    if (args.action === 'pray') {
      if (args.nutrition === undefined)
        throw new UserError(
          '`pray` needs `nutrition`.',
          'For example `/nethack drain action:pray nutrition:40`.',
          'missing_option',
        );
      const r = prayerFix({
        version: v,
        nutrition: args.nutrition,
        prayerTimeout: args.prayer_timeout,
        luck: args.luck,
      });
      return { embeds: [prayerCompact(r)], details: prayerDetails(r), result: r, ephemeral: args.hide };
    }
    if (args.action === 'fruit-juice' || args.action === 'booze' || args.action === 'newman') {
      const r =
        args.action === 'fruit-juice'
          ? fruitJuice(v, args.buc, args.diluted, args.nutrition)
          : args.action === 'booze'
            ? booze(v, args.buc, args.diluted, args.nutrition)
            : newman(v, args.nutrition);
      return { embeds: [gainCompact(r)], details: gainDetails(r), result: r, ephemeral: args.hide };
    }
    if (args.action === 'spell' && spell === undefined && args.level === undefined)
      throw new UserError(
        '`spell` needs a `spell` name or a `level`.',
        'For example `action:spell spell:"force bolt"`.',
        'missing_option',
      );
    const r = drain({
      version: v,
      action: args.action,
      nutrition: args.nutrition,
      spell,
      level: args.level,
      role,
      int: args.int,
      amulet: args.amulet,
      con: args.con,
      magic: args.magic,
    });
    return {
      embeds: [drainCompact(r, { role, int: args.int })],
      details: drainDetails(r),
      result: r,
      ephemeral: args.hide,
    };
  },
});

function amountText(a: DrainResult['amount']): string {
  return a.exact !== null ? fmt(a.exact) : `${fmt(a.min)}–${fmt(a.max)} (${a.roll}, mean ${fmt(a.mean)})`;
}

function afterRange(a: { min: number; max: number; status: string | null }): string {
  return a.min === a.max
    ? `${fmt(a.min)}${a.status ? ` (${a.status})` : ''}`
    : `${fmt(a.min)}–${fmt(a.max)}${a.status ? ` (${a.status})` : ''}`;
}

/** "Level 5 spell costs no hunger (Int 18 Wizard)", "Jumping costs 1–25 nutrition (mean 13)". */
export function drainTitle(r: DrainResult, who: { role?: string; int?: number } = {}): string {
  if (r.refused) return `${r.label}: refused — ${r.refused.replace(/\.$/, '')}`;
  const a = r.amount;
  const one = a.exact ?? (a.min === a.max ? a.min : null);
  const cost =
    one === 0
      ? 'no hunger'
      : one !== null
        ? `${fmt(one)} nutrition`
        : `${fmt(a.min)}–${fmt(a.max)} nutrition (mean ${fmt(a.mean)})`;
  if (r.spell) {
    const what = r.spell.spell
      ? `${capitalize(r.spell.spell)} (level ${r.spell.level})`
      : `Level ${r.spell.level} spell`;
    const wizard = who.role === 'Wizard' ? ` (Int ${who.int ?? 18} Wizard)` : '';
    return `${what} costs ${cost}${wizard}`;
  }
  return `${r.label} costs ${cost}`;
}

function drainCompact(r: DrainResult, who: { role?: string; int?: number }): APIEmbed {
  return compact({
    title: drainTitle(r, who),
    color: r.refused ? COLORS.warning : COLORS.info,
    lines: [
      r.nutritionAfter ? `Nutrition after: ${afterRange(r.nutritionAfter)}.` : null,
      r.spell && `${spellText(r.spell)}.`,
      r.conditions[0] ? `When: ${r.conditions[0]}` : null,
    ],
    footer: nethackFooter(r.version),
  });
}

function spellText(s: NonNullable<DrainResult['spell']>): string {
  return `${s.energy} Pw; hunger 2 × ${s.energy} = ${s.baseHunger}; ${s.intReduction}${s.capped ? '; capped at nutrition − 3' : ''}`;
}

function drainWiki(r: DrainResult): string | null {
  if (r.action !== 'spell') return null;
  const base =
    'The wiki says successful casts cost hunger; the cost is paid before the success roll, so failed casts cost the same.';
  return r.version === '3.4.3' ? base : `${base} Since 3.6.1 the Amulet adds no hunger.`;
}

function drainDetails(r: DrainResult): APIEmbed[] {
  const fields: APIEmbedField[] = [
    field('Nutrition lost', r.refused ? `0 — refused: ${r.refused}` : amountText(r.amount), true),
  ];
  if (r.nutritionAfter) fields.push(field('Nutrition after', afterRange(r.nutritionAfter), true));
  if (r.spell)
    fields.push(
      field(
        'Spell',
        `Level ${r.spell.level}: ${r.spell.energy} Pw; hunger 2 × ${r.spell.energy} = ${r.spell.baseHunger}; ${r.spell.intReduction}${r.spell.capped ? '; capped at nutrition − 3' : ''}.`,
      ),
    );
  if (r.conditions.length) fields.push(field('When', r.conditions.map((c) => `• ${c}`).join('\n')));
  if (r.notes.length) fields.push(field('Notes', r.notes.map((c) => `• ${c}`).join('\n')));
  const wiki = drainWiki(r);
  if (wiki) fields.push(field('Wiki differs', wiki));
  return [
    { title: drainTitle(r), color: COLORS.info, fields, footer: nethackFooter(r.version) },
    sourcesEmbed(r.citations),
  ];
}

/** "Uncursed potion of fruit juice gives 20 nutrition", "... sets nutrition to 900". */
export function gainTitle(r: GainResult): string {
  const g = r.setsTo ?? r.gain!;
  const amount = g.exact !== null ? fmt(g.exact) : `${fmt(g.min)}–${fmt(g.max)}`;
  return `${capitalize(r.source)} ${r.setsTo ? `sets nutrition to ${amount}` : `gives ${amount} nutrition`}`;
}

function gainCompact(r: GainResult): APIEmbed {
  return compact({
    title: gainTitle(r),
    color: COLORS.ok,
    lines: [r.nutritionAfter ? `Nutrition after: ${afterRange(r.nutritionAfter)}.` : null, r.notes[0] ?? null],
    footer: nethackFooter(r.version),
  });
}

function gainDetails(r: GainResult): APIEmbed[] {
  const g = r.setsTo ?? r.gain!;
  const fields: APIEmbedField[] = [
    field(
      r.setsTo ? 'Sets nutrition to' : 'Nutrition gained',
      g.exact !== null ? fmt(g.exact) : `${fmt(g.min)}–${fmt(g.max)} (${g.roll})`,
      true,
    ),
  ];
  if (r.nutritionAfter) fields.push(field('Nutrition after', afterRange(r.nutritionAfter), true));
  fields.push(field('Notes', r.notes.map((n) => `• ${n}`).join('\n')));
  return [
    { title: gainTitle(r), color: COLORS.ok, fields, footer: nethackFooter(r.version) },
    sourcesEmbed(r.citations, COLORS.ok),
  ];
}

/** "Safe to pray: yes — nutrition becomes 900", or when it is safe, or that hunger is no trouble. */
export function prayerTitle(r: PrayerResult): string {
  if (r.trouble === 'none') return `Praying won't feed you: nutrition ${fmt(r.nutrition)} (${r.status}) is no trouble`;
  const trouble = `${r.status} is ${r.trouble} trouble`;
  if (r.safe === true) return `Safe to pray: yes — ${trouble}, nutrition becomes ${fmt(r.fixSetsTo)}`;
  if (r.safe === false) return `Safe to pray: no — needs prayer timeout ≤ ${r.timeoutLimit} and Luck ≥ 0 (${trouble})`;
  return `Safe to pray if your prayer timeout is ≤ ${r.timeoutLimit} (${trouble}); nutrition becomes ${fmt(r.fixSetsTo)}`;
}

function prayerCompact(r: PrayerResult): APIEmbed {
  return compact({
    title: prayerTitle(r),
    color: r.safe === false ? COLORS.warning : COLORS.info,
    lines: [
      r.trouble === 'none' ? null : `Fixed when the prayer ends (3 turns; nothing burns meanwhile with a safe prayer).`,
      r.howFixed,
    ],
    footer: nethackFooter(r.version),
  });
}

function prayerDetails(r: PrayerResult): APIEmbed[] {
  const fields: APIEmbedField[] = [
    field('Trouble', r.troubleName ? `${r.trouble} (${r.troubleName})` : 'none', true),
    field('Safe if prayer timeout', `≤ ${r.timeoutLimit}${r.safe === null ? '' : r.safe ? ' — yes' : ' — no'}`, true),
    field(
      'Fix',
      `Nutrition set to **${r.fixSetsTo}** when the prayer ends (3 turns; nothing burns meanwhile with a safe prayer).`,
    ),
    field('How', r.howFixed),
    field('Notes', r.notes.map((n) => `• ${n}`).join('\n')),
  ];
  return [
    { title: prayerTitle(r), color: COLORS.info, fields, footer: nethackFooter(r.version) },
    sourcesEmbed(r.citations),
  ];
}
