// End to end through the real discord.js Client against a local fake Discord (REST + gateway).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { commands } from '../../commands/index.ts';
import { Registry, dispatch } from '../../src/pipeline/dispatch.ts';
import { createLogger } from '../../src/log.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { createGatewayBot, type GatewayBot } from '../../src/transport/gateway.ts';
import { FAKE_TOKEN, startFakeDiscord, type FakeDiscord, type RecordedRequest } from '../helpers/fakeDiscord.ts';
import { statusTitle } from '../../commands/nethack/status.ts';
import { nethackStatus } from '../../src/engine/nethack/status.ts';
import { configureWork, workPool } from '../../src/runtime/offload.ts';
import { DEFER_AFTER_MS, INTERACTION_RESPONSE_DEADLINE_MS } from '../../src/pipeline/limits.ts';
import { defineCommand } from '../../src/pipeline/types.ts';

/**
 * A test-only command slower than the deferral point. (Forecasts used to be slow enough for this:
 * a 5.0 hero with a ring of slow digestion took seconds; they now answer in milliseconds.)
 */
const slowCommand = defineCommand({
  name: 'slow',
  description: 'Answers after the deferral point',
  example: '/slow',
  options: {},
  async run() {
    await new Promise((r) => setTimeout(r, DEFER_AFTER_MS + 500));
    return { embeds: [{ title: 'Slow answer', footer: { text: 'NetHack 5.0' } }], result: null };
  },
});

let discord: FakeDiscord;
let bot: GatewayBot;
let store: Store;
const logLines: string[] = [];

beforeAll(async () => {
  // The deferral test needs its slow forecast to finish rather than meet the pool's deadline; the
  // workers start now, so a loaded machine's slow worker start-up never defers a quick reply.
  await configureWork({ deadlineMs: 120_000 });
  await workPool().warm();
  discord = await startFakeDiscord();
  store = await openStore('memory://');
  const sink = new Writable({ write: (c, _e, cb) => (logLines.push(String(c)), cb()) });
  const logger = createLogger('debug', sink, [FAKE_TOKEN]);
  bot = createGatewayBot({
    registry: new Registry([...commands, slowCommand]),
    services: { store, logger },
    token: FAKE_TOKEN,
    apiUrl: discord.apiUrl,
  });
  await bot.start();
});

afterAll(async () => {
  await configureWork({});
  await bot?.stop();
  await store?.close();
  await discord?.close();
});

const callbackFor = (id: string) => (r: RecordedRequest) =>
  r.method === 'POST' && r.path.startsWith(`/interactions/${id}/`);

