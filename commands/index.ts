// The one explicit list of commands: the dispatcher, the deploy script and the tests all use it.
import type { CommandModule } from '../src/pipeline/types.ts';
import { helpCommand, helpSource } from './help.ts';
import { crawlCommand } from './crawl/index.ts';
import { heroCommand } from './hero/index.ts';
import { nethackCommand } from './nethack/index.ts';
import { askCommand } from './ask.ts';
import { settingsCommand } from './settings.ts';
import { partyCommand } from './party.ts';

export const commands: readonly CommandModule[] = [
  helpCommand,
  nethackCommand,
  crawlCommand,
  heroCommand,
  partyCommand,
  askCommand,
  settingsCommand,
];

helpSource.examples = () =>
  commands.map((c) => ({ command: c.definition.name, description: c.definition.description, examples: c.examples }));
