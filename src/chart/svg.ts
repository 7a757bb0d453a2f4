// Builds the forecast chart as an SVG string (pure, no I/O besides the cached font metrics).
// render.ts rasterises it with resvg.
import { downsample } from './downsample.ts';
import { chartFontMetrics, type FontMetrics } from './font.ts';
import { LINE_TOLERANCE_PX, nutritionRange, simplify, valueAt } from './line.ts';
import type { TextRun } from './text.ts';
import type { ChartBand, ChartMarker, ChartPoint, NutritionChartInput } from './types.ts';

export { LINE_TOLERANCE_PX, simplify } from './line.ts';

export const DEFAULT_WIDTH = 800;
export const DEFAULT_HEIGHT = 400;
export const MIN_SIZE = 200;
export const MAX_SIZE = 4000;
/** Opacity of band shading over the background (tests composite with it). */
export const BAND_FILL_OPACITY = 0.2;

export const THEME = {
  background: '#2b2d31', // Discord dark embed
  plot: '#232428',
  text: '#f2f3f5',
  textDim: '#b5bac1',
  textFaint: '#80848e',
  grid: '#ffffff',
  line: '#f2f3f5',
  lineShadow: '#111214',
  pill: '#1e1f22',
  now: '#f2f3f5',
} as const;

/** Layout facts the SVG was built with; tests use them to probe pixels. */
export interface ChartLayout {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  xDomain: [number, number];
  yDomain: [number, number];
  /** Points actually drawn after downsampling. */
  drawnPoints: number;
}

export interface BuiltChart {
  /** Everything but the labels outside the plot, which are in `text` (placeholders keep their words here). */
  svg: string;
  layout: ChartLayout;
  /** Labels outside the plot, drawn over the rasterised SVG from cached glyph masks (text.ts). */
  text: TextRun[];
}

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
/** 12345 -> "12,345"; −0 -> "0". */
export function formatNumber(n: number): string {
  return numberFormat.format(Object.is(n, -0) ? 0 : n);
}

