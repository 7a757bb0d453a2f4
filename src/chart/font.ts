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
    if (!existsSync(f)) throw new ChartFontError(`chart fonts unavailable: ${f} is missing (reinstall "${FONT_PACKAGE}")`);
  }
  cachedFiles = files;
  return files;
}

/** Advance widths of one TrueType face, enough to measure a single line of text. */
export class FontMetrics {
  private readonly advances = new Map<number, number>(); // code point -> advance in em
  private readonly fallback: number;

  constructor(ttf: Buffer) {
    const tables = new Map<string, number>();
    const numTables = ttf.readUInt16BE(4);
    for (let i = 0; i < numTables; i++) {
      const rec = 12 + i * 16;
      tables.set(ttf.toString('latin1', rec, rec + 4), ttf.readUInt32BE(rec + 8));
    }
    const head = tables.get('head');
    const hhea = tables.get('hhea');
    const hmtx = tables.get('hmtx');
    const cmap = tables.get('cmap');
    if (head === undefined || hhea === undefined || hmtx === undefined || cmap === undefined) {
      throw new ChartFontError('chart font is not a TrueType font with head/hhea/hmtx/cmap tables');
    }
    const unitsPerEm = ttf.readUInt16BE(head + 18);
    const numberOfHMetrics = ttf.readUInt16BE(hhea + 34);
    const advanceOf = (glyph: number): number => {
      const idx = Math.min(glyph, numberOfHMetrics - 1);
      return ttf.readUInt16BE(hmtx + idx * 4) / unitsPerEm;
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
        if (glyph !== 0) this.advances.set(c, advanceOf(glyph));
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
}

let cachedMetrics: { regular: FontMetrics; bold: FontMetrics } | undefined;

export function chartFontMetrics(): { regular: FontMetrics; bold: FontMetrics } {
  if (cachedMetrics) return cachedMetrics;
  const files = chartFontFiles();
  cachedMetrics = { regular: new FontMetrics(readFileSync(files.regular)), bold: new FontMetrics(readFileSync(files.bold)) };
  return cachedMetrics;
}
