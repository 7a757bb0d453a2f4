// The PNG charts of /nethack forecast chart:true, /crawl forecast chart:true and /hero show:
// the chart input built from the forecast (src/chart/forecast.ts), rendered on the worker pool.
import { crawlChartInput, nethackChartInput } from '../chart/forecast.ts';
import type { NutritionChartInput } from '../chart/types.ts';
import type { CrawlForecastResult } from '../engine/crawl/index.ts';
import type { ForecastResult } from '../engine/nethack/index.ts';
import type { FileSpec } from '../pipeline/types.ts';
import { renderChartOffThread } from '../runtime/offload.ts';

export interface ChartFileOptions {
  title: string;
  fileName: string;
}

/** A NetHack forecast computed with `series: true`, as a PNG attachment. */
export function nethackForecastChart(f: ForecastResult, opts: ChartFileOptions): Promise<FileSpec> {
  return chartFile(opts, nethackChartInput(f, opts.title));
}

/** A Crawl forecast as a PNG attachment; `startTurn` places it on a hero's own turn counter. */
export function crawlForecastChart(
  r: CrawlForecastResult,
  opts: ChartFileOptions & { startTurn?: number },
): Promise<FileSpec> {
  return chartFile(opts, crawlChartInput(r, opts.title, opts.startTurn ?? 0));
}

async function chartFile(opts: ChartFileOptions, input: NutritionChartInput): Promise<FileSpec> {
  return {
    name: opts.fileName,
    contentType: 'image/png',
    description: opts.title,
    data: await renderChartOffThread(input),
  };
}
