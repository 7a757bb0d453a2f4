// The folder tree is the architecture: each folder is one layer, and a file imports only from its
// own folder or a layer below it. This test reads every import of src/ and commands/ and fails on
// any that runs upward, so the picture in the README stays true.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Lowest first. Files at the top of src/ are their own entries. */
const LAYERS: readonly (readonly string[])[] = [
  ['src/errors.ts', 'src/names.ts', 'src/config.ts', 'src/log.ts', 'src/deadlines.ts'], // base: no game, no Discord
  ['src/data', 'src/engine'], // the rules and their tables: pure TypeScript
  ['src/store', 'src/chart', 'src/import'], // storage, drawing, reading pasted text
  ['src/heroes', 'src/settings', 'src/runtime'], // stored records; the worker pool
  ['src/pipeline'], // the generic command pipeline: options, dispatch, replies, buttons
  ['src/kit'], // the game-flavoured command kit: colours, formatting, option kinds, charts
  ['src/ask'], // the plain-words parser, which reads the registered commands
  ['commands'], // one file per command
  ['src/ops', 'src/transport'], // operator endpoints; console, gateway, HTTP
  ['src/app.ts', 'src/deploy.ts', 'src/main.ts', 'src/startSnapshot.ts'], // entry points
];

function layerOf(path: string): number {
  const i = LAYERS.findIndex((l) => l.some((p) => path === p || path.startsWith(`${p}/`)));
  if (i < 0) throw new Error(`${path} is in no layer: add it to LAYERS`);
  return i;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|mts)$/.test(name) ? [path] : [];
  });
}

/** Relative imports of a file, resolved to repository paths (static and dynamic). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = [...text.matchAll(/(?:from|import\()\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]!);
  return found.map((spec) => normalize(join(dirname(file), spec)));
}

describe('layers', () => {
  const files = [...sources('src'), ...sources('commands')].map((f) => relative('.', f));

  it('every source file belongs to a layer', () => {
    for (const f of files) expect(() => layerOf(f), f).not.toThrow();
  });

  it('no import runs upward', () => {
    const upward: string[] = [];
    for (const f of files) {
      for (const target of importsOf(f)) {
        if (target.startsWith('src/data/') && !target.endsWith('.ts')) continue; // JSON tables
        if (layerOf(target) > layerOf(f)) upward.push(`${f} -> ${target}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('the check can fail: an import from a higher layer is caught', () => {
    expect(layerOf('src/engine/nethack/meal.ts')).toBeLessThan(layerOf('src/pipeline/dispatch.ts'));
    expect(layerOf('commands/help.ts')).toBeGreaterThan(layerOf('src/kit/render.ts'));
  });
});
