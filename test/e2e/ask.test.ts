// "Ask hungerbot" (a message command, Discord type 3) and /ask on every transport: the real
// discord.js client against the fake Discord, signed HTTP interactions, and the console's batch
// form (`ask --json`) through the real entry point.
import { spawn } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../../commands/index.ts';
import { Registry, dispatch } from '../../src/pipeline/dispatch.ts';
import { createLogger } from '../../src/log.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { createGatewayBot, type GatewayBot } from '../../src/transport/gateway.ts';
import { startHttpEndpoint, type HttpEndpoint } from '../../src/transport/http.ts';
import { messageBody } from '../../src/transport/interaction.ts';
import { FAKE_TOKEN, startFakeDiscord, type FakeDiscord, type RecordedRequest } from '../helpers/fakeDiscord.ts';

const BOTTOM = 'Dlvl:3 $:120 HP:24(30) Pw:7(7) AC:4 Xp:4/120 T:4321 Hungry';
const registry = new Registry(commands);
const logger = createLogger('silent');
let store: Store;

beforeAll(async () => {
  store = await openStore('memory://');
});
afterAll(async () => store?.close());

interface Embedded {
  embeds: { title?: string; description?: string }[];
  flags?: number;
}

describe('gateway: Apps -> Ask hungerbot on a message', () => {
  let discord: FakeDiscord;
  let bot: GatewayBot;
  beforeAll(async () => {
    discord = await startFakeDiscord();
    bot = createGatewayBot({ registry, services: { store, logger }, token: FAKE_TOKEN, apiUrl: discord.apiUrl });
    await bot.start();
  });
  afterAll(async () => {
    await bot?.stop();
    await discord?.close();
  });

  /** The reply as Discord would show it: the first response, or the edit after a deferral. */
  async function replyTo(id: string, token: string): Promise<Embedded> {
    const first = await discord.waitForRequest(
      (r: RecordedRequest) => r.method === 'POST' && r.path.startsWith(`/interactions/${id}/`),
      10_000,
    );
    const body = first.body as { type: number; data: Embedded };
    if (body.type === 4) return body.data;
    expect(body.type).toBe(5);
    const edit = await discord.waitForRequest(
      (r) => r.method === 'PATCH' && r.path.endsWith(`/${token}/messages/@original`),
      30_000,
    );
    return edit.body as Embedded;
  }

  it('a bottom line posted by someone else, answered publicly: status, then the forecast it assumed', async () => {
    const { id, token } = discord.interaction({
      type: 2,
      name: 'Ask hungerbot',
      target: { id: '1900000000000000001', content: BOTTOM, authorId: '1400000000000000099' },
    });
    const data = await replyTo(id, token);
    expect(data.flags ?? 0).toBe(0);
    expect(data.embeds[0]!.description).toContain('Read as: `/nethack status nutrition:150`');
    expect(data.embeds[0]!.description).toContain('and: `/nethack forecast nutrition:150 turn:4321`');
    expect(data.embeds[0]!.description).toContain('assumed 150');
    // The titles answer: the status of 150, then the forecast's next milestone from turn 4,321.
    expect(data.embeds[1]!.title).toMatch(/^Nutrition 150 is Hungry/);
    expect(data.embeds.some((e) => e.title === 'Weak in 100 turns (turn 4,421)')).toBe(true);
  }, 40_000);

  it("a question with a missing value in someone else's message: privately, what is missing", async () => {
    const { id, token } = discord.interaction({
      type: 2,
      name: 'Ask hungerbot',
      target: { id: '1900000000000000002', content: 'when will I be weak?', authorId: '1400000000000000099' },
    });
    const data = await replyTo(id, token);
    expect(data.flags).toBe(64);
    expect(data.embeds[0]!.title).toBe('I need a bit more to answer that');
  });

  it('/ask as a slash command, with the invoking user', async () => {
    const { id, token } = discord.interaction({
      type: 2,
      name: 'ask',
      options: [{ name: 'question', type: 3, value: 'how much does a lichen corpse give' }],
    });
    const data = await replyTo(id, token);
    expect(data.embeds[0]!.description).toBe('Read as: `/nethack food name:"lichen corpse"`');
    expect(data.embeds[1]!.title).toBe('Lichen corpse: 200 nutrition, 3 turns');
  });
});

