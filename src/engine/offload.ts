// Long engine computations (the starvation distribution can take seconds for heroes who burn
// almost nothing) run on a worker thread, so the event loop stays free to answer Discord within
// its 3 s deadline (the transports defer, then edit) and to serve other users meanwhile.
import { Worker } from 'node:worker_threads';
import type { ForecastInput, ForecastResult } from './nethack/forecast.ts';

interface Pending {
  resolve: (v: ForecastResult) => void;
  reject: (e: Error) => void;
}

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

function failAll(err: Error): void {
  for (const p of pending.values()) p.reject(err);
  pending.clear();
  worker = undefined;
}

function getWorker(): Worker {
  if (worker) return worker;
  // The worker is TypeScript too: register tsx's loader inside it, then import the worker module.
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./offloadWorker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`;
  const w = new Worker(boot, { eval: true });
  w.unref(); // an idle worker never keeps the process alive
  w.on('message', (m: { id: number; ok: boolean; value?: ForecastResult; error?: string }) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (pending.size === 0) w.unref();
    if (m.ok) p.resolve(m.value!);
    else p.reject(new RangeError(m.error));
  });
  w.on('error', (err) => failAll(err));
  w.on('exit', (code) => failAll(new Error(`engine worker exited (${code})`)));
  worker = w;
  return w;
}

/** forecast() on the worker thread. Engine input errors come back as RangeError, like the direct call. */
export function forecastOffThread(input: ForecastInput): Promise<ForecastResult> {
  return new Promise((resolve, reject) => {
    const id = ++nextId;
    pending.set(id, { resolve, reject });
    const w = getWorker();
    w.ref(); // keep the process alive while a request is out
    w.postMessage({ id, input });
  });
}

/** Stop the worker (tests, shutdown). */
export async function stopOffload(): Promise<void> {
  const w = worker;
  worker = undefined;
  if (w) await w.terminate();
}
