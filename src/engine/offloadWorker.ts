// Worker side of offload.ts: runs forecast() and posts the plain result back.
import { parentPort } from 'node:worker_threads';
import { forecast, type ForecastInput } from './nethack/forecast.ts';

parentPort!.on('message', (m: { id: number; input: ForecastInput }) => {
  try {
    parentPort!.postMessage({ id: m.id, ok: true, value: forecast(m.input) });
  } catch (err) {
    parentPort!.postMessage({ id: m.id, ok: false, error: err instanceof Error ? err.message : String(err) });
  }
});
