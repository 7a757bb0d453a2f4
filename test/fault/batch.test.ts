// The batch interface (`ask --json`) is a public contract: every reply reaches the reader however
// slowly it reads, a reader that leaves early ends the batch cleanly, and error replies pass the
// same finalizer (Discord's limits) as every other reply.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { messageBody } from '../../src/transport/interaction.ts';
import { messageViolations } from '../helpers/discordLimits.ts';
import { figures } from '../helpers/figures.ts';
import { createHarness } from '../helpers/harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'hungerbot-batch-'));
const fig = figures(import.meta.url);
afterAll(() => {
  fig.save();
  rmSync(dir, { recursive: true, force: true });
});

function batch(input: string, opts: { readDelayMs?: number; closeAfterLines?: number } = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve('src/main.ts'), 'ask', '--json'], {
    env: { PATH: process.env.PATH ?? '', STORE_URL: 'memory://', FILE_DIR: join(dir, 'files') },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += String(d)));
  child.stdin.end(input);
  const lines: string[] = [];
  let partial = '';
  if (opts.readDelayMs) {
    child.stdout.pause();
    setTimeout(() => child.stdout.resume(), opts.readDelayMs);
  }
  child.stdout.on('data', (d) => {
    const parts = (partial + String(d)).split('\n');
    partial = parts.pop()!;
    lines.push(...parts);
    if (opts.closeAfterLines && lines.length >= opts.closeAfterLines) child.stdout.destroy();
  });
  return new Promise<{ code: number | null; lines: string[]; stderr: string }>((res) =>
    child.on('exit', (code) => setTimeout(() => res({ code, lines, stderr }), 50)),
  );
}

describe('ask --json delivers every reply', () => {
  it('1,000 lines to a reader that starts reading only after 3 s: all 1,000 arrive, in order', async () => {
    const n = 1000;
    const input = Array.from({ length: n }, (_, i) => `/nethack status nutrition:${i}`).join('\n') + '\n';
    const { code, lines } = await batch(input, { readDelayMs: 3000 });
    fig.add('faults injected');
    expect(code).toBe(0);
    expect(lines).toHaveLength(n);
    lines.forEach((l, i) => {
      expect((JSON.parse(l) as { result: { nutrition: number } }).result.nutrition).toBe(i);
    });
  }, 60_000);

  it('a reader that goes away after one line ends the batch cleanly (no crash, exit 0)', async () => {
    const input = '/help\n'.repeat(3000);
    const { code, stderr } = await batch(input, { closeAfterLines: 1 });
    fig.add('faults injected');
    expect(code).toBe(0);
    expect(stderr).not.toMatch(/EPIPE|Error/);
  }, 60_000);
});

describe('error replies pass the finalizer', () => {
  it('a huge unreadable token, emoji cut at the limit, a huge unknown command: every limit kept', async () => {
    const h = await createHarness();
    const lines = [
      `/nethack status ${'x'.repeat(7000)}`,
      `/nethack status nutrition:1 ${'😀'.repeat(4000)}`,
      `/${'a'.repeat(6000)}`,
      `/nethack food name:"${'😀'.repeat(3000)}"`,
      `/nethack status nutrition:${'9'.repeat(5000)}`,
    ];
    for (const line of lines) {
      const reply = await h.ask(line);
      fig.add('payloads fuzzed');
      expect(reply.ephemeral).toBe(true);
      const v = messageViolations(messageBody(reply) as unknown as Record<string, unknown>);
      fig.add('Discord limit violations', v.length);
      expect(v, line.slice(0, 40)).toEqual([]);
    }
    await h.close();
  });

  it('through the real batch process too', async () => {
    const { lines } = await batch(`/nethack status ${'x'.repeat(7000)}\n`);
    const reply = JSON.parse(lines[0]!) as { embeds: { description: string }[]; result: { error: { code: string } } };
    expect(reply.result.error.code).toBe('bad_syntax');
    expect(messageViolations({ embeds: reply.embeds })).toEqual([]);
  }, 30_000);
});
