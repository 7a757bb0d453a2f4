// The HTTP endpoint checks an interaction's shape by hand (src/transport/shape.ts, for speed). Its
// rules, written here as the zod schema the endpoint used before, are the reference: both must
// accept and refuse exactly the same values, on Discord's own interactions and on many mutations
// of them (a field removed, nulled, retyped, made too long, an array too long, a bad key).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { interactionShape, ShapeError } from '../../src/transport/shape.ts';
import { parseInteraction } from '../../src/transport/http.ts';

const snowflake = z.string().regex(/^\d{1,20}$/);
type Opt = { name: string; type: number; value?: string | number | boolean; options?: Opt[]; focused?: boolean };
const RawOptionSchema: z.ZodType<Opt> = z.lazy(() =>
  z.object({
    name: z.string().max(100),
    type: z.number().int(),
    value: z.union([z.string().max(6000), z.number(), z.boolean()]).optional(),
    options: z.array(RawOptionSchema).max(25).optional(),
    focused: z.boolean().optional(),
  }),
);
const UserSchema = z.object({ id: snowflake, username: z.string().max(100).optional() });
const Reference = z.object({
  id: snowflake,
  type: z.number().int(),
  token: z.string().regex(/^[\w.-]{1,500}$/),
  application_id: snowflake,
  data: z
    .object({
      name: z.string().max(32).optional(),
      options: z.array(RawOptionSchema).max(25).optional(),
      custom_id: z.string().max(100).optional(),
      type: z.number().int().optional(),
      target_id: snowflake.optional(),
      resolved: z
        .object({
          attachments: z
            .record(
              snowflake,
              z.object({
                url: z.string().max(2000),
                size: z.number().int().min(0),
                filename: z.string().max(300).optional(),
                content_type: z.string().max(200).optional(),
              }),
            )
            .optional(),
          messages: z
            .record(
              snowflake,
              z.object({ content: z.string().max(4000).optional(), author: UserSchema.partial().optional() }),
            )
            .optional(),
        })
        .optional(),
    })
    .optional(),
  member: z
    .object({
      user: UserSchema.optional(),
      permissions: z
        .string()
        .regex(/^\d{1,30}$/)
        .optional(),
    })
    .nullish(),
  user: UserSchema.nullish(),
  guild_id: snowflake.optional(),
  channel_id: snowflake.optional(),
  channel: z.object({ id: snowflake }).partial().nullish(),
  message: z.object({ flags: z.number().int().optional() }).nullish(),
});

const accepts = (v: unknown) => {
  try {
    interactionShape(v);
    return true;
  } catch (err) {
    if (!(err instanceof ShapeError)) throw err;
    return false;
  }
};

/** Interactions as Discord sends them: a command in a server, a DM button press, a message command, attachments. */
const samples = (): Record<string, unknown>[] => [
  {
    id: '1700000000000000001',
    application_id: '1100000000000000001',
    type: 2,
    token: 'aW50ZXJhY3Rpb246MTIz.abc-def_ghi',
    guild_id: '1200000000000000002',
    channel_id: '1300000000000000003',
    channel: { id: '1300000000000000003', type: 0 },
    member: { user: { id: '1400000000000000004', username: 'player', global_name: 'P' }, permissions: '2147483647' },
    data: {
      id: '99',
      name: 'nethack',
      type: 1,
      options: [
        {
          name: 'forecast',
          type: 1,
          options: [
            { name: 'nutrition', type: 4, value: 900 },
            { name: 'left_ring', type: 3, value: 'ring of regeneration', focused: true },
            { name: 'hide', type: 5, value: true },
          ],
        },
      ],
    },
    locale: 'en-US',
  },
  {
    id: '1700000000000000002',
    application_id: '1100000000000000001',
    type: 3,
    token: 'tok',
    user: { id: '1400000000000000005', username: 'dm-user' },
    message: { id: '5', flags: 64 },
    data: { custom_id: 'details:nethack.status:6t:0150', component_type: 2 },
  },
  {
    id: '1700000000000000003',
    application_id: '1100000000000000001',
    type: 2,
    token: 'tok3',
    member: { user: { id: '1400000000000000006' } },
    data: {
      name: 'Ask hungerbot',
      type: 3,
      target_id: '1500000000000000007',
      resolved: { messages: { '1500000000000000007': { content: 'turns until weak', author: { id: '9' } } } },
    },
  },
  {
    id: '1700000000000000004',
    application_id: '1100000000000000001',
    type: 2,
    token: 'tok4',
    user: { id: '1400000000000000008' },
    member: null,
    channel: null,
    data: {
      name: 'hero',
      options: [
        {
          name: 'import',
          type: 1,
          options: [{ name: 'file', type: 11, value: '100' }],
        },
      ],
      resolved: {
        attachments: { '100': { url: 'https://cdn.discordapp.com/a/b/dump.txt', size: 1234, filename: 'dump.txt' } },
      },
    },
  },
];

