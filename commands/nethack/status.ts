// /nethack status nutrition:<n> [con:<n>] — the hunger status the game computes for a value.
import * as kinds from '../../src/kit/kinds.ts';
import { defineSubcommand, withLazyDetails } from '../../src/pipeline/types.ts';
import type { APIEmbed } from 'discord-api-types/v10';
import { COLORS, compact, field, fmt, sourcesEmbed, versionFooter } from '../../src/kit/render.ts';
import { shortRef, nethackCite, type NethackVersion } from '../../src/engine/cite.ts';
import { nethackStatus, type NethackStatus, type StatusResult } from '../../src/engine/nethack/status.ts';

export const STATUS_COLOR: Record<NethackStatus, number> = {
  Satiated: COLORS.satiated,
  'Not Hungry': COLORS.ok,
  Hungry: COLORS.hungry,
  Weak: COLORS.weak,
  Fainting: COLORS.fainting,
};

function bandText(min: number | null, max: number | null): string {
  if (min === null) return `${fmt(max ?? 0)} and below`;
  if (max === null) return `above ${fmt(min - 1)}`;
  return `${fmt(min)} to ${fmt(max)}`;
}

/** "Nutrition 150 is Hungry (Weak after 100 more)": the answer in one line. */
export function statusTitle(r: StatusResult): string {
  const next = r.untilNextWorse
    ? ` (${r.untilNextWorse.status} after ${fmt(r.untilNextWorse.nutritionToLose)} more)`
    : '';
  return `Nutrition ${fmt(r.nutrition)} is ${r.status}${next}`;
}

function starvationText(s: NonNullable<StatusResult['starvation']>): string {
  return s.starvesNow
    ? `With Con ${s.con} you die of starvation at this value (below ${fmt(s.limit)}) on the next update where you do not faint.`
    : `With Con ${s.con} you starve below ${fmt(s.limit)}: ${fmt(s.nutritionToSpare)} nutrition to spare (${fmt(s.limit)} itself is survivable).`;
}

function statusCompact(r: StatusResult, footer: { text: string }): APIEmbed {
  return compact({
    title: statusTitle(r),
    color: STATUS_COLOR[r.status],
    lines: [
      `Bottom line: ${r.statusLine ? `\`${r.statusLine}\`` : 'nothing'} · band ${bandText(r.band.min, r.band.max)}.`,
      r.effects[0] ? `• ${r.effects[0]}` : null,
      r.faint
        ? `Faints: ${(r.faint.chancePerUpdate * 100).toFixed(1)}% per hunger update here, ${r.faint.faintTurns} helpless turns each.`
        : null,
      r.starvation ? starvationText(r.starvation) : null,
    ],
    footer,
  });
}

function statusDetails(r: StatusResult, footer: { text: string }): APIEmbed[] {
  const fields = [
    field(
      'Status',
      `**${r.status}**${r.statusLine ? ` (bottom line: \`${r.statusLine}\`)` : ' (nothing on the bottom line)'}`,
      true,
    ),
    field('Band', bandText(r.band.min, r.band.max), true),
  ];
  if (r.untilNextWorse)
    fields.push(field(`Until ${r.untilNextWorse.status}`, `${fmt(r.untilNextWorse.nutritionToLose)} nutrition`, true));
  fields.push(field('What it does', r.effects.map((e) => `• ${e}`).join('\n')));
  fields.push(field('Every 10 turns', r.exercise.join('; ')));
  if (r.faint) {
    fields.push(
      field(
        'Fainting',
        `Faint on first reaching 0 or below; afterwards ${(r.faint.chancePerUpdate * 100).toFixed(1)}% per hunger update at this value, for ${r.faint.faintTurns} helpless turns each.`,
      ),
    );
  }
  if (r.starvation) fields.push(field('Starvation', starvationText(r.starvation)));
  if (r.wiki.note) fields.push(field('Wiki differs', r.wiki.note));
  return [
    { title: statusTitle(r), color: STATUS_COLOR[r.status], fields, footer },
    sourcesEmbed(r.citations, STATUS_COLOR[r.status]),
  ];
}

export const statusSubcommand = defineSubcommand({
  name: 'status',
  description: 'Hunger status for a nutrition value',
  example: '/nethack status nutrition:150',
  options: {
    nutrition: kinds.nutrition.required(),
    con: kinds.con.describe('Constitution, for the starvation limit'),
    version: kinds.nethackVersion,
  },
  run(args) {
    const { r, compact, footer } = statusAnswer(args.nutrition, args.con, args.version);
    const reply = { embeds: [compact], result: r, ephemeral: args.hide };
    return withLazyDetails(reply, () => statusDetails(r, footer));
  },
});

interface StatusAnswer {
  r: StatusResult;
  compact: APIEmbed;
  footer: { text: string };
}

/**
 * The same question always gets the same answer (the engine is pure): the last STATUS_ANSWERS_MAX
 * answers are kept, least recently asked first out. Replies never change them: the pipeline copies
 * embeds before truncating, and results are only serialized.
 */
const STATUS_ANSWERS_MAX = 4096;
const answers = new Map<string, StatusAnswer>();

function statusAnswer(nutrition: number, con: number | undefined, version: NethackVersion | undefined): StatusAnswer {
  const key = `${nutrition}|${con ?? ''}|${version ?? ''}`;
  const hit = answers.get(key);
  if (hit) {
    answers.delete(key);
    answers.set(key, hit);
    return hit;
  }
  const r = nethackStatus({ nutrition, con, version });
  const footer = versionFooter(
    'NetHack',
    r.version,
    shortRef(nethackCite('src/eat.c', undefined, { version: r.version })),
    'src/eat.c newuhs()',
  );
  const answer = { r, compact: statusCompact(r, footer), footer };
  if (answers.size >= STATUS_ANSWERS_MAX) answers.delete(answers.keys().next().value!);
  answers.set(key, answer);
  return answer;
}
