import { describe, expect, it } from 'vitest';
import {
  buildNutritionChartSvg,
  nethackBands,
  type NutritionChartInput,
  rasterize,
  THEME,
} from '../../src/chart/index.ts';
import { chartFontMetrics } from '../../src/chart/font.ts';
import { cachedGlyphMasks, drawTextRuns, setGlyphMaskLimit, type TextRun } from '../../src/chart/text.ts';

// Labels drawn from cached glyph masks against the same labels filled as one path by resvg (how
// the chart drew them before): the masks snap each glyph to an eighth of a pixel across.
const W = 420;
const H = 60;
const background = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="${THEME.background}"/>`;

function asPath(run: TextRun): string {
  const k = run.size / run.font.unitsPerEm;
  return `<path transform="matrix(${k} 0 0 ${-k} ${run.x} ${run.y})" fill="${run.fill}" d="${run.font.textPath(run.text)}"/>`;
}

const { regular, bold } = chartFontMetrics();
const labels: TextRun[] = [
  { font: bold, text: 'Forecast for Agnes the Valkyrie', size: 24, x: 16, y: 36.4, fill: THEME.text },
  {
    font: regular,
    text: 'NetHack 3.6.7 · src/eat.c gethungry(), newuhs()',
    size: 15,
    x: 8.3,
    y: 40.7,
    fill: THEME.textFaint,
  },
  { font: regular, text: '1,000 -2,500 Not Hungry Fainting ÖÇŞ', size: 18, x: 3.55, y: 30.1, fill: '#7fd8a0' },
];

describe('labels from cached glyph masks', () => {
  it.each(labels.map((l) => [l.text, l] as const))('"%s" matches the label filled as a path', (_, run) => {
    const reference = rasterize(`${background}${asPath(run)}</svg>`).pixels();
    const drawn = rasterize(`${background}</svg>`).pixels();
    drawTextRuns(drawn, W, H, [run]);
    let ink = 0;
    let inkRef = 0;
    let over24 = 0;
    let inkPixels = 0;
    let worst = 0;
    const bg = [0x2b, 0x2d, 0x31];
    for (let i = 0; i < drawn.length; i += 4) {
      const d = Math.max(...[0, 1, 2].map((c) => Math.abs(drawn[i + c]! - reference[i + c]!)));
      worst = Math.max(worst, d);
      if (d > 24) over24++;
      if (reference[i] !== bg[0]) inkPixels++;
      ink += Math.abs(drawn[i]! - bg[0]!);
      inkRef += Math.abs(reference[i]! - bg[0]!);
    }
    expect(inkRef).toBeGreaterThan(10_000); // the label is there
    expect(Math.abs(ink - inkRef) / inkRef).toBeLessThan(0.02); // same amount of ink
    expect(worst).toBeLessThanOrEqual(64); // an edge pixel off by at most a quarter of full contrast
    expect(over24).toBeLessThan(inkPixels * 0.05); // and few of them
  });

  it('rasterises each glyph once per size and phase, then reuses it', () => {
    const canvas = rasterize(`${background}</svg>`).pixels();
    drawTextRuns(canvas, W, H, labels);
    const cached = cachedGlyphMasks();
    const again = rasterize(`${background}</svg>`).pixels();
    drawTextRuns(again, W, H, labels);
    expect(cachedGlyphMasks()).toBe(cached);
    expect(again.equals(canvas)).toBe(true);
  });

  it('empties a full cache and still draws the same labels', () => {
    const canvas = rasterize(`${background}</svg>`).pixels();
    drawTextRuns(canvas, W, H, labels);
    setGlyphMaskLimit(cachedGlyphMasks() + 1); // the next new glyph overflows it
    try {
      const again = rasterize(`${background}</svg>`).pixels();
      drawTextRuns(again, W, H, [...labels, { font: bold, text: 'Zq', size: 33, x: 5, y: 40, fill: THEME.text }]);
      const fresh = rasterize(`${background}</svg>`).pixels();
      drawTextRuns(fresh, W, H, labels);
      drawTextRuns(fresh, W, H, [{ font: bold, text: 'Zq', size: 33, x: 5, y: 40, fill: THEME.text }]);
      expect(again.equals(fresh)).toBe(true);
    } finally {
      setGlyphMaskLimit(8_000);
    }
  });

  it('clips glyphs at the canvas edges', () => {
    const canvas = rasterize(`${background}</svg>`).pixels();
    expect(() =>
      drawTextRuns(canvas, W, H, [{ font: bold, text: 'edge', size: 30, x: W - 20, y: 8, fill: THEME.text }]),
    ).not.toThrow();
  });
});

describe('whole charts: labels from masks against the same chart with every label a path', () => {
  // A NetHack forecast whose Hungry, Weak and Fainting crossings crowd together: their pills and
  // dots overlap, so some marker labels must stay paths in the SVG (drawn under what covers them).
  const points = Array.from({ length: 5000 }, (_, i) => ({
    turn: 20_000 + i,
    nutrition: 900 - i + (i > 1600 ? 800 : 0),
  }));
  const crossing = (v: number) => points.find((p) => p.nutrition <= v)!;
  const input: NutritionChartInput = {
    title: 'Forecast for Agnes the Valkyrie',
    footer: 'NetHack 3.6.7 · src/eat.c gethungry(), newuhs()',
    points,
    bands: nethackBands(),
    nowTurn: 20_000,
    markers: [
      { ...crossing(150), label: 'Hungry' },
      { ...crossing(50), label: 'Weak' },
      { ...crossing(0), label: 'Fainting' },
    ],
  };

  function allPaths(built: ReturnType<typeof buildNutritionChartSvg>): string {
    const runs = [...built.text];
    return built.svg.replace(/<g class="[a-z-]+" aria-label="[^"]*"\/>/g, () => asPath(runs.shift()!));
  }

  it.each([
    ['crowded markers', input],
    ['small canvas', { ...input, width: 400, height: 200 }],
    ['a line that runs off a fixed y range', { ...input, yMin: 0, yMax: 400 }],
  ] as const)('%s', (_, chart) => {
    const built = buildNutritionChartSvg(chart);
    const placeholders = built.svg.match(/<g class="[a-z-]+" aria-label="[^"]*"\/>/g) ?? [];
    expect(placeholders.length).toBe(built.text.length);
    const reference = rasterize(allPaths(built)).pixels();
    const drawn = rasterize(built).pixels();
    let worst = 0;
    let over24 = 0;
    for (let i = 0; i < drawn.length; i += 4) {
      const d = Math.max(...[0, 1, 2].map((c) => Math.abs(drawn[i + c]! - reference[i + c]!)));
      worst = Math.max(worst, d);
      if (d > 24) over24++;
    }
    expect(worst).toBeLessThanOrEqual(64);
    expect(over24).toBeLessThan(400);
  });

  it('the crowded chart keeps an overlapped marker label as a path', () => {
    const built = buildNutritionChartSvg(input);
    expect(built.svg).toMatch(/<path class="marker(-turn)?"/);
    expect(built.text.length).toBeGreaterThan(15);
  });
});
