// Fonts for the PNG charts.
//
// Strategy: the TTFs come from the npm package `dejavu-fonts-ttf` (a regular dependency, no
// install script, the fonts are plain files inside the tarball), so `npm ci` is all a fresh CI
// machine or a developer needs. System fonts are never loaded (`loadSystemFonts: false` in
// render.ts): the picture is the same on every machine, and rendering does not scan
// /usr/share/fonts. If the package is missing we throw a clear error instead of silently
// rendering a chart without text.
//
// The same files are parsed here (cmap + hmtx only) so the layout code can measure label
// widths: truncating long titles, sizing the legend gutter, avoiding label collisions.
import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export const FONT_FAMILY = 'DejaVu Sans';
const FONT_PACKAGE = 'dejavu-fonts-ttf';
const REGULAR = 'DejaVuSans.ttf';
const BOLD = 'DejaVuSans-Bold.ttf';

export class ChartFontError extends Error {
  override name = 'ChartFontError';
}

export interface FontFiles {
  regular: string;
  bold: string;
}

let cachedFiles: FontFiles | undefined;

/** Absolute paths of the two TTFs the chart uses. Throws ChartFontError if they are absent. */
export function chartFontFiles(): FontFiles {
  if (cachedFiles) return cachedFiles;
  let dir: string;
  try {
    const require = createRequire(import.meta.url);
    dir = join(dirname(require.resolve(`${FONT_PACKAGE}/package.json`)), 'ttf');
  } catch (err) {
    throw new ChartFontError(
      `chart fonts unavailable: npm package "${FONT_PACKAGE}" is not installed (run \`npm ci\`): ${String(err)}`,
    );
  }
  const files = { regular: join(dir, REGULAR), bold: join(dir, BOLD) };
  for (const f of [files.regular, files.bold]) {
    if (!existsSync(f))
      throw new ChartFontError(`chart fonts unavailable: ${f} is missing (reinstall "${FONT_PACKAGE}")`);
  }
  cachedFiles = files;
  return files;
}

/**
 * One TrueType face: advance widths (to measure labels) and glyph outlines (to draw them). The
 * chart draws its text as paths built from these outlines, so rasterising never shapes text or
 * loads a font: resvg spent about 0.4 ms per <text> element re-reading the face.
 */
export class FontMetrics {
  private readonly glyphs = new Map<number, number>(); // code point -> glyph id
  private readonly advances = new Map<number, number>(); // code point -> advance in em
  private readonly outlines = new Map<number, GlyphOutline>(); // glyph id -> outline (lazily)
  private readonly fallback: number;
  readonly unitsPerEm: number;
  private readonly ttf: Buffer;
  private readonly glyf: number;
  private readonly loca: number;
  private readonly longLoca: boolean;
  private readonly numGlyphs: number;

