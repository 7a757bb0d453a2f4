// /hero wait, turn, cast, attack: what the hero does, applied with the game's rules (eat: eat.ts,
// pray: pray.ts).
import { UserError } from '../../src/errors.ts';
import * as kinds from '../../src/kit/kinds.ts';
import { integer, text } from '../../src/pipeline/options.ts';
import { fmt } from '../../src/kit/render.ts';
import { defineSubcommand } from '../../src/pipeline/types.ts';
import { spellHunger } from '../../src/engine/nethack/drains.ts';
import type { NethackVersion } from '../../src/engine/cite.ts';
import { crawlAttack, crawlCast, crawlPassTurns } from '../../src/heroes/crawl.ts';
import { passTurns } from '../../src/heroes/nethack.ts';
import type { Hero, HeroCore, NethackState } from '../../src/heroes/schema.ts';
import { changeHero, coreOf, heroReply } from './common.ts';
import { heroName, heroNameAutocomplete } from './manage.ts';

const MAX_WAIT = 1_000_000;

export const waitSubcommand = defineSubcommand({
  name: 'wait',
  description: 'Let turns pass (exact burn for your hero)',
  example: '/hero wait turns:100',
  access: 'write',
  options: { turns: integer('How many turns', { min: 1, max: MAX_WAIT, example: 100 }).required(), hero: heroName },
  autocomplete: heroNameAutocomplete,
  async run(args, ctx) {
    const out = await changeHero(ctx, args.hero, 'wait', (h) => passTime(h, args.turns));
    return heroReply(out.hero, { headline: out.summary, notes: out.extra as string[], ephemeral: args.hide });
  },
});

export const turnSubcommand = defineSubcommand({
  name: 'turn',
  description: 'Move your hero to the turn counter the game shows',
  example: '/hero turn now:2500',
  access: 'write',
  options: { now: kinds.heroTurn.describe('The turn counter now (T:)').required(), hero: heroName },
  autocomplete: heroNameAutocomplete,
  async run(args, ctx) {
    const out = await changeHero(ctx, args.hero, 'turn', (h) => {
      const current = h.game === 'nethack' ? h.nethack.turn : h.crawl.turn;
      if (args.now < current)
        throw new UserError(
          `${h.name} is already at turn ${fmt(current)}; time only goes forward.`,
          'Use `/hero set turn:<n>` to correct the turn without burning nutrition, or `/hero undo`.',
          'turn_backwards',
        );
      if (args.now === current)
        throw new UserError(`${h.name} is already at turn ${fmt(current)}.`, undefined, 'no_change');
      return passTime(h, args.now - current);
    });
    return heroReply(out.hero, { headline: out.summary, notes: out.extra as string[], ephemeral: args.hide });
  },
});

function passTime(h: Hero, turns: number): { core: HeroCore; summary: string; extra: string[] } {
  const core = coreOf(h);
  if (core.game === 'nethack') {
    const r = passTurns(core.nethack, core.version, turns);
    return {
      core: { ...core, nethack: r.state },
      summary: `Waited ${fmt(turns)} turns: −${fmt(r.burned)}${r.estimated ? ' (expected)' : ''} nutrition.`,
      extra: r.notes,
    };
  }
  const r = crawlPassTurns(core, turns);
  return {
    core: { ...core, crawl: r.state },
    summary: `Waited ${fmt(turns)} turns: −${fmt(r.burned)}${r.estimated ? ' (expected)' : ''} satiation.`,
    extra: r.notes,
  };
}

export const attackSubcommand = defineSubcommand({
  name: 'attack',
  description: 'Melee attacks, one per turn (each costs extra)',
  example: '/hero attack count:10',
  access: 'write',
  options: { count: integer('How many attacks', { min: 1, max: 10_000, example: 5 }).required(), hero: heroName },
  autocomplete: heroNameAutocomplete,
  async run(args, ctx) {
    const out = await changeHero(ctx, args.hero, 'attack', (h) => {
      const core = coreOf(h);
      if (core.game !== 'nethack') {
        const r = crawlAttack(core, args.count);
        return {
          core: { ...core, crawl: r.state },
          summary: `Made ${fmt(args.count)} melee attacks over ${fmt(args.count)} turns: −${fmt(r.burned)}${r.estimated ? ' (expected)' : ''} satiation.`,
          extra: r.notes,
        };
      }
      const s = core.nethack;
      const r = attackTurns(s, core.version, args.count);
      return {
        core: { ...core, nethack: r.state },
        summary: `Made ${fmt(args.count)} melee attacks over ${fmt(args.count)} turns: −${fmt(r.burned)}${r.estimated ? ' (expected)' : ''} nutrition.`,
        extra: r.notes,
      };
    });
    return heroReply(out.hero, { headline: out.summary, notes: out.extra as string[], ephemeral: args.hide });
  },
});

/**
 * `count` attacks, one per action from the current turn T: each calls gethungry() again with the
 * moves of its own turn (src/uhitm.c attack() -> src/hack.c overexertion()), so the extra calls
 * fall on T .. T+count-1 while the turn calls fall on T+1 .. T+count (the engine's turn order).
 */
export function attackTurns(s: NethackState, version: NethackVersion, count: number) {
  return passTurns(s, version, count, 1);
}

export const castSubcommand = defineSubcommand({
  name: 'cast',
  description: 'Cast a spell (its hunger cost)',
  example: '/hero cast level:3',
  access: 'write',
  options: {
    level: integer('Spell level', { min: 1, max: 9, example: 3 }).required(),
    spell: text('NetHack: spell name (detect food is free)', { maxLength: 40 }),
    hero: heroName,
  },
  autocomplete: heroNameAutocomplete,
  async run(args, ctx) {
    const out = await changeHero(ctx, args.hero, 'cast', (h) => {
      const core = coreOf(h);
      if (core.game === 'crawl') {
        const r = crawlCast(core, args.level);
        return { core: { ...core, crawl: r.state }, summary: r.summary, extra: r.notes };
      }
      if (args.level > 7)
        throw new UserError('NetHack spell levels go from 1 to 7.', 'For example `level:3`.', 'bad_level');
      const s = core.nethack;
      const cost = spellHunger({
        version: core.version,
        level: args.spell ? undefined : args.level,
        spell: args.spell,
        role: s.role,
        int: s.int,
        nutrition: s.nutrition,
        amulet: s.yendor,
      });
      if (cost.refused) throw new UserError(`${h.name} cannot cast: ${cost.refused}`, undefined, 'cast_refused');
      const hunger = cost.amount.exact ?? Math.round(cost.amount.mean);
      // The cast is this turn's action; then the next turn passes before the hero acts again.
      const after = passTurns({ ...s, nutrition: s.nutrition - hunger }, core.version, 1);
      return {
        core: { ...core, nethack: after.state },
        summary: `Cast a level ${cost.spell?.level ?? args.level} spell: −${hunger} nutrition (${cost.spell?.intReduction ?? 'full cost'}).`,
        extra: [...cost.notes.slice(0, 2), ...after.notes],
      };
    });
    return heroReply(out.hero, { headline: out.summary, notes: out.extra as string[], ephemeral: args.hide });
  },
});
