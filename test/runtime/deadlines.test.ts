// The shared deadline wheel: a deadline never fires early, fires once, never after cancel(), and
// the wheel's one timer stops once nothing is pending.
import { describe, expect, it } from 'vitest';
import { DeadlineWheel, raceDeadline } from '../../src/deadlines.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('DeadlineWheel', () => {
  it('fires each deadline once, not before its time, in the order they fall due', async () => {
    const wheel = new DeadlineWheel(5);
    const t0 = performance.now();
    const fired: { ms: number; at: number }[] = [];
    for (const ms of [30, 0, 12, 3, 12]) wheel.after(ms, () => fired.push({ ms, at: performance.now() - t0 }));
    expect(wheel.size).toBe(5);
    while (wheel.size > 0) await sleep(5);
    expect(fired.map((f) => f.ms)).toEqual([0, 3, 12, 12, 30]);
    for (const f of fired) expect(f.at).toBeGreaterThanOrEqual(f.ms);
  });

  it('a cancelled deadline never fires; cancelling twice or after firing is harmless', async () => {
    const wheel = new DeadlineWheel(5);
    let fired = 0;
    const a = wheel.after(10, () => fired++);
    const b = wheel.after(10, () => fired++);
    a.cancel();
    a.cancel();
    expect(wheel.size).toBe(1);
    while (wheel.size > 0) await sleep(5);
    b.cancel();
    await sleep(20);
    expect(fired).toBe(1);
    expect(wheel.size).toBe(0);
  });

  it('a deadline set from a firing one, or after the wheel stopped, still fires', async () => {
    const wheel = new DeadlineWheel(5);
    const order: string[] = [];
    wheel.after(5, () => {
      order.push('first');
      wheel.after(0, () => order.push('from first'));
    });
    while (wheel.size > 0) await sleep(5);
    wheel.after(5, () => order.push('after a stop'));
    while (wheel.size > 0) await sleep(5);
    expect(order).toEqual(['first', 'from first', 'after a stop']);
  });
});

describe('the wheel timer', () => {
  it('runs while waits are pending, survives a wait settling and the next arriving, stops one tick later', async () => {
    const wheel = new DeadlineWheel(5);
    expect(wheel.running).toBe(false);
    for (let i = 0; i < 100; i++) wheel.after(1000, () => {}).cancel();
    expect(wheel.size).toBe(0);
    expect(wheel.running).toBe(true);
    await sleep(30);
    expect(wheel.running).toBe(false);
    let fired = false;
    wheel.after(5, () => (fired = true));
    expect(wheel.running).toBe(true);
    while (!fired) await sleep(5);
    await sleep(30);
    expect(wheel.running).toBe(false);
  });
});

describe('raceDeadline', () => {
  it('the work when it settles first, else the deadline error', async () => {
    await expect(raceDeadline(Promise.resolve(7), 50, () => new Error('late'))).resolves.toBe(7);
    await expect(raceDeadline(Promise.reject(new Error('own')), 50, () => new Error('late'))).rejects.toThrow('own');
    await expect(raceDeadline(new Promise(() => {}), 10, () => new Error('late'))).rejects.toThrow('late');
  });
});
