// Rasterises the chart SVG with resvg (Rust, shipped as a prebuilt binary inside its npm
// platform package: no browser, nothing downloaded at install or run time).
import { Resvg, renderAsync, type ResvgRenderOptions } from '@resvg/resvg-js';
import { chartFontFiles, FONT_FAMILY } from './font.ts';
import { buildNutritionChartSvg } from './svg.ts';
import type { NutritionChartInput } from './types.ts';

let options: ResvgRenderOptions | undefined;

function resvgOptions(): ResvgRenderOptions {
  if (options) return options;
  const files = chartFontFiles();
  options = {
    font: {
      loadSystemFonts: false, // deterministic output, and much faster
      fontFiles: [files.regular, files.bold],
      defaultFontFamily: FONT_FAMILY,
      sansSerifFamily: FONT_FAMILY,
    },
    fitTo: { mode: 'original' },
    logLevel: 'off',
  };
  return options;
}

/** Renders an SVG string to RGBA pixels (tests) or PNG bytes with the chart fonts. */
export function rasterize(svg: string): { png: () => Buffer; pixels: () => Buffer; width: number; height: number } {
  const image = new Resvg(svg, resvgOptions()).render();
  return { png: () => image.asPng(), pixels: () => image.pixels, width: image.width, height: image.height };
}

/** PNG bytes of the nutrition forecast chart. Throws RangeError on bad input, ChartFontError without fonts. */
export function renderNutritionChart(input: NutritionChartInput): Buffer {
  return rasterize(buildNutritionChartSvg(input).svg).png();
}

/**
 * Same PNG as renderNutritionChart, but parsing and rasterising run on libuv's thread pool so
 * the bot's event loop stays free (only SVG building and PNG encoding stay on the main thread).
 */
export async function renderNutritionChartAsync(input: NutritionChartInput): Promise<Buffer> {
  const svg = buildNutritionChartSvg(input).svg;
  const image = await renderAsync(svg, resvgOptions());
  return image.asPng();
}
