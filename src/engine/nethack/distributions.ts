// Small exact-arithmetic toolkit for the forecast: probability mass functions over integers
// (typed arrays with an offset), their convolution (direct, or by FFT for long ones), powers by
// repeated squaring, and the Spread summary of a distribution.
//
// Error bounds. Every cut below drops mass smaller than the stated threshold and is accounted for
// in the forecast's error bound (docs/json/nethack.md): trimming drops edge entries below
// TRIM (1e-20 each). An FFT product's entries carry an absolute error of at most
// 5 log2(n) eps ||a||_2 ||b||_2 (eps = 2^-53; for pmfs ||a||_2 <= sqrt(max a)), so entries below
// that noise floor are set to 0: each FFT product loses less than (its length) x (its floor),
// about 1e-13 for the sizes used here. sumOfConvolutions() (the deaths of a 5.0 hero awake) meets
// that bound; convolveFft()'s twiddles come by recurrence, whose rounding builds up from stage to
// stage: measured about 100 times over the bound for transforms of 32768 (kept as it is: its
// products, the powers of a cycle's burn, start the crossing sweeps, and changing them would move
// today's answers by their rounding).

import { convolveSimd } from './convolveKernel.ts';
import { fftStagesSimd } from './fftKernel.ts';

/** P(X = offset + i) = p[i]. */
export interface OffsetPmf {
  offset: number;
  p: Float64Array;
}

export const TRIM = 1e-20;
/** Direct convolution below this many multiply-adds, FFT above. */
const DIRECT_LIMIT = 2_000_000;

export const pointMass = (x: number): OffsetPmf => ({ offset: x, p: Float64Array.of(1) });

export function fromArray(p: ArrayLike<number>, offset = 0): OffsetPmf {
  return trim({ offset, p: Float64Array.from(p) }, 0);
}

export function total(d: OffsetPmf): number {
  let s = 0;
  for (let i = 0; i < d.p.length; i++) s += d.p[i]!;
  return s;
}

export function mean(d: OffsetPmf): number {
  let s = 0;
  let m = 0;
  for (let i = 0; i < d.p.length; i++) {
    s += d.p[i]!;
    m += i * d.p[i]!;
  }
  return s > 0 ? d.offset + m / s : d.offset;
}

/** Drop edge entries at or below `eps` (keeps at least one entry). */
export function trim(d: OffsetPmf, eps = TRIM): OffsetPmf {
  let lo = 0;
  let hi = d.p.length - 1;
  while (lo < hi && d.p[lo]! <= eps) lo++;
  while (hi > lo && d.p[hi]! <= eps) hi--;
  if (lo === 0 && hi === d.p.length - 1) return d;
  return { offset: d.offset + lo, p: d.p.slice(lo, hi + 1) };
}

/** Below this many multiply-adds the direct sum stays in JavaScript (the SIMD kernel's copies cost more). */
const SIMD_FROM = 4096;

function convolveDirect(a: OffsetPmf, b: OffsetPmf): OffsetPmf {
  const [x, y] = a.p.length >= b.p.length ? [a.p, b.p] : [b.p, a.p];
  if (x.length * y.length >= SIMD_FROM) return { offset: a.offset + b.offset, p: convolveSimd(x, y) };
  const out = new Float64Array(a.p.length + b.p.length - 1);
  for (let j = 0; j < y.length; j++) {
    const q = y[j]!;
    if (q === 0) continue;
    for (let i = 0; i < x.length; i++) out[i + j]! += x[i]! * q;
  }
  return { offset: a.offset + b.offset, p: out };
}

/** From this length on, the FFTs' stages run in the SIMD kernel (below, the copies cost more than it saves). */
const SIMD_FFT_FROM = 512;

/**
 * fft()'s twiddles of each stage of length len = 8 .. n, as its recurrence computes them for every
 * group of the stage (the same sequence each time), laid out as twiddles() has them.
 */
const RECURRENCE = new Map<string, { cos: Float64Array; sin: Float64Array }>();

