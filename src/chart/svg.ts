// Builds the forecast chart as an SVG string (pure, no I/O besides the cached font metrics).
// render.ts rasterises it with resvg.
import { downsample } from './downsample.ts';
import { chartFontMetrics, type FontMetrics } from './font.ts';
import type { ChartMarker, ChartPoint, NutritionChartInput } from './types.ts';

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
  svg: string;
  layout: ChartLayout;
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

const r1 = (n: number): string => (Math.round(n * 10) / 10).toString();

type Anchor = 'start' | 'middle' | 'end';

/**
 * A line of text drawn as glyph outlines (see FontMetrics.textPath): resvg then needs no font.
 * `aria-label` keeps the words in the SVG for readers and tests; `kind` says which label it is.
 */
function textPath(
  font: FontMetrics,
  text: string,
  at: { x: number; y: number; size: number; fill: string; kind: string; anchor?: Anchor },
): string {
  const clean = text.replace(INVALID_XML, '').replace(/[\r\n\t]+/g, ' ');
  const w = at.anchor && at.anchor !== 'start' ? font.width(clean, at.size) : 0;
  const x = at.anchor === 'end' ? at.x - w : at.anchor === 'middle' ? at.x - w / 2 : at.x;
  const k = Number((at.size / font.unitsPerEm).toPrecision(6));
  const transform = `matrix(${k} 0 0 ${-k} ${r1(x)} ${r1(at.y)})`;
  const label = `class="${at.kind}" aria-label="${escapeXml(clean)}"`;
  return `<path ${label} transform="${transform}" fill="${escapeXml(at.fill)}" d="${font.textPath(clean)}"/>`;
}

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

function yDomainFor(input: NutritionChartInput): [number, number] {
  const values = [...input.points.map((p) => p.nutrition), ...(input.markers ?? []).map((m) => m.nutrition)];
  const finiteEdges = input.bands.flatMap((b) => [b.from, b.to]).filter(Number.isFinite);
  let lo: number;
  let hi: number;
  if (values.length > 0) {
    lo = Math.min(0, ...values);
    hi = Math.max(...values);
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
  const turns = [...input.points.map((p) => p.turn), ...(input.markers ?? []).map((m) => m.turn)];
  if (input.nowTurn !== undefined) turns.push(input.nowTurn);
  if (turns.length === 0) return [0, 1];
  let lo = Math.min(...turns);
  let hi = Math.max(...turns);
  if (!(hi > lo)) {
    lo -= 1;
    hi += 1;
  }
  return [lo, hi];
}

/** Nutrition at a turn by linear interpolation of the (sorted) series; undefined outside it. */
function valueAt(points: readonly ChartPoint[], turn: number): number | undefined {
  if (points.length === 0) return undefined;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  if (turn < first.turn || turn > last.turn) return undefined;
  let lo = 0;
  let hi = points.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (points[mid]!.turn <= turn) lo = mid;
    else hi = mid;
  }
  const a = points[lo]!;
  const b = points[hi]!;
  if (b.turn === a.turn) return b.nutrition;
  return a.nutrition + ((b.nutrition - a.nutrition) * (turn - a.turn)) / (b.turn - a.turn);
}

/** The drawn line may leave out a point at most this far (px) from it: below what anti-aliasing shows. */
export const LINE_TOLERANCE_PX = 0.2;

/**
 * Ramer–Douglas–Peucker: drops every point within `tolerance` px of the line through the points
 * kept around it. A forecast is long straight runs, so this removes most of the points resvg
 * would otherwise stroke and join one by one; every corner (each bucket's extreme) stays.
 */