  constructor(ttf: Buffer) {
    this.ttf = ttf;
    const tables = new Map<string, number>();
    const numTables = ttf.readUInt16BE(4);
    for (let i = 0; i < numTables; i++) {
      const rec = 12 + i * 16;
      tables.set(ttf.toString('latin1', rec, rec + 4), ttf.readUInt32BE(rec + 8));
    }
    const need = (tag: string): number => {
      const at = tables.get(tag);
      if (at === undefined) throw new ChartFontError(`chart font is not a TrueType font with a ${tag} table`);
      return at;
    };
    const head = need('head');
    const hhea = need('hhea');
    const hmtx = need('hmtx');
    const cmap = need('cmap');
    this.glyf = need('glyf');
    this.loca = need('loca');
    this.numGlyphs = ttf.readUInt16BE(need('maxp') + 4);
    this.unitsPerEm = ttf.readUInt16BE(head + 18);
    this.longLoca = ttf.readInt16BE(head + 50) === 1;
    const numberOfHMetrics = ttf.readUInt16BE(hhea + 34);
    const advanceOf = (glyph: number): number => {
      const idx = Math.min(glyph, numberOfHMetrics - 1);
      return ttf.readUInt16BE(hmtx + idx * 4) / this.unitsPerEm;
    };
    // Find the Windows Unicode BMP subtable (platform 3, encoding 1), format 4.
    const numSub = ttf.readUInt16BE(cmap + 2);
    let sub = -1;
    for (let i = 0; i < numSub; i++) {
      const rec = cmap + 4 + i * 8;
      if (ttf.readUInt16BE(rec) === 3 && ttf.readUInt16BE(rec + 2) === 1) sub = cmap + ttf.readUInt32BE(rec + 4);
    }
    if (sub < 0 || ttf.readUInt16BE(sub) !== 4) throw new ChartFontError('chart font has no format-4 Unicode cmap');
    const segX2 = ttf.readUInt16BE(sub + 6);
    const ends = sub + 14;
    const starts = ends + segX2 + 2;
    const deltas = starts + segX2;
    const ranges = deltas + segX2;
    for (let s = 0; s < segX2; s += 2) {
      const end = ttf.readUInt16BE(ends + s);
      const start = ttf.readUInt16BE(starts + s);
      const delta = ttf.readInt16BE(deltas + s);
      const rangeOffset = ttf.readUInt16BE(ranges + s);
      // Only the code points a chart label can plausibly hold; keeps construction cheap.
      const hi = Math.min(end, 0x2fff);
      for (let c = start; c <= hi && c !== 0xffff; c++) {
        let glyph: number;
        if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
        else {
          const at = ranges + s + rangeOffset + (c - start) * 2;
          glyph = ttf.readUInt16BE(at);
          if (glyph !== 0) glyph = (glyph + delta) & 0xffff;
        }
        if (glyph !== 0) {
          this.glyphs.set(c, glyph);
          this.advances.set(c, advanceOf(glyph));
        }
      }
    }
    this.fallback = this.advances.get(0x4d /* M */) ?? 0.8;
  }

  /** Whether the face has a glyph for this code point. */
  has(codePoint: number): boolean {
    return this.advances.has(codePoint);
  }

  /** Width of a single-line string in px at the given font size (kerning ignored). */
  width(text: string, fontSize: number): number {
    let em = 0;
    for (const ch of text) em += this.advances.get(ch.codePointAt(0) ?? 0) ?? this.fallback;
    return em * fontSize;
  }

  /**
   * SVG path data of `text` in font units with the baseline origin at (0, 0) and y up; draw it
   * with transform="matrix(k 0 0 -k x y)", k = fontSize / unitsPerEm. Glyph strings are cached
   * and relative, so a label costs one number pair per glyph. A code point the face lacks is
   * skipped with the same fallback advance width() counts, so measuring and drawing agree.
   */
  textPath(text: string): string {
    let d = 'M0 0';
    let penX = 0; // origin of the next glyph, font units
    let curX = 0; // current point after the last drawn glyph, font units
    let curY = 0;
    for (const ch of text) {
      const cp = ch.codePointAt(0) ?? 0;
      const glyph = this.glyphs.get(cp);
      const advance = Math.round((this.advances.get(cp) ?? this.fallback) * this.unitsPerEm);
      if (glyph !== undefined) {
        const o = this.outline(glyph);
        if (o.path) {
          d += `m${round1(penX + o.startX - curX)} ${round1(o.startY - curY)}${o.path}`;
          curX = penX + o.endX;
          curY = o.endY;
        }
      }
      penX += advance;
    }
    return d;
  }

  /**
   * The glyphs of a single-line string as textPath() draws it: glyph id (undefined: nothing to
   * draw) and pen position in font units, kerning ignored.
   */
  layout(text: string): { glyph: number | undefined; penX: number }[] {
    const out: { glyph: number | undefined; penX: number }[] = [];
    let penX = 0;
    for (const ch of text) {
      const cp = ch.codePointAt(0) ?? 0;
      const glyph = this.glyphs.get(cp);
      out.push({ glyph: glyph !== undefined && this.outline(glyph).path ? glyph : undefined, penX });
      penX += Math.round((this.advances.get(cp) ?? this.fallback) * this.unitsPerEm);
    }
    return out;
  }

