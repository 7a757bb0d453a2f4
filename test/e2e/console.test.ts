// The console as a person and a script use it: the real entry point (src/main.ts) in a child
// process with no Discord token, typing into the REPL and piping lines into `ask --json`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { nethackStatus } from '../../src/engine/nethack/status.ts';

/** tsx resolved from the project, since the child runs in a temporary folder. */
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const dir = mkdtempSync(join(tmpdir(), 'hungerbot-console-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runMain(
  args: string[],
  input: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((res) => {
    const child = spawn(process.execPath, ['--import', TSX, resolve('src/main.ts'), ...args], {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        STORE_URL: `sqlite://${join(dir, 'console.sqlite')}`,
        ...env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += String(d)));
    child.stderr.on('data', (d) => (stderr += String(d)));
    child.on('exit', (code) => res({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

describe('console mode', () => {
  it('REPL: answers a status with its citation, survives bad input, and exits cleanly', async () => {
    const { code, stdout } = await runMain(
      [],
      '/nethack status nutrition:150\n/nethack status nutrition:abc\n/nethack status nutrition:1001\nexit\n',
    );
    expect(code).toBe(0);
    expect(stdout).toContain('Nutrition 150 is Hungry (Weak after 100 more)');
    expect(stdout).toContain('src/eat.c newuhs()');
    expect(stdout).toContain('[Details] → press details:nethack.status:');
    expect(stdout).toContain('`nutrition` must be a whole number, not "abc"');
    // still running after the error
    expect(stdout).toContain('Nutrition 1,001 is Satiated');
  }, 30_000);

  it('ask --json: one JSON line per input line, results from the engine', async () => {
    const lines = [1001, 1000, 151, 150, 51, 50, 1, 0, -5];
    const { code, stdout } = await runMain(
      ['ask', '--json'],
      lines.map((n) => `/nethack status nutrition:${n}`).join('\n') + '\n',
    );
    expect(code).toBe(0);
    const replies = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { result: { status: string; nutrition: number } });
    expect(replies).toHaveLength(lines.length);
    replies.forEach((r, i) => {
      expect(r.result.nutrition).toBe(lines[i]);
      expect(r.result.status).toBe(nethackStatus({ nutrition: lines[i]! }).status);
    });
    expect(replies[0]!.result.status).toBe('Satiated');
    expect(replies[1]!.result.status).toBe('Not Hungry');
  }, 30_000);

  it('ask with one command line prints a readable reply; errors are JSON with code', async () => {
    const text = await runMain(['ask', '/nethack status nutrition:50 con:18'], '');
    expect(text.stdout).toContain('Nutrition 50 is Weak');
    expect(text.stdout).toContain('-280');
    const err = await runMain(['ask', '--json', '/nethack status nutrition:abc'], '');
    expect(JSON.parse(err.stdout)).toMatchObject({ ephemeral: true, result: { error: { code: 'bad_option' } } });
  }, 30_000);

  it('a bad environment value stops with one clear line naming the variable', async () => {
    const { code, stderr } = await runMain(['ask', '/help'], '', { LOG_LEVEL: 'loud' });
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain('LOG_LEVEL');
  }, 30_000);

  it('a malformed token is refused without echoing it', async () => {
    const { code, stderr } = await runMain([], '', { DISCORD_TOKEN: 'not-a-token-secret-value' });
    expect(code).toBe(2);
    expect(stderr).toContain('DISCORD_TOKEN');
    expect(stderr).not.toContain('not-a-token-secret-value');
  }, 30_000);
});