export function simplify(points: readonly { x: number; y: number }[], tolerance: number): { x: number; y: number }[] {
  const n = points.length;
  if (n <= 2) return points.slice();
  const keep = new Uint8Array(n);
  keep[0] = keep[n - 1] = 1;
  const stack: [number, number][] = [[0, n - 1]];
  while (stack.length > 0) {
    const [a, b] = stack.pop()!;
    const pa = points[a]!;
    const pb = points[b]!;
    const dx = pb.x - pa.x;
    const dy = pb.y - pa.y;
    const len2 = dx * dx + dy * dy;
    let worst = -1;
    let worstDist = tolerance;
    for (let i = a + 1; i < b; i++) {
      const p = points[i]!;
      // Distance to the segment, not the infinite line: a spike beyond an end must stay.
      const t = len2 > 0 ? Math.max(0, Math.min(1, ((p.x - pa.x) * dx + (p.y - pa.y) * dy) / len2)) : 0;
      const dist = Math.hypot(p.x - pa.x - t * dx, p.y - pa.y - t * dy);
      if (dist > worstDist) {
        worstDist = dist;
        worst = i;
      }
    }
    if (worst < 0) continue;
    keep[worst] = 1;
    stack.push([a, worst], [worst, b]);
  }
  return points.filter((_, i) => keep[i] === 1);
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

export function buildNutritionChartSvg(input: NutritionChartInput): BuiltChart {
  validate(input);
  const { regular, bold } = chartFontMetrics();
  const W = input.width ?? DEFAULT_WIDTH;
  const H = input.height ?? DEFAULT_HEIGHT;
  const s = Math.min(W / 400, H / 200); // 1 "unit" = 1 px at the size Discord shows the image
  const fs = { title: 12 * s, tick: 9 * s, band: 9 * s, marker: 8.5 * s, footer: 7.5 * s };
  const pad = 8 * s;

  const [xMin, xMax] = xDomainFor(input);
  const [yMin, yMax] = yDomainFor(input);
  const bands = input.bands.filter((b) => b.to + 0.5 > yMin && b.from - 0.5 < yMax);

  // ---- threshold values (band boundaries) and y tick labels ----
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

  const parts: string[] = [];
  const push = (str: string): void => {
    parts.push(str);
  };
  push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`);
  push(`<rect width="${W}" height="${H}" fill="${THEME.background}"/>`);
  push(`<rect x="${plot.left}" y="${plot.top}" width="${pw}" height="${ph}" fill="${THEME.plot}"/>`);

  // ---- bands (clamped to the plot, so they need no clip path) ----
  for (const b of bands) {
    const top = clampY(b.to + 0.5);
    const bottom = clampY(b.from - 0.5);
    push(
      `<rect x="${plot.left}" y="${r1(top)}" width="${pw}" height="${r1(bottom - top)}" fill="${escapeXml(b.color)}" fill-opacity="${BAND_FILL_OPACITY}"/>`,
    );
  }

  // ---- y grid and labels: thresholds first (spread apart, never dropped), then nice ticks ----
  const gap = fs.tick * 1.15;
  const thresholdY = spreadLabels(
    thresholds.map((v) => Y(v + 0.5)),
    gap,
    plot.top + fs.tick * 0.4,
    plot.bottom,
  );
  const yLabelX = plot.left - 5 * s;
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
    push(
      textPath(regular, formatNumber(v), {
        x: yLabelX,
        y: ly + fs.tick * 0.35,
        size: fs.tick,
        fill: THEME.text,
        kind: 'threshold',
        anchor: 'end',
      }),
    );
  });
  for (const v of yTicks) {
    const y = Y(v);
    if (y < plot.top + fs.tick * 0.4 || y > plot.bottom + 0.5) continue;
    if (thresholds.includes(v) || thresholdY.some((ty) => Math.abs(ty - y) < gap)) continue;
    push(
      `<line x1="${plot.left}" x2="${plot.right}" y1="${r1(y)}" y2="${r1(y)}" stroke="${THEME.grid}" stroke-opacity="0.07" stroke-width="${r1(s * 0.5)}"/>`,
    );
    push(
      textPath(regular, formatNumber(v), {
        x: yLabelX,
        y: y + fs.tick * 0.35,
        size: fs.tick,
        fill: THEME.textFaint,
        kind: 'y-tick',
        anchor: 'end',
      }),
    );
  }

  // ---- band labels in the right gutter, coloured like their band (not for slivers < 2 units) ----
  const labelled = bands
    .map((b, i) => ({ b, text: bandTexts[i]! }))
    .filter(({ b }) => clampY(b.from - 0.5) - clampY(b.to + 0.5) >= 2 * s);
  if (labelled.length > 0) {
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
      push(textPath(regular, text, { x: tx, y: at + fs.band * 0.35, size: fs.band, fill: color, kind: 'band' }));
    });
  }

  // ---- x axis ticks ----
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
    push(textPath(regular, label, { x: left, y: xTickY, size: fs.tick, fill: THEME.textDim, kind: 'x-tick' }));
  }
  push(
    `<line x1="${plot.left}" x2="${plot.right}" y1="${plot.bottom}" y2="${plot.bottom}" stroke="${THEME.textFaint}" stroke-width="${r1(s * 0.6)}"/>`,
  );

  // ---- the series ----
  const drawn = downsample(input.points, Math.max(1, Math.round(pw)));
  const line = simplify(
    drawn.map((p) => ({ x: X(p.turn), y: Y(p.nutrition) })),
    LINE_TOLERANCE_PX,
  );
  const pathD = line.map((p, i) => `${i === 0 ? 'M' : 'L'}${r1(p.x)} ${r1(p.y)}`).join('');
  if (drawn.length > 0) {
    // Only a caller's yMin/yMax can put points outside the plot; clip just then (a clip path
    // costs resvg a full-size mask, a third of the render).
    const outside = drawn.some((p) => p.nutrition < yMin || p.nutrition > yMax);
    if (outside)
      push(`<clipPath id="plot"><rect x="${plot.left}" y="${plot.top}" width="${pw}" height="${ph}"/></clipPath>`);
    // Mitred joins, bevelled where sharp: round joins cost resvg an arc at every vertex (about
    // 40 % of a jagged 5,000-point chart's render) for a difference below a pixel.
    const stroke = 'fill="none" stroke-linejoin="miter" stroke-miterlimit="2" stroke-linecap="round"';
    push(`<g${outside ? ' clip-path="url(#plot)"' : ''} ${stroke}>`);
    push(`<path d="${pathD}" stroke="${THEME.lineShadow}" stroke-opacity="0.55" stroke-width="${r1(4.2 * s)}"/>`);
    push(`<path d="${pathD}" stroke="${THEME.line}" stroke-width="${r1(1.6 * s)}"/>`);
    if (drawn.length === 1) {
      push(
        `<circle cx="${r1(X(drawn[0]!.turn))}" cy="${r1(Y(drawn[0]!.nutrition))}" r="${r1(2 * s)}" fill="${THEME.line}"/>`,
      );
    }
    push(`</g>`);
  } else {
    push(
      textPath(regular, 'no forecast data', {
        x: (plot.left + plot.right) / 2,
        y: (plot.top + plot.bottom) / 2,
        size: fs.band,
        fill: THEME.textDim,
        kind: 'empty',
        anchor: 'middle',
      }),
    );
  }

  // ---- markers ("now" first), with labels placed to avoid the line and each other ----
  const bandColorAt = (v: number): string | undefined =>
    input.bands.find((b) => v >= b.from - 0.5 && v <= b.to + 0.5)?.color;
  interface M {
    turn: number;
    y: number | undefined;
    label: string;
    sub: string;
    color: string;
    now: boolean;
  }
  const ms: M[] = [];
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
  // Guides first so pills and dots sit on top of them.
  for (const m of ms) {
    const x = X(m.turn);
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
  const lineYRange = (x0: number, x1: number): [number, number] | undefined => {
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    const t0 = xMin + ((x0 - plot.left) / pw) * (xMax - xMin);
    const t1 = xMin + ((x1 - plot.left) / pw) * (xMax - xMin);
    for (const t of [t0, t1]) {
      const v = valueAt(drawn, t);
      if (v !== undefined) {
        lo = Math.min(lo, Y(v));
        hi = Math.max(hi, Y(v));
      }
    }
    for (const p of drawn) {
      if (p.turn < t0 || p.turn > t1) continue;
      const y = Y(p.nutrition);
      lo = Math.min(lo, y);
      hi = Math.max(hi, y);
    }
    return lo <= hi ? [lo, hi] : undefined;
  };
  const pills: Rect[] = [];
  const pillH = fs.marker * 1.55;
  const pillPad = 4 * s;
  const dotR = 2.6 * s;
  for (const m of ms) {
    const x = X(m.turn);
    const anchorY = m.y ?? plot.bottom - pillH;
    const labelW = bold.width(m.label, fs.marker);
    const subW = regular.width(m.sub, fs.marker * 0.9);
    const w = pillPad * 2 + labelW + 3 * s + subW;
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
        const ly = lineYRange(r.x, r.x + r.w);
        if (ly && ly[0] < r.y + r.h + 1 * s && ly[1] > r.y - 1 * s) cost += 30;
        if (!best || cost < best.cost) best = { r, cost };
      }
    }
    const r = best!.r;
    pills.push(r);
    const cx = r.x + (r.x > x ? 0 : r.w);
    const cy = r.y + (r.y > anchorY ? 0 : r.h);
    if (m.y !== undefined)
      push(
        `<path d="M${r1(x)} ${r1(anchorY)}L${r1(cx)} ${r1(cy)}" stroke="${escapeXml(m.color)}" stroke-width="${r1(0.8 * s)}" fill="none"/>`,
      );
    push(
      `<rect x="${r1(r.x)}" y="${r1(r.y)}" width="${r1(r.w)}" height="${r1(r.h)}" rx="${r1(3 * s)}" fill="${THEME.pill}" fill-opacity="0.92" stroke="${escapeXml(m.color)}" stroke-width="${r1(0.7 * s)}"/>`,
    );
    const base = r.y + r.h / 2 + fs.marker * 0.36;
    push(textPath(bold, m.label, { x: r.x + pillPad, y: base, size: fs.marker, fill: m.color, kind: 'marker' }));
    push(
      textPath(regular, m.sub, {
        x: r.x + pillPad + labelW + 3 * s,
        y: base,
        size: fs.marker * 0.9,
        fill: THEME.textDim,
        kind: 'marker-turn',
      }),
    );
    if (m.y !== undefined && m.y >= plot.top - 0.5 && m.y <= plot.bottom + 0.5) {
      push(
        `<circle cx="${r1(x)}" cy="${r1(m.y)}" r="${r1(dotR)}" fill="${escapeXml(m.color)}" stroke="${THEME.lineShadow}" stroke-width="${r1(0.8 * s)}"/>`,
      );
    }
  }

  // ---- title and footer ----
  push(
    textPath(bold, fitText(input.title, bold, fs.title, W - 2 * pad), {
      x: pad,
      y: pad + fs.title * 0.85,
      size: fs.title,
      fill: THEME.text,
      kind: 'title',
    }),
  );
  const axisNote = 'x: turn · y: nutrition';
  const axisW = regular.width(axisNote, fs.footer);
  const footerY = H - pad * 0.6 - fs.footer * 0.25;
  push(
    textPath(regular, fitText(input.footer, regular, fs.footer, W - 3 * pad - axisW), {
      x: pad,
      y: footerY,
      size: fs.footer,
      fill: THEME.textFaint,
      kind: 'footer',
    }),
  );
  push(
    textPath(regular, axisNote, {
      x: W - pad,
      y: footerY,
      size: fs.footer,
      fill: THEME.textFaint,
      kind: 'axis-note',
      anchor: 'end',
    }),
  );
  push(`</svg>`);

  return {
    svg: parts.join(''),
    layout: { width: W, height: H, plot, xDomain: [xMin, xMax], yDomain: [yMin, yMax], drawnPoints: line.length },
  };
}
