// A stored NetHack hero's prayers: is praying safe now (from the hero's own prayer history, Luck,
// alignment record and god anger), what the user may report happened, and what the game then does
// to the hero. Pure functions over the stored state (src/engine/nethack/prayer.ts prayerSafety(),
// prayerTrack.ts for the timeout history); the command layer stores the results.
import type { Citation, NethackVersion } from '../engine/cite.ts';
import { percent, prayerSafety, type PrayerResult, type TroubleKey } from '../engine/nethack/prayer.ts';
import { pe } from '../engine/nethack/prayEatSources.ts';
import {
  changeLuck,
  luckCitations,
  pleasedAlignCitation,
  pushStep,
  trackTimeout,
  type Probability,
  type TrackedTimeout,
} from '../engine/nethack/prayerTrack.ts';
import { statusFor } from '../engine/nethack/status.ts';
import { exact, type ExactProbability } from '../engine/nethack/rnz.ts';
import { advanceLuck, passTurns } from './nethack.ts';
import { MAX_PRAYER_HISTORY, type NethackState } from './schema.ts';

/** What the user may report after praying (the buttons of the confirmation). */
export type PrayerOutcome = 'worked' | 'worked-fed' | 'worked-unfed' | 'angry';

export interface HeroPrayerAnalysis {
  result: PrayerResult;
  tracked: TrackedTimeout;
  /** Timeout limit for the worst trouble: 200 major, 100 minor, 0 none. */
  limit: number;
  /** P(a good prayer). */
  safe: Probability;
  /** P(the timeout is over the limit). */
  tooSoon: Probability;
  /** Why the god is angry whatever the timeout (Luck < 0, anger, alignment < 0), or null. */
  naughty: string | null;
  hungerTrouble: 'Weak' | 'Hungry' | null;
  /** P(hunger fixed | a good prayer); null with no hunger trouble. */
  fedIfWorked: number | null;
  /** What can happen, as the user will report it. */
  outcomes: PrayerOutcome[];
  /** Nothing random for the user to report: the prayer can be applied at once. */
  certain: boolean;
  /** What the hero's record does not say and the answer assumed. */
  assumptions: string[];
}

/** The engine wants exact rationals; a 5.0 anger history is in floating point, rounded to 1e-9. */
function asExact(p: Probability): ExactProbability {
  if (p.numerator !== null && p.denominator !== null) {
    return { probability: p.probability, numerator: p.numerator, denominator: p.denominator };
  }
  return exact(BigInt(Math.round(p.probability * 1e9)), 1_000_000_000n);
}

const toProbability = (p: ExactProbability): Probability => ({ ...p });
const complement = (p: Probability): Probability =>
  p.numerator !== null && p.denominator !== null
    ? toProbability(exact(BigInt(p.denominator) - BigInt(p.numerator), BigInt(p.denominator)))
    : { probability: 1 - p.probability, numerator: null, denominator: null };

/** can_pray(): Luck < 0, god anger or a negative alignment make any prayer fail. */
export function naughtyReason(s: NethackState): string | null {
  const why: string[] = [];
  if (s.luck < 0) why.push(`Luck ${s.luck}`);
  if (s.godAnger > 0) why.push(`god anger ${s.godAnger}`);
  if ((s.alignmentRecord ?? 10) < 0) why.push(`alignment ${s.alignmentRecord}`);
  return why.length ? why.join(', ') : null;
}

/** Is a prayer safe now for this hero, and what may happen (off an altar, outside Gehennom, own form). */
export function analyzeHeroPrayer(
  s: NethackState,
  version: NethackVersion,
  troubles: readonly TroubleKey[] = [],
): HeroPrayerAnalysis {
  const tracked = trackTimeout(version, s.prayer.steps, s.turn);
  const timeoutNow = {
    value: tracked.value,
    atMost: (limit: number) => asExact(tracked.atMost(limit)),
    turnFor: tracked.turnFor,
  };
  const result = prayerSafety({
    version,
    turn: s.turn,
    timeoutNow,
    luck: s.luck,
    alignmentRecord: s.alignmentRecord ?? 10,
    godAnger: s.godAnger,
    alignment: s.alignment,
    troubles: [...troubles],
    nutrition: s.nutrition,
    experienceLevel: s.xl,
    demigod: s.demigod,
    crowned: s.crowned,
    amulet: s.yendor || s.amulet?.toLowerCase() === 'amulet of yendor',
  });
  const limit = result.timeout.limit;
  const status = statusFor(s.nutrition);
  const hungerTrouble = status === 'Weak' || status === 'Fainting' ? 'Weak' : status === 'Hungry' ? 'Hungry' : null;
  const safe = toProbability(result.safe);
  const naughty = naughtyReason(s);
  const fedIfWorked = hungerTrouble && result.hunger ? result.hunger.fixedProbability : null;
  const outcomes: PrayerOutcome[] = [];
  const fedUncertain = fedIfWorked !== null && fedIfWorked > 0 && fedIfWorked < 1;
  if (safe.probability > 0)
    outcomes.push(...(fedUncertain ? (['worked-fed', 'worked-unfed'] as const) : ['worked' as const]));
  if (safe.probability < 1) outcomes.push('angry');
  const assumptions = ['off an altar, outside Gehennom, in your own form (`/nethack pray` covers the rest)'];
  if (s.alignmentRecord === null) assumptions.push('alignment record 10 (not set: `/hero set record:<n>`)');
  if (!s.prayer.known) assumptions.push('no prayer since turn 1 (not known: `/hero set prayed:<turn>`)');
  if (tracked.precision === 'float')
    assumptions.push('5.0 anger history: probabilities in floating point (error < 1e-9)');
  if (tracked.precision === 'upper-bound') {
    assumptions.push(
      'more than 12 angry prayers since the last good one: the oldest are dropped, so "safe" is an upper bound',
    );
  }
  return {
    result,
    tracked,
    limit,
    safe,
    tooSoon: complement(toProbability(result.timeout.now)),
    naughty,
    hungerTrouble,
    fedIfWorked,
    outcomes,
    certain: outcomes.length === 1,
    assumptions,
  };
}

