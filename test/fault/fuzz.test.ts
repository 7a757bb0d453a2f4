// Property-based fuzzing (fast-check) of everything a user can send: command lines through the
// console pipeline, and signed interactions (commands, autocomplete, button presses, broken option
// trees) through the HTTP endpoint. Properties: no crash, no 5xx, every reply within every
// Discord limit (checked on the JSON actually sent), no lone surrogate. SOAK=1 runs ten times more.
import type { APIApplicationCommandBasicOption, APIApplicationCommandOption } from 'discord-api-types/v10';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../../commands/index.ts';
import { Registry } from '../../src/pipeline/dispatch.ts';
import { truncate, truncateEmbeds } from '../../src/pipeline/embed.ts';
import { createLogger } from '../../src/log.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { startHttpEndpoint, type HttpEndpoint } from '../../src/transport/http.ts';
import { messageBody } from '../../src/transport/interaction.ts';
import { startFakeDiscord, type FakeDiscord } from '../helpers/fakeDiscord.ts';
import { choiceViolations, messageViolations } from '../helpers/discordLimits.ts';
import { figures } from '../helpers/figures.ts';
import { createHarness, type Harness } from '../helpers/harness.ts';
import { jsonOf } from '../helpers/privacy.ts';
import { heroOptions, makeSigner, newInteractionId, postInteraction, commandInteraction } from '../helpers/signed.ts';

const SOAK = process.env.SOAK === '1';
const LINE_RUNS = SOAK ? 20_000 : 2000;
const INTERACTION_RUNS = SOAK ? 20_000 : 1500;
const fig = figures(import.meta.url);
afterAll(() => fig.save());

// ---- what can be invoked -------------------------------------------------------------------

interface LeafSpec {
  command: string;
  group?: string;
  sub?: string;
  options: APIApplicationCommandBasicOption[];
}

function leaves(): LeafSpec[] {
  const out: LeafSpec[] = [];
  for (const c of commands) {
    const top = (c.definition.options ?? []) as APIApplicationCommandOption[];
    const subs = top.filter((o) => o.type === 1 || o.type === 2);
    if (!subs.length) out.push({ command: c.definition.name, options: top as APIApplicationCommandBasicOption[] });
    for (const s of subs) {
      if (s.type === 1)
        out.push({
          command: c.definition.name,
          sub: s.name,
          options: (s.options ?? []) as APIApplicationCommandBasicOption[],
        });
      else
        for (const g of s.options ?? [])
          out.push({
            command: c.definition.name,
            group: s.name,
            sub: g.name,
            options: (g.options ?? []) as APIApplicationCommandBasicOption[],
          });
    }
  }
  return out;
}
const LEAVES = leaves();

const nastyText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 300 }), // lone surrogates included
  fc.constantFrom(
    '😀'.repeat(300),
    '👩‍👩‍👧'.repeat(150),
    'x'.repeat(7000),
    '@everyone',
    '<@1400000000000000004>',
    '',
    '   ',
    'food ration',
    'jackal corpse',
    'ring of regeneration',
  ),
);

/** A value for an option: mostly of its declared type and range, sometimes anything. */
function valueFor(def: APIApplicationCommandBasicOption): fc.Arbitrary<string | number | boolean> {
  const d = def as { type: number; choices?: { value: string | number }[]; min_value?: number; max_value?: number };
  const typed: fc.Arbitrary<string | number | boolean>[] = [];
  if (d.choices?.length) typed.push(fc.constantFrom(...d.choices.map((c) => c.value)));
  if (d.type === 4) typed.push(fc.integer({ min: d.min_value ?? -1e9, max: d.max_value ?? 1e9 }), fc.integer());
  if (d.type === 10)
    typed.push(
      fc.double({ min: d.min_value ?? -1e9, max: d.max_value ?? 1e9, noNaN: true }),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
    );
  if (d.type === 5) typed.push(fc.boolean());
  if (d.type === 3) typed.push(nastyText);
  if (d.type === 6) typed.push(nastyText, fc.constant('80351110224678912'));
  if (d.type === 11) typed.push(fc.constant('1100000000000000001'), nastyText);
  return fc.oneof(
    { weight: 4, arbitrary: fc.oneof(...typed) },
    { weight: 1, arbitrary: fc.oneof(nastyText, fc.integer(), fc.boolean()) },
  );
}