// Characters XML 1.0 forbids, plus lone surrogates: removed before escaping so resvg never
// rejects the document because of a user-supplied hero name.
const INVALID_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters XML forbids
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Escapes text for SVG element content or a double-quoted attribute; strips XML-invalid chars. */
export function escapeXml(text: string): string {
  return text
    .replace(INVALID_XML, '')
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Cuts text to fit maxWidth px at fontSize, adding an ellipsis. */
export function fitText(text: string, font: FontMetrics, fontSize: number, maxWidth: number): string {
  const clean = text.replace(INVALID_XML, '').replace(/\s+/g, ' ').trim();
  if (font.width(clean, fontSize) <= maxWidth) return clean;
  const chars = [...clean];
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (font.width(chars.slice(0, mid).join('').trimEnd() + '…', fontSize) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return chars.slice(0, lo).join('').trimEnd() + '…';
}

/** "Nice" tick values (1/2/5 × 10^k steps, at least minStep: turns and nutrition are integers) inside [min, max]. */
export function niceTicks(min: number, max: number, approxCount: number, minStep = 1): number[] {
  if (!(max > min) || approxCount < 1) return [];
  const raw = (max - min) / approxCount;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const norm = raw / mag;
  const step = Math.max(minStep, (norm < 1.5 ? 1 : norm < 3 ? 2 : norm < 7 ? 5 : 10) * mag);
  const ticks: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max + step * 1e-9; v += step) ticks.push(Math.round(v / step) * step);
  return ticks;
}

/**
 * Spreads 1-D labels so neighbours are at least `gap` apart, staying in [lo, hi] and as close
 * to their wanted positions as possible (clusters are centred on their mean). Input order is kept.
 */
export function spreadLabels(wanted: readonly number[], gap: number, lo: number, hi: number): number[] {
  const order = wanted.map((w, i) => ({ w, i })).sort((a, b) => a.w - b.w);
  interface Cluster {
    start: number;
    members: number[];
    sum: number;
  }
  const clusters: Cluster[] = [];
  const place = (c: Cluster): void => {
    const n = c.members.length;
    const mean = c.sum / n;
    c.start = Math.max(lo, Math.min(hi - gap * (n - 1), mean - (gap * (n - 1)) / 2));
  };
  for (const { w, i } of order) {
    const c: Cluster = { start: w, members: [i], sum: w };
    place(c);
    clusters.push(c);
    // Merge with the previous cluster while they overlap.
    while (clusters.length > 1) {
      const b = clusters[clusters.length - 1]!;
      const a = clusters[clusters.length - 2]!;
      if (a.start + gap * (a.members.length - 1) + gap <= b.start + 1e-9) break;
      a.members.push(...b.members);
      a.sum += b.sum;
      clusters.pop();
      place(a);
    }
  }
  const out = new Array<number>(wanted.length).fill(0);
  for (const c of clusters)
    c.members.forEach((idx, k) => {
      out[idx] = c.start + k * gap;
    });
  return out;
}

/** Pixel position of a (turn, nutrition) pair in a built chart. */
export function toPixel(layout: ChartLayout, turn: number, nutrition: number): { x: number; y: number } {
  const { plot, xDomain, yDomain } = layout;
  return {
    x: plot.left + ((turn - xDomain[0]) / (xDomain[1] - xDomain[0])) * (plot.right - plot.left),
    y: plot.bottom - ((nutrition - yDomain[0]) / (yDomain[1] - yDomain[0])) * (plot.bottom - plot.top),
  };
}

/** '#rrggbb' moved `amount` (0..1) of the way to white; other colour syntaxes pass through. */
export function mixWithWhite(color: string, amount: number): string {
  const m = /^#([0-9a-f]{6})$/i.exec(color);
  if (!m) return color;
  const v = parseInt(m[1]!, 16);
  const ch = [(v >> 16) & 255, (v >> 8) & 255, v & 255].map((c) => Math.round(c + (255 - c) * amount));
  return `#${ch.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** '#rrggbb' drawn at `alpha` over the opaque '#rrggbb' `base`, as one opaque colour; undefined for other syntaxes. */
export function blendOver(color: string, alpha: number, base: string): string | undefined {
  const rgb = (c: string): number[] | undefined => {
    const m = /^#([0-9a-f]{6})$/i.exec(c);
    if (!m) return undefined;
    const v = parseInt(m[1]!, 16);
    return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
  };
  const top = rgb(color);
  const bottom = rgb(base);
  if (!top || !bottom) return undefined;
  const ch = top.map((c, i) => Math.round(c * alpha + bottom[i]! * (1 - alpha)));
  return `#${ch.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** n rounded to tenths, as SVG writes it ("12.3", "-4", "0"); built from integers, which V8 prints fast. */
function r1(n: number): string {
  const tenths = Math.round(n * 10);
  const abs = tenths < 0 ? -tenths : tenths;
  const whole = Math.floor(abs / 10);
  const frac = abs - whole * 10;
  const sign = tenths < 0 ? '-' : '';
  return frac === 0 ? sign + whole : `${sign}${whole}.${frac}`;
}

type Anchor = 'start' | 'middle' | 'end';

/**
 * A line of text drawn as glyph outlines (see FontMetrics.textPath): resvg then needs no font.
 * `aria-label` keeps the words in the SVG for readers and tests; `kind` says which label it is.
 */
/** Where and how a label is drawn. */
type TextAt = { x: number; y: number; size: number; fill: string; kind: string; anchor?: Anchor };

function textPath(font: FontMetrics, text: string, at: TextAt, labels?: MaskedLabels): string {
  const clean = text.replace(INVALID_XML, '').replace(/[\r\n\t]+/g, ' ');
  const w = at.anchor && at.anchor !== 'start' ? font.width(clean, at.size) : 0;
  const x = at.anchor === 'end' ? at.x - w : at.anchor === 'middle' ? at.x - w / 2 : at.x;
  const label = `class="${at.kind}" aria-label="${escapeXml(clean)}"`;
  const path = (): string => {
    const k = Number((at.size / font.unitsPerEm).toPrecision(6));
    const transform = `matrix(${k} 0 0 ${-k} ${r1(x)} ${r1(at.y)})`;
    return `<path ${label} transform="${transform}" fill="${escapeXml(at.fill)}" d="${font.textPath(clean)}"/>`;
  };
  if (!labels || !HEX_COLOUR.test(at.fill)) return path();
  const run = { font, text: clean, size: at.size, x: Number(r1(x)), y: Number(r1(at.y)), fill: at.fill };
  const ink = font.inkBounds(clean, at.size);
  if (!ink) return `<g ${label}/>`; // nothing to draw
  const box = { x: run.x + ink.left, y: run.y + ink.top, w: ink.right - ink.left, h: ink.bottom - ink.top };
  return labels.add(run, box, `<g ${label}/>`, path);
}

/**
 * Labels drawn from cached glyph masks over the rasterised SVG (text.ts) rather than as SVG paths.
 * That keeps the picture only where nothing the SVG draws after a label overlaps it, so each label
 * leaves a placeholder (with its words) in the SVG, every later element that may reach outside the
 * plot reports its bounds, and a label something overlaps goes back into the SVG as a path, in its
 * own place. Labels are drawn in SVG order.
 */
class MaskedLabels {
  private readonly pending: { part: number; run: TextRun; box: Rect; path: () => string }[] = [];
  private readonly occluders: { part: number; hits: (box: Rect) => boolean }[] = [];
  constructor(private readonly parts: string[]) {}

  /** Call as the argument of the push of the returned placeholder. */
  add(run: TextRun, box: Rect, placeholder: string, path: () => string): string {
    this.pending.push({ part: this.parts.length, run, box, path });
    return placeholder;
  }

  /** An element about to be pushed covers (at most) `box`, its stroke included. */
  occlude(box: Rect): void {
    const near = { x: box.x - 1, y: box.y - 1, w: box.w + 2, h: box.h + 2 }; // anti-aliasing reaches a pixel out
    this.occluders.push({ part: this.parts.length, hits: (b) => overlapArea(near, b) > 0 });
  }

  /**
   * A polyline (x ascending, as the series is) about to be pushed, stroked at most `halfWidth` px
   * either side, clipped to `clip` if given.
   */
  occludeLine(points: readonly { x: number; y: number }[], halfWidth: number, clip?: Rect): void {
    const reach = halfWidth + 1;
    const hits = (b: Rect): boolean => {
      if (points.length === 0 || (clip && overlapArea(clip, b) <= 0)) return false;
      const grown = { x: b.x - reach, y: b.y - reach, w: b.w + 2 * reach, h: b.h + 2 * reach };
      // Only the segments that reach into the box's columns: from the last point left of it.
      let lo = 0;
      let hi = points.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (points[mid]!.x < grown.x) lo = mid;
        else hi = mid - 1;
      }
      for (let i = lo; i < points.length; i++) {
        const p = points[i]!;
        if (p.x > grown.x + grown.w && i > lo) break;
        if (segmentMeetsRect(p, points[Math.min(i + 1, points.length - 1)]!, grown)) return true;
      }
      return false;
    };
    this.occluders.push({ part: this.parts.length, hits });
  }

  /** Puts overlapped labels back into the SVG (call before joining it); returns the runs to draw from masks. */
  settle(): TextRun[] {
    const runs: TextRun[] = [];
    for (const l of this.pending) {
      if (this.occluders.some((o) => o.part > l.part && o.hits(l.box))) this.parts[l.part] = l.path();
      else runs.push(l.run);
    }
    return runs;
  }
}

/** Whether the segment pq meets the rectangle (Liang–Barsky clipping; no closures: it runs per segment). */
function segmentMeetsRect(p: { x: number; y: number }, q: { x: number; y: number }, r: Rect): boolean {
  const dx = q.x - p.x;
  const dy = q.y - p.y;
  const range = [0, 1];
  return (
    clipSide(-dx, p.x - r.x, range) &&
    clipSide(dx, r.x + r.w - p.x, range) &&
    clipSide(-dy, p.y - r.y, range) &&
    clipSide(dy, r.y + r.h - p.y, range)
  );
}

/** One side of the rectangle: the part of the segment inside it is t·den <= num; narrows [t0, t1]. */
function clipSide(den: number, num: number, range: number[]): boolean {
  if (den === 0) return num >= 0;
  const t = num / den;
  if (den < 0) range[0] = Math.max(range[0]!, t);
  else range[1] = Math.min(range[1]!, t);
  return range[0]! <= range[1]!;
}

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

function validate(input: NutritionChartInput): void {
  const size = (v: number | undefined, name: string): void => {
    if (v !== undefined && (!Number.isInteger(v) || v < MIN_SIZE || v > MAX_SIZE)) {
      throw new RangeError(`chart ${name} must be an integer in [${MIN_SIZE}, ${MAX_SIZE}], got ${v}`);
    }
  };
  size(input.width, 'width');
  size(input.height, 'height');
  for (const p of input.points) {
    if (!Number.isFinite(p.turn) || !Number.isFinite(p.nutrition))
      throw new RangeError('chart points must be finite numbers');
  }
  for (let i = 1; i < input.points.length; i++) {
    if (input.points[i]!.turn < input.points[i - 1]!.turn)
      throw new RangeError('chart points must be in ascending turn order');
  }
  for (const m of input.markers ?? []) {
    if (!Number.isFinite(m.turn) || !Number.isFinite(m.nutrition))
      throw new RangeError('chart markers must be finite numbers');
  }
  for (const b of input.bands) {
    if (Number.isNaN(b.from) || Number.isNaN(b.to) || b.from > b.to)
      throw new RangeError(`chart band "${b.label}" has from > to`);
  }
  if (input.nowTurn !== undefined && !Number.isFinite(input.nowTurn))
    throw new RangeError('chart nowTurn must be finite');
  if (input.yMin !== undefined && input.yMax !== undefined && !(input.yMax > input.yMin)) {
    throw new RangeError('chart yMax must be greater than yMin');
  }
}

/** Lowest and highest `key` over every item of the lists (a loop: a spread of 100k values overflows the stack). */
function extent(lists: readonly (readonly ChartPoint[])[], key: 'turn' | 'nutrition'): [number, number] | undefined {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const list of lists) {
    for (let i = 0; i < list.length; i++) {
      const v = list[i]![key];
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  return lo <= hi ? [lo, hi] : undefined;
}

function yDomainFor(input: NutritionChartInput): [number, number] {
  const values = extent([input.points, input.markers ?? []], 'nutrition');
  const finiteEdges = input.bands.flatMap((b) => [b.from, b.to]).filter(Number.isFinite);
  let lo: number;
  let hi: number;
  if (values) {
    lo = Math.min(0, values[0]);
    hi = values[1];
  } else {
    lo = Math.min(0, ...finiteEdges);
    hi = Math.max(1, ...finiteEdges);
  }
  if (input.yMin !== undefined) lo = input.yMin;
  if (input.yMax !== undefined) hi = input.yMax;
  if (!(hi > lo)) hi = lo + 1;
  const span = hi - lo;
  let yMin = input.yMin ?? lo - span * 0.06;
  let yMax = input.yMax ?? hi + span * 0.08;
  // Do not pad past the ends of the band scale when the data stays inside it (Crawl's 0 and max).
  const bottom = Math.min(...input.bands.map((b) => b.from));
  const top = Math.max(...input.bands.map((b) => b.to));
  if (input.yMin === undefined && Number.isFinite(bottom) && lo >= bottom) yMin = Math.max(yMin, bottom - 0.5);
  if (input.yMax === undefined && Number.isFinite(top) && hi <= top) yMax = Math.min(yMax, top + 0.5);
  if (!(yMax > yMin)) yMax = yMin + 1;
  return [yMin, yMax];
}

function xDomainFor(input: NutritionChartInput): [number, number] {
  const now = input.nowTurn === undefined ? [] : [{ turn: input.nowTurn, nutrition: 0 }];
  const turns = extent([input.points, input.markers ?? [], now], 'turn');
  if (!turns) return [0, 1];
  let [lo, hi] = turns;
  if (!(hi > lo)) {
    lo -= 1;
    hi += 1;
  }
  return [lo, hi];
}

type PlotRect = { left: number; top: number; right: number; bottom: number };

/**
 * The plot's background and its band shading. A band is its colour at BAND_FILL_OPACITY over the
 * plot, so it is drawn as that blend, opaque: resvg fills an opaque rectangle much faster than it
 * blends one. When the bands tile the plot from top to bottom (every game's do), the tallest band
 * is the plot's own fill and is not drawn again; an anti-aliased row at a boundary then mixes the
 * two bands' blends, as the translucent bands did. Band edges are rounded to tenths of a pixel
 * once, so neighbours meet exactly. Translucent rectangles remain for overlapping bands and for
 * colours that are not '#rrggbb'. Together about 0.8 ms of a 7 ms render.
 */
function plotAndBands(bands: readonly ChartBand[], plot: PlotRect, clampY: (v: number) => number): string {
  const w = plot.right - plot.left;
  const tenth = (v: number): number => Math.round(v * 10) / 10;
  const rects = bands
    .map((b) => ({ b, top: tenth(clampY(b.to + 0.5)), bottom: tenth(clampY(b.from - 0.5)) }))
    .sort((a, c) => a.top - c.top);
  const opaque = rects.map((r) => blendOver(r.b.color, BAND_FILL_OPACITY, THEME.plot));
  const overlap = rects.some((r, i) => i > 0 && r.top < rects[i - 1]!.bottom);
  const rect = (top: number, bottom: number, fill: string): string =>
    `<rect x="${plot.left}" y="${r1(top)}" width="${w}" height="${r1(bottom - top)}" fill="${fill}"/>`;
  if (overlap || opaque.some((c) => c === undefined)) {
    return (
      rect(plot.top, plot.bottom, THEME.plot) +
      rects
        .map(({ b, top, bottom }) => rect(top, bottom, `${escapeXml(b.color)}" fill-opacity="${BAND_FILL_OPACITY}`))
        .join('')
    );
  }
  const tiles =
    rects.length > 0 &&
    rects[0]!.top <= plot.top &&
    rects[rects.length - 1]!.bottom >= plot.bottom &&
    rects.every((r, i) => i === 0 || r.top === rects[i - 1]!.bottom);
  let base = -1;
  if (tiles) {
    for (let i = 0; i < rects.length; i++) {
      const h = rects[i]!.bottom - rects[i]!.top;
      if (base < 0 || h > rects[base]!.bottom - rects[base]!.top) base = i;
    }
  }
  return (
    rect(plot.top, plot.bottom, base < 0 ? THEME.plot : opaque[base]!) +
    rects.map((r, i) => (i === base || r.bottom <= r.top ? '' : rect(r.top, r.bottom, opaque[i]!))).join('')
  );
}

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}
const overlapArea = (a: Rect, b: Rect): number =>
  Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));

