// Each option is declared once; the Discord definition and the zod schema are both derived from
// that declaration. These tests walk every leaf of every registered command and fail if the two
// could ever disagree: what Discord lets a user send, the schema must accept, and what Discord
// refuses, the schema must refuse too (the console and the HTTP endpoint bypass Discord's checks).
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { APIApplicationCommandBasicOption } from 'discord-api-types/v10';
import { commands } from '../../commands/index.ts';
import { boolean, choice, integer, text, type ArgsOf } from '../../src/pipeline/options.ts';
import type { Leaf } from '../../src/pipeline/types.ts';
import {
  OPT_ATTACHMENT,
  OPT_BOOLEAN,
  OPT_INTEGER,
  OPT_NUMBER,
  OPT_STRING,
  OPT_USER,
} from '../../src/pipeline/options.ts';

type Basic = APIApplicationCommandBasicOption & {
  min_value?: number;
  max_value?: number;
  max_length?: number;
  choices?: { name: string; value: string | number }[];
};

function leaves(): { path: string; leaf: Leaf }[] {
  const out: { path: string; leaf: Leaf }[] = [];
  for (const c of commands) {
    const name = c.definition.name;
    const subs = (c.definition.options ?? []).filter((o) => o.type === 1 || o.type === 2);
    if (!subs.length) out.push({ path: `/${name}`, leaf: c.leaf({})! });
    for (const s of subs) {
      if (s.type === 1) out.push({ path: `/${name} ${s.name}`, leaf: c.leaf({ subcommand: s.name })! });
      else
        for (const g of s.options ?? [])
          out.push({ path: `/${name} ${s.name} ${g.name}`, leaf: c.leaf({ group: s.name, subcommand: g.name })! });
    }
  }
  return out;
}

const accepts = (leaf: Leaf, name: string, value: unknown) => {
  const parsed = leaf.schema.safeParse({ ...requiredValues(leaf), [name]: value });
  return parsed.success;
};

/** A valid value for every required option, so one option can be probed at a time. */
function requiredValues(leaf: Leaf): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const o of leaf.options as Basic[]) {
    if (!o.required) continue;
    if (o.choices?.length) out[o.name] = o.choices[0]!.value;
    else if (o.type === OPT_STRING) out[o.name] = 'x';
    else if (o.type === OPT_BOOLEAN) out[o.name] = true;
    else out[o.name] = o.min_value ?? 0;
  }
  return out;
}

