// PNG forecast chart for /hero show and /nethack|/crawl forecast chart:true.
export type { ChartBand, ChartMarker, ChartPoint, NutritionChartInput } from './types.ts';
export { renderNutritionChart, renderNutritionChartAsync, rasterize } from './render.ts';
export { buildNutritionChartSvg, escapeXml, formatNumber, toPixel, BAND_FILL_OPACITY, THEME, type ChartLayout } from './svg.ts';
export { downsample } from './downsample.ts';
export { nethackBands, crawlBands, type CrawlChartVersion } from './bands.ts';
export { ChartFontError } from './font.ts';
