// The real entry point (`src/main.ts`, as `npm run dev` runs it) as a child process: its JSON log
// lines collected and searchable, killed when the test process exits (even after a failure).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

export interface LogLine {
  msg?: string;
  level?: number;
  [field: string]: unknown;
}

export interface BotProcess {
  child: ChildProcessWithoutNullStreams;
  /** Every JSON log line so far (its own and, for a shard manager, its shard processes'). */
  logs: LogLine[];
  /** Lines that were not JSON (errors before the logger exists). */
  text: string[];
  /** The first log line matching `pred`, logged already or still to come. */
  waitForLog(pred: (l: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`. */
  stop(graceMs?: number): Promise<number | null>;
}

const running = new Set<ChildProcessWithoutNullStreams>();
process.once('exit', () => {
  for (const c of running) c.kill('SIGKILL');
});

/** Kill a pid if it still runs (a shard process of a manager, for one). */
export function killPid(pid: number, signal: NodeJS.Signals = 'SIGKILL'): void {
  try {
    process.kill(pid, signal);
  } catch {
    /* already gone */
  }
}

export function spawnBot(env: Record<string, string>, args: string[] = []): BotProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve('src/main.ts'), ...args], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  running.add(child);
  const logs: LogLine[] = [];
  const text: string[] = [];
  const waiters: { pred: (l: LogLine) => boolean; resolve: (l: LogLine) => void }[] = [];
  const onLine = (line: string) => {
    let parsed: LogLine;
    try {
      parsed = JSON.parse(line) as LogLine;
    } catch {
      text.push(line);
      return;
    }
    logs.push(parsed);
    for (const w of [...waiters]) {
      if (w.pred(parsed)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(parsed);
      }
    }
  };
  createInterface({ input: child.stdout }).on('line', onLine);
  createInterface({ input: child.stderr }).on('line', onLine);
  const exited = new Promise<number | null>((r) =>
    child.once('exit', (code) => {
      running.delete(child);
      r(code);
    }),
  );
  return {
    child,
    logs,
    text,
    exited,
    waitForLog(pred, timeoutMs = 60_000) {
      const found = logs.find(pred);
      if (found) return Promise.resolve(found);
      return new Promise((res, rej) => {
        const last = () => [...text, ...logs.slice(-8).map((l) => JSON.stringify(l))].join('\n');
        const timer = setTimeout(() => rej(new Error(`no matching log line; last lines:\n${last()}`)), timeoutMs);
        waiters.push({ pred, resolve: (l) => (clearTimeout(timer), res(l)) });
      });
    },
    async stop(graceMs = 10_000) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        const code = await exited;
        clearTimeout(timer);
        return code;
      }
      return exited;
    },
  };
}
