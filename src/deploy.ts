// Register the slash commands with Discord (REST bulk overwrite) from the one command list.
//   npm run deploy              -> the guild in DISCORD_GUILD_ID (updates instantly; for development)
//   npm run deploy -- --global  -> every guild and DM the app is in
import { REST, Routes } from 'discord.js';
import { commands } from '../commands/index.ts';
import { loadConfigOrReport } from './config.ts';

/** Every slash command, then the message commands they bring (Apps -> "Ask hungerbot"). */
export function commandBodies() {
  const messageCommands = commands.flatMap((c) => (c.messageCommands ?? []).map((m) => m.definition));
  return [...commands.map((c) => c.definition), ...messageCommands];
}

export async function deploy(opts: {
  token: string;
  applicationId: string;
  guildId?: string;
  apiUrl?: string;
}): Promise<number> {
  const rest = new REST(opts.apiUrl ? { api: opts.apiUrl } : {}).setToken(opts.token);
  const route = opts.guildId
    ? Routes.applicationGuildCommands(opts.applicationId, opts.guildId)
    : Routes.applicationCommands(opts.applicationId);
  const body = commandBodies().map((c) =>
    opts.guildId ? c : { ...c, integration_types: [0, 1], contexts: [0, 1, 2] },
  );
  const result = (await rest.put(route, { body })) as unknown[];
  return result.length;
}

async function main(): Promise<number> {
  const config = loadConfigOrReport();
  if (!config) return 2;
  const global = process.argv.includes('--global');
  if (!config.DISCORD_TOKEN || !config.DISCORD_APPLICATION_ID) {
    process.stderr.write('Deploying needs DISCORD_TOKEN and DISCORD_APPLICATION_ID (see .env.example).\n');
    return 2;
  }
  if (!global && !config.DISCORD_GUILD_ID) {
    process.stderr.write('Set DISCORD_GUILD_ID for a guild deploy, or run `npm run deploy -- --global`.\n');
    return 2;
  }
  const count = await deploy({
    token: config.DISCORD_TOKEN,
    applicationId: config.DISCORD_APPLICATION_ID,
    guildId: global ? undefined : config.DISCORD_GUILD_ID,
    apiUrl: config.DISCORD_API_URL,
  });
  process.stdout.write(
    `Registered ${count} commands ${global ? 'globally' : `in guild ${config.DISCORD_GUILD_ID}`}.\n`,
  );
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`deploy failed: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}
