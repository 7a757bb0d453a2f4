// Signatures are checked on this thread one at a time and on libuv's pool under concurrent load
// (src/transport/http.ts SignatureChecks): both ways must give the same answer for every request.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  publicKeyFromHex,
  SignatureChecks,
  verifySignature,
  verifySignatureOffThread,
} from '../../src/transport/http.ts';
import { makeSigner } from '../helpers/signed.ts';

const signer = makeSigner();
const key = publicKeyFromHex(signer.publicHex);
const offThread = (sig: string | undefined, ts: string | undefined, body: Buffer) =>
  new Promise<boolean>((resolve) => verifySignatureOffThread(key, sig, ts, body, resolve));
const nextTurn = () => new Promise((r) => setImmediate(r));

describe('verifySignatureOffThread', () => {
  it('answers as verifySignature does: valid, altered body, timestamp or signature, malformed, missing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 300 }),
        fc.nat({ max: 2_000_000_000 }).map(String),
        fc.constantFrom('valid', 'body', 'timestamp', 'signature', 'short', 'missing', 'upper'),
        async (raw, timestamp, fault) => {
          const body = Buffer.from(raw);
          const signed = signer.headers(raw, timestamp)['x-signature-ed25519']!;
          let sig: string | undefined = signed;
          let ts: string | undefined = timestamp;
          let sent = body;
          if (fault === 'body') sent = Buffer.concat([body, Buffer.from('x')]);
          if (fault === 'timestamp') ts = `${timestamp}1`;
          if (fault === 'signature') sig = (signed[0] === '0' ? '1' : '0') + signed.slice(1);
          if (fault === 'short') sig = signed.slice(2);
          if (fault === 'missing') sig = undefined;
          if (fault === 'upper') sig = signed.toUpperCase();
          const expected = verifySignature(key, sig, ts, sent);
          expect(expected).toBe(fault === 'valid' || fault === 'upper');
          expect(await offThread(sig, ts, sent)).toBe(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('SignatureChecks: where each check runs', () => {
  it('a request alone is checked on this thread, turn after turn', async () => {
    const checks = new SignatureChecks();
    for (let i = 0; i < 5; i++) {
      const c = checks.arrived();
      expect(c.offThread).toBe(false);
      c.done();
      await nextTurn();
    }
    expect(checks.running).toBe(0);
  });

  it('after a turn with several arrivals, checks go to the pool until a quiet turn with none running', async () => {
    const checks = new SignatureChecks();
    // Turn 1: three arrive together; each is checked on this thread (nothing known yet).
    for (let i = 0; i < 3; i++) {
      const c = checks.arrived();
      expect(c.offThread).toBe(false);
      c.done();
    }
    await nextTurn();
    // Turn 2: the load is concurrent: to the pool.
    const a = checks.arrived();
    expect(a.offThread).toBe(true);
    expect(checks.running).toBe(1);
    await nextTurn();
    // Turn 3: one arrival, but a check still runs on the pool: to the pool too.
    const b = checks.arrived();
    expect(b.offThread).toBe(true);
    a.done();
    a.done(); // harmless twice
    b.done();
    expect(checks.running).toBe(0);
    await nextTurn();
    // Turn 4: alone again and nothing running: this thread.
    const c = checks.arrived();
    expect(c.offThread).toBe(false);
    c.done();
  });

  it('at most MAX_POOLED_CHECKS checks wait on the pool; more are checked on this thread', async () => {
    const checks = new SignatureChecks();
    checks.arrived().done();
    checks.arrived().done();
    await nextTurn();
    const pooled = Array.from({ length: SignatureChecks.MAX_POOLED_CHECKS }, () => checks.arrived());
    expect(pooled.every((c) => c.offThread)).toBe(true);
    const extra = checks.arrived();
    expect(extra.offThread).toBe(false);
    extra.done();
    expect(checks.running).toBe(SignatureChecks.MAX_POOLED_CHECKS);
    pooled[0]!.done();
    expect(checks.arrived().offThread).toBe(true);
  });
});