const invocation = fc.constantFrom(...LEAVES).chain((leaf) =>
  fc
    .tuple(
      fc.constant(leaf),
      fc
        .subarray(leaf.options)
        .chain((opts) => fc.tuple(...opts.map((o) => valueFor(o).map((v) => [o.name, v] as const)))),
      fc.option(fc.tuple(fc.stringMatching(/^[a-z_]{1,12}$/), nastyText), { freq: 8 }),
    )
    .map(([l, pairs, extra]) => ({
      leaf: l,
      options: [...pairs, ...(extra ? [extra] : [])] as (readonly [string, string | number | boolean])[],
    })),
);

// ---- the finalizer itself ------------------------------------------------------------------

describe('the finalizer', () => {
  it('truncation never splits a surrogate pair and never exceeds the limit', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), fc.integer({ min: 0, max: 300 }), (text, max) => {
        fig.add('payloads fuzzed');
        const out = truncate(text, max);
        expect(out.length).toBeLessThanOrEqual(Math.max(max, 0));
        expect(out).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
      }),
      { numRuns: SOAK ? 20_000 : 2000 },
    );
    // The cut that used to leave half an emoji: 39 units before the ellipsis end inside the 20th.
    expect(truncate('😀'.repeat(100), 40)).toBe('😀'.repeat(19) + '…');
    expect(truncate('😀'.repeat(100), 41)).toBe('😀'.repeat(20) + '…');
  });

  it('any embeds come out within every limit', () => {
    const embed = fc.record(
      {
        title: nastyText,
        description: nastyText,
        fields: fc.array(fc.record({ name: nastyText, value: nastyText }), { maxLength: 40 }),
        footer: fc.record({ text: nastyText }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.array(embed, { maxLength: 14 }), (embeds) => {
        fig.add('payloads fuzzed');
        const v = messageViolations({ embeds: truncateEmbeds(embeds) });
        fig.add('Discord limit violations', v.length);
        expect(v).toEqual([]);
      }),
      { numRuns: SOAK ? 5000 : 500 },
    );
  });
});

// ---- command lines ---------------------------------------------------------------------------