function recurrenceTwiddles(n: number, inverse: boolean): { cos: Float64Array; sin: Float64Array } {
  const key = `${n}:${inverse}`;
  let t = RECURRENCE.get(key);
  if (!t) {
    const cos = new Float64Array(n - 4);
    const sin = new Float64Array(n - 4);
    for (let len = 8; len <= n; len <<= 1) {
      const ang = ((inverse ? 2 : -2) * Math.PI) / len;
      const wr = Math.cos(ang);
      const wi = Math.sin(ang);
      let cr = 1;
      let ci = 0;
      for (let k = 0; k < len >> 1; k++) {
        cos[(len >> 1) - 4 + k] = cr;
        sin[(len >> 1) - 4 + k] = ci;
        const t = cr * wr - ci * wi;
        ci = cr * wi + ci * wr;
        cr = t;
      }
    }
    if (RECURRENCE.size >= 8) RECURRENCE.delete(RECURRENCE.keys().next().value!);
    RECURRENCE.set(key, (t = { cos, sin }));
  }
  return t;
}

/**
 * In-place iterative radix-2 FFT of (re, im); `inverse` without the 1/n scaling. Twiddles by
 * recurrence within each group; from length SIMD_FFT_FROM on, the stages of length 8 and more run in
 * the SIMD kernel with that recurrence's values tabled (the same products: the same to the last bit).
 */
export function fft(re: Float64Array, im: Float64Array, inverse: boolean, simd = re.length >= SIMD_FFT_FROM): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      const r = re[i]!;
      re[i] = re[j]!;
      re[j] = r;
      const m = im[i]!;
      im[i] = im[j]!;
      im[j] = m;
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    if (simd && len === 8) {
      const { cos, sin } = recurrenceTwiddles(n, inverse);
      fftStagesSimd(re, im, cos, sin, 1, inverse ? 'recurrence, inverse' : 'recurrence');
      return;
    }
    const ang = ((inverse ? 2 : -2) * Math.PI) / len;
    const wr = Math.cos(ang);
    const wi = Math.sin(ang);
    const half = len >> 1;
    for (let i = 0; i < n; i += len) {
      let cr = 1;
      let ci = 0;
      for (let k = 0; k < half; k++) {
        const a = i + k;
        const b = a + half;
        const xr = re[b]! * cr - im[b]! * ci;
        const xi = re[b]! * ci + im[b]! * cr;
        re[b] = re[a]! - xr;
        im[b] = im[a]! - xi;
        re[a]! += xr;
        im[a]! += xi;
        const t = cr * wr - ci * wi;
        ci = cr * wi + ci * wr;
        cr = t;
      }
    }
  }
}

function largest(p: Float64Array): number {
  let m = 0;
  for (let i = 0; i < p.length; i++) if (p[i]! > m) m = p[i]!;
  return m;
}

function convolveFft(a: OffsetPmf, b: OffsetPmf): OffsetPmf {
  const len = a.p.length + b.p.length - 1;
  let n = 1;
  while (n < len) n <<= 1;
  // Both real sequences in one complex transform: z = a + i b.
  const re = new Float64Array(n);
  const im = new Float64Array(n);
  re.set(a.p);
  im.set(b.p);
  fft(re, im, false);
  // A(k) = (Z(k) + conj Z(n-k)) / 2, B(k) = (Z(k) - conj Z(n-k)) / 2i; product A(k) B(k).
  const pr = new Float64Array(n);
  const pi = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const m = (n - k) & (n - 1);
    const ar = (re[k]! + re[m]!) / 2;
    const ai = (im[k]! - im[m]!) / 2;
    const br = (im[k]! + im[m]!) / 2;
    const bi = -(re[k]! - re[m]!) / 2;
    pr[k] = ar * br - ai * bi;
    pi[k] = ar * bi + ai * br;
  }
  fft(pr, pi, true);
  const out = new Float64Array(len);
  const floor = 5 * Math.log2(n) * 2 ** -53 * Math.sqrt(largest(a.p) * largest(b.p));
  for (let i = 0; i < len; i++) {
    const v = pr[i]! / n;
    out[i] = v > floor ? v : 0;
  }
  return { offset: a.offset + b.offset, p: out };
}

/** Whether convolve() takes the direct sum for these two (else the FFT). */
export const convolvesDirectly = (a: OffsetPmf, b: OffsetPmf) =>
  a.p.length * b.p.length <= DIRECT_LIMIT || Math.min(a.p.length, b.p.length) < 64;

