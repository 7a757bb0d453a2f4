// Today's distributions.ts (before the random-burn speed-up, commit de16cf9), kept verbatim except for imports: the
// engine's random-burn forecasts are compared with it (random-burn.test.ts). Never import this from src/.
// Small exact-arithmetic toolkit for the forecast: probability mass functions over integers
// (typed arrays with an offset), their convolution (direct, or by FFT for long ones), powers by
// repeated squaring, and the Spread summary of a distribution.
//
// Error bounds. Every cut below drops mass smaller than the stated threshold and is accounted for
// in the forecast's error bound (docs/json/nethack.md): trimming drops edge entries below
// TRIM (1e-20 each). An FFT product's entries carry an absolute error of at most
// 5 log2(n) eps ||a||_2 ||b||_2 (eps = 2^-53; for pmfs ||a||_2 <= sqrt(max a)), so entries below
// that noise floor are set to 0: each FFT product loses less than (its length) x (its floor),
// about 1e-13 for the sizes used here.

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

function convolveDirect(a: OffsetPmf, b: OffsetPmf): OffsetPmf {
  const out = new Float64Array(a.p.length + b.p.length - 1);
  const [x, y] = a.p.length >= b.p.length ? [a.p, b.p] : [b.p, a.p];
  for (let j = 0; j < y.length; j++) {
    const q = y[j]!;
    if (q === 0) continue;
    for (let i = 0; i < x.length; i++) out[i + j]! += x[i]! * q;
  }
  return { offset: a.offset + b.offset, p: out };
}

/** In-place iterative radix-2 FFT of (re, im); `inverse` without the 1/n scaling. */
function fft(re: Float64Array, im: Float64Array, inverse: boolean): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
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

/** The distribution of X + Y for independent X ~ a, Y ~ b, edges trimmed. */
export function convolve(a: OffsetPmf, b: OffsetPmf): OffsetPmf {
  const work = a.p.length * b.p.length;
  return trim(work <= DIRECT_LIMIT || Math.min(a.p.length, b.p.length) < 64 ? convolveDirect(a, b) : convolveFft(a, b));
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

/** Mean, percentiles (smallest value whose cumulative share reaches 5 %, 50 %, 95 %), min, max, total. */
export function spreadOf(d: OffsetPmf): Spread | null {
  const tot = total(d);
  if (!(tot > 0)) return null;
  const p = d.p;
  let m = 0;
  for (let i = 0; i < p.length; i++) m += i * p[i]!;
  const targets = [0.05, 0.5, 0.95];
  const found: number[] = [];
  let min: number | null = null;
  let max: number | null = null;
  let c = 0;
  for (let i = 0; i < p.length; i++) {
    c += p[i]!;
    const share = c / tot;
    while (found.length < 3 && share >= targets[found.length]! - 1e-12) found.push(d.offset + i);
    if (min === null && c > SPREAD_TAIL * tot) min = d.offset + i;
    if (max === null && tot - c <= SPREAD_TAIL * tot) max = d.offset + i;
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
