// /help: what the bot does, and every command with an example (read from the registry list).
import { defineCommand } from '../src/pipeline/types.ts';
import { COLORS, compact, field } from '../src/kit/render.ts';

/** Filled in by commands/index.ts so /help always lists exactly what is registered. */
export const helpSource: { examples: () => { command: string; description: string; examples: string[] }[] } = {
  examples: () => [],
};

const ABOUT =
  "Exact answers to hunger questions, computed as the games' own code does and cited to the line: " +
  'NetHack 3.6.7 (also 3.4.3 and 5.0 where they differ) and Dungeon Crawl Stone Soup 0.13 (also 0.14, 0.15). ' +
  'Every reply says which version it used; /settings picks your defaults.';
const FOOTER = 'Options are name:value; quote values with spaces; hide:true keeps a reply to you.';

export const helpCommand = defineCommand({
  name: 'help',
  description: 'What hungerbot does, and every command with an example',
  example: '/help',
  options: {},
  run(args) {
    const list = helpSource.examples();
    const title = `${list.length} commands: ${list.map((c) => `/${c.command}`).join(', ')}`;
    return {
      embeds: [
        compact({
          title,
          color: COLORS.info,
          lines: list.map((c) => `\`${c.examples[0] ?? `/${c.command}`}\``),
          footer: { text: FOOTER },
        }),
      ],
      details: [
        {
          title,
          color: COLORS.info,
          description: ABOUT,
          fields: list.map((c) =>
            field(`/${c.command}`, `${c.description}\n${c.examples.map((e) => `\`${e}\``).join('\n')}`),
          ),
          footer: { text: FOOTER },
        },
      ],
      result: { commands: list },
      ephemeral: args.hide,
    };
  },
});
