// How the bot is started: the Node.js flags and environment of `npm start` (package.json, scripts/start.sh),
// the same in the systemd units, accepted by this Node.js; and a gateway process loading one undici, not two
// (README "Memory").
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { START_ENV, START_FLAGS, startEnvOf, startFlagsOf } from '../bench/proc.ts';

const ROOT = join(import.meta.dirname, '..');

describe('start flags', () => {
  it('npm start passes memory flags to node, and this node accepts them', () => {
    expect(START_FLAGS).toContain('--max-semi-space-size=4');
    const run = spawnSync(process.execPath, [...START_FLAGS, '-e', 'process.exit(0)'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('npm start (scripts/start.sh, which the start-up snapshot is built with) passes the same flags', async () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe('sh scripts/start.sh');
    const { startFlags } = await import('../scripts/build.mjs');
    expect(startFlags()).toEqual(START_FLAGS);
  });

  it('reads the flags from the start script and refuses a script of another shape', () => {
    expect(startFlagsOf('node --a=1 --b scripts/start.mjs')).toEqual(['--a=1', '--b']);
    expect(startFlagsOf('node scripts/start.mjs')).toEqual([]);
    expect(() => startFlagsOf('tsx src/main.ts')).toThrow(/not "node \[--flags\] scripts\/start.mjs"/);
  });

  it("npm start fixes glibc's mmap threshold, and leaves an operator's own value alone", () => {
    expect(START_ENV).toEqual({ MALLOC_MMAP_THRESHOLD_: '131072' });
    const env = (extra: Record<string, string>) => {
      // scripts/start.sh up to its exec lines, then what it exported.
      const script = readFileSync(join(ROOT, 'scripts/start.sh'), 'utf8').split('\ncase "$0"')[0]!;
      const run = spawnSync('sh', ['-c', `${script}\necho "$MALLOC_MMAP_THRESHOLD_"`], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', ...extra },
      });
      expect(run.status, run.stderr).toBe(0);
      return run.stdout.trim();
    };
    expect(env({})).toBe('131072');
    expect(env({ MALLOC_MMAP_THRESHOLD_: '65536' })).toBe('65536');
  });

  it('reads the environment from the start script and refuses an export of another variable', () => {
    const line = (name: string, from: string, value: string) => `export ${name}="$\{${from}:-${value}}"\n`;
    expect(startEnvOf(line('A', 'A', '1') + line('B', 'B', 'x y'))).toEqual({ A: '1', B: 'x y' });
    expect(() => startEnvOf(line('A', 'B', '1'))).toThrow(/reads another variable/);
  });

  it('every systemd unit runs dist/main.js with the same flags', () => {
    const units = readdirSync(join(ROOT, 'deploy')).filter((f) => f.endsWith('.service'));
    expect(units.length).toBeGreaterThan(0);
    for (const unit of units) {
      const exec = /^ExecStart=(.*)$/m.exec(readFileSync(join(ROOT, 'deploy', unit), 'utf8'))?.[1];
      expect(exec, unit).toBe(['/usr/bin/node', ...START_FLAGS, 'dist/main.js'].join(' '));
      const text = readFileSync(join(ROOT, 'deploy', unit), 'utf8');
      for (const [name, value] of Object.entries(START_ENV))
        expect(text, `${unit}: ${name}`).toContain(`\nEnvironment=${name}=${value}\n`);
    }
  });
});

describe('one undici per gateway process', () => {
  const load = (...args: string[]) => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'test/fixtures/loadDiscord.ts', ...args], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { bundled: boolean; formDataIsDiscordJs: boolean };
  };

  it('discord.js alone makes Node load its bundled undici too (what oneUndici.ts prevents)', () => {
    expect(load()).toEqual({ bundled: true, formDataIsDiscordJs: false });
  });

  it("after oneUndici.ts, only discord.js's undici is loaded, and FormData is its", () => {
    expect(load('--one-undici')).toEqual({ bundled: false, formDataIsDiscordJs: true });
  });
});