describe('command lines through the console pipeline', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
    await h.ask('/hero new name:Fuzz');
  });
  afterAll(async () => h?.close());

  const quote = (v: string | number | boolean) => {
    const s = String(v);
    return /[\s"':]/.test(s) || s === '' ? `"${s.replace(/["\\]/g, '\\$&')}"` : s;
  };
  const line = fc.oneof(
    {
      weight: 5,
      arbitrary: invocation.map(({ leaf, options }) =>
        ['/' + leaf.command, leaf.group, leaf.sub, ...options.map(([n, v]) => `${n}:${quote(v)}`)]
          .filter(Boolean)
          .join(' '),
      ),
    },
    { weight: 1, arbitrary: nastyText.map((t) => '/' + t) },
    { weight: 1, arbitrary: nastyText },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((t) => `press hero:${t}`) },
  );

  it('never throws; every reply keeps every Discord limit', async () => {
    await fc.assert(
      fc.asyncProperty(line, async (text) => {
        fig.add('payloads fuzzed');
        const reply = await h.ask(text);
        const v = messageViolations(messageBody(reply) as unknown as Record<string, unknown>);
        fig.add('Discord limit violations', v.length);
        expect(v, text.slice(0, 80)).toEqual([]);
        expect(() => JSON.stringify(reply.result)).not.toThrow();
      }),
      { numRuns: LINE_RUNS },
    );
  }, 300_000);
});

// ---- signed interactions over HTTP ---------------------------------------------------------

describe('signed interactions through the HTTP endpoint', () => {
  const signer = makeSigner();
  let store: Store;
  let endpoint: HttpEndpoint;
  let discord: FakeDiscord;
  const USERS = ['1400000000000000101', '1400000000000000102', '1400000000000000103'];

  afterAll(async () => {
    await endpoint?.close();
    await store?.close();
    await discord?.close();
  });

  const optionTree = (
    leaf: LeafSpec,
    opts: (readonly [string, string | number | boolean])[],
    focusedIndex: number | null,
  ) => {
    const typeOf = (name: string, v: unknown) =>
      leaf.options.find((o) => o.name === name)?.type ?? (typeof v === 'number' ? 4 : typeof v === 'boolean' ? 5 : 3);
    const flat = opts.map(([name, value], i) => ({
      name,
      type: typeOf(name, value),
      value,
      ...(i === focusedIndex ? { focused: true } : {}),
    }));
    if (!leaf.sub) return flat;
    const sub = { name: leaf.sub, type: 1, options: flat };
    return leaf.group ? [{ name: leaf.group, type: 2, options: [sub] }] : [sub];
  };

  const junkOptions = fc.oneof(
    fc.constant('x'),
    fc.array(fc.oneof(fc.integer(), fc.constant(null), fc.string()), { maxLength: 3 }),
    fc.array(
      fc.record(
        { name: fc.oneof(fc.string(), fc.integer()), type: fc.oneof(fc.integer(), fc.string()), value: fc.anything() },
        { requiredKeys: [] },
      ),
      { maxLength: 3 },
    ),
  );

  const interaction = fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(invocation, fc.constantFrom(...USERS), fc.boolean())
        .map(([{ leaf, options }, user, auto]) => {
          const base = commandInteraction(leaf.command, optionTree(leaf, options, auto && options.length ? 0 : null), {
            userId: user,
          });
          return auto && options.length ? { ...base, type: 4 } : base;
        }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...USERS),
          fc.oneof(
            fc.string({ maxLength: 100 }),
            fc.constantFrom('hero:delete', 'hero:cancel', 'hero:eat'),
            fc.stringMatching(/^hero:(delete|eat|cancel):\d{19}:[a-z0-9]{0,10}:[0-9a-f]{0,16}(:all|:stop)?$/),
          ),
        )
        .map(([user, customId]) => ({
          id: newInteractionId(),
          application_id: '1100000000000000001',
          type: 3,
          token: `tok-${newInteractionId()}`,
          member: { user: { id: user, username: 'f' } },
          data: { custom_id: customId, component_type: 2 },
          message: { flags: 64 },
        })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...LEAVES), junkOptions, fc.constantFrom(...USERS), fc.constantFrom(2, 3, 4, 5, 99))
        .map(([leaf, options, user, type]) => ({
          ...commandInteraction(leaf.command, [], { userId: user }),
          type,
          data: { name: leaf.command, options },
        })),
    },
  );

  let samples: unknown[] = [];
  beforeAll(async () => {
    // Sampled before any connection is open: a long synchronous sampling must not leave pooled
    // keep-alive sockets idle past the server's timeout (client and server share this process).
    samples = fc.sample(interaction, INTERACTION_RUNS);
    discord = await startFakeDiscord();
    store = await openStore('memory://');
    endpoint = await startHttpEndpoint({
      registry: new Registry(commands),
      services: { store, logger: createLogger('silent') },
      publicKey: signer.publicHex,
      port: 0,
      host: '127.0.0.1',
      apiUrl: discord.apiUrl,
      admission: { perMinute: 100_000, burst: 100_000, userMaxInFlight: 100, maxInFlight: 1000 },
    });
    for (const u of USERS)
      await postInteraction(
        endpoint.port,
        commandInteraction('hero', heroOptions('new', { name: 'Fz' }), { userId: u }),
        signer,
      );
  }, 600_000);
  it('no 5xx, no crash; every answer (and every later edit or follow-up) keeps every Discord limit', async () => {
    let next = 0;
    const statuses = new Map<number, number>();
    const worker = async () => {
      while (next < samples.length) {
        const body = samples[next++]!;
        const res = await postInteraction(endpoint.port, body, signer);
        fig.add('payloads fuzzed');
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status >= 500) fig.add('5xx responses');
        expect(res.status, JSON.stringify(body).slice(0, 300)).toBeLessThan(500);
        if (res.status !== 200) continue;
        const data = res.json?.data as Record<string, unknown> | undefined;
        const type = res.json?.type as number;
        expect([4, 5, 6, 7, 8]).toContain(type);
        const v =
          type === 8
            ? choiceViolations((data?.choices ?? []) as { name: string; value: string }[])
            : messageViolations(data);
        fig.add('Discord limit violations', v.length);
        expect(v, JSON.stringify(body).slice(0, 300)).toEqual([]);
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    // Deferred answers arrive later, through the webhook: they keep the limits too.
    await new Promise((r) => setTimeout(r, 500));
    for (const r of discord.requests.filter((x) => x.path.startsWith('/webhooks/') && x.method !== 'DELETE')) {
      const v = messageViolations(jsonOf(r));
      fig.add('Discord limit violations', v.length);
      expect(v).toEqual([]);
    }
    expect(statuses.get(200) ?? 0).toBeGreaterThan(INTERACTION_RUNS / 2);
  }, 600_000);
});