/** Every path to a value inside `v` (objects and arrays). */
function paths(v: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (typeof v !== 'object' || v === null) return [prefix];
  const keys: (string | number)[] = Array.isArray(v) ? v.map((_, i) => i) : Object.keys(v);
  return [prefix, ...keys.flatMap((k) => paths((v as Record<string, unknown>)[k as string], [...prefix, k]))];
}

/** A copy of `v` with the value at `path` replaced (undefined: removed). */
function setAt(v: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(v) as Record<string, unknown>;
  let at = copy;
  for (const k of path.slice(0, -1)) at = at[k as string] as Record<string, unknown>;
  const last = path[path.length - 1]!;
  if (value === undefined && !Array.isArray(at)) delete at[last as string];
  else at[last as string] = value;
  return copy;
}

const REPLACEMENTS: unknown[] = [
  undefined,
  null,
  '',
  'x',
  '12345',
  '../../users/@me',
  'a'.repeat(101),
  'a'.repeat(6001),
  '1'.repeat(21),
  0,
  -1,
  1.5,
  2 ** 53,
  true,
  [],
  [1],
  {},
  { id: '1' },
  { name: 'n', type: 1 },
  Array.from({ length: 26 }, () => ({ name: 'n', type: 3 })),
];

describe('the hand-written shape check agrees with the zod schema it replaced', () => {
  it("accepts Discord's own interactions", () => {
    for (const s of samples()) {
      expect(Reference.safeParse(s).success).toBe(true);
      expect(accepts(s)).toBe(true);
    }
  });

  it('decides every single-field mutation of them as the schema does', () => {
    let refused = 0;
    let checked = 0;
    for (const s of samples()) {
      for (const path of paths(s)) {
        for (const value of REPLACEMENTS) {
          const mutated = setAt(s, path, value);
          const expected = Reference.safeParse(mutated).success;
          expect({ path: path.join('.'), value, ok: accepts(mutated) }).toEqual({
            path: path.join('.'),
            value,
            ok: expected,
          });
          checked++;
          if (!expected) refused++;
        }
      }
    }
    // The mutations exercise both answers, many times each.
    expect(refused).toBeGreaterThan(300);
    expect(checked - refused).toBeGreaterThan(300);
  });

  it('decides arbitrary JSON values and random records keyed by strings as the schema does', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => accepts(v) === Reference.safeParse(v).success),
      { numRuns: 2000 },
    );
    const base = samples()[3]!;
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 22 }), fc.jsonValue(), { maxKeys: 3 }), (attachments) => {
        const v = setAt(base, ['data', 'resolved', 'attachments'], attachments);
        // zod skips a "__proto__" key; the endpoint refuses it (not a snowflake), as it should.
        if (Object.keys(attachments).includes('__proto__')) return !accepts(v);
        return accepts(v) === Reference.safeParse(v).success;
      }),
      { numRuns: 1000 },
    );
  });

  it('refuses a "__proto__" key in a record, which the zod reference skips (JSON.parse keeps it as a key)', () => {
    const v = setAt(samples()[3]!, ['data', 'resolved', 'attachments'], JSON.parse('{"__proto__":{"url":"x"}}'));
    expect(Reference.safeParse(v).success).toBe(true);
    expect(parseInteraction(v)).toMatchObject({ ok: false, error: expect.stringContaining('__proto__') });
  });

  it('names the field that is wrong in the 400 body', () => {
    const bad = setAt(samples()[0], ['data', 'options', 0, 'options', 1, 'value'], { n: 1 });
    expect(parseInteraction(bad)).toEqual({
      ok: false,
      error: 'malformed interaction (data.options.0.options.1.value: expected a string, a number or a boolean)',
    });
    expect(parseInteraction(setAt(samples()[0], ['token'], '../x'))).toMatchObject({
      ok: false,
      error: expect.stringContaining('token'),
    });
  });
});
