// Who gets answered now. Per user: a token bucket (RATE_LIMIT_PER_MINUTE, RATE_LIMIT_BURST) and
// a cap on commands being answered at once (USER_MAX_IN_FLIGHT), so one user cannot queue slow
// work in front of everyone else; per process: a cap on interactions in flight (MAX_IN_FLIGHT).
// A refusal is immediate and says why; nothing waits in an unbounded line.
import { UserError } from '../errors.ts';

export interface AdmissionLimits {
  perMinute: number;
  burst: number;
  userMaxInFlight: number;
  maxInFlight: number;
}

export const DEFAULT_ADMISSION: AdmissionLimits = { perMinute: 30, burst: 8, userMaxInFlight: 2, maxInFlight: 200 };

/** Users remembered at most (their buckets refill fully once idle, so forgetting is harmless). */
const MAX_TRACKED_USERS = 50_000;

interface Bucket {
  /** The id it was made for: moved to the end under this string, not each request's copy of it. */
  userId: string;
  tokens: number;
  at: number;
  inFlight: number;
}

export type Admit = { ok: true; release: () => void } | { ok: false; error: UserError };

export class Admission {
  private readonly buckets = new Map<string, Bucket>();
  private inFlight = 0;

  constructor(
    readonly limits: AdmissionLimits = DEFAULT_ADMISSION,
    private readonly now: () => number = Date.now,
  ) {}

  /** Interactions being answered now (for tests and logs). */
  get active(): number {
    return this.inFlight;
  }

  admit(userId: string): Admit {
    const bucket = this.admitted(userId);
    if (bucket instanceof UserError) return { ok: false, error: bucket };
    bucket.inFlight++;
    this.inFlight++;
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        bucket.inFlight--;
        this.inFlight--;
      },
    };
  }

  /**
   * admit() and release at once, for an answer sent before this returns (a kept reply): the same
   * checks and the same token taken, nothing made to release later. False when refused.
   */
  admitNow(userId: string): boolean {
    return !(this.admitted(userId) instanceof UserError);
  }

  /** The user's bucket with a token taken from it, or why not (nothing taken). */
  private admitted(userId: string): Bucket | UserError {
    if (this.inFlight >= this.limits.maxInFlight) {
      return new UserError("I'm answering a lot of commands right now.", 'Try again in a few seconds.', 'busy');
    }
    const bucket = this.bucket(userId);
    if (bucket.inFlight >= this.limits.userMaxInFlight) {
      return new UserError(
        "I'm still answering your previous commands.",
        'Wait for them to finish, then try again.',
        'rate_limited',
      );
    }
    if (bucket.tokens < 1) {
      const perToken = 60_000 / this.limits.perMinute;
      const wait = Math.max(1, Math.ceil(((1 - bucket.tokens) * perToken) / 1000));
      return new UserError(
        `You're sending commands faster than I answer them (at most ${this.limits.perMinute} a minute).`,
        `Try again in ${wait} s.`,
        'rate_limited',
      );
    }
    bucket.tokens -= 1;
    return bucket;
  }

  /** The user's bucket, refilled for the time since it was last seen; most recently used last. */
  private bucket(userId: string): Bucket {
    const t = this.now();
    let b = this.buckets.get(userId);
    if (b) {
      this.buckets.delete(userId);
      b.tokens = Math.min(this.limits.burst, b.tokens + ((t - b.at) * this.limits.perMinute) / 60_000);
      b.at = t;
    } else {
      b = { userId, tokens: this.limits.burst, at: t, inFlight: 0 };
      this.evictIdle();
    }
    // The id it was made with: this request's copy would stay in the long-lived map instead, and
    // be carried out of the young generation with it.
    this.buckets.set(b.userId, b);
    return b;
  }

  private evictIdle(): void {
    if (this.buckets.size < MAX_TRACKED_USERS) return;
    for (const [id, b] of this.buckets) {
      if (this.buckets.size < MAX_TRACKED_USERS * 0.9) break;
      if (b.inFlight === 0) this.buckets.delete(id);
    }
  }
}
