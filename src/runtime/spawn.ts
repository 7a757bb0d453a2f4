// Starting a thread that runs one of this folder's entry modules (worker.ts, laneWorker.ts).
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker running `name` (`worker`, `laneWorker`). Compiled (`npm start`, dist/): `name`.js beside
 * this file (dist/ is flat). From TypeScript (`npm run dev`, vitest, the bench): tsx's loader is
 * registered inside the thread first, then the module is imported from source.
 */
export function spawnModuleWorker(name: string, options: WorkerOptions = {}): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, here), options);
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const entry = new URL(`./${name}.ts`, here).href;
  const boot = `import(${JSON.stringify(tsxApi)})
    .then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(boot, { ...options, eval: true });
}
