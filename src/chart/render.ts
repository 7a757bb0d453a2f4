// Rasterises the chart SVG with resvg (Rust, shipped as a prebuilt binary inside its npm
// platform package: no browser, nothing downloaded at install or run time). The chart's text is
// already glyph outlines (svg.ts), so resvg loads no font and shapes no text. In the bot this
// runs on a pool worker (src/runtime/offload.ts renderChartOffThread), never on the main thread.
import { Resvg, type ResvgRenderOptions } from '@resvg/resvg-js';
import { encodePng } from './png.ts';
import { type BuiltChart, buildNutritionChartSvg } from './svg.ts';
import { drawTextRuns } from './text.ts';
import type { NutritionChartInput } from './types.ts';

const OPTIONS: ResvgRenderOptions = {
  font: { loadSystemFonts: false }, // deterministic output: every glyph is a path already
  fitTo: { mode: 'original' },
  logLevel: 'off',
};

/**
 * Renders a built chart (its SVG, then its labels from cached glyph masks) or a bare SVG string to
 * RGBA pixels (tests) or PNG bytes.
 */
export function rasterize(chart: string | BuiltChart): {
  png: () => Buffer;
  pixels: () => Buffer;
  width: number;
  height: number;
} {
  const image = new Resvg(typeof chart === 'string' ? chart : chart.svg, OPTIONS).render();
  let pixels: Buffer | undefined;
  const get = (): Buffer => {
    if (!pixels) {
      pixels = image.pixels;
      if (typeof chart !== 'string') drawTextRuns(pixels, image.width, image.height, chart.text);
    }
    return pixels;
  };
  return {
    png: () => encodePng(get(), image.width, image.height),
    pixels: get,
    width: image.width,
    height: image.height,
  };
}

/** PNG bytes of the nutrition forecast chart. Throws RangeError on bad input, ChartFontError without fonts. */
export function renderNutritionChart(input: NutritionChartInput): Buffer {
  return rasterize(buildNutritionChartSvg(input)).png();
}
