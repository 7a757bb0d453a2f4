// /crawl: Dungeon Crawl Stone Soup hunger (0.13 default, 0.14, 0.15; 0.26+ has none),
// one subcommand per file beside this one, all answered by src/engine/crawl.
import { defineCommandGroup, type CommandModule } from '../../src/pipeline/types.ts';
import { abilitySubcommand } from './ability.ts';
import { chunkSubcommand } from './chunk.ts';
import { drainSubcommand } from './drain.ts';
import { foodSubcommand } from './food.ts';
import { forecastSubcommand } from './forecast.ts';
import { rateSubcommand } from './rate.ts';
import { spellSubcommand } from './spell.ts';
import { statusSubcommand } from './status.ts';

export const crawlCommand: CommandModule = defineCommandGroup({
  name: 'crawl',
  description: 'Dungeon Crawl hunger rules, from the source (0.13 by default)',
  subcommands: [
    statusSubcommand,
    rateSubcommand,
    forecastSubcommand,
    foodSubcommand,
    chunkSubcommand,
    spellSubcommand,
    abilitySubcommand,
    drainSubcommand,
  ],
});
