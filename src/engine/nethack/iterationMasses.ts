// Probability masses by iteration, added in (mostly) increasing order: the first faints of one kind
// that a crossing sweep finds block by block (forecast.ts). A growing Float64Array with an offset in
// place of a Map per kind: a sweep adds up to millions of masses. An iteration never added reads 0
// and is left out (every mass added is > 0).
import type { OffsetPmf } from './distributions.ts';

export class IterationMasses {
  private offset = 0;
  private p = new Float64Array(0);
  /** Iterations offset + lo .. offset + hi - 1 hold every mass added (lo = hi: none). */
  private lo = 0;
  private hi = 0;

  /** Adds m (> 0) at iteration t. */
  add(t: number, m: number): void {
    if (this.lo === this.hi) {
      if (this.p.length === 0) this.p = new Float64Array(1024);
      this.offset = t;
      this.lo = 0;
      this.hi = 0;
    }
    let i = t - this.offset;
    if (i < 0 || i >= this.p.length) {
      this.grow(i);
      i = t - this.offset;
    }
    this.p[i]! += m;
    if (i < this.lo) this.lo = i;
    if (i >= this.hi) this.hi = i + 1;
  }

  /** Room for index i (below 0: the entries move up by -i). */
  private grow(i: number): void {
    const shift = i < 0 ? -i : 0;
    const need = shift + Math.max(this.hi, i + 1);
    const bigger = new Float64Array(Math.max(2 * this.p.length, need));
    bigger.set(this.p.subarray(this.lo, this.hi), this.lo + shift);
    this.offset -= shift;
    this.lo += shift;
    this.hi += shift;
    this.p = bigger;
  }

  get empty(): boolean {
    return this.lo === this.hi;
  }

  /** The first iteration with a mass (Infinity when none). */
  first(): number {
    for (let i = this.lo; i < this.hi; i++) if (this.p[i] !== 0) return this.offset + i;
    return Infinity;
  }

  /** Each iteration with a mass, in increasing order. */
  forEach(f: (t: number, m: number) => void): void {
    for (let i = this.lo; i < this.hi; i++) if (this.p[i] !== 0) f(this.offset + i, this.p[i]!);
  }

  /** The masses as a pmf over iterations, from the first with a mass to the last (a copy). */
  asPmf(): OffsetPmf {
    let a = this.lo;
    let b = this.hi;
    while (a < b && this.p[a] === 0) a++;
    while (b > a && this.p[b - 1] === 0) b--;
    return { offset: this.offset + a, p: this.p.slice(a, b) };
  }
}
