// An idle Discord process holds no game engine, tables or commands: they load with the first
// interaction (README "Memory"). This test follows the value imports a process loads at start (the
// static ones, from main.ts and the transports it starts) and fails if any reaches them.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const STARTS = ['src/main.ts', 'src/transport/gateway.ts', 'src/transport/http.ts', 'src/transport/shardManager.ts'];
const LOADED_LATER = ['src/engine/', 'src/data/', 'commands/', 'src/chart/'];
/** How replies cite the source: string helpers with no import of their own. */
const ALLOWED = new Set(['src/engine/cite.ts']);

/** Static imports that carry values (`import type` and all-type braces are erased at build time). */
function staticValueImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^import\s+(type\s+)?([^'";]*?)\s*(?:from\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm)) {
    if (m[1]) continue;
    const clause = m[2] ?? '';
    const braces = /^\{([^}]*)\}$/.exec(clause.trim())?.[1];
    const names =
      braces
        ?.split(',')
        .map((s) => s.trim())
        .filter(Boolean) ?? [];
    if (names.length > 0 && names.every((n) => n.startsWith('type '))) continue; // import { type A, type B }
    out.push(normalize(join(dirname(file), m[3]!)));
  }
  return out;
}

function closure(starts: string[]): Map<string, string> {
  const via = new Map<string, string>(starts.map((s) => [s, 'start']));
  const queue = [...starts];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (!file.endsWith('.ts') || !existsSync(file)) continue;
    for (const target of staticValueImports(file)) {
      if (via.has(target)) continue;
      via.set(target, file);
      queue.push(target);
    }
  }
  return via;
}

describe('what a process loads at start', () => {
  const loaded = closure(STARTS);

  it('follows the imports it should (a sanity check of the reader)', () => {
    expect(loaded.has('src/transport/respond.ts')).toBe(true);
    expect(loaded.has('src/runtime/offload.ts')).toBe(true);
  });

  it('holds no engine, game table, chart or command until the first interaction', () => {
    const early = [...loaded.keys()].filter((f) => !ALLOWED.has(f) && LOADED_LATER.some((p) => f.startsWith(p)));
    const chains = early.map((f) => {
      const chain = [f];
      for (let at = f; loaded.get(at) !== 'start'; at = loaded.get(at)!) chain.push(loaded.get(at)!);
      return chain.reverse().join(' -> ');
    });
    expect(chains).toEqual([]);
  });
});
