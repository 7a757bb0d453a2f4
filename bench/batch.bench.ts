// Batch interface (`ask --json`) throughput for a mixed workload that includes forecasts, against
// `/help` lines (no rules work) in the same run: in-process through the pipeline (blocks of
// lines interleaved), and as a whole compiled process fed on stdin, the way scripts use it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toJsonReply } from '../src/transport/console.ts';
import { configureWork, stopWork, workPool } from '../src/runtime/offload.ts';
import { createHarness } from '../test/helpers/harness.ts';
import { ratio, type BenchResult, type Row } from './lib.ts';
import { botArgs, ensureCompiled, ROOT, START_ENV } from './proc.ts';

export const title = 'Batch (ask --json) throughput, mixed workload with forecasts';

/** One line of the mixed workload; forecasts are a third of it. */
export function mixed(i: number): string {
  const n = 100 + ((i * 37) % 1900);
  switch (i % 9) {
    case 0:
      return `/nethack status nutrition:${n}`;
    case 1:
      return `/nethack forecast nutrition:${n} turn:${1 + i}`;
    case 2:
      return `/crawl forecast value:${n * 5} species:Troll`;
    case 3:
      return '/nethack meal food:"food ration" nutrition:1250';
    case 4:
      return `/hero wait turns:${1 + (i % 5)}`;
    case 5:
      return `/nethack forecast nutrition:${n} left_ring:"ring of regeneration" after:${i * 10}`;
    case 6:
      return `/crawl status value:${n * 4}`;
    case 7:
      return '/nethack food name:"jackal corpse"';
    default:
      return `/nethack drain action:spell level:${1 + (i % 7)}`;
  }
}

const BLOCK = 45;
const ROUNDS = 4;
const PROCESS_LINES = 180;

async function inProcess(dir: string): Promise<Row[]> {
  await configureWork({});
  await workPool().warm({ helpers: true });
  const h = await createHarness({ storeUrl: `sqlite://${join(dir, 'batch.sqlite')}` });
  await h.ask('/hero new name:Bench');
  const time = { help: 0, mixed: 0 };
  const lines = { help: 0, mixed: 0 };
  const runBlock = async (kind: 'help' | 'mixed', from: number, count: number, measured: boolean) => {
    const t0 = performance.now();
    for (let i = from; i < from + count; i++) {
      const reply = await h.ask(kind === 'help' ? '/help' : mixed(i));
      if ((reply.result as { error?: { code: string } }).error)
        throw new Error(`${mixed(i)}: ${JSON.stringify(reply.result)}`);
      JSON.stringify(toJsonReply(reply, dir));
    }
    if (measured) {
      time[kind] += performance.now() - t0;
      lines[kind] += count;
    }
  };
  try {
    await runBlock('help', 0, BLOCK, false);
    await runBlock('mixed', 0, BLOCK, false);
    for (let r = 0; r < ROUNDS; r++) {
      const order = r % 2 ? (['mixed', 'help'] as const) : (['help', 'mixed'] as const);
      for (const kind of order) await runBlock(kind, r * BLOCK, BLOCK, true);
    }
  } finally {
    await h.close();
    await stopWork();
  }
  const perS = (k: 'help' | 'mixed') => (lines[k] * 1000) / time[k];
  return [
    {
      case: 'in-process: baseline /help',
      lines: lines.help,
      'lines/s': Math.round(perS('help')),
      vs_baseline: '1.00x',
    },
    {
      case: 'in-process: mixed (1/3 forecasts, hero writes)',
      lines: lines.mixed,
      'lines/s': Math.round(perS('mixed')),
      vs_baseline: ratio(perS('mixed'), perS('help')),
    },
  ];
}

/** `node dist/main.js ask --json` with `lines` on stdin: wall milliseconds, start-up included. */
function wholeProcess(lines: string[], storeUrl: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, botArgs('ask', '--json'), {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        ...START_ENV,
        STORE_URL: storeUrl,
        FILE_DIR: join(tmpdir(), 'hungerbot-bench-files'),
      },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = 0;
    child.stdout.on('data', (d: Buffer) => {
      for (const b of d) if (b === 10) out++;
    });
    child.on('close', (code) =>
      code === 0 && out === lines.length
        ? resolve(performance.now() - t0)
        : reject(new Error(`batch exited ${code} after ${out} of ${lines.length} lines`)),
    );
    child.stdin.end(lines.join('\n') + '\n');
  });
}

export async function run(): Promise<BenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'hungerbot-batch-'));
  try {
    const rows = await inProcess(dir);
    await ensureCompiled();
    const store = `sqlite://${join(dir, 'process.sqlite')}`;
    const help = Array.from({ length: PROCESS_LINES }, () => '/help');
    const work = ['/hero new name:Batch', ...Array.from({ length: PROCESS_LINES - 1 }, (_, i) => mixed(i + 1))];
    await wholeProcess(help, store);
    const t = { help: 0, mixed: 0 };
    for (let r = 0; r < 3; r++) {
      t.help += await wholeProcess(help, store);
      t.mixed += await wholeProcess(
        work.map((l, i) => (i === 0 ? `/hero new name:Batch${r}` : l)),
        store,
      );
    }
    const perS = (ms: number) => (3 * PROCESS_LINES * 1000) / ms;
    rows.push(
      {
        case: `whole process: baseline ${PROCESS_LINES} /help lines`,
        lines: 3 * PROCESS_LINES,
        'lines/s': Math.round(perS(t.help)),
        vs_baseline: '1.00x',
      },
      {
        case: `whole process: ${PROCESS_LINES} mixed lines`,
        lines: 3 * PROCESS_LINES,
        'lines/s': Math.round(perS(t.mixed)),
        vs_baseline: ratio(perS(t.mixed), perS(t.help)),
      },
    );
    return {
      rows,
      notes: [
        'Whole process: `node dist/main.js ask --json` with the lines on stdin, start-up included, ' +
          '3 runs each, alternating.',
      ],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
