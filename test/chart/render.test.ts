import { afterAll, describe, expect, it } from 'vitest';
import {
  BAND_FILL_OPACITY,
  THEME,
  buildNutritionChartSvg,
  nethackBands,
  crawlBands,
  rasterize,
  renderNutritionChart,
  toPixel,
  type NutritionChartInput,
} from '../../src/chart/index.ts';
import { mixWithWhite } from '../../src/chart/svg.ts';
import { renderChartOffThread, stopWork } from '../../src/runtime/offload.ts';
import { distance, hex, over, pixelAt, readPng, type RGB } from './png.ts';

/** NetHack-like drain from 800 to 700 over 1,000 turns: stays inside Not Hungry. */
function flatInput(extra: Partial<NutritionChartInput> = {}): NutritionChartInput {
  const points = Array.from({ length: 1001 }, (_, t) => ({ turn: t, nutrition: 800 - Math.floor(t / 10) }));
  return { title: 'Probe', footer: 'NetHack 3.6.7', points, bands: nethackBands(), yMin: -100, yMax: 1500, ...extra };
}

describe('renderNutritionChart PNG output', () => {
  it('is a valid PNG of the default 800×400 size with a sane chunk structure', () => {
    const png = renderNutritionChart(flatInput());
    const info = readPng(png); // checks signature, every CRC, IHDR first, IEND last
    expect(info.width).toBe(800);
    expect(info.height).toBe(400);
    expect(info.chunks).toContain('IDAT');
    expect(info.bitDepth).toBe(8);
    // RGBA (6) or RGB (2); each scanline = 1 filter byte + width × channels.
    const channels = info.colorType === 6 ? 4 : info.colorType === 2 ? 3 : 0;
    expect(channels).toBeGreaterThan(0);
    expect(info.raw.length).toBe(info.height * (1 + info.width * channels));
  });

  it('honours a requested width and height in IHDR', () => {
    const info = readPng(renderNutritionChart(flatInput({ width: 640, height: 360 })));
    expect([info.width, info.height]).toEqual([640, 360]);
  });

  it('is not a blank image: background, bands, line and text give many distinct colours', () => {
    const img = rasterize(buildNutritionChartSvg(flatInput()));
    const px = img.pixels();
    const colours = new Set<number>();
    for (let i = 0; i < px.length; i += 4) colours.add((px[i]! << 16) | (px[i + 1]! << 8) | px[i + 2]!);
    expect(colours.size).toBeGreaterThan(200);
    // Corner is the Discord-dark background.
    expect(distance(pixelAt(px, img.width, 2, 2), hex(THEME.background))).toBeLessThanOrEqual(1);
  });

  it('rejects impossible input with RangeError', () => {
    expect(() => renderNutritionChart(flatInput({ width: 10 }))).toThrow(RangeError);
    expect(() => renderNutritionChart(flatInput({ width: 800.5 }))).toThrow(RangeError);
    expect(() =>
      renderNutritionChart(
        flatInput({
          points: [
            { turn: 5, nutrition: 1 },
            { turn: 4, nutrition: 1 },
          ],
        }),
      ),
    ).toThrow(/ascending/);
    expect(() => renderNutritionChart(flatInput({ points: [{ turn: 1, nutrition: Number.NaN }] }))).toThrow(RangeError);
    expect(() => renderNutritionChart(flatInput({ yMin: 10, yMax: 10 }))).toThrow(RangeError);
  });

  it('renders empty and single-point series without throwing', () => {
    expect(readPng(renderNutritionChart(flatInput({ points: [] }))).width).toBe(800);
    const one = buildNutritionChartSvg(
      flatInput({ points: [{ turn: 7, nutrition: 500 }], yMin: undefined, yMax: undefined }),
    );
    expect(one.layout.drawnPoints).toBe(1);
    expect(one.layout.xDomain[1]).toBeGreaterThan(one.layout.xDomain[0]);
    expect(readPng(rasterize(one).png()).height).toBe(400);
  });
});

