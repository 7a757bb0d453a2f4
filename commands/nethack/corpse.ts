// /nethack corpse — is this corpse safe for this hero, and what will it do (src/eat.c; corpse.ts).
import { resolveRole } from '../../src/engine/nethack/roles.ts';
import type { APIEmbed, APIEmbedField } from 'discord-api-types/v10';
import * as kinds from '../../src/kit/kinds.ts';
import { boolean, choice, integer, text } from '../../src/pipeline/options.ts';
import { defineSubcommand } from '../../src/pipeline/types.ts';
import { COLORS, compact, field, fmt, sourcesEmbed } from '../../src/kit/render.ts';
import { resolveName, type Named } from '../../src/names.ts';
import { roleChoices, toChoices } from '../../src/kit/choices.ts';
import { UserError } from '../../src/errors.ts';
import { NETHACK_VERSIONS, type NethackVersion } from '../../src/engine/cite.ts';
import { corpseVerdict, type CorpseResult, type Effect } from '../../src/engine/nethack/corpse.ts';
import { tablesFor, type MonsterEntry } from '../../src/engine/nethack/data.ts';
import { noCorpseMessage } from '../../src/engine/nethack/foods.ts';
import { G, alternateNames, corpseMonsters, has, type CorpseMonster } from '../../src/engine/nethack/corpseData.ts';
import { nethackFooter } from './forecast.ts';

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

/** The monsters of a version a name (neutral or gendered) names exactly. */
function monstersNamed(base: string, version: NethackVersion): MonsterEntry[] {
  const q = base.toLowerCase();
  return tablesFor(version).allMons.filter((m) =>
    [m.name, m.names?.male, m.names?.female].some((n) => n?.toLowerCase() === q),
  );
}

/**
 * What the typed name is a corpse of. A monster that leaves no corpse of its own gets the answer
 * /nethack food gives (a glob, or an old corpse of another monster); one of another version says so.
 */
export function resolveCorpse(typed: string, version: NethackVersion): CorpseName {
  const base = typed.trim().replace(/ corpse$/i, '');
  const named = monstersNamed(base, version);
  const corpseless = named.length > 0 && named.every((m) => !m.leavesCorpse || m.corpseAs);
  if (corpseless)
    throw new UserError(noCorpseMessage(named[0]!, version), corpselessHint(named[0]!, version), 'unknown_food');
  if (!named.length) {
    const where = NETHACK_VERSIONS.filter((x) => x !== version && monstersNamed(base, x).length > 0);
    if (where.length)
      throw new UserError(
        `NetHack ${version} has no ${base}.`,
        `It exists in ${where.join(', ')}. Pick another monster or version.`,
        'not_in_version',
      );
  }
  return resolveName(base, corpseNames(version), 'corpse', 'unknown_food');
}

function corpselessHint(m: MonsterEntry, version: NethackVersion): string {
  const glob = tablesFor(version).foods.find((f) => f.globOf === m.name);
  if (glob) return `Try \`/nethack food name:"${glob.name}"\` or \`/nethack meal food:"${glob.name}"\`.`;
  const instead = m.corpseAs ? tablesFor(version).monsterByPm(m.corpseAs)?.name : undefined;
  if (instead)
    return `Ask for \`name:"${instead}"\` with \`age:\` the turns since it died plus ${version === '5.0' ? 51 : 100}.`;
  return 'Pick another monster.';
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
    const picked = resolveCorpse(args.name, v);
    const role = args.role ? resolveRole(args.role) : undefined;
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
    return { embeds: [corpseCompact(r)], details: corpseDetails(r), result: r, ephemeral: args.hide };
  },
});

const pct = (p: number) => (p === 1 ? 'always' : `${Number((p * 100).toPrecision(3))} %`);
/** "90 %" in titles (never "always": a chance reads as a number there). */
const pctN = (p: number) => `${Number((p * 100).toPrecision(3))} %`;
const line = (e: Effect) => `• ${pct(e.chance.probability)} (${e.chance.fraction}): ${e.what}`;

/** What a deadly effect does, in a title's words (the engine's short form otherwise). */
const DEADLY_PHRASE: Record<string, string> = {
  petrify: 'turns you to stone',
  rider: 'is instantly fatal',
  slime: 'turns you into green slime',
  tainted: 'is tainted: deadly food poisoning',
};

const corpseName = (r: CorpseResult) =>
  `${r.monster.name} corpse${r.monster.pm.startsWith('PM_HUMAN_WERE') ? ' (human form)' : ''}`;