describe('every option: the Discord definition and the parsed arguments agree', () => {
  const all = leaves();
  it('walks every leaf of every registered command', () => {
    expect(all.length).toBeGreaterThan(30);
    for (const { leaf } of all) expect(leaf).toBeDefined();
  });

  for (const { path, leaf } of all) {
    it(`${path}: same names, types, requirements, bounds and choices`, () => {
      const defs = leaf.options as Basic[];
      const declared = Object.keys(leaf.declared).sort();
      expect(defs.map((d) => d.name).sort()).toEqual(declared);
      expect(Object.keys((leaf.schema as unknown as { shape: object }).shape).sort()).toEqual(declared);
      expect(defs.some((d) => d.name === 'hide' && d.type === OPT_BOOLEAN)).toBe(true);
      for (const d of defs) {
        const where = `${path} ${d.name}`;
        const spec = leaf.declared[d.name]!.spec;
        expect(d.required, where).toBe(spec.required);
        // Absent: required options are refused; optional ones parse to their default or undefined.
        const base = requiredValues(leaf);
        delete base[d.name];
        const absent = leaf.schema.safeParse(base);
        if (d.required) expect(absent.success, where).toBe(false);
        else {
          expect(absent.success, where).toBe(true);
          expect((absent.data as Record<string, unknown>)[d.name], where).toEqual(spec.defaultValue);
        }
        switch (d.type) {
          case OPT_INTEGER:
          case OPT_NUMBER: {
            expect(d.min_value, `${where} has a lower bound`).toBeTypeOf('number');
            expect(d.max_value, `${where} has an upper bound`).toBeTypeOf('number');
            expect(accepts(leaf, d.name, d.min_value), where).toBe(true);
            expect(accepts(leaf, d.name, d.max_value), where).toBe(true);
            const step = d.type === OPT_INTEGER ? 1 : 0.001;
            expect(accepts(leaf, d.name, d.min_value! - step), where).toBe(false);
            expect(accepts(leaf, d.name, d.max_value! + step), where).toBe(false);
            if (d.type === OPT_INTEGER) expect(accepts(leaf, d.name, d.min_value! + 0.5), where).toBe(false);
            expect(accepts(leaf, d.name, 'seven'), where).toBe(false);
            if (spec.example !== undefined) expect(accepts(leaf, d.name, spec.example), `${where} example`).toBe(true);
            break;
          }
          case OPT_BOOLEAN:
            expect(accepts(leaf, d.name, true), where).toBe(true);
            expect(accepts(leaf, d.name, false), where).toBe(true);
            expect(accepts(leaf, d.name, 'yes'), where).toBe(false);
            break;
          case OPT_STRING:
            if (spec.choices?.length) {
              // Listed to Discord as choices, or suggested by autocomplete: the schema takes exactly these.
              expect(d.choices?.length ?? 0, where).toBe(spec.autocomplete ? 0 : spec.choices.length);
              for (const c of spec.choices) expect(accepts(leaf, d.name, c.value), `${where} ${c.value}`).toBe(true);
              expect(accepts(leaf, d.name, 'not-a-choice'), where).toBe(false);
            } else {
              expect(d.max_length, `${where} has a length limit`).toBeTypeOf('number');
              expect(accepts(leaf, d.name, 'a'.repeat(d.max_length!)), where).toBe(true);
              expect(accepts(leaf, d.name, 'a'.repeat(d.max_length! + 1)), where).toBe(false);
              expect(accepts(leaf, d.name, ''), where).toBe(false);
            }
            break;
          case OPT_USER: {
            // Discord sends the id; the console types an id or a mention, read as the bare id.
            expect(accepts(leaf, d.name, '80351110224678912'), where).toBe(true);
            const mention = leaf.schema.safeParse({ ...requiredValues(leaf), [d.name]: '<@!80351110224678912>' });
            expect(mention.data?.[d.name as never]).toBe('80351110224678912');
            expect(accepts(leaf, d.name, 'not a user!'), where).toBe(false);
            break;
          }
          case OPT_ATTACHMENT:
            // Discord sends the attachment's id (resolved separately); the console a local path.
            expect(accepts(leaf, d.name, '1100000000000000001'), where).toBe(true);
            expect(accepts(leaf, d.name, ''), where).toBe(false);
            break;
          default:
            throw new Error(`${where}: unexpected option type ${d.type}`);
        }
      }
    });
  }
});

describe('option declarations', () => {
  it("suggest an autocompleted choice option's own values", async () => {
    const meal = commands.find((c) => c.definition.name === 'nethack')!.leaf({ subcommand: 'meal' })!;
    const ctx = {} as Parameters<NonNullable<Leaf['autocomplete']>>[2];
    const got = await meal.autocomplete!({ name: 'speed', value: 'ver' }, {}, ctx);
    expect(got.map((c) => c.value)).toEqual(['very fast']);
    expect(meal.schema.safeParse({ food: 'apple', nutrition: 900, speed: 'Very Fast' }).data).toMatchObject({
      speed: 'very fast',
    });
  });

  it('derive the handler argument types', () => {
    const options = {
      n: integer('n', { min: 0, max: 9, example: 5 }).required(),
      k: integer('k', { min: 0, max: 9, example: 5 }).default(3),
      flag: boolean('f'),
      mode: choice('m', ['a', 'b']),
      name: text('t'),
    } as const;
    expectTypeOf<ArgsOf<typeof options>>().toEqualTypeOf<{
      n: number;
      k: number;
      flag: boolean | undefined;
      mode: 'a' | 'b' | undefined;
      name: string | undefined;
    }>();
  });
});