describe('band shading', () => {
  const built = buildNutritionChartSvg(flatInput());
  const img = rasterize(built);
  const px = img.pixels();
  const plotBg = hex(THEME.plot);
  // A grid line may cross a probe column, so probe ten columns and take the median-ish (most) of them.
  const probes = (nutrition: number): RGB[] =>
    Array.from({ length: 10 }, (_, i) => {
      const { x, y } = toPixel(built.layout, 110 + i * 37, nutrition);
      return pixelAt(px, img.width, x, y);
    });
  const probe = (nutrition: number): RGB => probes(nutrition)[5]!;

  it.each([
    ['Satiated', 1300],
    ['Not Hungry', 400],
    ['Hungry', 100],
    ['Weak', 25],
    ['Fainting', -60],
  ])('%s is shaded with its colour at nutrition %i', (label, nutrition) => {
    const band = nethackBands().find((b) => b.label === label)!;
    const expected = over(hex(band.color), BAND_FILL_OPACITY, plotBg);
    const matching = probes(nutrition).filter((p) => distance(p, expected) <= 3);
    expect(matching.length).toBeGreaterThanOrEqual(7);
  });

  it('band shades differ from each other and from the bare plot', () => {
    const shades = [1300, 400, 100, 25, -60].map(probe);
    for (const s of shades) expect(distance(s, plotBg)).toBeGreaterThan(8);
    for (let i = 1; i < shades.length; i++) expect(distance(shades[i]!, shades[i - 1]!)).toBeGreaterThan(8);
    // Fainting is red, Not Hungry is green.
    const [, notHungry, , , fainting] = shades as [RGB, RGB, RGB, RGB, RGB];
    expect(fainting[0]).toBeGreaterThan(fainting[1] + 10);
    expect(notHungry[1]).toBeGreaterThan(notHungry[0] + 10);
  });

  it('draws the nutrition line over the bands', () => {
    const { x, y } = toPixel(built.layout, 500, 750); // 800 − 500/10
    const line = pixelAt(px, img.width, x, y);
    expect(distance(line, hex(THEME.line))).toBeLessThanOrEqual(25);
  });

  it('Crawl bands are shaded in their own colours too', () => {
    const cb = crawlBands('0.14');
    const input: NutritionChartInput = {
      title: 'c',
      footer: 'Crawl 0.14.2',
      points: [],
      bands: cb,
      yMin: 0,
      yMax: 11900,
    };
    const b = buildNutritionChartSvg(input);
    const p = rasterize(b).pixels();
    for (const band of cb) {
      const mid = (band.from + band.to) / 2;
      const { x, y } = toPixel(b.layout, 0.9, mid); // xDomain is [0, 1] for an empty series; 0.9 avoids the tick at 1
      const expected = over(hex(band.color), BAND_FILL_OPACITY, hex(THEME.plot));
      expect(distance(pixelAt(p, 800, x - 3, y), expected), band.label).toBeLessThanOrEqual(3);
    }
  });
});

describe('markers', () => {
  it('puts a dot in the band colour at each crossing and labels it with the turn', () => {
    const points = Array.from({ length: 1001 }, (_, t) => ({ turn: 10_000 + t, nutrition: 300 - t / 2 }));
    const hungryAt = 10_000 + 300; // 300 − 150
    const input: NutritionChartInput = {
      title: 'm',
      footer: 'f',
      points,
      bands: nethackBands(),
      nowTurn: 10_000,
      markers: [{ turn: hungryAt, nutrition: 150, label: 'Hungry' }],
    };
    const built = buildNutritionChartSvg(input);
    expect(built.svg).toContain('class="marker" aria-label="Hungry"');
    expect(built.svg).toContain('class="marker-turn" aria-label="10,300"'); // marker turn, thousands separator
    expect(built.svg).toContain('class="marker" aria-label="now"');
    const img = rasterize(built);
    const { x, y } = toPixel(built.layout, hungryAt, 150);
    const yellow = hex(mixWithWhite(nethackBands().find((b) => b.label === 'Hungry')!.color, 0.25));
    expect(distance(pixelAt(img.pixels(), img.width, x, y), yellow)).toBeLessThanOrEqual(12);
  });
});

describe('renderChartOffThread', () => {
  afterAll(() => stopWork());

  it('renders on a pool worker the same PNG as the synchronous render', async () => {
    const input = flatInput({ width: 400, height: 200 });
    const [a, b] = [renderNutritionChart(input), await renderChartOffThread(input)];
    expect(Buffer.isBuffer(b)).toBe(true);
    expect(readPng(b).width).toBe(400);
    expect(b.equals(a)).toBe(true);
  });

  it('reports bad input from the worker as RangeError', async () => {
    await expect(renderChartOffThread(flatInput({ width: 10 }))).rejects.toThrow(RangeError);
  });
});

describe('PNG encoding', () => {
  it('stores exactly the rendered pixels (the chart background makes every pixel opaque)', () => {
    const img = rasterize(buildNutritionChartSvg(flatInput()));
    const info = readPng(img.png());
    expect(info.colorType).toBe(6);
    const px = img.pixels();
    const stride = img.width * 4;
    for (let y = 0; y < img.height; y++) {
      expect(info.raw[y * (stride + 1)], `filter byte of row ${y}`).toBe(0);
      if (
        !info.raw
          .subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1))
          .equals(px.subarray(y * stride, (y + 1) * stride))
      ) {
        throw new Error(`row ${y} differs`);
      }
    }
    for (let i = 3; i < px.length; i += 4) if (px[i] !== 255) throw new Error(`pixel ${(i - 3) / 4} is not opaque`);
  });
});