/**
 * For a transform of length n: the bit-reversal permutation and, stage by stage (butterflies of
 * length len = 8, 16, ..., n), cos and sin of 2 pi k / len for k < len / 2, side by side from
 * offset len / 2 - 4 (stages 2 and 4 need none). A handful of lengths are ever used.
 */
const TWIDDLES = new Map<number, { cos: Float64Array; sin: Float64Array; reverse: Int32Array }>();

function twiddles(n: number) {
  let t = TWIDDLES.get(n);
  if (!t) {
    const cos = new Float64Array(Math.max(1, n - 4));
    const sin = new Float64Array(Math.max(1, n - 4));
    for (let len = 8; len <= n; len <<= 1)
      for (let k = 0; k < len >> 1; k++) {
        cos[(len >> 1) - 4 + k] = Math.cos((2 * Math.PI * k) / len);
        sin[(len >> 1) - 4 + k] = Math.sin((2 * Math.PI * k) / len);
      }
    const reverse = new Int32Array(n);
    for (let i = 1, j = 0; i < n; i++) {
      let bit = n >> 1;
      for (; j & bit; bit >>= 1) j ^= bit;
      j ^= bit;
      reverse[i] = j;
    }
    if (TWIDDLES.size >= 8) TWIDDLES.delete(TWIDDLES.keys().next().value!);
    TWIDDLES.set(n, (t = { cos, sin, reverse }));
  }
  return t;
}

/**
 * In-place radix-2 FFT of (re, im), n >= 4, with tabled twiddles (each from Math.cos and Math.sin:
 * no error builds up from stage to stage); `inverse` without the 1/n scaling. The first two stages
 * multiply by 1 and -i (or i) only. The stages from length 8 on in JavaScript or, the same to the
 * last bit, in the SIMD kernel (fftKernel.ts).
 */
export function fftTabled(
  re: Float64Array,
  im: Float64Array,
  inverse: boolean,
  simd = re.length >= SIMD_FFT_FROM,
): void {
  const n = re.length;
  const { cos, sin, reverse } = twiddles(n);
  for (let i = 1; i < n; i++) {
    const j = reverse[i]!;
    if (i < j) {
      const r = re[i]!;
      re[i] = re[j]!;
      re[j] = r;
      const m = im[i]!;
      im[i] = im[j]!;
      im[j] = m;
    }
  }
  const sign = inverse ? 1 : -1;
  for (let i = 0; i < n; i += 4) {
    // Two butterflies of length 2, then one of length 4 (twiddles 1 and sign i).
    const r0 = re[i]! + re[i + 1]!;
    const i0 = im[i]! + im[i + 1]!;
    const r1 = re[i]! - re[i + 1]!;
    const i1 = im[i]! - im[i + 1]!;
    const r2 = re[i + 2]! + re[i + 3]!;
    const i2 = im[i + 2]! + im[i + 3]!;
    const r3 = re[i + 2]! - re[i + 3]!;
    const i3 = im[i + 2]! - im[i + 3]!;
    // (r3 + i i3) x (sign i) = -sign i3 + i sign r3
    const xr = -sign * i3;
    const xi = sign * r3;
    re[i] = r0 + r2;
    im[i] = i0 + i2;
    re[i + 2] = r0 - r2;
    im[i + 2] = i0 - i2;
    re[i + 1] = r1 + xr;
    im[i + 1] = i1 + xi;
    re[i + 3] = r1 - xr;
    im[i + 3] = i1 - xi;
  }
  if (simd && n >= 8) {
    fftStagesSimd(re, im, cos, sin, sign, 'exact');
    return;
  }
  for (let len = 8; len <= n; len <<= 1) {
    const half = len >> 1;
    const at = half - 4;
    for (let i = 0; i < n; i += len) {
      for (let k = 0; k < half; k++) {
        const cr = cos[at + k]!;
        const ci = sign * sin[at + k]!;
        const a = i + k;
        const b = a + half;
        const br = re[b]!;
        const bi = im[b]!;
        const xr = br * cr - bi * ci;
        const xi = br * ci + bi * cr;
        re[b] = re[a]! - xr;
        im[b] = im[a]! - xi;
        re[a]! += xr;
        im[a]! += xi;
      }
    }
  }
}

