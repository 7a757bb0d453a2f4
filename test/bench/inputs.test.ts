// The benchmarks drive the real commands with command lines; an option renamed in a command
// must fail here, in the test suite, not only later in `npm run bench`.
import { describe, expect, it } from 'vitest';
import { mixed } from '../../bench/batch.bench.ts';
import { crawlSweep, nethackSweep } from '../../bench/forecast.bench.ts';
import { commands } from '../../commands/index.ts';
import { parseCommandLine, toInvocation } from '../../src/pipeline/commandLine.ts';
import { coerceOptions, Registry } from '../../src/pipeline/dispatch.ts';

const registry = new Registry(commands);

/** Parses a line as the console does and validates its options against the leaf's schema. */
function validate(line: string): void {
  const inv = toInvocation(parseCommandLine(line, registry), { id: 'bench', name: 'bench' });
  const leaf = registry.get(inv.commandName)?.leaf(inv);
  if (!leaf) throw new Error(`no command for ${line}`);
  const parsed = leaf.schema.safeParse(coerceOptions(leaf.options, inv.options, leaf.declared));
  if (!parsed.success) throw new Error(`${line}: ${parsed.error.message}`);
}

describe('benchmark inputs are valid commands', () => {
  const lines = [...nethackSweep(), ...crawlSweep(), ...Array.from({ length: 9 }, (_, i) => mixed(i))];
  it('has inputs', () => expect(lines.length).toBeGreaterThan(20));
  it.each(lines)('%s', (line) => expect(() => validate(line)).not.toThrow());
});
