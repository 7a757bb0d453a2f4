// /nethack status nutrition:<n> [con:<n>] — the hunger status the game computes for a value.
import * as kinds from '../../src/bot/kinds.ts';
import { defineSubcommand } from '../../src/bot/types.ts';
import { COLORS, field, fmt, sourcesField, versionFooter } from '../../src/bot/render.ts';
import { citationRef, nethackCite } from '../../src/engine/cite.ts';
import { nethackStatus, type NethackStatus } from '../../src/engine/nethack/status.ts';

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
    const r = nethackStatus({ nutrition: args.nutrition, con: args.con, version: args.version });
    const fields = [
      field('Status', `**${r.status}**${r.statusLine ? ` (bottom line: \`${r.statusLine}\`)` : ' (nothing on the bottom line)'}`, true),
      field('Band', bandText(r.band.min, r.band.max), true),
    ];
    if (r.untilNextWorse) fields.push(field(`Until ${r.untilNextWorse.status}`, `${fmt(r.untilNextWorse.nutritionToLose)} nutrition`, true));
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
    if (r.starvation) {
      const s = r.starvation;
      fields.push(
        field(
          'Starvation',
          s.starvesNow
            ? `With Con ${s.con} you die of starvation at this value (below ${fmt(s.limit)}) on the next update where you do not faint.`
            : `With Con ${s.con} you starve below ${fmt(s.limit)}: ${fmt(s.nutritionToSpare)} nutrition to spare (${fmt(s.limit)} itself is survivable).`,
        ),
      );
    }
    if (r.wiki.note) fields.push(field('Wiki differs', r.wiki.note));
    fields.push(sourcesField(r.citations));
    return {
      embeds: [
        {
          title: `Nutrition ${fmt(r.nutrition)}: ${r.status}`,
          color: STATUS_COLOR[r.status],
          fields,
          footer: versionFooter('NetHack', r.version, citationRef(nethackCite('src/eat.c', undefined, { version: r.version }))),
        },
      ],
      result: r,
      ephemeral: args.hide,
    };
  },
});
