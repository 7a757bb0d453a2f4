// Private replies stay private when answers are slow, on both transports: the real discord.js
// client against the fake Discord, and the HTTP endpoint (signed requests, webhook calls to the
// fake Discord). The store is a real redis-server of this file's own, paused with SIGSTOP to make
// answers slow (a stall shorter than the store timeout: slow success; longer: a "slow" error).
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../../commands/index.ts';
import { Registry } from '../../src/pipeline/dispatch.ts';
import { DEFER_AFTER_MS, INTERACTION_RESPONSE_DEADLINE_MS } from '../../src/pipeline/limits.ts';
import { createLogger } from '../../src/log.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { createGatewayBot, type GatewayBot } from '../../src/transport/gateway.ts';
import { startHttpEndpoint, type HttpEndpoint } from '../../src/transport/http.ts';
import { FAKE_TOKEN, FAKE_USER_ID, startFakeDiscord, type FakeDiscord } from '../helpers/fakeDiscord.ts';
import { figures } from '../helpers/figures.ts';
import { gatewayEvents, publicLeaks, webhookEvent, type MessageBody, type ResponseEvent } from '../helpers/privacy.ts';
import { startRedis, type TestServer } from '../helpers/servers.ts';
import { buttonInteraction, commandInteraction, heroOptions, makeSigner, postInteraction } from '../helpers/signed.ts';

const STORE_TIMEOUT_MS = 3000;
/** Longer than the store timeout: the answer is a "storage is slow" error. */
const LONG_STALL_MS = STORE_TIMEOUT_MS + 1000;
/**
 * Shorter than the store timeout but past the deferral, also over HTTP where the shared replay
 * check may first spend up to 500 ms on the stalled store: a slow success.
 */
const SHORT_STALL_MS = DEFER_AFTER_MS + 800;
/** A final answer (edit or follow-up) must come within this after the interaction. */
const FINAL_DEADLINE_MS = STORE_TIMEOUT_MS * 3 + 2000;
const fig = figures(import.meta.url);

let redis: TestServer;
let discord: FakeDiscord;
let store: Store;
let bot: GatewayBot;
let endpoint: HttpEndpoint;
const signer = makeSigner();
const roomy = { perMinute: 10_000, burst: 10_000, userMaxInFlight: 100, maxInFlight: 1000 };

beforeAll(async () => {
  redis = await startRedis();
  discord = await startFakeDiscord();
  store = await openStore(redis.url, { timeoutMs: STORE_TIMEOUT_MS });
  const logger = createLogger('silent', new Writable({ write: (_c, _e, cb) => cb() }));
  const services = { store, logger };
  const registry = new Registry(commands);
  bot = createGatewayBot({ registry, services, token: FAKE_TOKEN, apiUrl: discord.apiUrl, admission: roomy });
  await bot.start();
  endpoint = await startHttpEndpoint({
    registry,
    services,
    publicKey: signer.publicHex,
    port: 0,
    host: '127.0.0.1',
    apiUrl: discord.apiUrl,
    admission: roomy,
  });
});

afterAll(async () => {
  redis?.resume();
  fig.save();
  await bot?.stop();
  await endpoint?.close();
  await store?.close();
  await discord?.close();
  await redis?.stop();
});

/** Pause the store for `ms` (SIGSTOP, then SIGCONT). */
function stall(ms: number): Promise<void> {
  redis.pause();
  fig.add('faults injected');
  return new Promise((r) => setTimeout(() => (redis.resume(), r()), ms));
}

interface Answer {
  events: ResponseEvent[];
  initialMs: number;
  finalMs: number;
}

