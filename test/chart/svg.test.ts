import { describe, expect, it } from 'vitest';
import {
  buildNutritionChartSvg,
  downsample,
  escapeXml,
  formatNumber,
  nethackBands,
  crawlBands,
  rasterize,
  THEME,
  toPixel,
  type NutritionChartInput,
} from '../../src/chart/index.ts';
import { LINE_TOLERANCE_PX, niceTicks, spreadLabels } from '../../src/chart/svg.ts';
import { pixelAt } from './png.ts';

const series = (n: number, f: (t: number) => number) =>
  Array.from({ length: n }, (_, t) => ({ turn: t, nutrition: f(t) }));

describe('text escaping', () => {
  it('escapes <&>"\' and strips XML-invalid characters', () => {
    expect(escapeXml(`a<b>&"c'\u0000\u0007d\uD800`)).toBe('a&lt;b&gt;&amp;&quot;c&apos;d');
  });

  it('a title with <&> is drawn as text, not parsed as markup', () => {
    const title = '<script>alert("x")</script> & <b>Bob</b>';
    const input = { title, footer: 'NetHack 3.6.7 <&>', points: series(100, (t) => 500 - t), bands: nethackBands() };
    const { svg } = buildNutritionChartSvg(input);
    expect(svg).not.toContain('<script>');
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;Bob&lt;/b&gt;');
    expect(svg).toContain('NetHack 3.6.7 &lt;&amp;&gt;');
    // It still renders, and the title area holds text pixels that a blank title lacks.
    const brightInTitle = (t: string): number => {
      const img = rasterize(buildNutritionChartSvg({ ...input, title: t }));
      const px = img.pixels();
      let bright = 0;
      for (let y = 4; y < 40; y++) for (let x = 10; x < 400; x++) if (pixelAt(px, img.width, x, y)[0] > 200) bright++;
      return bright;
    };
    expect(brightInTitle(title)).toBeGreaterThan(300);
    expect(brightInTitle(' ')).toBe(0);
  });

  it('control characters in a hero name do not break the SVG', () => {
    const input = { title: 'Hero\u0001\u001f\nname', footer: '', points: series(10, () => 100), bands: nethackBands() };
    expect(() => rasterize(buildNutritionChartSvg(input))).not.toThrow();
  });

  it('long titles are cut with an ellipsis', () => {
    const { svg } = buildNutritionChartSvg({ title: 'x'.repeat(500), footer: '', points: [], bands: nethackBands() });
    expect(svg).toMatch(/class="title" aria-label="x+…"/);
    expect(svg).not.toContain('x'.repeat(200));
  });
});

describe('axis labels', () => {
  it('formats turns with thousands separators', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(-0)).toBe('0');
    const { svg } = buildNutritionChartSvg({
      title: 't',
      footer: 'f',
      points: series(2, (t) => 900 - t).map((p, i) => ({ ...p, turn: 120_000 + i * 5_000 })),
      bands: nethackBands(),
    });
    expect(svg).toMatch(/class="x-tick" aria-label="12[0-5],[05]00"/);
  });

  it('labels every NetHack threshold in range (0, 50, 150, 1000) even when close together', () => {
    const { svg } = buildNutritionChartSvg({
      title: 't',
      footer: 'f',
      points: series(1500, (t) => 1400 - t),
      bands: nethackBands(),
    });
    for (const v of ['0', '50', '150', '1,000']) expect(svg).toContain(`class="threshold" aria-label="${v}"`);
    for (const b of nethackBands()) expect(svg).toContain(`class="band" aria-label="${b.label}"`);
  });

  it('niceTicks uses integer 1/2/5 steps', () => {
    expect(niceTicks(0, 1000, 5)).toEqual([0, 200, 400, 600, 800, 1000]);
    expect(niceTicks(0, 1, 10)).toEqual([0, 1]);
    expect(niceTicks(12_000, 13_000, 4)).toEqual([12_000, 12_200, 12_400, 12_600, 12_800, 13_000]);
  });

  it('spreadLabels keeps the gap, the bounds and the order', () => {
    const out = spreadLabels([100, 101, 102, 300], 10, 0, 305);
    expect(out[1]! - out[0]!).toBeCloseTo(10);
    expect(out[2]! - out[1]!).toBeCloseTo(10);
    expect(out[1]).toBeCloseTo(101); // a cluster is centred on its wanted mean
    expect(out[3]).toBe(300);
    const clamped = spreadLabels([0, 0, 0], 10, 5, 100);
    expect(clamped).toEqual([5, 15, 25]);
  });
});

