// Deadlines shared by many waits. Every interaction waits on several deadlines (its body's arrival,
// the replay check, the deferral, its handler, its pool task) and almost all of them are cancelled
// well before they are due; one Node timer each costs a timer object, a list insertion and a
// removal per wait. Here a wait is one entry in the bucket of the tick it falls due in, and one
// coarse repeating timer runs while any wait is pending (and until its next tick after the last one
// settled, so a steady stream of short waits does not start and stop it for each): a deadline fires
// at most TICK_MS late, never early.

/** Granularity of every deadline (the waits it bounds last hundreds of milliseconds or more). */
export const TICK_MS = 10;

/** A pending deadline; cancel() is harmless after it fired or was cancelled. */
export interface Deadline {
  cancel(): void;
}

interface Entry extends Deadline {
  fire: (() => void) | undefined;
}

export class DeadlineWheel {
  /** Pending entries by the tick they are due in. */
  private readonly buckets = new Map<number, Set<Entry>>();
  private pending = 0;
  /** Ticks up to this one have fired. */
  private firedThrough = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly tickMs = TICK_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Waits pending now (tests). */
  get size(): number {
    return this.pending;
  }

  /** The wheel's timer is running (tests). */
  get running(): boolean {
    return this.timer !== undefined;
  }

  /** Calls `fire` once `ms` milliseconds have passed, unless cancelled first. */
  after(ms: number, fire: () => void): Deadline {
    if (this.timer === undefined) this.start();
    const due = Math.max(this.firedThrough + 1, Math.ceil((this.now() + Math.max(0, ms)) / this.tickMs));
    const bucket = this.buckets.get(due) ?? this.newBucket(due);
    const entry: Entry = {
      fire,
      cancel: () => {
        if (!entry.fire) return;
        entry.fire = undefined;
        bucket.delete(entry);
        if (bucket.size === 0 && this.buckets.get(due) === bucket) this.buckets.delete(due);
        this.settled();
      },
    };
    bucket.add(entry);
    this.pending++;
    return entry;
  }

  private newBucket(due: number): Set<Entry> {
    const bucket = new Set<Entry>();
    this.buckets.set(due, bucket);
    return bucket;
  }

  private start(): void {
    this.firedThrough = Math.floor(this.now() / this.tickMs) - 1;
    this.timer = setInterval(() => this.tick(), this.tickMs);
    // A deadline never keeps the process alive: whatever it bounds does (a socket, a worker).
    this.timer.unref();
  }

  private settled(): void {
    this.pending--;
  }

  private tick(): void {
    if (this.pending === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
      return;
    }
    const current = Math.floor(this.now() / this.tickMs);
    while (this.firedThrough < current && this.pending > 0) {
      const t = ++this.firedThrough;
      const bucket = this.buckets.get(t);
      if (!bucket) continue;
      this.buckets.delete(t);
      for (const entry of bucket) {
        const fire = entry.fire;
        if (!fire) continue;
        entry.fire = undefined;
        this.settled();
        fire();
      }
    }
  }
}

/** The process's wheel. */
export const deadlines = new DeadlineWheel();

/** `work`, or `onTimeout()`'s error once `ms` have passed first (the loser is ignored). */
export function raceDeadline<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  // `work` is handled below, either way: its rejection after the deadline is never unhandled.
  return new Promise<T>((resolve, reject) => {
    const deadline = deadlines.after(ms, () => reject(onTimeout()));
    work.then(
      (v) => (deadline.cancel(), resolve(v)),
      (e: unknown) => (deadline.cancel(), reject(e)),
    );
  });
}