/** Everything the drawing phases share: sizes, fonts, the plot, the scales and the output. */
interface Frame {
  input: NutritionChartInput;
  W: number;
  H: number;
  /** 1 "unit" = 1 px at the size Discord shows the image. */
  s: number;
  fs: { title: number; tick: number; band: number; marker: number; footer: number };
  pad: number;
  regular: FontMetrics;
  bold: FontMetrics;
  xMin: number;
  xMax: number;
  yMin: number;
  yMax: number;
  plot: PlotRect;
  pw: number;
  ph: number;
  X: (t: number) => number;
  Y: (v: number) => number;
  clampY: (v: number) => number;
  push: (str: string) => void;
  labels: MaskedLabels;
}

/** The y labels' contents, which decide how wide the left gutter is. */
interface YLabels {
  thresholds: number[];
  yTicks: number[];
  yLabelWidth: number;
}

/** A "now" or milestone marker as drawn. */
interface DrawnMarker {
  turn: number;
  y: number | undefined;
  label: string;
  sub: string;
  color: string;
  now: boolean;
}

export function buildNutritionChartSvg(input: NutritionChartInput): BuiltChart {
  validate(input);
  const parts: string[] = [];
  const { frame: f, bands, bandTexts, yLabels } = layoutChart(input, parts);
  f.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${f.W}" height="${f.H}" viewBox="0 0 ${f.W} ${f.H}">`);
  f.push(`<rect width="${f.W}" height="${f.H}" fill="${THEME.background}"/>`);
  // Plot area and bands (clamped to the plot, so they need no clip path).
  f.push(plotAndBands(bands, f.plot, f.clampY));
  drawYAxis(f, yLabels);
  drawBandLabels(f, bands, bandTexts);
  drawXAxis(f, yLabels.yLabelWidth);
  const { drawn, line } = drawSeries(f);
  drawMarkers(f, markersOf(f), drawn);
  drawTitleAndFooter(f);
  f.push(`</svg>`);
  const text = f.labels.settle();
  const { W, H, plot, xMin, xMax, yMin, yMax } = f;
  return {
    svg: parts.join(''),
    layout: { width: W, height: H, plot, xDomain: [xMin, xMax], yDomain: [yMin, yMax], drawnPoints: line.length },
    text,
  };
}