/** What finishing it can give: intrinsics ("telepathy (90 %)") and the good effects ("gain an experience level"). */
function gains(r: CorpseResult): { intrinsics: string[]; effects: string[] } {
  const intrinsics = r.intrinsics
    .filter((i) => i.chance.probability > 0 && !i.alreadyHave)
    .map((i) => `${i.label} (${pctN(i.chance.probability)})`);
  const effects = r.onFinish.filter((e) => !e.harmful).map((e) => e.what.split(/[;:(]| — /)[0]!.trim());
  return { intrinsics, effects };
}

/**
 * The verdict in one line: "Safe: floating eye corpse gives telepathy (90 %)", "Deadly: cockatrice
 * corpse turns you to stone", "Risky: kobold corpse — poisonous: lose 1d4 Str and 1d15 HP (80 %)".
 */
export function corpseTitle(r: CorpseResult): string {
  const name = corpseName(r);
  if (r.severity === 'deadly') {
    const deadly = [...r.onFirstBite, ...r.onFinish].filter((e) => e.deadly && e.chance.probability > 0);
    const phrases = deadly.map((e) => {
      const chance = e.chance.probability < 1 ? ` (${pctN(e.chance.probability)})` : '';
      return `${DEADLY_PHRASE[e.id] ?? e.what.split(' — ').pop()}${chance}`;
    });
    return `Deadly: ${name} ${phrases.join(' and ')}`;
  }
  if (r.severity === 'risky') return `Risky: ${name} — ${r.verdict.replace(/^risky: /, '')}`;
  const g = gains(r);
  const effects = g.effects.length ? `${g.intrinsics.length ? '; ' : ': '}${g.effects.join('; ')}` : '';
  if (g.intrinsics.length) return `Safe: ${name} gives ${g.intrinsics.join(' or ')}${effects}`;
  return effects ? `Safe: ${name}${effects}` : `Safe: ${name} gives no intrinsic`;
}

function rotText(r: CorpseResult): string {
  const rot = r.rot;
  if (rot.exempt) return `Never tainted: ${rot.exempt}.`;
  const from = `possible from age ${rot.taintPossibleFrom}, certain from ${rot.taintCertainFrom}`;
  const now = rot.tainted.probability === 0 ? 'not tainted yet' : `tainted ${pct(rot.tainted.probability)}`;
  return `Age ${fmt(rot.age)}${rot.age === 0 ? ' (fresh)' : ''}, ${rot.buc}: ${now}; tainting ${from}.`;
}

/** For a risky or deadly corpse, what finishing it would still give (a safe one has it in the title). */
function gainsLine(r: CorpseResult): string | null {
  const g = gains(r);
  if (r.severity === 'safe' || !(g.intrinsics.length + g.effects.length)) return null;
  return `If you finish it: ${[...g.intrinsics, ...g.effects].join('; ')}.`;
}

function corpseColor(r: CorpseResult): number {
  return r.severity === 'safe' ? COLORS.ok : r.severity === 'risky' ? COLORS.hungry : COLORS.dead;
}

function corpseCompact(r: CorpseResult): APIEmbed {
  const rotten = r.severity === 'deadly' ? undefined : r.onFirstBite.find((e) => e.id === 'rottenRoll');
  return compact({
    title: corpseTitle(r),
    color: corpseColor(r),
    lines: [
      `Level ${r.monster.level}. ${rotText(r)}`,
      gainsLine(r),
      rotten &&
        `Rotten roll ${pct(rotten.chance.probability)}: confused, blinded or passed out; a quarter of the nutrition.`,
    ],
    footer: nethackFooter(r.version, 'src/eat.c eatcorpse()'),
  });
}

function corpseDetails(r: CorpseResult): APIEmbed[] {
  const fields: APIEmbedField[] = [];
  const rot = r.rot;
  const ages = `Tainting possible from age ${rot.taintPossibleFrom}, certain from ${rot.taintCertainFrom}`;
  const rotText = `Age ${fmt(rot.age)}, ${rot.buc}: tainted ${pct(rot.tainted.probability)}. ${ages}`;
  const sick = `"You feel sick" from ${rot.sicknessPossibleFrom}`;
  fields.push(field('Age and rot', rot.exempt ? `Never tainted: ${rot.exempt}.` : `${rotText}; ${sick}.`));
  if (r.onFirstBite.length) fields.push(field('When you start eating', r.onFirstBite.map(line).join('\n')));
  if (r.onFinish.length) fields.push(field('When you finish it', r.onFinish.map(line).join('\n')));
  const intrinsics = r.intrinsics.map((i) => {
    const how = `tried ${i.picked.fraction}, then ${i.rollRule}${i.alreadyHave ? ' (you have it)' : ''}`;
    return `• ${i.label}: ${pct(i.chance.probability)} (${i.chance.fraction}) — ${how}`;
  });
  fields.push(field('Intrinsics', [...intrinsics, r.intrinsicRule].join('\n')));
  if (r.notes.length) fields.push(field('Notes', r.notes.map((n) => `• ${n}`).join('\n')));
  const color = corpseColor(r);
  return [
    {
      title: corpseTitle(r),
      description: `${corpseName(r)} (level ${r.monster.level})`,
      color,
      fields,
      footer: nethackFooter(r.version),
    },
    sourcesEmbed(r.citations, color),
  ];
}
