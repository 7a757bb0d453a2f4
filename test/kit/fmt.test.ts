// fmt() and plural() group safe integers themselves (no call into ICU per number): the same text as
// Intl.NumberFormat('en-US') for every integer, and decimals still go through Intl.
import { describe, expect, it } from 'vitest';
import { fmt, plural } from '../../src/kit/render.ts';

const intl = new Intl.NumberFormat('en-US');
const decimals = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

describe('fmt', () => {
  it('writes every integer as Intl.NumberFormat en-US does', () => {
    const values = [0, -0, 1, -1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 10_000, 99_999, 100_000, 999_999, 1_000_000];
    for (let k = 0; k <= 15; k++) values.push(10 ** k - 1, 10 ** k, 10 ** k + 1, 7 * 10 ** k + 12);
    values.push(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 1, 1e21, 2 ** 60);
    let x = 12345;
    for (let i = 0; i < 2000; i++) {
      x = (x * 1103515245 + 12345) % 2 ** 31;
      values.push(x % 10 ** (1 + (i % 10)));
    }
    for (const v of [...values, ...values.map((v) => -v)]) {
      expect(fmt(v), String(v)).toBe(intl.format(v));
      expect(plural(v, 'turn'), String(v)).toBe(
        `${v.toLocaleString('en-US')} ${v === 1 || v === -1 ? 'turn' : 'turns'}`,
      );
    }
  });

  it('decimals keep at most two fraction digits, as before', () => {
    for (const v of [0.5, -0.5, 1234.567, -98765.4321, 1e-7, 2.005]) expect(fmt(v)).toBe(decimals.format(v));
  });
});