/** Sizes, domains, the y labels and band labels that set the gutters, then the plot and its scales. */
function layoutChart(
  input: NutritionChartInput,
  parts: string[],
): { frame: Frame; bands: ChartBand[]; bandTexts: string[]; yLabels: YLabels } {
  const { regular, bold } = chartFontMetrics();
  const W = input.width ?? DEFAULT_WIDTH;
  const H = input.height ?? DEFAULT_HEIGHT;
  const s = Math.min(W / 400, H / 200);
  const fs = { title: 12 * s, tick: 9 * s, band: 9 * s, marker: 8.5 * s, footer: 7.5 * s };
  const pad = 8 * s;

  const [xMin, xMax] = xDomainFor(input);
  const [yMin, yMax] = yDomainFor(input);
  const bands = input.bands.filter((b) => b.to + 0.5 > yMin && b.from - 0.5 < yMax);

  // Threshold values (band boundaries) and y tick labels.
  const thresholdSet = new Set<number>();
  for (const b of bands) {
    if (Number.isFinite(b.to) && b.to + 0.5 > yMin && b.to + 0.5 < yMax) thresholdSet.add(b.to);
    const below = input.bands.some((o) => o.to === b.from - 1);
    if (!below && Number.isFinite(b.from) && b.from - 0.5 > yMin && b.from - 0.5 < yMax) thresholdSet.add(b.from - 1);
  }
  const thresholds = [...thresholdSet].sort((a, b) => a - b);
  const plotTop = Math.round(pad + fs.title * 1.45);
  const plotBottom = Math.round(H - pad * 0.6 - fs.footer * 1.25 - fs.tick * 1.6);
  const yTicks = niceTicks(yMin, yMax, Math.max(2, Math.round((plotBottom - plotTop) / (fs.tick * 3.2))));
  const yLabelTexts = [...thresholds, ...yTicks].map(formatNumber);
  const yLabelWidth = Math.max(regular.width('0', fs.tick), ...yLabelTexts.map((t) => regular.width(t, fs.tick)));

  const bandTexts = bands.map((b) => fitText(b.label, regular, fs.band, W * 0.22));
  const bandLabelWidth = Math.max(0, ...bandTexts.map((t) => regular.width(t, fs.band)));

  const plot = {
    left: Math.round(pad + yLabelWidth + 6 * s),
    right: Math.round(W - pad - (bands.length > 0 ? bandLabelWidth + 9 * s : 0)),
    top: plotTop,
    bottom: plotBottom,
  };
  const pw = plot.right - plot.left;
  const ph = plot.bottom - plot.top;
  const X = (t: number): number => plot.left + ((t - xMin) / (xMax - xMin)) * pw;
  const Y = (v: number): number => plot.bottom - ((v - yMin) / (yMax - yMin)) * ph;
  const clampY = (v: number): number => Math.max(plot.top, Math.min(plot.bottom, Y(v)));
  const push = (str: string): void => {
    parts.push(str);
  };
  const frame: Frame = {
    input,
    W,
    H,
    s,
    fs,
    pad,
    regular,
    bold,
    xMin,
    xMax,
    yMin,
    yMax,
    plot,
    pw,
    ph,
    X,
    Y,
    clampY,
    push,
    labels: new MaskedLabels(parts),
  };
  return { frame, bands, bandTexts, yLabels: { thresholds, yTicks, yLabelWidth } };
}