describe('HTTP endpoint: a signed message command', () => {
  let endpoint: HttpEndpoint;
  let privateKey: ReturnType<typeof generateKeyPairSync>['privateKey'];
  beforeAll(async () => {
    const pair = generateKeyPairSync('ed25519');
    privateKey = pair.privateKey;
    const publicHex = pair.publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('hex');
    endpoint = await startHttpEndpoint({
      registry,
      services: { store, logger },
      publicKey: publicHex,
      port: 0,
      host: '127.0.0.1',
    });
  });
  afterAll(async () => endpoint?.close());

  it('routes data.type 3 with target_id and resolved.messages to the message command', async () => {
    const interaction = {
      id: '1700000000000000031',
      application_id: '1100000000000000001',
      type: 2,
      token: 'tok-msg',
      member: { user: { id: '1400000000000000004', username: 'alice' } },
      data: {
        id: '1800000000000000001',
        name: 'Ask hungerbot',
        type: 3,
        target_id: '1900000000000000003',
        resolved: {
          messages: {
            '1900000000000000003': {
              id: '1900000000000000003',
              content: 'will a food ration choke me at 1600',
              author: { id: '1400000000000000099' },
            },
          },
        },
      },
    };
    const raw = JSON.stringify(interaction);
    const ts = String(Math.floor(Date.now() / 1000));
    const sig = sign(null, Buffer.from(ts + raw), privateKey).toString('hex');
    const res = await fetch(`http://127.0.0.1:${endpoint.port}/interactions`, {
      method: 'POST',
      body: raw,
      headers: { 'content-type': 'application/json', 'x-signature-ed25519': sig, 'x-signature-timestamp': ts },
    });
    const json = (await res.json()) as { type: number; data: unknown };
    const expected = await dispatch(
      {
        kind: 'message',
        commandName: 'Ask hungerbot',
        options: {},
        target: {
          id: '1900000000000000003',
          content: 'will a food ration choke me at 1600',
          authorId: '1400000000000000099',
        },
        user: { id: '1400000000000000004', name: 'alice' },
      },
      { registry, services: { store, logger }, transport: 'http' },
    );
    expect(json).toEqual({ type: 4, data: messageBody(expected) });
    expect((json.data as Embedded).embeds[0]!.description).toBe(
      'Read as: `/nethack meal food:"food ration" nutrition:1600`',
    );
  });
});

describe('console batch: ask --json', () => {
  const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const dir = mkdtempSync(join(tmpdir(), 'hungerbot-ask-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads /ask lines and `message:` lines like any command, one JSON reply each', async () => {
    const input =
      [
        '/ask question:"turns until weak with 2 rings of regen from 900"',
        `message: ${BOTTOM}`,
        '/ask question:"nutrition 900"',
        'press ask:q:1:nutrition 900',
      ].join('\n') + '\n';
    const out = await new Promise<string>((done) => {
      const child = spawn(process.execPath, ['--import', TSX, resolve('src/main.ts'), 'ask', '--json'], {
        cwd: dir,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          STORE_URL: `sqlite://${join(dir, 'ask.sqlite')}`,
        },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let stdout = '';
      child.stdout.on('data', (d) => (stdout += String(d)));
      child.on('exit', () => done(stdout));
      child.stdin.end(input);
    });
    const replies = out
      .trim()
      .split('\n')
      .map(
        (l) =>
          JSON.parse(l) as {
            result: { status: string; readAs: string | null; also: { readAs: string }[] };
            buttons?: { customId: string }[];
          },
      );
    expect(replies).toHaveLength(4);
    expect(replies[0]!.result).toMatchObject({
      status: 'answered',
      readAs: '/nethack forecast nutrition:900 left_ring:"ring of regeneration" right_ring:"ring of regeneration"',
    });
    expect(replies[1]!.result.readAs).toBe('/nethack status nutrition:150');
    expect(replies[1]!.result.also[0]!.readAs).toBe('/nethack forecast nutrition:150 turn:4321');
    expect(replies[2]!.result.status).toBe('choose');
    expect(replies[2]!.buttons!.map((b) => b.customId)).toContain('ask:q:1:nutrition 900');
    expect(replies[3]!.result.readAs).toBe('/nethack forecast nutrition:900');
  }, 60_000);
});
