// PNG forecast chart for /hero show and /nethack|/crawl forecast chart:true. Rendering (render.ts)
// loads resvg; the bot calls it on a pool worker (src/runtime/offload.ts), never on the main thread.
export type { ChartBand, ChartMarker, ChartPoint, NutritionChartInput } from './types.ts';
export { renderNutritionChart, rasterize } from './render.ts';
export {
  buildNutritionChartSvg,
  escapeXml,
  formatNumber,
  toPixel,
  BAND_FILL_OPACITY,
  THEME,
  type ChartLayout,
} from './svg.ts';
export { downsample } from './downsample.ts';
export { nethackBands, crawlBands, type CrawlChartVersion } from './bands.ts';
export { ChartFontError } from './font.ts';