/** Y grid and labels: thresholds first (spread apart, never dropped), then nice ticks. */
function drawYAxis(f: Frame, { thresholds, yTicks }: YLabels): void {
  const { s, fs, plot, Y, push, regular, labels } = f;
  const gap = fs.tick * 1.15;
  const thresholdY = spreadLabels(
    thresholds.map((v) => Y(v + 0.5)),
    gap,
    plot.top + fs.tick * 0.4,
    plot.bottom,
  );
  const yLabelX = plot.left - 5 * s;
  /** A value left of the plot, right-aligned, its baseline placed to centre it on `y`. */
  const yLabel = (v: number, y: number, fill: string, kind: TextAt['kind']) =>
    push(
      textPath(
        regular,
        formatNumber(v),
        { x: yLabelX, y: y + fs.tick * 0.35, size: fs.tick, fill, kind, anchor: 'end' },
        labels,
      ),
    );
  thresholds.forEach((v, i) => {
    const y = Y(v + 0.5);
    const ly = thresholdY[i]!;
    push(
      `<line x1="${plot.left}" x2="${plot.right}" y1="${r1(y)}" y2="${r1(y)}" stroke="${THEME.grid}" stroke-opacity="0.28" stroke-width="${r1(s * 0.6)}" stroke-dasharray="${r1(3 * s)} ${r1(2 * s)}"/>`,
    );
    if (Math.abs(ly - y) > 0.5) {
      push(
        `<path d="M${r1(plot.left)} ${r1(y)}L${r1(yLabelX + 1.5 * s)} ${r1(ly)}" stroke="${THEME.textFaint}" stroke-width="${r1(s * 0.5)}" fill="none"/>`,
      );
    }
    yLabel(v, ly, THEME.text, 'threshold');
  });
  for (const v of yTicks) {
    const y = Y(v);
    if (y < plot.top + fs.tick * 0.4 || y > plot.bottom + 0.5) continue;
    if (thresholds.includes(v) || thresholdY.some((ty) => Math.abs(ty - y) < gap)) continue;
    push(
      `<line x1="${plot.left}" x2="${plot.right}" y1="${r1(y)}" y2="${r1(y)}" stroke="${THEME.grid}" stroke-opacity="0.07" stroke-width="${r1(s * 0.5)}"/>`,
    );
    yLabel(v, y, THEME.textFaint, 'y-tick');
  }
}

