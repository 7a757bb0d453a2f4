// How the bot is started: the Node.js flags of `npm start` (package.json, scripts/start.sh), the same in the systemd
// units, accepted by this Node.js; and a gateway process loading one undici, not two (README "Memory").
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { START_FLAGS, startFlagsOf } from '../bench/proc.ts';

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

  it('every systemd unit runs dist/main.js with the same flags', () => {
    const units = readdirSync(join(ROOT, 'deploy')).filter((f) => f.endsWith('.service'));
    expect(units.length).toBeGreaterThan(0);
    for (const unit of units) {
      const exec = /^ExecStart=(.*)$/m.exec(readFileSync(join(ROOT, 'deploy', unit), 'utf8'))?.[1];
      expect(exec, unit).toBe(['/usr/bin/node', ...START_FLAGS, 'dist/main.js'].join(' '));
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
