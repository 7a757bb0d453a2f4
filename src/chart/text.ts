// Chart labels outside the plot (title, footer, axis and band labels), drawn from cached glyph
// coverage masks instead of through resvg. Text was a third of a chart's raster time: resvg fills
// every glyph's curves anew on every chart, yet a chart uses a few dozen glyphs at five sizes.
// Each glyph is rasterised once per size and sub-pixel phase, by resvg itself (white on
// transparent: the alpha channel is its anti-aliased coverage), then blended in its colour.
//
// Faithfulness: a glyph lands at most 1/16 px across from where the whole-label path put it (its
// origin is snapped to the eighth of a pixel it is cached for) and exactly on its baseline; where
// two glyphs' anti-aliased edges share a pixel their coverages compose (1 − (1 − a)(1 − b))
// instead of adding. test/chart/text.test.ts bounds the difference. These labels sit outside the plot where nothing is drawn over them;
// marker pills (which overlap the line and each other) keep their text in the SVG.
import { Resvg } from '@resvg/resvg-js';
import type { FontMetrics } from './font.ts';

/** One line of text to draw over the rendered chart; (x, y) is the baseline origin in px. */
export interface TextRun {
  font: FontMetrics;
  text: string;
  size: number;
  x: number;
  y: number;
  /** '#rrggbb'. */
  fill: string;
}

interface Mask {
  /** Offset of the mask's top-left pixel from the glyph's snapped origin pixel. */
  left: number;
  top: number;
  width: number;
  height: number;
  alpha: Uint8Array;
}

// Origins are snapped to an eighth of a pixel across and a tenth down: baselines are already in
// tenths (svg.ts rounds them), so only the pen position along a line moves, by 1/16 px at most.
const PHASES_X = 8;
const PHASES_Y = 10;
let maxMasks = 8_000; // about 5 MB at worst; a chart uses a few hundred
const masks = new Map<string, Mask>();
const fontIds = new WeakMap<FontMetrics, number>();
let lastFontId = 0;

function fontId(font: FontMetrics): number {
  let id = fontIds.get(font);
  if (id === undefined) {
    id = ++lastFontId;
    fontIds.set(font, id);
  }
  return id;
}

interface Placement {
  key: string;
  font: FontMetrics;
  glyph: number;
  size: number;
  /** Snapped origin: whole pixel and sub-pixel phase (eighths across, tenths down). */
  px: number;
  py: number;
  fx: number;
  fy: number;
  rgb: [number, number, number];
}

function rgbOf(fill: string): [number, number, number] {
  const m = /^#([0-9a-f]{6})$/i.exec(fill);
  if (!m) throw new RangeError(`text colour must be #rrggbb, got ${fill}`);
  const v = parseInt(m[1]!, 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

function place(runs: readonly TextRun[]): Placement[] {
  const out: Placement[] = [];
  for (const run of runs) {
    const k = run.size / run.font.unitsPerEm;
    const rgb = rgbOf(run.fill);
    const id = fontId(run.font);
    for (const { glyph, penX } of run.font.layout(run.text)) {
      if (glyph === undefined) continue;
      const qx = Math.round((run.x + penX * k) * PHASES_X);
      const qy = Math.round(run.y * PHASES_Y);
      const px = Math.floor(qx / PHASES_X);
      const py = Math.floor(qy / PHASES_Y);
      const fx = qx - px * PHASES_X;
      const fy = qy - py * PHASES_Y;
      out.push({
        key: `${id}/${run.size}/${glyph}/${fx}/${fy}`,
        font: run.font,
        glyph,
        size: run.size,
        px,
        py,
        fx,
        fy,
        rgb,
      });
    }
  }
  return out;
}

/** Rasterises the glyph masks not cached yet, all in one resvg call (a strip of cells). */
function renderMissing(placements: readonly Placement[]): void {
  const collect = (): Map<string, Placement> => {
    const missing = new Map<string, Placement>();
    for (const p of placements) if (!masks.has(p.key) && !missing.has(p.key)) missing.set(p.key, p);
    return missing;
  };
  let missing = collect();
  if (missing.size === 0) return;
  if (masks.size + missing.size > maxMasks) {
    masks.clear(); // then this chart's cached masks are missing too
    missing = collect();
  }
  const cells: { key: string; x: number; left: number; top: number; width: number; height: number }[] = [];
  const paths: string[] = [];
  let x = 0;
  let height = 1;
  for (const [key, p] of missing) {
    const k = p.size / p.font.unitsPerEm;
    const shape = p.font.glyphShape(p.glyph);
    // The origin sits at whole pixel (ox, oy) of the cell plus the phase; one spare pixel around.
    const ox = Math.ceil(-shape.xMin * k) + 1;
    const oy = Math.ceil(shape.yMax * k) + 1;
    const width = ox + Math.ceil(shape.xMax * k) + 2;
    const h = oy + Math.ceil(-shape.yMin * k) + 2;
    const tx = x + ox + p.fx / PHASES_X;
    const ty = oy + p.fy / PHASES_Y;
    paths.push(`<path transform="matrix(${k} 0 0 ${-k} ${tx} ${ty})" d="${shape.d}"/>`);
    cells.push({ key, x, left: -ox, top: -oy, width, height: h });
    x += width;
    height = Math.max(height, h);
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${x}" height="${height}">` +
    `<g fill="#ffffff">${paths.join('')}</g></svg>`;
  const image = new Resvg(svg, {
    font: { loadSystemFonts: false },
    fitTo: { mode: 'original' },
    logLevel: 'off',
  }).render();
  const rgba = image.pixels;
  const stride = image.width * 4;
  for (const c of cells) {
    const alpha = new Uint8Array(c.width * c.height);
    for (let v = 0; v < c.height; v++) {
      for (let u = 0; u < c.width; u++) alpha[v * c.width + u] = rgba[v * stride + (c.x + u) * 4 + 3]!;
    }
    masks.set(c.key, { left: c.left, top: c.top, width: c.width, height: c.height, alpha });
  }
}

/**
 * Draws the runs over `rgba` (opaque pixels, width × height × 4), each glyph its coverage times
 * its colour over what is there: the "source over" resvg applies to a solid fill.
 */
export function drawTextRuns(rgba: Buffer, width: number, height: number, runs: readonly TextRun[]): void {
  const placements = place(runs);
  renderMissing(placements);
  for (const p of placements) {
    const m = masks.get(p.key)!;
    const [r, g, b] = p.rgb;
    for (let v = 0; v < m.height; v++) {
      const y = p.py + m.top + v;
      if (y < 0 || y >= height) continue;
      for (let u = 0; u < m.width; u++) {
        const a = m.alpha[v * m.width + u]!;
        if (a === 0) continue;
        const x = p.px + m.left + u;
        if (x < 0 || x >= width) continue;
        const i = (y * width + x) * 4;
        const keep = 255 - a;
        rgba[i] = (r * a + rgba[i]! * keep + 127) / 255;
        rgba[i + 1] = (g * a + rgba[i + 1]! * keep + 127) / 255;
        rgba[i + 2] = (b * a + rgba[i + 2]! * keep + 127) / 255;
      }
    }
  }
}

/** Cached glyph masks (tests). */
export function cachedGlyphMasks(): number {
  return masks.size;
}

/** Caps the cache (tests); it is emptied when a chart would take it past the cap. */
export function setGlyphMaskLimit(limit: number): void {
  maxMasks = limit;
}
