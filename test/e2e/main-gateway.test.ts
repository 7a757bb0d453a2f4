// The real entry point (`npm start` with a token) against the fake Discord: it connects, answers
// an interaction, and shuts down cleanly on SIGTERM (client destroyed, store closed, exit 0).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { FAKE_TOKEN, startFakeDiscord } from '../helpers/fakeDiscord.ts';

const dir = mkdtempSync(join(tmpdir(), 'hungerbot-main-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('npm start with a token: connects, answers, and exits 0 on SIGTERM without logging the token', async () => {
  const discord = await startFakeDiscord();
  const child = spawn(process.execPath, ['--import', 'tsx', resolve('src/main.ts')], {
    env: {
      PATH: process.env.PATH ?? '',
      DISCORD_TOKEN: FAKE_TOKEN,
      DISCORD_API_URL: discord.apiUrl,
      STORE_URL: `sqlite://${join(dir, 'bot.sqlite')}`,
      LOG_LEVEL: 'debug',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += String(d)));
  child.stderr.on('data', (d) => (out += String(d)));
  try {
    await discord.waitForRequest((r) => r.path === '/gateway/bot', 15_000);
    for (let i = 0; i < 200 && !out.includes('connected to Discord'); i++) await new Promise((r) => setTimeout(r, 50));
    expect(out).toContain('connected to Discord');
    const { id } = discord.interaction({
      type: 2,
      name: 'nethack',
      options: [{ name: 'status', type: 1, options: [{ name: 'nutrition', type: 4, value: 0 }] }],
    });
    const cb = await discord.waitForRequest((r) => r.path.startsWith(`/interactions/${id}/`));
    expect(cb.body).toMatchObject({ type: 4, data: { embeds: [{ title: 'Nutrition 0 is Fainting' }] } });
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(out).toContain('shutting down');
    expect(out).not.toContain(FAKE_TOKEN);
  } finally {
    child.kill('SIGKILL');
    await discord.close();
  }
}, 60_000);