  /**
   * Bounds of the ink of a line of text at `size` px, relative to its baseline origin (x right,
   * y down), from the glyphs' control points (so never smaller than the ink); undefined if blank.
   */
  inkBounds(text: string, size: number): { left: number; right: number; top: number; bottom: number } | undefined {
    const k = size / this.unitsPerEm;
    let b: { left: number; right: number; top: number; bottom: number } | undefined;
    for (const { glyph, penX } of this.layout(text)) {
      if (glyph === undefined) continue;
      const box = this.outline(glyph).box;
      const g = {
        left: (penX + box.xMin) * k,
        right: (penX + box.xMax) * k,
        top: -box.yMax * k,
        bottom: -box.yMin * k,
      };
      b = b
        ? {
            left: Math.min(b.left, g.left),
            right: Math.max(b.right, g.right),
            top: Math.min(b.top, g.top),
            bottom: Math.max(b.bottom, g.bottom),
          }
        : g;
    }
    return b;
  }

  /** A glyph's outline as absolute SVG path data (font units, y up) and its bounding box. */
  glyphShape(glyph: number): { d: string; xMin: number; yMin: number; xMax: number; yMax: number } {
    const o = this.outline(glyph);
    return { d: `M${round1(o.startX)} ${round1(o.startY)}${o.path}`, ...o.box };
  }

  private outline(glyph: number): GlyphOutline {
    let o = this.outlines.get(glyph);
    if (!o) {
      const contours = this.contours(glyph, 0);
      o = relativeOutline(contours);
      for (const c of contours) {
        for (const q of c) {
          o.box.xMin = Math.min(o.box.xMin, q.x);
          o.box.yMin = Math.min(o.box.yMin, q.y);
          o.box.xMax = Math.max(o.box.xMax, q.x);
          o.box.yMax = Math.max(o.box.yMax, q.y);
        }
      }
      this.outlines.set(glyph, o);
    }
    return o;
  }

  /** The glyph's closed contours as points in font units (composites resolved). */
  private contours(glyph: number, depth: number): Point[][] {
    if (glyph >= this.numGlyphs || depth > 8) return [];
    const ttf = this.ttf;
    const offAt = (g: number): number =>
      this.longLoca ? ttf.readUInt32BE(this.loca + g * 4) : ttf.readUInt16BE(this.loca + g * 2) * 2;
    const start = offAt(glyph);
    if (offAt(glyph + 1) === start) return []; // no outline (space)
    const at = this.glyf + start;
    const numberOfContours = ttf.readInt16BE(at);
    return numberOfContours >= 0 ? simpleGlyph(ttf, at, numberOfContours) : this.compositeGlyph(at + 10, depth);
  }

  private compositeGlyph(p: number, depth: number): Point[][] {
    const ttf = this.ttf;
    const out: Point[][] = [];
    const f2dot14 = (q: number): number => ttf.readInt16BE(q) / 16384;
    for (;;) {
      const flags = ttf.readUInt16BE(p);
      const component = ttf.readUInt16BE(p + 2);
      p += 4;
      let dx: number;
      let dy: number;
      if (flags & 0x0001) {
        dx = ttf.readInt16BE(p);
        dy = ttf.readInt16BE(p + 2);
        p += 4;
      } else {
        dx = ttf.readInt8(p);
        dy = ttf.readInt8(p + 1);
        p += 2;
      }
      if (!(flags & 0x0002)) dx = dy = 0; // point-matched placement: not used by the chart's glyphs
      let [a, b, c, d] = [1, 0, 0, 1];
      if (flags & 0x0008) {
        a = d = f2dot14(p);
        p += 2;
      } else if (flags & 0x0040) {
        a = f2dot14(p);
        d = f2dot14(p + 2);
        p += 4;
      } else if (flags & 0x0080) {
        [a, b, c, d] = [f2dot14(p), f2dot14(p + 2), f2dot14(p + 4), f2dot14(p + 6)];
        p += 8;
      }
      for (const contour of this.contours(component, depth + 1)) {
        out.push(contour.map((pt) => ({ x: a * pt.x + c * pt.y + dx, y: b * pt.x + d * pt.y + dy, on: pt.on })));
      }
      if (!(flags & 0x0020)) return out;
    }
  }
}

interface Point {
  x: number;
  y: number;
  on: boolean;
}

/** A glyph as relative path data: `path` starts at (startX, startY) and leaves the pen at (endX, endY). */
interface GlyphOutline {
  path: string;
  startX: number;
  startY: number;
  endX: number;
  endY: number;
  /** Bounds of the control points (so of the outline), font units. */
  box: { xMin: number; yMin: number; xMax: number; yMax: number };
}

const round1 = (n: number): string => String(Math.round(n * 10) / 10);