/** Band labels in the right gutter, coloured like their band (not for slivers < 2 units). */
function drawBandLabels(f: Frame, bands: readonly ChartBand[], bandTexts: readonly string[]): void {
  const { s, fs, plot, clampY, push, regular, labels } = f;
  const labelled = bands
    .map((b, i) => ({ b, text: bandTexts[i]! }))
    .filter(({ b }) => clampY(b.from - 0.5) - clampY(b.to + 0.5) >= 2 * s);
  if (labelled.length === 0) return;
  const wanted = labelled.map(({ b }) => (clampY(b.to + 0.5) + clampY(b.from - 0.5)) / 2);
  const placed = spreadLabels(wanted, fs.band * 1.2, plot.top + fs.band * 0.5, plot.bottom - fs.band * 0.5);
  const tx = plot.right + 7 * s;
  labelled.forEach(({ b, text }, i) => {
    const want = wanted[i]!;
    const at = placed[i]!;
    const color = mixWithWhite(b.color, 0.3);
    push(
      `<path d="M${plot.right} ${r1(want)}L${r1(plot.right + 2.5 * s)} ${r1(want)}L${r1(tx - 1.5 * s)} ${r1(at)}" stroke="${escapeXml(color)}" stroke-width="${r1(s * 0.7)}" fill="none" stroke-opacity="0.8"/>`,
    );
    push(textPath(regular, text, { x: tx, y: at + fs.band * 0.35, size: fs.band, fill: color, kind: 'band' }, labels));
  });
}

/** X axis: tick lines and labels, dropping any label that would touch the previous one. */
function drawXAxis(f: Frame, yLabelWidth: number): void {
  const { W, s, fs, pad, plot, pw, xMin, xMax, X, push, regular, labels } = f;
  const xTickY = plot.bottom + fs.tick * 1.25;
  let lastRight = Number.NEGATIVE_INFINITY;
  const approxX = Math.max(2, Math.floor(pw / (regular.width(formatNumber(xMax), fs.tick) + 14 * s)));
  for (const t of niceTicks(xMin, xMax, approxX)) {
    const x = X(t);
    const label = formatNumber(t);
    const w = regular.width(label, fs.tick);
    let left = x - w / 2;
    left = Math.max(plot.left - yLabelWidth, Math.min(W - pad - w, left));
    if (left < lastRight + 6 * s) continue;
    lastRight = left + w;
    push(
      `<line x1="${r1(x)}" x2="${r1(x)}" y1="${plot.top}" y2="${plot.bottom}" stroke="${THEME.grid}" stroke-opacity="0.07" stroke-width="${r1(s * 0.5)}"/>`,
    );
    push(
      `<line x1="${r1(x)}" x2="${r1(x)}" y1="${plot.bottom}" y2="${r1(plot.bottom + 2.5 * s)}" stroke="${THEME.textFaint}" stroke-width="${r1(s * 0.6)}"/>`,
    );
    push(textPath(regular, label, { x: left, y: xTickY, size: fs.tick, fill: THEME.textDim, kind: 'x-tick' }, labels));
  }
  push(
    `<line x1="${plot.left}" x2="${plot.right}" y1="${plot.bottom}" y2="${plot.bottom}" stroke="${THEME.textFaint}" stroke-width="${r1(s * 0.6)}"/>`,
  );
}