/** sumOfConvolutions()'s working arrays for a length n (n each; zr, zi n / 2), kept for the next call up to 2^16. */
interface Frame {
  sumRe: Float64Array;
  sumIm: Float64Array;
  re: Float64Array;
  im: Float64Array;
  zr: Float64Array;
  zi: Float64Array;
}

const KEPT_FRAME = 1 << 16;
let keptFrame: Frame | null = null;

function frameOf(n: number): Frame {
  if (keptFrame && keptFrame.re.length === n) return keptFrame;
  const make = (k: number) => new Float64Array(k);
  const frame = { sumRe: make(n), sumIm: make(n), re: make(n), im: make(n), zr: make(n >> 1), zi: make(n >> 1) };
  if (n <= KEPT_FRAME) keptFrame = frame;
  return frame;
}

/**
 * The sum of a_k ⊛ b_k over the pairs (of sub-probability distributions), edges trimmed: every
 * product in one FFT frame of length n, summed there and transformed back once (a real result: by
 * one transform of length n / 2). Its entries carry at most the sum of the pairs' FFT errors (the
 * bound above), and entries below that floor are set to 0.
 */
export function sumOfConvolutions(pairs: readonly (readonly [OffsetPmf, OffsetPmf])[]): OffsetPmf {
  const lo = Math.min(...pairs.map(([a, b]) => a.offset + b.offset));
  const hi = Math.max(...pairs.map(([a, b]) => a.offset + b.offset + a.p.length + b.p.length - 2));
  const len = hi - lo + 1;
  let n = 8;
  while (n < len) n <<= 1;
  const { sumRe, sumIm, re, im, zr, zi } = frameOf(n);
  sumRe.fill(0);
  sumIm.fill(0);
  let floor = 0;
  for (const [a, b] of pairs) {
    // a in the real part, b shifted so that their product lands on the common frame, in the imaginary.
    re.fill(0);
    im.fill(0);
    re.set(a.p);
    im.set(b.p, a.offset + b.offset - lo);
    fftTabled(re, im, false);
    for (let k = 0; k < n; k++) {
      const m = (n - k) & (n - 1);
      const ar = (re[k]! + re[m]!) / 2;
      const ai = (im[k]! - im[m]!) / 2;
      const br = (im[k]! + im[m]!) / 2;
      const bi = -(re[k]! - re[m]!) / 2;
      sumRe[k]! += ar * br - ai * bi;
      sumIm[k]! += ar * bi + ai * br;
    }
    floor += 5 * Math.log2(n) * 2 ** -53 * Math.sqrt(largest(a.p) * largest(b.p));
  }
  // The real result x from its spectrum X: z[m] = x[2m] + i x[2m + 1] has Z[k] = E[k] + i O[k] with
  // E[k] = (X[k] + X[k + n/2]) / 2 and O[k] = (X[k] - X[k + n/2]) e^(2 pi i k / n) / 2.
  const h = n >> 1;
  const { cos, sin } = twiddles(n);
  const at = h - 4; // the stage of length n: cos and sin of 2 pi k / n
  for (let k = 0; k < h; k++) {
    const er = (sumRe[k]! + sumRe[k + h]!) / 2;
    const ei = (sumIm[k]! + sumIm[k + h]!) / 2;
    const dr = (sumRe[k]! - sumRe[k + h]!) / 2;
    const di = (sumIm[k]! - sumIm[k + h]!) / 2;
    const or = dr * cos[at + k]! - di * sin[at + k]!;
    const oi = dr * sin[at + k]! + di * cos[at + k]!;
    zr[k] = er - oi;
    zi[k] = ei + or;
  }
  fftTabled(zr, zi, true);
  const out = new Float64Array(len);
  for (let i = 0; i < len; i++) {
    const v = (i & 1 ? zi[i >> 1]! : zr[i >> 1]!) / h;
    out[i] = v > floor ? v : 0;
  }
  return trim({ offset: lo, p: out });
}