describe('downsampling', () => {
  // Deterministic wiggly series with isolated spikes that a naive stride would miss.
  const n = 20_000;
  const pts = series(
    n,
    (t) => 5000 - t / 5 + ((t * 7919) % 13) - 6 + (t === 12_345 ? 3000 : 0) + (t === 777 ? -4000 : 0),
  );

  it('keeps the first, last, global min and global max points', () => {
    const out = downsample(pts, 100);
    expect(out.length).toBeLessThanOrEqual(400);
    expect(out.length).toBeGreaterThan(100);
    expect(out[0]).toBe(pts[0]);
    expect(out[out.length - 1]).toBe(pts[n - 1]);
    expect(out).toContain(pts[12_345]);
    expect(out).toContain(pts[777]);
    for (let i = 1; i < out.length; i++) expect(out[i]!.turn).toBeGreaterThan(out[i - 1]!.turn);
  });

  it("keeps every bucket's own minimum and maximum", () => {
    const buckets = 50;
    const out = new Set(downsample(pts, buckets));
    const size = n / buckets;
    for (let b = 0; b < buckets; b++) {
      const slice = pts.slice(b * size, (b + 1) * size);
      const lo = slice.reduce((a, p) => (p.nutrition < a.nutrition ? p : a));
      const hi = slice.reduce((a, p) => (p.nutrition > a.nutrition ? p : a));
      expect(out.has(lo) && out.has(hi), `bucket ${b}`).toBe(true);
    }
  });

  it('returns short series unchanged', () => {
    const few = series(30, (t) => t);
    expect(downsample(few, 100)).toEqual(few);
  });

  it('the chart draws at most four points per plot pixel column', () => {
    const built = buildNutritionChartSvg({ title: 't', footer: 'f', points: pts, bands: nethackBands() });
    const pw = built.layout.plot.right - built.layout.plot.left;
    expect(built.layout.drawnPoints).toBeLessThanOrEqual(4 * pw);
    expect(built.layout.drawnPoints).toBeLessThan(n / 4);
    // The spike at +3000 is inside the auto y range, so it was kept.
    expect(built.layout.yDomain[1]).toBeGreaterThanOrEqual(pts[12_345]!.nutrition);
  });
});

describe('bands', () => {
  it('NetHack bands follow newuhs(): >1000, 151–1000, 51–150, 1–50, ≤0', () => {
    expect(nethackBands().map((b) => [b.label, b.from, b.to])).toEqual([
      ['Satiated', 1001, Infinity],
      ['Not Hungry', 151, 1000],
      ['Hungry', 51, 150],
      ['Weak', 1, 50],
      ['Fainting', -Infinity, 0],
    ]);
  });

  it('Crawl bands use food.h HUNGER_* per version and tile 0..max', () => {
    const top = (v: '0.13' | '0.14' | '0.15') => crawlBands(v).map((b) => b.to);
    expect(top('0.13')).toEqual([12000, 11000, 9000, 7000, 2600, 2066, 1533, 1000]);
    expect(top('0.14')).toEqual([11900, 10900, 8900, 6900, 2500, 1966, 1433, 900]);
    expect(top('0.15')).toEqual(top('0.14'));
    expect(crawlBands('0.13').map((b) => b.label)).toEqual([
      'Engorged',
      'Very Full',
      'Full',
      'Satiated',
      'Hungry',
      'Very Hungry',
      'Near Starving',
      'Starving',
    ]);
    for (const v of ['0.13', '0.14', '0.15'] as const) {
      const bs = crawlBands(v);
      for (let i = 1; i < bs.length; i++) expect(bs[i - 1]!.from).toBe(bs[i]!.to + 1);
      expect(bs[bs.length - 1]!.from).toBe(0);
    }
  });
});

