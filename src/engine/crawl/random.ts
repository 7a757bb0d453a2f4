// Exact distributions of the game's random helpers (random.cc), so results can state an
// expected value and a range without ever rolling dice.

/** A discrete distribution: value -> probability, probabilities summing to 1. */
export interface Outcome {
  value: number;
  probability: number;
}

export interface Distribution {
  /** Sorted by value, no duplicates, no zero probabilities. */
  outcomes: Outcome[];
  expected: number;
  min: number;
  max: number;
}

export function distribution(pairs: Iterable<[number, number]>): Distribution {
  const acc = new Map<number, number>();
  for (const [v, p] of pairs) if (p > 0) acc.set(v, (acc.get(v) ?? 0) + p);
  const outcomes = [...acc.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([value, probability]) => ({ value, probability }));
  const expected = outcomes.reduce((s, o) => s + o.value * o.probability, 0);
  return { outcomes, expected, min: outcomes[0]?.value ?? 0, max: outcomes.at(-1)?.value ?? 0 };
}

export const constant = (v: number): Distribution => distribution([[v, 1]]);

/** C integer division (truncates toward zero). */
export const cdiv = (a: number, b: number): number => Math.trunc(a / b);

/** random2(n): uniform 0..n-1; random2(n <= 1) is 0. */
export function random2(n: number): Distribution {
  if (n <= 1) return constant(0);
  const pairs: [number, number][] = [];
  for (let i = 0; i < n; i++) pairs.push([i, 1 / n]);
  return distribution(pairs);
}

/**
 * div_rand_round(num, den): num/den truncated, plus 1 with probability (num % den)/den
 * (random.cc; the remainder test is random2(den) < rem). For num >= 0 only, as the game uses it.
 */
export function divRandRound(num: number, den: number): Distribution {
  const q = cdiv(num, den);
  const rem = num % den;
  if (!rem) return constant(q);
  return distribution([
    [q + 1, rem / den],
    [q, 1 - rem / den],
  ]);
}

/** random2avg(max, rolls): (random2(max) + (rolls-1) x random2(max+1)) / rolls, truncated. */
export function random2avg(max: number, rolls: number): Distribution {
  if (rolls === 2 && max > 1) {
    // Closed form: count the (a, b) pairs, a in [0, max-1], b in [0, max], for each sum.
    const pairs: [number, number][] = [];
    const total = max * (max + 1);
    for (let sum = 0; sum <= 2 * max - 1; sum++) {
      const lo = Math.max(0, sum - max);
      const hi = Math.min(max - 1, sum);
      if (hi >= lo) pairs.push([cdiv(sum, 2), (hi - lo + 1) / total]);
    }
    return distribution(pairs);
  }
  let sums = random2(max);
  for (let i = 0; i < rolls - 1; i++) sums = add(sums, random2(max + 1));
  return map(sums, (s) => cdiv(s, rolls));
}

export function map(d: Distribution, f: (v: number) => number): Distribution {
  return distribution(d.outcomes.map((o) => [f(o.value), o.probability] as [number, number]));
}

export function add(a: Distribution, b: Distribution): Distribution {
  const pairs: [number, number][] = [];
  for (const x of a.outcomes)
    for (const y of b.outcomes) pairs.push([x.value + y.value, x.probability * y.probability]);
  return distribution(pairs);
}

/** Mix distributions chosen by an outer one (e.g. per-action food for each possible rate). */
export function mix(outer: Distribution, inner: (v: number) => Distribution): Distribution {
  const pairs: [number, number][] = [];
  for (const o of outer.outcomes)
    for (const i of inner(o.value).outcomes) pairs.push([i.value, o.probability * i.probability]);
  return distribution(pairs);
}

/** Round a probability or expectation for display and JSON stability. */
export const round = (x: number, digits = 6): number => Number(x.toFixed(digits));

export function rounded(d: Distribution): Distribution {
  return {
    outcomes: d.outcomes.map((o) => ({ value: o.value, probability: round(o.probability) })),
    expected: round(d.expected),
    min: d.min,
    max: d.max,
  };
}