describe('gateway mode against a fake Discord', () => {
  it('identifies with the Guilds intent only and no compression', () => {
    expect(discord.identifies).toHaveLength(1);
    expect(discord.identifies[0]).toMatchObject({ intents: 1, compress: false });
  });

  it('answers /nethack status with the engine result as an embed (src/eat.c newuhs())', async () => {
    const { id } = discord.interaction({
      type: 2,
      name: 'nethack',
      options: [{ name: 'status', type: 1, options: [{ name: 'nutrition', type: 4, value: 150 }] }],
    });
    const req = await discord.waitForRequest(callbackFor(id));
    const expected = nethackStatus({ nutrition: 150 });
    expect(req.body).toMatchObject({
      type: 4,
      data: { embeds: [{ title: statusTitle(expected) }], allowed_mentions: { parse: [] } },
    });
    expect((req.body as { data: { flags?: number } }).data.flags ?? 0).toBe(0); // public reply
    // The exact body: the same embeds the pipeline produces for this invocation, nothing else.
    const direct = await dispatch(
      {
        kind: 'command',
        commandName: 'nethack',
        subcommand: 'status',
        options: { nutrition: 150 },
        user: { id: 'x', name: 'x' },
      },
      { registry: new Registry(commands), services: { store, logger: createLogger('silent') }, transport: 'gateway' },
    );
    expect((req.body as { data: { embeds: unknown } }).data.embeds).toEqual(direct.embeds);
    // Compact by default: one Details button, which answers with a NEW private message holding every citation.
    const rows = (req.body as { data: { components: { components: { custom_id: string; label: string }[] }[] } }).data
      .components;
    expect(rows).toHaveLength(1);
    const details = rows[0]!.components[0]!;
    expect(details.label).toBe('Details');
    expect(details.custom_id).toMatch(/^details:nethack\.status:/);
    const press = discord.interaction({ type: 3, customId: details.custom_id, userId: '1400000000000000099' });
    const shown = await discord.waitForRequest(callbackFor(press.id));
    expect(shown.body).toMatchObject({ type: 4, data: { flags: 64 } });
    expect((shown.body as { data: { embeds: { title: string }[] } }).data.embeds[0]!.title).toBe(statusTitle(expected));
    expect(JSON.stringify(shown.body)).toContain(
      'newuhs()`](https://github.com/NetHack/NetHack/blob/NetHack-3.6.7_Released/src/eat.c',
    );
    expect(expected.status).toBe('Hungry');
  });

  it('answers bad input with an ephemeral error and keeps running', async () => {
    const { id } = discord.interaction({
      type: 2,
      name: 'nethack',
      options: [{ name: 'status', type: 1, options: [{ name: 'nutrition', type: 4, value: 100_000_000 }] }],
    });
    const req = await discord.waitForRequest(callbackFor(id));
    expect(req.body).toMatchObject({ type: 4, data: { flags: 64, embeds: [{ title: "That didn't work" }] } });
    // still alive: another command works
    const next = discord.interaction({ type: 2, name: 'help', options: [] });
    const ok = await discord.waitForRequest(callbackFor(next.id));
    expect(ok.body).toMatchObject({
      type: 4,
      data: { embeds: [{ title: expect.stringMatching(/^\d+ commands: \/help, \/nethack/) }] },
    });
    expect((ok.body as { data: { flags?: number } }).data.flags ?? 0).toBe(0);
  });

  it('answers autocomplete with at most 25 choices', async () => {
    const { id } = discord.interaction({
      type: 4,
      name: 'nethack',
      options: [{ name: 'status', type: 1, options: [{ name: 'version', type: 3, value: '3', focused: true }] }],
    });
    const req = await discord.waitForRequest(callbackFor(id));
    // status has no autocomplete option, so the bot answers with an empty list rather than failing
    expect(req.body).toMatchObject({ type: 8, data: { choices: [] } });
  });

  it('attaches the hero chart as a file and answers a button press by updating the message', async () => {
    const created = discord.interaction({
      type: 2,
      name: 'hero',
      options: [{ name: 'new', type: 1, options: [{ name: 'name', type: 3, value: 'Gate' }] }],
    });
    await discord.waitForRequest(callbackFor(created.id));
    const shown = discord.interaction({ type: 2, name: 'hero', options: [{ name: 'show', type: 1, options: [] }] });
    const req = await discord.waitForRequest(callbackFor(shown.id));
    // With a file, discord.js sends multipart: payload_json plus the PNG part.
    const body = req.body as {
      payload_json: {
        type: number;
        data: { embeds: { image?: { url: string } }[]; attachments: { filename: string }[] };
      };
      files: { filename: string }[];
    };
    expect(body.payload_json.type).toBe(4);
    expect(body.files[0]!.filename).toMatch(/^hero-[0-9a-f]+\.png$/);
    expect(body.payload_json.data.embeds[0]!.image?.url).toBe(`attachment://${body.files[0]!.filename}`);
    expect(req.raw.includes(Buffer.from('\x89PNG', 'latin1'))).toBe(true);

    const del = discord.interaction({ type: 2, name: 'hero', options: [{ name: 'delete', type: 1, options: [] }] });
    const ask = await discord.waitForRequest(callbackFor(del.id));
    const data = (
      ask.body as { data: { flags: number; components: { components: { custom_id: string; style: number }[] }[] } }
    ).data;
    expect(data.flags).toBe(64);
    const danger = data.components[0]!.components.find((c) => c.style === 4)!;
    const press = discord.interaction({ type: 3, customId: danger.custom_id, messageFlags: 64 });
    const update = await discord.waitForRequest(callbackFor(press.id));
    expect(update.body).toMatchObject({ type: 7, data: { embeds: [{ title: 'Deleted' }] } });
    expect(await store.get(`hungerbot:heroes:${'1400000000000000004'}`)).toBeUndefined();
  });

  it("defers a slow answer within Discord's 3 s and then edits the original reply", async () => {
    const sent = Date.now();
    const { id, token } = discord.interaction({ type: 2, name: 'slow', options: [] });
    const deferred = await discord.waitForRequest(callbackFor(id), 10_000);
    expect(deferred.body).toMatchObject({ type: 5 });
    expect(Date.now() - sent).toBeLessThan(INTERACTION_RESPONSE_DEADLINE_MS);
    const edit = await discord.waitForRequest(
      (r) => r.method === 'PATCH' && r.path === `/webhooks/1100000000000000001/${token}/messages/@original`,
      30_000,
    );
    expect((edit.body as { embeds: { footer: { text: string } }[] }).embeds[0]!.footer.text).toContain('NetHack 5.0');
  }, 40_000);

  it('never writes the token to a log', () => {
    expect(logLines.join('\n')).not.toContain(FAKE_TOKEN);
  });
});