/** The distribution of X + Y for independent X ~ a, Y ~ b, edges trimmed. */
export function convolve(a: OffsetPmf, b: OffsetPmf): OffsetPmf {
  return trim(convolvesDirectly(a, b) ? convolveDirect(a, b) : convolveFft(a, b));
}

/**
 * convolve() for two long pmfs, by FFT as soon as the transforms (about 6 n log2 n operations) cost
 * less than the direct sum: for powers of the burn of a cycle, whose entries are all far above the
 * FFT's noise floor near their bulk (the floor is stated above).
 */
export function convolveLong(a: OffsetPmf, b: OffsetPmf): OffsetPmf {
  const la = a.p.length;
  const lb = b.p.length;
  let n = 1;
  while (n < la + lb - 1) n <<= 1;
  if (Math.min(la, lb) < 64 || la * lb <= 6 * n * Math.log2(n)) return convolve(a, b);
  return trim(convolveFft(a, b));
}

/** The distribution of the sum of n independent copies of d (a pmf: total 1, kept so against rounding). */
export function power(d: OffsetPmf, n: number): OffsetPmf {
  let result = pointMass(0);
  let base = d;
  let k = n;
  while (k > 0) {
    if (k & 1) result = normalized(convolve(result, base));
    k >>= 1;
    if (k > 0) base = normalized(convolve(base, base));
  }
  return result;
}

/** d scaled to total 1 (rounding in long products drifts by about 1e-15 per step). */
export function normalized(d: OffsetPmf): OffsetPmf {
  const t = total(d);
  if (!(t > 0) || t === 1) return d;
  const p = new Float64Array(d.p.length);
  for (let i = 0; i < p.length; i++) p[i] = d.p[i]! / t;
  return { offset: d.offset, p };
}

/** P(X >= x). */
export function tailAtLeast(d: OffsetPmf, x: number): number {
  let s = 0;
  for (let i = Math.max(0, x - d.offset); i < d.p.length; i++) s += d.p[i]!;
  return s;
}

// ---------------------------------------------------------------------------------------------
// Spread

export interface Spread {
  mean: number;
  p5: number;
  median: number;
  p95: number;
  min: number;
  max: number;
  /** Probability the event happened within the computed range (1 unless capped). */
  probability: number;
}

/**
 * min and max leave out the rarest extremes: min is the smallest value whose cumulative
 * probability exceeds SPREAD_TAIL, max the smallest value with at most SPREAD_TAIL left above it.
 */
export const SPREAD_TAIL = 1e-12;

/**
 * Mean, percentiles (smallest value whose cumulative share reaches 5 %, 50 %, 95 %), min, max, total.
 * The total and the first moment are summed side by side in one pass (each in index order, as
 * total() and a loop of its own would), and the cumulative pass stops once nothing is left to find.
 */
export function spreadOf(d: OffsetPmf): Spread | null {
  const p = d.p;
  let tot = 0;
  let m = 0;
  for (let i = 0; i < p.length; i++) {
    tot += p[i]!;
    m += i * p[i]!;
  }
  if (!(tot > 0)) return null;
  const targets = [0.05, 0.5, 0.95];
  const found: number[] = [];
  let min: number | null = null;
  let max: number | null = null;
  let c = 0;
  let i = 0;
  for (; i < p.length; i++) {
    c += p[i]!;
    if (found.length < 3) {
      const share = c / tot;
      while (found.length < 3 && share >= targets[found.length]! - 1e-12) found.push(d.offset + i);
    }
    if (min === null && c > SPREAD_TAIL * tot) min = d.offset + i;
    if (max === null && tot - c <= SPREAD_TAIL * tot) max = d.offset + i;
    if (min !== null && found.length === 3) break;
  }
  // Then only max is left to find (the far tail of long distributions): the same sums, one test each.
  if (max === null) {
    const tail = SPREAD_TAIL * tot;
    for (i++; i < p.length; i++) {
      c += p[i]!;
      if (tot - c <= tail) {
        max = d.offset + i;
        break;
      }
    }
  }
  const last = d.offset + p.length - 1;
  while (found.length < 3) found.push(last);
  return {
    mean: d.offset + m / tot,
    p5: found[0]!,
    median: found[1]!,
    p95: found[2]!,
    min: min ?? last,
    max: max ?? last,
    probability: tot,
  };
}