/** The series, reduced to the plot's pixel columns; marker and "now" turns keep their points (dots sit on them). */
function drawSeries(f: Frame): { drawn: ChartPoint[]; line: { x: number; y: number }[] } {
  const { input, s, fs, plot, pw, ph, xMin, xMax, yMin, yMax, X, Y, push, regular, labels } = f;
  const dotTurns = new Set([
    ...(input.markers ?? []).map((m) => m.turn),
    ...(input.nowTurn === undefined ? [] : [input.nowTurn]),
  ]);
  const drawn = downsample(input.points, Math.max(1, pw), { domain: [xMin, xMax], keepTurns: dotTurns });
  const line = simplify(
    drawn.map((p) => ({ x: X(p.turn), y: Y(p.nutrition) })),
    LINE_TOLERANCE_PX,
    (i) => dotTurns.has(drawn[i]!.turn),
  );
  if (drawn.length === 0) {
    const at: TextAt = {
      x: (plot.left + plot.right) / 2,
      y: (plot.top + plot.bottom) / 2,
      size: fs.band,
      fill: THEME.textDim,
      kind: 'empty',
      anchor: 'middle',
    };
    push(textPath(regular, 'no forecast data', at, labels));
    return { drawn, line };
  }
  const pathD = line.map((p, i) => `${i === 0 ? 'M' : 'L'}${r1(p.x)} ${r1(p.y)}`).join('');
  // Only a caller's yMin/yMax can put points outside the plot; clip just then (a clip path
  // costs resvg a full-size mask, a third of the render).
  const outside = drawn.some((p) => p.nutrition < yMin || p.nutrition > yMax);
  if (outside)
    push(`<clipPath id="plot"><rect x="${plot.left}" y="${plot.top}" width="${pw}" height="${ph}"/></clipPath>`);
  // Mitred joins, bevelled where sharp: round joins cost resvg an arc at every vertex (about
  // 40 % of a jagged 5,000-point chart's render) for a difference below a pixel.
  const stroke = 'fill="none" stroke-linejoin="miter" stroke-miterlimit="2" stroke-linecap="round"';
  labels.occludeLine(line, 4.2 * s, outside ? { x: plot.left, y: plot.top, w: pw, h: ph } : undefined);
  push(`<g${outside ? ' clip-path="url(#plot)"' : ''} ${stroke}>`);
  push(`<path d="${pathD}" stroke="${THEME.lineShadow}" stroke-opacity="0.55" stroke-width="${r1(4.2 * s)}"/>`);
  push(`<path d="${pathD}" stroke="${THEME.line}" stroke-width="${r1(1.6 * s)}"/>`);
  if (drawn.length === 1) {
    push(
      `<circle cx="${r1(X(drawn[0]!.turn))}" cy="${r1(Y(drawn[0]!.nutrition))}" r="${r1(2 * s)}" fill="${THEME.line}"/>`,
    );
  }
  push(`</g>`);
  return { drawn, line };
}

/** The "now" marker first, then the milestones by turn, coloured like the band they fall in. */
function markersOf(f: Frame): DrawnMarker[] {
  const { input, W, fs, Y, bold } = f;
  const bandColorAt = (v: number): string | undefined =>
    input.bands.find((b) => v >= b.from - 0.5 && v <= b.to + 0.5)?.color;
  const ms: DrawnMarker[] = [];
  if (input.nowTurn !== undefined) {
    const v = valueAt(input.points, input.nowTurn);
    ms.push({
      turn: input.nowTurn,
      y: v === undefined ? undefined : Y(v),
      label: 'now',
      sub: formatNumber(input.nowTurn),
      color: THEME.now,
      now: true,
    });
  }
  for (const m of [...(input.markers ?? [])].sort((a: ChartMarker, b: ChartMarker) => a.turn - b.turn)) {
    ms.push({
      turn: m.turn,
      y: Y(m.nutrition),
      label: fitText(m.label, bold, fs.marker, W * 0.3),
      sub: formatNumber(m.turn),
      color: mixWithWhite(bandColorAt(m.nutrition) ?? THEME.now, 0.25),
      now: false,
    });
  }
  return ms;
}

/** Markers with labels placed to avoid the line and each other; guides first so pills and dots sit on them. */
function drawMarkers(f: Frame, ms: readonly DrawnMarker[], drawn: readonly ChartPoint[]): void {
  const { s, plot, X, push, labels } = f;
  for (const m of ms) {
    const x = X(m.turn);
    labels.occlude({ x: x - s, y: plot.top, w: 2 * s, h: plot.bottom - plot.top });
    if (m.now) {
      push(
        `<line x1="${r1(x)}" x2="${r1(x)}" y1="${plot.top}" y2="${plot.bottom}" stroke="${m.color}" stroke-opacity="0.75" stroke-width="${r1(0.9 * s)}"/>`,
      );
    } else if (m.y !== undefined) {
      push(
        `<line x1="${r1(x)}" x2="${r1(x)}" y1="${r1(Math.max(plot.top, m.y))}" y2="${plot.bottom}" stroke="${escapeXml(m.color)}" stroke-opacity="0.55" stroke-width="${r1(0.8 * s)}" stroke-dasharray="${r1(2 * s)} ${r1(1.5 * s)}"/>`,
      );
    }
  }
  const pills: Rect[] = [];
  for (const m of ms) drawMarker(f, m, drawn, pills);
}

/** Where the drawn line runs between two x positions, as a y range in pixels. */
function lineYRange(f: Frame, drawn: readonly ChartPoint[], x0: number, x1: number): [number, number] | undefined {
  const { plot, pw, xMin, xMax, Y } = f;
  const t0 = xMin + ((x0 - plot.left) / pw) * (xMax - xMin);
  const t1 = xMin + ((x1 - plot.left) / pw) * (xMax - xMin);
  const range = nutritionRange(drawn, t0, t1);
  return range && [Y(range[1]), Y(range[0])]; // Y falls as nutrition rises
}