export interface AppliedPrayer {
  state: NethackState;
  summary: string;
  notes: string[];
  citations: Citation[];
}

/**
 * What the game does for the outcome the user reports (or the only possible one). A good prayer:
 * 3 invulnerable turns without hunger (gethungry() returns while u.uinvulnerable), then pleased():
 * hunger fixed (init_uhunger(): 900) when it is, alignment +1 below 2 without major trouble, the new
 * timeout. An angry god: 3 helpless turns, then (too soon) Luck - 3 and anger + 1, and the new timeout.
 * Then the next turn passes, as after every /hero action.
 */
export function applyHeroPrayer(
  s: NethackState,
  version: NethackVersion,
  a: HeroPrayerAnalysis,
  outcome: PrayerOutcome,
): AppliedPrayer {
  const prayedAt = s.turn;
  const citations: Citation[] = [...a.result.citations, ...a.tracked.citations];
  const notes: string[] = [];
  const history = (worked: boolean, fed: boolean | null) =>
    [
      ...s.prayer.history,
      { turn: prayedAt, outcome: worked ? ('worked' as const) : ('angry' as const), fed, safe: a.safe.probability },
    ].slice(-MAX_PRAYER_HISTORY);
  if (outcome !== 'angry') {
    const fed = a.hungerTrouble ? outcome === 'worked-fed' || (outcome === 'worked' && a.fedIfWorked === 1) : null;
    // Invulnerable while praying: the three turns burn nothing; Luck still times out (nh_timeout()).
    const quiet = { ...advanceLuck(s, s.turn + 3), turn: s.turn + 3 };
    let next: NethackState = { ...quiet, nutrition: fed ? 900 : s.nutrition };
    const major = a.result.worstTrouble?.major ?? false;
    if (s.alignmentRecord !== null && s.alignmentRecord < 2 && !major) {
      next = { ...next, alignmentRecord: s.alignmentRecord + 1 };
      notes.push('Alignment record below 2 and no major trouble: pleased() adds 1.');
      citations.push(pleasedAlignCitation(version));
    }
    const step = {
      kind: 'success' as const,
      atTurn: prayedAt + 3,
      experienceLevel: s.xl,
      demigod: s.demigod,
      crowned: s.crowned,
    };
    next = {
      ...next,
      prayer: { steps: pushStep(version, s.prayer.steps, step), history: history(true, fed), known: true },
    };
    if (a.result.boon) {
      notes.push(
        `A boon comes with ${percent(a.result.boon.probability)} (the golden glow sets nutrition 900 if below): ` +
          'if you got one, `/hero set nutrition:` or `luck:` it.',
      );
    }
    const after = passTurns(next, version, 1);
    const fedText = fed === true ? ', nutrition set to 900' : fed === false ? ', hunger not fixed' : '';
    const summary = `Prayed: it worked${fedText}.`;
    return { state: after.state, summary, notes: [...notes, ...after.notes], citations };
  }
  return applyAnger(s, version, a, { notes, citations, history: history(false, null) });
}

