// Compares a forecast of the engine with the reference engine's, within the stated error bound:
// percentiles equal (0 turns), probabilities within 1e-9, means within 1e-9 relative (1e-6
// absolute; the nutrition of fewer than 1e-6 still alive by its masses), everything else
// (milestone turns, exact nutrition, notes, citations, texts) equal. min and max are compared as
// "extremes": the engine's are the values beyond which less than 1e-12 lies, the reference's were
// wherever its pruning left off, so only their agreement for point masses is required.
import type { ForecastResult, Spread } from '../../../../src/engine/nethack/index.ts';

export interface Difference {
  path: string;
  engine: unknown;
  reference: unknown;
}

const PROB = 1e-9;

function closeRel(a: number, b: number, rel: number, abs = 0): boolean {
  return Math.abs(a - b) <= Math.max(abs, rel * Math.max(Math.abs(a), Math.abs(b)));
}

function spread(path: string, a: Spread | null, b: Spread | null, out: Difference[], meanAbs = 1e-6) {
  if (a === null || b === null) {
    if (a !== b) out.push({ path, engine: a, reference: b });
    return;
  }
  if (a.p5 !== b.p5 || a.median !== b.median || a.p95 !== b.p95)
    out.push({
      path: `${path}.percentiles`,
      engine: [a.p5, a.median, a.p95],
      reference: [b.p5, b.median, b.p95],
    });
  if (!closeRel(a.mean, b.mean, 1e-9, meanAbs)) out.push({ path: `${path}.mean`, engine: a.mean, reference: b.mean });
  if (Math.abs(a.probability - b.probability) > PROB)
    out.push({
      path: `${path}.probability`,
      engine: a.probability,
      reference: b.probability,
    });
  if (b.min === b.max && (a.min !== b.min || a.max !== b.max))
    out.push({
      path: `${path}.point`,
      engine: [a.min, a.max],
      reference: [b.min, b.max],
    });
  if (a.min > a.p5 || a.max < a.p95)
    out.push({
      path: `${path}.extremes`,
      engine: [a.min, a.max],
      reference: [b.min, b.max],
    });
}

export function compareForecasts(a: ForecastResult, b: ForecastResult): Difference[] {
  const out: Difference[] = [];
  const eq = (path: string, x: unknown, y: unknown) => {
    if (JSON.stringify(x) !== JSON.stringify(y)) out.push({ path, engine: x, reference: y });
  };
  eq('status', a.status, b.status);
  eq('method', [a.method, a.methodText], [b.method, b.methodText]);
  eq('sources', [a.sources, a.per20, a.next20, a.attacks], [b.sources, b.per20, b.next20, b.attacks]);
  eq('notes', a.notes, b.notes);
  eq('citations', a.citations, b.citations);
  a.milestones.forEach((m, i) => {
    const r = b.milestones[i]!;
    const { turnsDistribution: md, ...mr } = m;
    const { turnsDistribution: rd, ...rr } = r;
    eq(`milestones[${i}]`, mr, rr);
    spread(`milestones[${i}].turnsDistribution`, md, rd, out);
  });
  if (!a.after || !b.after) eq('after', a.after, b.after);
  else {
    const { nutritionDistribution: ad, statusProbabilities: as, probabilityDead: ap, ...ar } = a.after;
    const { nutritionDistribution: bd, statusProbabilities: bs, probabilityDead: bp, ...br } = b.after;
    eq('after', ar, br);
    if (Math.abs((ap ?? 0) - (bp ?? 0)) > PROB) out.push({ path: 'after.probabilityDead', engine: ap, reference: bp });
    // The nutrition of the few still alive: its masses are within 1e-9, so its own mean and
    // percentiles are only as sharp as 1e-9 / (alive probability). Below 1e-6 alive compare the
    // masses themselves: the alive probability and its first moment (mean x probability).
    const alive = Math.min(ad?.probability ?? 0, bd?.probability ?? 0);
    if (alive >= 1e-6) spread('after.nutritionDistribution', ad, bd, out, 1e-6);
    else {
      const pa = ad?.probability ?? 0;
      const pb = bd?.probability ?? 0;
      if (Math.abs(pa - pb) > PROB) out.push({ path: 'after.alive', engine: pa, reference: pb });
      const scale = Math.max(1, Math.abs(ad?.min ?? 0), Math.abs(bd?.min ?? 0));
      const moment = (d: Spread | null) => (d ? d.mean * d.probability : 0);
      if (Math.abs(moment(ad) - moment(bd)) > PROB * scale) {
        out.push({ path: 'after.aliveMoment', engine: ad, reference: bd });
      }
    }
    for (const k of new Set([...Object.keys(as ?? {}), ...Object.keys(bs ?? {})])) {
      const x = (as as Record<string, number> | null)?.[k] ?? 0;
      const y = (bs as Record<string, number> | null)?.[k] ?? 0;
      if (Math.abs(x - y) > PROB) out.push({ path: `after.statusProbabilities.${k}`, engine: x, reference: y });
    }
  }
  if (!a.starvation || !b.starvation) eq('starvation', a.starvation, b.starvation);
  else {
    const { deathTurns: ad, deathMoves: am, expectedFaints: af, expectedTurnsFainted: at, ...ar } = a.starvation;
    const { deathTurns: bd, deathMoves: bm, expectedFaints: bf, expectedTurnsFainted: bt, ...br } = b.starvation;
    eq('starvation', ar, br);
    eq('starvation.deathMoves', am, bm);
    spread('starvation.deathTurns', ad, bd, out);
    for (const [k, x, y] of [
      ['expectedFaints', af, bf],
      ['expectedTurnsFainted', at, bt],
    ] as const) {
      if (x === null || y === null) eq(`starvation.${k}`, x, y);
      else if (!closeRel(x, y, 1e-9, 1e-9)) out.push({ path: `starvation.${k}`, engine: x, reference: y });
    }
  }
  return out;
}