/** The cheapest of 24 pill positions around a marker: near, inside the plot, off the line and other pills. */
function placePill(f: Frame, x: number, anchorY: number, w: number, drawn: readonly ChartPoint[], pills: Rect[]): Rect {
  const { s, fs, plot } = f;
  const pillH = fs.marker * 1.55;
  let best: { r: Rect; cost: number } | undefined;
  const off = 5 * s;
  for (let row = 0; row < 6; row++) {
    for (const [sx, sy] of [
      [1, -1],
      [1, 1],
      [-1, -1],
      [-1, 1],
    ] as const) {
      const rx = sx > 0 ? x + off : x - off - w;
      const ry = sy < 0 ? anchorY - off - pillH - row * (pillH + 2 * s) : anchorY + off + row * (pillH + 2 * s);
      const r: Rect = { x: rx, y: ry, w, h: pillH };
      let cost = row * 4 + (sx < 0 ? 1 : 0) + (sy > 0 ? 0.5 : 0);
      const outside =
        Math.max(0, plot.left - r.x) +
        Math.max(0, r.x + r.w - plot.right) +
        Math.max(0, plot.top - r.y) +
        Math.max(0, r.y + r.h - plot.bottom);
      cost += outside * 5;
      for (const p of pills) cost += overlapArea(r, p) / s;
      const ly = lineYRange(f, drawn, r.x, r.x + r.w);
      if (ly && ly[0] < r.y + r.h + 1 * s && ly[1] > r.y - 1 * s) cost += 30;
      if (!best || cost < best.cost) best = { r, cost };
    }
  }
  return best!.r;
}

/** One marker: its pill (label and turn), the leader from the point to the pill, and its dot. */
function drawMarker(f: Frame, m: DrawnMarker, drawn: readonly ChartPoint[], pills: Rect[]): void {
  const { s, fs, plot, X, push, regular, bold, labels } = f;
  const pillH = fs.marker * 1.55;
  const pillPad = 4 * s;
  const dotR = 2.6 * s;
  const x = X(m.turn);
  const anchorY = m.y ?? plot.bottom - pillH;
  const labelW = bold.width(m.label, fs.marker);
  const subW = regular.width(m.sub, fs.marker * 0.9);
  const w = pillPad * 2 + labelW + 3 * s + subW;
  const r = placePill(f, x, anchorY, w, drawn, pills);
  pills.push(r);
  const cx = r.x + (r.x > x ? 0 : r.w);
  const cy = r.y + (r.y > anchorY ? 0 : r.h);
  labels.occlude({
    x: Math.min(x, cx) - s,
    y: Math.min(anchorY, cy) - s,
    w: Math.abs(cx - x) + 2 * s,
    h: Math.abs(cy - anchorY) + 2 * s,
  });
  labels.occlude({ x: r.x - s, y: r.y - s, w: r.w + 2 * s, h: r.h + 2 * s });
  if (m.y !== undefined)
    push(
      `<path d="M${r1(x)} ${r1(anchorY)}L${r1(cx)} ${r1(cy)}" stroke="${escapeXml(m.color)}" stroke-width="${r1(0.8 * s)}" fill="none"/>`,
    );
  push(
    `<rect x="${r1(r.x)}" y="${r1(r.y)}" width="${r1(r.w)}" height="${r1(r.h)}" rx="${r1(3 * s)}" fill="${THEME.pill}" fill-opacity="0.92" stroke="${escapeXml(m.color)}" stroke-width="${r1(0.7 * s)}"/>`,
  );
  const base = r.y + r.h / 2 + fs.marker * 0.36;
  push(textPath(bold, m.label, { x: r.x + pillPad, y: base, size: fs.marker, fill: m.color, kind: 'marker' }, labels));
  const subAt: TextAt = {
    x: r.x + pillPad + labelW + 3 * s,
    y: base,
    size: fs.marker * 0.9,
    fill: THEME.textDim,
    kind: 'marker-turn',
  };
  push(textPath(regular, m.sub, subAt, labels));
  if (m.y !== undefined && m.y >= plot.top - 0.5 && m.y <= plot.bottom + 0.5) {
    labels.occlude({ x: x - dotR - s, y: m.y - dotR - s, w: 2 * (dotR + s), h: 2 * (dotR + s) });
    push(
      `<circle cx="${r1(x)}" cy="${r1(m.y)}" r="${r1(dotR)}" fill="${escapeXml(m.color)}" stroke="${THEME.lineShadow}" stroke-width="${r1(0.8 * s)}"/>`,
    );
  }
}

/** The title above the plot; the footer (version and sources) and the axis note below it. */
function drawTitleAndFooter(f: Frame): void {
  const { input, W, H, fs, pad, push, regular, bold, labels } = f;
  const title = fitText(input.title, bold, fs.title, W - 2 * pad);
  push(
    textPath(
      bold,
      title,
      { x: pad, y: pad + fs.title * 0.85, size: fs.title, fill: THEME.text, kind: 'title' },
      labels,
    ),
  );
  const axisNote = 'x: turn · y: nutrition';
  const axisW = regular.width(axisNote, fs.footer);
  const footerY = H - pad * 0.6 - fs.footer * 0.25;
  const footer = fitText(input.footer, regular, fs.footer, W - 3 * pad - axisW);
  push(
    textPath(regular, footer, { x: pad, y: footerY, size: fs.footer, fill: THEME.textFaint, kind: 'footer' }, labels),
  );
  const noteAt: TextAt = {
    x: W - pad,
    y: footerY,
    size: fs.footer,
    fill: THEME.textFaint,
    kind: 'axis-note',
    anchor: 'end',
  };
  push(textPath(regular, axisNote, noteAt, labels));
}