/** Wait until the interaction has its final answer (anything but a bare deferral), then give all its events. */
async function settle(
  events: () => ResponseEvent[],
  sentAt: number,
  initialAt: () => number | undefined,
): Promise<Answer> {
  const done = () => {
    const ev = events();
    const initial = ev.find((e) => e.kind === 'initial') as Extract<ResponseEvent, { kind: 'initial' }> | undefined;
    if (!initial) return false;
    if (initial.type === 4 || initial.type === 7) return true;
    return ev.some((e) => e.kind === 'edit' || e.kind === 'followup');
  };
  while (!done() && Date.now() - sentAt < FINAL_DEADLINE_MS + 5000) await new Promise((r) => setTimeout(r, 25));
  const finalMs = Date.now() - sentAt;
  const answer = { events: events(), initialMs: (initialAt() ?? Date.now()) - sentAt, finalMs };
  if (answer.initialMs > INTERACTION_RESPONSE_DEADLINE_MS || finalMs > FINAL_DEADLINE_MS || !done())
    fig.add('requests past their deadline');
  return answer;
}

const transports = {
  async gateway(
    kind: 'command' | 'button',
    what: { name?: string; options?: unknown[]; customId?: string; userId?: string; messageFlags?: number },
  ): Promise<Answer> {
    const sentAt = Date.now();
    const { id, token } =
      kind === 'command'
        ? discord.interaction({ type: 2, name: what.name, options: what.options, userId: what.userId })
        : discord.interaction({
            type: 3,
            customId: what.customId,
            userId: what.userId,
            messageFlags: what.messageFlags,
          });
    let initialAt: number | undefined;
    discord
      .waitForRequest((r) => r.path.startsWith(`/interactions/${id}/`), FINAL_DEADLINE_MS)
      .then(
        () => (initialAt = Date.now()),
        () => {},
      );
    return settle(
      () => gatewayEvents(discord, id, token),
      sentAt,
      () => initialAt,
    );
  },
  async http(
    kind: 'command' | 'button',
    what: { name?: string; options?: unknown[]; customId?: string; userId?: string; messageFlags?: number },
  ): Promise<Answer> {
    const body =
      kind === 'command'
        ? commandInteraction(what.name!, what.options ?? [], { userId: what.userId })
        : buttonInteraction(what.customId!, { userId: what.userId, messageFlags: what.messageFlags });
    const sentAt = Date.now();
    const res = await postInteraction(endpoint.port, body, signer);
    expect(res.status).toBe(200);
    const initial: ResponseEvent = {
      kind: 'initial',
      type: res.json!.type as number,
      data: res.json!.data as MessageBody | undefined,
    };
    const initialAt = sentAt + res.ms;
    return settle(
      () => [initial, ...discord.requests.flatMap((r) => webhookEvent(r, body.token))],
      sentAt,
      () => initialAt,
    );
  },
};

function initialOf(a: Answer) {
  return a.events.find((e) => e.kind === 'initial') as Extract<ResponseEvent, { kind: 'initial' }>;
}

function lastBody(a: Answer): MessageBody | undefined {
  const last = [...a.events].reverse().find((e) => e.kind === 'edit' || e.kind === 'followup' || e.kind === 'initial');
  return last && 'data' in last ? last.data : undefined;
}

function audit(a: Answer, messagePrivate = false): string[] {
  const leaks = publicLeaks(a.events, messagePrivate);
  fig.add('private replies made public', leaks.length);
  return leaks;
}

