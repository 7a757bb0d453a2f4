// /nethack corpse — is this corpse safe for this hero, and what will it do (src/eat.c; corpse.ts).
import type { APIEmbedField } from 'discord-api-types/v10';
import * as kinds from '../../src/bot/kinds.ts';
import { boolean, choice, integer, text } from '../../src/bot/options.ts';
import { defineSubcommand } from '../../src/bot/types.ts';
import { COLORS, field, fmt, sourcesField } from '../../src/bot/render.ts';
import { resolveName, toChoices, type Named } from '../../src/bot/fuzzy.ts';
import type { NethackVersion } from '../../src/engine/cite.ts';
import { corpseVerdict, type CorpseResult, type Effect } from '../../src/engine/nethack/corpse.ts';
import { G, alternateNames, corpseMonsters, has, type CorpseMonster } from '../../src/engine/nethack/corpseData.ts';
import { nethackFooter } from './forecast.ts';
import { ROLES, roleChoices } from './meal.ts';

const WERES = ['wererat', 'werejackal', 'werewolf'] as const;

interface CorpseName extends Named {
  monster: CorpseMonster;
}

const namesCache = new Map<NethackVersion, CorpseName[]>();
/** Corpse names of a version: every monster that leaves one; were-creatures by their human form. */
export function corpseNames(version: NethackVersion): CorpseName[] {
  let list = namesCache.get(version);
  if (!list) {
    list = corpseMonsters(version)
      .filter((m) => !has(m.geno, G.NOCORPSE))
      .map((m) => {
        const human = m.pm.startsWith('PM_HUMAN_WERE');
        const name = human ? `${m.name} (human form)` : m.name;
        return {
          name,
          aliases: [`${name} corpse`, ...(human ? [m.name, `${m.name} corpse`] : []), ...alternateNames(version, m.pm)],
          label: `${name} corpse — level ${m.level}`,
          monster: m,
        };
      });
    namesCache.set(version, list);
  }
  return list;
}

export const corpseSubcommand = defineSubcommand({
  name: 'corpse',
  description: 'Is this corpse safe for you, and what will it give',
  example: '/nethack corpse name:"floating eye" age:40',
  options: {
    name: text('The monster', { autocomplete: true, maxLength: 60 }).required(),
    age: integer('Turns since it died (default: fresh)', { min: 0, max: 100_000, example: 40 }),
    buc: kinds.buc.describe('Blessed, uncursed or cursed (default uncursed)').default('uncursed'),
    race: kinds.race.describe('Your race (cannibalism)'),
    role: kinds.role.describe('Your role (Cavemen may eat anything; Monks feel guilty)'),
    poison_res: boolean('You resist poison'),
    acid_res: boolean('You resist acid'),
    stone_res: boolean('You resist stoning'),
    sick_res: boolean('You resist sickness'),
    unchanging: boolean('You have Unchanging'),
    stoned: boolean('You are turning to stone now'),
    blind: boolean('You are blind'),
    lycanthrope: choice('Your own lycanthropy', WERES),
    int_max: boolean('Intelligence at its maximum (mind flayers)'),
    energy_high: boolean('Energy above 2/3 of its maximum (newts)'),
    version: kinds.nethackVersion,
  },
  autocomplete(focused, partial) {
    const v = (
      typeof partial.version === 'string' && ['3.4.3', '5.0'].includes(partial.version) ? partial.version : '3.6.7'
    ) as NethackVersion;
    if (focused.name === 'name') return toChoices(focused.value, corpseNames(v));
    if (focused.name === 'role') return roleChoices(focused.value);
    return [];
  },
  run(args) {
    const v = args.version;
    const picked = resolveName(args.name.replace(/ corpse$/i, ''), corpseNames(v), 'corpse', 'unknown_food');
    const role = args.role
      ? resolveName(
          args.role,
          ROLES.map((r) => ({ name: r })),
          'role',
        ).name
      : undefined;
    const r = corpseVerdict({
      version: v,
      monster: picked.monster,
      age: args.age,
      buc: args.buc,
      hero: {
        race: args.race,
        role,
        poisonResistant: args.poison_res,
        acidResistant: args.acid_res,
        stoneResistant: args.stone_res,
        sickResistant: args.sick_res,
        unchanging: args.unchanging,
        stoned: args.stoned,
        blind: args.blind,
        lycanthropy: args.lycanthrope,
        intAtMax: args.int_max,
        energyHigh: args.energy_high,
      },
    });
    return { embeds: [corpseEmbed(r, picked.name)], result: r, ephemeral: args.hide };
  },
});

const pct = (p: number) => (p === 1 ? 'always' : `${Number((p * 100).toPrecision(3))} %`);
const line = (e: Effect) => `• ${pct(e.chance.probability)} (${e.chance.fraction}): ${e.what}`;

function corpseEmbed(r: CorpseResult, name: string) {
  const fields: APIEmbedField[] = [];
  const rot = r.rot;
  fields.push(
    field(
      'Age and rot',
      rot.exempt
        ? `Never tainted: ${rot.exempt}.`
        : `Age ${fmt(rot.age)}, ${rot.buc}: tainted ${pct(rot.tainted.probability)}. Tainting possible from age ${rot.taintPossibleFrom}, certain from ${rot.taintCertainFrom}; "You feel sick" from ${rot.sicknessPossibleFrom}.`,
    ),
  );
  if (r.onFirstBite.length) fields.push(field('When you start eating', r.onFirstBite.map(line).join('\n')));
  if (r.onFinish.length) fields.push(field('When you finish it', r.onFinish.map(line).join('\n')));
  fields.push(
    field(
      'Intrinsics',
      r.intrinsics.length
        ? `${r.intrinsics.map((i) => `• ${i.label}: ${pct(i.chance.probability)} (${i.chance.fraction}) — tried ${i.picked.fraction}, then ${i.rollRule}${i.alreadyHave ? ' (you have it)' : ''}`).join('\n')}\n${r.intrinsicRule}`
        : r.intrinsicRule,
    ),
  );
  if (r.notes.length) fields.push(field('Notes', r.notes.map((n) => `• ${n}`).join('\n')));
  fields.push(sourcesField(r.citations));
  const color = r.severity === 'safe' ? COLORS.ok : r.severity === 'risky' ? COLORS.hungry : COLORS.dead;
  const title = `${r.verdict.charAt(0).toUpperCase()}${r.verdict.slice(1)}`;
  return {
    title,
    description: `${name} corpse (level ${r.monster.level})`,
    color,
    fields,
    footer: nethackFooter(r.version),
  };
}
