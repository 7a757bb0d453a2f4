// /nethack: every NetHack rule question, one subcommand each (files beside this one).
import { defineCommandGroup } from '../../src/pipeline/types.ts';
import { drainSubcommand } from './drain.ts';
import { foodSubcommand } from './food.ts';
import { forecastSubcommand } from './forecast.ts';
import { lifesaveSubcommand } from './lifesave.ts';
import { mealSubcommand } from './meal.ts';
import { petGroup } from './pet.ts';
import { statusSubcommand } from './status.ts';
import { praySubcommand } from './pray.ts';
import { corpseSubcommand } from './corpse.ts';

export const nethackCommand = defineCommandGroup({
  name: 'nethack',
  description: 'NetHack hunger rules, from the source (3.6.7 by default)',
  subcommands: [
    statusSubcommand,
    forecastSubcommand,
    mealSubcommand,
    foodSubcommand,
    drainSubcommand,
    lifesaveSubcommand,
    praySubcommand,
    corpseSubcommand,
  ],
  groups: [petGroup],
});
