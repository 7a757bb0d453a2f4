// The work a pool worker can do, by name. The main thread names a task and sends its input
// (structured-cloned); the worker runs it here and posts the plain result back.
import { UserError } from '../errors.ts';
import { crawlForecast, type CrawlVersion, type ForecastInput as CrawlForecastInput } from '../engine/crawl/index.ts';
import { forecast, type ForecastInput, type ForecastResult } from '../engine/nethack/forecast.ts';
import { recordNewWalks, takeNewWalks, type SharedWalk } from '../engine/nethack/walkCache.ts';
import type { NutritionChartInput } from '../chart/types.ts';

export const tasks = {
  /** The forecast, and the walks it ran, which the main thread adopts (offload.ts). */
  nethackForecast: (input: ForecastInput): { result: ForecastResult; walks: SharedWalk[] } => {
    recordNewWalks();
    const result = forecast(input);
    return { result, walks: takeNewWalks() };
  },
  crawlForecast: (a: { version: CrawlVersion; input: CrawlForecastInput }) => crawlForecast(a.version, a.input),
  /** PNG bytes. resvg is loaded on the first chart, so forecast-only workers never load it. */
  chart: async (input: NutritionChartInput): Promise<Uint8Array> => {
    const { renderNutritionChart } = await import('../chart/render.ts');
    return renderNutritionChart(input);
  },
  /**
   * Keeps a worker busy for `ms` milliseconds: a task of known length, so the pool's deadline
   * and queue can be tested and benchmarked without depending on how fast the engine is.
   */
  spin: (ms: number): number => {
    const until = performance.now() + ms;
    let n = 0;
    while (performance.now() < until) n++;
    return n;
  },
};

export type Tasks = typeof tasks;
export type TaskName = keyof Tasks;
export type TaskInput<T extends TaskName> = Parameters<Tasks[T]>[0];
export type TaskOutput<T extends TaskName> = Awaited<ReturnType<Tasks[T]>>;

/** How an error crosses the thread boundary: bad input stays bad input, bugs stay bugs. */
export function describeError(err: unknown): {
  kind: 'user' | 'range' | 'other';
  message: string;
  hint?: string;
  code?: string;
} {
  if (err instanceof UserError) return { kind: 'user', message: err.message, hint: err.hint, code: err.code };
  if (err instanceof RangeError) return { kind: 'range', message: err.message };
  return { kind: 'other', message: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
}