for (const [name, send] of Object.entries(transports)) {
  describe(`${name}: slow private replies stay private`, () => {
    const user = name === 'gateway' ? FAKE_USER_ID : '1400000000000000077';

    beforeAll(async () => {
      await send('command', { name: 'hero', options: heroOptions('new', { name: 'Priv' }), userId: user });
    });

    it('/hero export during a stall: the deferral itself is ephemeral', async () => {
      const stalled = stall(LONG_STALL_MS);
      const a = await send('command', { name: 'hero', options: heroOptions('export'), userId: user });
      await stalled;
      expect(initialOf(a)).toMatchObject({ type: 5, data: { flags: 64 } });
      expect(a.initialMs).toBeLessThan(INTERACTION_RESPONSE_DEADLINE_MS);
      expect(lastBody(a)?.embeds?.[0]?.title).toBe('Storage is slow');
      expect(audit(a)).toEqual([]);
    });

    it('/hero show during a stall: the public deferral is deleted and the error sent privately', async () => {
      const stalled = stall(LONG_STALL_MS);
      const a = await send('command', { name: 'hero', options: heroOptions('show', { chart: false }), userId: user });
      await stalled;
      expect(initialOf(a)).toMatchObject({ type: 5 });
      expect(initialOf(a).data?.flags ?? 0).toBe(0);
      expect(a.events.map((e) => e.kind)).toEqual(['initial', 'delete', 'followup']);
      const follow = a.events[2] as Extract<ResponseEvent, { kind: 'followup' }>;
      expect(follow.data.flags).toBe(64);
      expect(follow.data.embeds?.[0]?.title).toBe('Storage is slow');
      expect(audit(a)).toEqual([]);
    });

    it('/hero delete during a stall: ephemeral deferral, private error', async () => {
      const stalled = stall(LONG_STALL_MS);
      const a = await send('command', {
        name: 'hero',
        options: heroOptions('delete', { everything: true }),
        userId: user,
      });
      await stalled;
      expect(initialOf(a)).toMatchObject({ type: 5, data: { flags: 64 } });
      expect(audit(a)).toEqual([]);
    });

    it('an eat confirmation that comes late (slow store) is moved to a private follow-up', async () => {
      await send('command', { name: 'hero', options: heroOptions('set', { nutrition: 1900 }), userId: user });
      // Shorter than the store timeout: the command succeeds, after the deferral.
      const stalled = stall(SHORT_STALL_MS);
      const a = await send('command', {
        name: 'hero',
        options: heroOptions('eat', { food: 'food ration' }),
        userId: user,
      });
      await stalled;
      expect(initialOf(a)).toMatchObject({ type: 5 });
      expect(a.events.map((e) => e.kind)).toEqual(['initial', 'delete', 'followup']);
      const follow = a.events[2] as Extract<ResponseEvent, { kind: 'followup' }>;
      expect(follow.data).toMatchObject({ flags: 64, embeds: [{ title: expect.stringMatching(/would choke/) }] });
      expect(audit(a)).toEqual([]);
    });

    it("someone else pressing the owner's button gets a private reply; the owner's message is untouched", async () => {
      const ask = await send('command', {
        name: 'hero',
        options: heroOptions('delete', { everything: true }),
        userId: user,
      });
      const confirm = lastBody(ask)!.components![0]!.components!.find((c) => c.custom_id?.startsWith('hero:delete:'))!
        .custom_id!;
      // On a public message too: the refusal must never update it.
      for (const messageFlags of [64, 0]) {
        const a = await send('button', { customId: confirm, userId: '1400000000000000099', messageFlags });
        expect(initialOf(a)).toMatchObject({ type: 4, data: { flags: 64, embeds: [{ title: "That didn't work" }] } });
        expect(audit(a, messageFlags === 64)).toEqual([]);
      }
      // The owner's confirmation still works afterwards.
      const own = await send('button', { customId: confirm, userId: user, messageFlags: 64 });
      expect(initialOf(own)).toMatchObject({ type: 7, data: { embeds: [{ title: 'Deleted' }] } });
    });

    it('a button press during a stall: deferred update, then a private follow-up for the error', async () => {
      await send('command', { name: 'hero', options: heroOptions('new', { name: 'Again' }), userId: user });
      const ask = await send('command', {
        name: 'hero',
        options: heroOptions('delete', { everything: true }),
        userId: user,
      });
      const confirm = lastBody(ask)!.components![0]!.components!.find((c) => c.custom_id?.startsWith('hero:delete:'))!
        .custom_id!;
      const stalled = stall(LONG_STALL_MS);
      const a = await send('button', { customId: confirm, userId: user, messageFlags: 64 });
      await stalled;
      expect(initialOf(a)).toMatchObject({ type: 6 });
      expect(a.events.map((e) => e.kind)).toEqual(['initial', 'followup']);
      expect((a.events[1] as Extract<ResponseEvent, { kind: 'followup' }>).data).toMatchObject({
        flags: 64,
        embeds: [{ title: 'Storage is slow' }],
      });
      expect(audit(a, true)).toEqual([]);
    });
  });
}
