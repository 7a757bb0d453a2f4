// Worker side of the pool (pool.ts): runs one named task at a time and posts the result back.
import { parentPort } from 'node:worker_threads';
import { describeError, tasks, type TaskName } from './tasks.ts';

const port = parentPort!;
port.on('message', (m: { ping?: true; id: number; task: TaskName; input: unknown }) => {
  if (m.ping) return port.postMessage({ pong: true });
  void run(m.id, m.task, m.input);
});
// Modules loaded: the pool starts a task's deadline only now, so start-up never counts against it.
port.postMessage({ ready: true });

async function run(id: number, task: TaskName, input: unknown): Promise<void> {
  try {
    const fn = tasks[task] as ((input: unknown) => unknown) | undefined;
    if (!fn) throw new Error(`unknown task ${String(task)}`);
    port.postMessage({ id, ok: true, value: await fn(input) });
  } catch (err) {
    port.postMessage({ id, ok: false, error: describeError(err) });
  }
}
