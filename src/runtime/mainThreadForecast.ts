// The part of a NetHack forecast the main thread may run itself (offload.ts): answers whose
// starvation walks this thread already holds, and the walks the pool sends back. Imported on the
// first forecast, so an idle process never loads the engine.
import { forecast, isExact, type ForecastInput, type ForecastResult } from '../engine/nethack/forecast.ts';
import { cachedWalksOnly, WalkNotCached } from '../engine/nethack/starvation.ts';

export { adoptWalks } from '../engine/nethack/walkCache.ts';

/**
 * The forecast when it needs no walk this thread has not cached, else undefined. A random burn
 * (5.0, asleep) is never tried here: its distributions grow with the nutrition, walk or not. Nor is
 * a state `after:` some turns: that snapshot's distributions took up to 6-10 ms here (a 3.4.3
 * forecast after 1,000,000 turns, `npm run bench -- forecast`), over the main thread's 5 ms.
 */
export function forecastFromCachedWalks(input: ForecastInput): ForecastResult | undefined {
  if (input.series || input.after !== undefined || !isExact(input.profile)) return undefined;
  try {
    return cachedWalksOnly(() => forecast(input));
  } catch (err) {
    if (err instanceof WalkNotCached) return undefined;
    throw err;
  }
}
