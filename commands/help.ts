// /help: what the bot does, and every command with one example (read from the registry list).
import { defineCommand } from '../src/bot/types.ts';
import { COLORS, field } from '../src/bot/render.ts';

/** Filled in by commands/index.ts so /help always lists exactly what is registered. */
export const helpSource: { examples: () => { command: string; description: string; examples: string[] }[] } = { examples: () => [] };

export const helpCommand = defineCommand({
  name: 'help',
  description: 'What hungerbot does, and every command with an example',
  example: '/help',
  options: {},
  run(args) {
    const list = helpSource.examples();
    return {
      embeds: [
        {
          title: 'hungerbot: roguelike hunger, from the source',
          color: COLORS.info,
          description:
            'Exact answers to hunger questions, computed as the games\' own code does and cited to the line: ' +
            'NetHack 3.6.7 (also 3.4.3 and 5.0 where they differ) and Dungeon Crawl Stone Soup 0.13 (also 0.14, 0.15). ' +
            'Every reply says which version it used.',
          fields: list.map((c) => field(`/${c.command}`, `${c.description}\n${c.examples.map((e) => `\`${e}\``).join('\n')}`)),
          footer: { text: 'Options are name:value; put quotes around values with spaces. Add hide:true to keep a reply to yourself.' },
        },
      ],
      result: { commands: list },
      ephemeral: args.hide,
    };
  },
});
