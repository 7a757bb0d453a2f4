// The deploy script bulk-overwrites the one command list through REST (against the fake Discord).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { commands } from '../../commands/index.ts';
import { deploy } from '../../src/deploy.ts';
import { FAKE_APP_ID, FAKE_GUILD_ID, FAKE_TOKEN, startFakeDiscord, type FakeDiscord } from '../helpers/fakeDiscord.ts';

let discord: FakeDiscord;
beforeAll(async () => (discord = await startFakeDiscord()));
afterAll(async () => discord.close());

it('guild deploy PUTs every registered definition to the guild route', async () => {
  const n = await deploy({
    token: FAKE_TOKEN,
    applicationId: FAKE_APP_ID,
    guildId: FAKE_GUILD_ID,
    apiUrl: discord.apiUrl,
  });
  const req = await discord.waitForRequest(
    (r) => r.method === 'PUT' && r.path === `/applications/${FAKE_APP_ID}/guilds/${FAKE_GUILD_ID}/commands`,
  );
  expect(req.headers.authorization).toBe(`Bot ${FAKE_TOKEN}`);
  const messageCommands = commands.flatMap((c) => (c.messageCommands ?? []).map((m) => m.definition));
  expect(req.body).toEqual([...commands.map((c) => c.definition), ...messageCommands]);
  expect(n).toBe(commands.length + messageCommands.length);
});

it('global deploy PUTs to the application route with install contexts', async () => {
  await deploy({ token: FAKE_TOKEN, applicationId: FAKE_APP_ID, apiUrl: discord.apiUrl });
  const req = await discord.waitForRequest(
    (r) => r.method === 'PUT' && r.path === `/applications/${FAKE_APP_ID}/commands`,
  );
  const body = req.body as { name: string; contexts: number[] }[];
  expect(body.map((c) => c.name)).toEqual([...commands.map((c) => c.definition.name), 'Ask hungerbot']);
  expect(body.every((c) => c.contexts.includes(0))).toBe(true);
});
