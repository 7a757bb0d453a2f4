// /hero conduct: say which food conducts a NetHack hero keeps, broke, or does not track. A hero
// created at turn 1 keeps all three (the game starts so); one met later tracks none until told,
// and /hero eat then marks a conduct broken when a meal breaks it.
import { UserError } from '../../src/errors.ts';
import { choice } from '../../src/pipeline/options.ts';
import { defineSubcommand } from '../../src/pipeline/types.ts';
import { FOOD_CONDUCTS } from '../../src/engine/nethack/conduct.ts';
import type { ConductMark } from '../../src/heroes/schema.ts';
import { changeHero, coreOf, heroReply } from './common.ts';
import { heroName, heroNameAutocomplete } from './manage.ts';

const STATES = ['kept', 'broken', 'untracked'] as const;

export const conductSubcommand = defineSubcommand({
  name: 'conduct',
  description: 'Set a food conduct: kept, broken or untracked',
  example: '/hero conduct name:vegan state:kept',
  access: 'write',
  options: {
    name: choice('Conduct', [...FOOD_CONDUCTS, 'all']).required(),
    state: choice('kept, broken or untracked (no questions)', STATES).required(),
    hero: heroName,
  },
  autocomplete: heroNameAutocomplete,
  async run(args, ctx) {
    const { hero, summary } = await changeHero(ctx, args.hero, 'conduct', (h) => {
      const core = coreOf(h);
      if (core.game !== 'nethack') {
        throw new UserError('Food conducts are NetHack rules; Crawl does not track them.', undefined, 'wrong_game');
      }
      const names = args.name === 'all' ? [...FOOD_CONDUCTS] : [args.name];
      const mark: ConductMark =
        args.state === 'kept'
          ? { status: 'kept', turn: null, food: null }
          : args.state === 'broken'
            ? { status: 'broken', turn: null, food: null }
            : { status: 'unknown', turn: null, food: null };
      const conducts = { ...core.nethack.conducts };
      const changed = names.filter((n) => conducts[n].status !== mark.status);
      if (!changed.length)
        throw new UserError(`${h.name}'s ${names.join(', ')} already ${args.state}.`, undefined, 'no_change');
      for (const n of changed) conducts[n] = mark;
      return {
        core: { ...core, nethack: { ...core.nethack, conducts } },
        summary: `Conduct ${changed.join(', ')}: ${args.state}.`,
      };
    });
    return heroReply(hero, { headline: summary, ephemeral: args.hide });
  },
});