function simpleGlyph(ttf: Buffer, at: number, numberOfContours: number): Point[][] {
  const endPts: number[] = [];
  for (let i = 0; i < numberOfContours; i++) endPts.push(ttf.readUInt16BE(at + 10 + i * 2));
  const count = numberOfContours ? endPts[numberOfContours - 1]! + 1 : 0;
  let p = at + 10 + numberOfContours * 2;
  p += 2 + ttf.readUInt16BE(p); // instructions
  const flags: number[] = [];
  while (flags.length < count) {
    const f = ttf.readUInt8(p++);
    flags.push(f);
    if (f & 0x08) for (let r = ttf.readUInt8(p++); r > 0; r--) flags.push(f);
  }
  const coords = (short: number, same: number): number[] => {
    const out: number[] = [];
    let v = 0;
    for (const f of flags.slice(0, count)) {
      if (f & short) v += f & same ? ttf.readUInt8(p++) : -ttf.readUInt8(p++);
      else if (!(f & same)) {
        v += ttf.readInt16BE(p);
        p += 2;
      }
      out.push(v);
    }
    return out;
  };
  const xs = coords(0x02, 0x10);
  const ys = coords(0x04, 0x20);
  const contours: Point[][] = [];
  let first = 0;
  for (const last of endPts) {
    const c: Point[] = [];
    for (let i = first; i <= last; i++) c.push({ x: xs[i]!, y: ys[i]!, on: (flags[i]! & 0x01) !== 0 });
    if (c.length > 0) contours.push(c);
    first = last + 1;
  }
  return contours;
}

/**
 * TrueType contours (quadratic, with implied on-curve points between two off-curve ones) as one
 * relative SVG path string. Starts each contour on an on-curve point (or an implied one).
 */
function relativeOutline(contours: Point[][]): GlyphOutline {
  let path = '';
  let cx = 0;
  let cy = 0;
  let startX = 0;
  let startY = 0;
  let first = true;
  const rel = (x: number, y: number): string => `${round1(x - cx)} ${round1(y - cy)}`;
  for (const contour of contours) {
    const n = contour.length;
    let s = contour.findIndex((q) => q.on);
    let begin: { x: number; y: number };
    if (s < 0) {
      // All off-curve: start at the midpoint of the first two.
      begin = { x: (contour[0]!.x + contour[1 % n]!.x) / 2, y: (contour[0]!.y + contour[1 % n]!.y) / 2 };
      s = 0;
    } else begin = contour[s]!;
    if (first) {
      startX = begin.x;
      startY = begin.y;
      first = false; // the caller's move lands on (startX, startY)
    } else path += `m${rel(begin.x, begin.y)}`;
    cx = begin.x;
    cy = begin.y;
    let ctrl: Point | undefined;
    for (let k = 1; k <= n; k++) {
      const q = contour[(s + k) % n]!;
      if (q.on) {
        if (ctrl) path += `q${rel(ctrl.x, ctrl.y)} ${rel(q.x, q.y)}`;
        else path += `l${rel(q.x, q.y)}`;
        ctrl = undefined;
        cx = q.x;
        cy = q.y;
      } else {
        if (ctrl) {
          const mx = (ctrl.x + q.x) / 2;
          const my = (ctrl.y + q.y) / 2;
          path += `q${rel(ctrl.x, ctrl.y)} ${rel(mx, my)}`;
          cx = mx;
          cy = my;
        }
        ctrl = q;
      }
    }
    if (ctrl) path += `q${rel(ctrl.x, ctrl.y)} ${rel(begin.x, begin.y)}`;
    path += 'z';
    cx = begin.x;
    cy = begin.y;
  }
  const box = { xMin: 0, yMin: 0, xMax: 0, yMax: 0 };
  return { path, startX, startY, endX: cx, endY: cy, box };
}

let cachedMetrics: { regular: FontMetrics; bold: FontMetrics } | undefined;

export function chartFontMetrics(): { regular: FontMetrics; bold: FontMetrics } {
  if (cachedMetrics) return cachedMetrics;
  const files = chartFontFiles();
  cachedMetrics = {
    regular: new FontMetrics(readFileSync(files.regular)),
    bold: new FontMetrics(readFileSync(files.bold)),
  };
  return cachedMetrics;
}