function applyAnger(
  s: NethackState,
  version: NethackVersion,
  a: HeroPrayerAnalysis,
  acc: { notes: string[]; citations: Citation[]; history: NethackState['prayer']['history'] },
): AppliedPrayer {
  const prayedAt = s.turn;
  const { notes, citations } = acc;
  // Helpless for 3 turns (nomul(-3)) with the normal burn; prayer_done() then acts.
  const helpless = passTurns(s, version, 3);
  let next = helpless.state;
  const tooSoon = a.naughty ? a.tooSoon.probability : 1;
  if (tooSoon === 1) {
    next = { ...next, luck: changeLuck(next.luck, -3, next.luckstone), godAnger: next.godAnger + 1 };
    citations.push(
      pe(version, 'tooSoon', 'Luck - 3'),
      pe(version, 'godsUpset', 'anger + 1'),
      ...luckCitations(version),
    );
  } else if (tooSoon > 0) {
    notes.push(
      `With ${percent(tooSoon)} it was also too soon: then Luck fell by 3 and god anger rose by 1, which the game ` +
        'does not show: `/hero set luck: anger:` if enlightenment tells you.',
    );
  }
  const step = {
    kind: 'angered' as const,
    atTurn: prayedAt + 3,
    prayedAt,
    experienceLevel: s.xl,
    limit: a.limit,
    naughty: a.naughty !== null,
  };
  // 3.4.3 / 3.6.7 forget the old timeout (rnz(300)); 5.0 keeps max(old, ...), so an unknown past stays unknown.
  const known = version === '5.0' ? s.prayer.known : true;
  next = { ...next, prayer: { steps: pushStep(version, s.prayer.steps, step), history: acc.history, known } };
  if (a.result.anger) {
    const worst = a.result.anger.outcomes.at(-1)!;
    notes.push(
      `The angry god: rn2(${a.result.anger.maxAnger}) picks what happens, up to "${worst.what}"; a lost level ` +
        'is `/hero set xl:`.',
    );
  }
  const after = passTurns(next, version, 1);
  const why = tooSoon === 1 ? 'too soon: Luck −3, god anger +1' : a.naughty ? a.naughty : 'too soon';
  return {
    state: after.state,
    summary: `Prayed: the god was angry (${why}).`,
    notes: [...notes, ...helpless.notes, ...after.notes],
    citations,
  };
}

export interface PrayerOutlookView {
  /** "Safe to pray for hunger: 87 % now, 99 % from turn 4,310". */
  text: string;
  /** For hunger now (Weak or Hungry), else for when the hero is Weak. */
  forTrouble: 'Weak' | 'Hungry';
  limit: number;
  safeNow: Probability;
  turn50: number;
  turn90: number;
  turn99: number;
  blockedBy: string | null;
  /** P(hunger fixed | a good prayer). */
  feeds: number | null;
  precision: TrackedTimeout['precision'];
  /** The prayer history is the hero's whole history (else no prayer since turn 1 is assumed). */
  historyKnown: boolean;
  assumptions: string[];
  timeout: TrackedTimeout['law'] & { known: number | null };
  luck: number;
  alignmentRecord: number | null;
  godAnger: number;
  lastPrayer: NethackState['prayer']['history'][number] | null;
}

const fmtTurn = (n: number) => n.toLocaleString('en-US');

/** What /hero show says about praying: for hunger now, or for when the hero is Weak. */
export function heroPrayerOutlook(s: NethackState, version: NethackVersion): PrayerOutlookView {
  const status = statusFor(s.nutrition);
  const hungryNow = status === 'Weak' || status === 'Fainting' || status === 'Hungry';
  // Not hungry: the answer for the moment the hero is Weak (major trouble, limit 200).
  const a = analyzeHeroPrayer(hungryNow ? s : { ...s, nutrition: 1 }, version);
  const forTrouble = a.hungerTrouble ?? 'Weak';
  const t = a.result.timeout;
  const p = a.safe.probability;
  const label = hungryNow ? 'Safe to pray for hunger' : 'Safe to pray once Weak';
  const when = (turn: number) => (turn <= s.turn ? 'now' : `from turn ${fmtTurn(turn)}`);
  let text: string;
  if (a.naughty) {
    const low = t.now.probability >= 1 ? 'the timeout is low enough' : `timeout low enough: 99 % ${when(t.turn99)}`;
    text = `${label}: no (${a.naughty}); ${low}`;
  } else if (p >= 1) text = `${label}: yes`;
  else if (p <= 0 && t.turn50 === t.turn99) text = `${label}: not now; yes ${when(t.turn99)}`;
  else if (p <= 0) text = `${label}: not now; 50 % ${when(t.turn50)}, 99 % ${when(t.turn99)}`;
  else text = `${label}: ${percent(p)} now, 99 % ${when(t.turn99)}`;
  if (a.tracked.precision === 'upper-bound') text += ' (at most)';
  if (!s.prayer.known) text += ' (if you never prayed)';
  if (a.fedIfWorked === 0 && !a.naughty) text += `, but it would not fix ${forTrouble}`;
  else if (a.fedIfWorked !== null && a.fedIfWorked < 1) text += `; it feeds ${percent(a.fedIfWorked)} of the time`;
  return {
    text,
    forTrouble,
    limit: a.limit,
    safeNow: a.safe,
    turn50: t.turn50,
    turn90: t.turn90,
    turn99: t.turn99,
    blockedBy: a.naughty,
    feeds: a.fedIfWorked,
    precision: a.tracked.precision,
    historyKnown: s.prayer.known,
    assumptions: a.assumptions,
    timeout: { ...a.tracked.law, known: a.tracked.value },
    luck: s.luck,
    alignmentRecord: s.alignmentRecord,
    godAnger: s.godAnger,
    lastPrayer: s.prayer.history.at(-1) ?? null,
  };
}