describe('font metrics', () => {
  it('measures text close to what resvg actually draws', async () => {
    const { chartFontMetrics, chartFontFiles, FONT_FAMILY } = await import('../../src/chart/font.ts');
    const { Resvg } = await import('@resvg/resvg-js');
    const { regular } = chartFontMetrics();
    const text = 'Near Starving 12,345';
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="100"><text x="10" y="50" font-size="40" font-family="${FONT_FAMILY}">${text}</text></svg>`;
    const files = chartFontFiles();
    const bbox = new Resvg(svg, {
      font: { loadSystemFonts: false, fontFiles: [files.regular, files.bold], defaultFontFamily: FONT_FAMILY },
    }).getBBox();
    expect(bbox).toBeDefined();
    const measured = regular.width(text, 40);
    // The ink box is a little narrower than the advance width (side bearings).
    expect(bbox!.width).toBeGreaterThan(measured * 0.93);
    expect(bbox!.width).toBeLessThan(measured * 1.01);
    expect(regular.width('MMMM', 10)).toBeGreaterThan(regular.width('iiii', 10) * 2);
  });
});

describe('text as glyph outlines', () => {
  it('draws exactly the pixels resvg draws for the same <text> (kerning off), regular and bold', async () => {
    const { chartFontMetrics, chartFontFiles, FONT_FAMILY } = await import('../../src/chart/font.ts');
    const { Resvg } = await import('@resvg/resvg-js');
    const files = chartFontFiles();
    const fonts = chartFontMetrics();
    // Accented letters are composite glyphs in DejaVu; the rest covers digits, dashes and symbols.
    const text = 'Near Starving 12,345 · é ü Å —≤→ (Hungry)';
    for (const [weight, font] of [
      ['normal', fonts.regular],
      ['bold', fonts.bold],
    ] as const) {
      const frame = (inner: string) =>
        '<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="100">' +
        `<rect width="1000" height="100" fill="#000"/>${inner}</svg>`;
      const font37 = `font-size="37" font-weight="${weight}" font-family="${FONT_FAMILY}"`;
      const asText = frame(`<text x="10" y="60" ${font37} fill="#fff" style="font-kerning:none">${text}</text>`);
      const k = 37 / font.unitsPerEm;
      const asPath = frame(`<path transform="matrix(${k} 0 0 ${-k} 10 60)" fill="#fff" d="${font.textPath(text)}"/>`);
      const opts = {
        font: { loadSystemFonts: false, fontFiles: [files.regular, files.bold], defaultFontFamily: FONT_FAMILY },
      };
      const a = new Resvg(asText, opts).render().pixels;
      const b = new Resvg(asPath, { font: { loadSystemFonts: false } }).render().pixels;
      let ink = 0;
      let worst = 0;
      for (let i = 0; i < a.length; i += 4) {
        if (a[i]! > 128) ink++;
        worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
      }
      expect(ink, weight).toBeGreaterThan(3000);
      expect(worst, weight).toBeLessThanOrEqual(2);
    }
  });

  it('skips a character the face lacks but advances by what width() counted', async () => {
    const { chartFontMetrics } = await import('../../src/chart/font.ts');
    const { regular } = chartFontMetrics();
    expect(regular.has(0x1f356)).toBe(false);
    // The glyph after the missing one starts where width() says the missing one ends.
    const moves = (d: string) => [...d.matchAll(/m(-?[\d.]+) /g)].map((m) => Number(m[1]));
    const withGap = regular.textPath('a\u{1F356}b');
    const plain = regular.textPath('ab');
    const gap = regular.width('a\u{1F356}b', regular.unitsPerEm) - regular.width('ab', regular.unitsPerEm);
    const [mg, mp] = [moves(withGap), moves(plain)];
    expect(mg.length).toBe(mp.length);
    const differing = mg.map((x, i) => x - mp[i]!).filter((d) => d !== 0);
    expect(differing).toHaveLength(1); // only the move to the glyph after the gap
    expect(differing[0]).toBeCloseTo(gap, 0);
    expect(gap).toBeGreaterThan(0);
  });
});

describe('line simplification', () => {
  it('every point left out lies within the tolerance of the drawn line, and spikes stay', async () => {
    const { simplify, LINE_TOLERANCE_PX } = await import('../../src/chart/svg.ts');
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pts = Array.from({ length: 3000 }, (_, i) => ({
      x: i * 0.25,
      y: 200 - i * 0.05 + (rand() < 0.01 ? 60 * rand() : rand() * 0.3),
    }));
    const kept = simplify(pts, LINE_TOLERANCE_PX);
    expect(kept.length).toBeLessThan(pts.length);
    expect(kept[0]).toBe(pts[0]);
    expect(kept[kept.length - 1]).toBe(pts[pts.length - 1]);
    const distToSegment = (p: { x: number; y: number }, a: { x: number; y: number }, b: { x: number; y: number }) => {
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy || 1)));
      return Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy);
    };
    let j = 0;
    for (const p of pts) {
      while (j + 1 < kept.length - 1 && kept[j + 1]!.x <= p.x) j++;
      expect(distToSegment(p, kept[j]!, kept[j + 1]!)).toBeLessThanOrEqual(LINE_TOLERANCE_PX + 1e-9);
    }
    // A vertical spike beyond a segment's end is kept (distance to the segment, not the line).
    const spike = simplify(
      [
        { x: 0, y: 0 },
        { x: 1, y: 0 },
        { x: 1, y: -50 },
        { x: 1, y: 10 },
        { x: 2, y: 10 },
      ],
      0.2,
    );
    expect(spike).toContainEqual({ x: 1, y: -50 });
  });
});

describe('the drawn line against the full series', () => {
  type P = { x: number; y: number };
  const walk = (n: number, seed: number, firstTurn = 0) => {
    let s = seed;
    const rand = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let h = 1200;
    return Array.from({ length: n }, (_, i) => ({
      turn: firstTurn + i,
      nutrition: (h += Math.round((rand() - 0.52) * 40)),
    }));
  };
  /** Lowest and highest y of the polyline (x ascending) over x in [a, b]: vertices inside, interpolation at a and b. */
  const rangeOver = (line: readonly P[], a: number, b: number): [number, number] | undefined => {
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    const take = (y: number) => {
      lo = Math.min(lo, y);
      hi = Math.max(hi, y);
    };
    let k = 0;
    while (k < line.length && line[k]!.x < a) k++;
    for (const x of [a, b]) {
      for (let i = Math.max(1, k - 1); i < line.length; i++) {
        const p = line[i - 1]!;
        const q = line[i]!;
        if (p.x > x) break;
        if (q.x >= x && q.x > p.x) take(p.y + ((q.y - p.y) * (x - p.x)) / (q.x - p.x));
      }
    }
    for (let i = k; i < line.length && line[i]!.x <= b; i++) take(line[i]!.y);
    return lo <= hi ? [lo, hi] : undefined;
  };
  const drawnLine = (svg: string): P[] => {
    const d = new RegExp(`<path d="([^"]+)" stroke="${THEME.line}"`).exec(svg)![1]!;
    return [...d.matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) }));
  };
  const markersOf = (points: { turn: number; nutrition: number }[]) =>
    [150, 50, 0].flatMap((v) => {
      const p = points.find((q) => q.nutrition <= v);
      return p ? [{ ...p, label: `≤ ${v}` }] : [];
    });

  const cases: [string, NutritionChartInput][] = [
    ['jagged 5,000 points', { title: 't', footer: 'f', points: walk(5_000, 12345), bands: nethackBands() }],
    [
      'jagged 20,000 points, "now" and markers off the columns the series starts on',
      {
        title: 't',
        footer: 'f',
        points: walk(20_000, 99, 777),
        bands: nethackBands(),
        nowTurn: 0,
        markers: markersOf(walk(20_000, 99, 777)),
      },
    ],
    [
      'a steady burn with a meal and isolated spikes',
      {
        title: 't',
        footer: 'f',
        points: series(9_000, (t) => 2000 - t / 4 + (t > 3000 ? 900 : 0) + (t % 997 === 0 ? 400 : 0)),
        bands: nethackBands(),
        width: 640,
        height: 360,
      },
    ],
  ];

  it.each(cases)(
    "%s: over every pixel column the drawn line reaches the full series' highest and lowest point",
    (_, input) => {
      const built = buildNutritionChartSvg(input);
      const { plot } = built.layout;
      const full = input.points.map((p) => toPixel(built.layout, p.turn, p.nutrition));
      const drawn = drawnLine(built.svg);
      expect(drawn.length).toBe(built.layout.drawnPoints);
      expect(drawn.length).toBeLessThan(input.points.length / 3);
      // Simplification moves the line by at most LINE_TOLERANCE_PX; the SVG rounds coordinates to 0.05 px.
      const slack = LINE_TOLERANCE_PX + 0.1;
      const misses: string[] = [];
      for (let x = plot.left; x < plot.right; x++) {
        const f = rangeOver(full, x, x + 1);
        const g = rangeOver(drawn, x, x + 1);
        expect(g === undefined, `column ${x}: drawn iff the series is there`).toBe(f === undefined);
        if (!f || !g) continue;
        const gWide = rangeOver(drawn, x - slack, x + 1 + slack)!;
        const fWide = rangeOver(full, x - slack, x + 1 + slack)!;
        if (gWide[0] > f[0] + slack || gWide[1] < f[1] - slack) misses.push(`column ${x}: series ${f}, drawn ${gWide}`);
        if (fWide[0] > g[0] + slack || fWide[1] < g[1] - slack) misses.push(`column ${x}: drawn ${g}, series ${fWide}`);
      }
      expect(misses).toEqual([]);
    },
  );

  it('the same series drawn naively (every 8th point) would miss columns: the check above can fail', () => {
    const input = cases[0]![1];
    const built = buildNutritionChartSvg(input);
    const full = input.points.map((p) => toPixel(built.layout, p.turn, p.nutrition));
    const strided = full.filter((_, i) => i % 8 === 0);
    let missed = 0;
    for (let x = built.layout.plot.left; x < built.layout.plot.right - 1; x++) {
      const f = rangeOver(full, x, x + 1)!;
      const g = rangeOver(strided, x - 0.3, x + 1.3)!;
      if (g[0] > f[0] + 0.3 || g[1] < f[1] - 0.3) missed++;
    }
    expect(missed).toBeGreaterThan(50);
  });

  it('keeps the points under marker and "now" dots as vertices of the drawn line', () => {
    const input = cases[1]![1];
    const built = buildNutritionChartSvg(input);
    const drawn = drawnLine(built.svg);
    expect(input.markers!.length).toBe(3);
    for (const m of input.markers!) {
      const { x, y } = toPixel(built.layout, m.turn, m.nutrition);
      expect(
        drawn.some((p) => Math.abs(p.x - x) <= 0.05 + 1e-9 && Math.abs(p.y - y) <= 0.05 + 1e-9),
        `marker at turn ${m.turn}`,
      ).toBe(true);
    }
  });
});
