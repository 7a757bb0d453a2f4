// What the parser may produce: every leaf command and its options, read from the registered
// command modules (the same declarations Discord and the pipeline use), never written twice.
// The parser only emits options a leaf declares, with values its declaration accepts.
import type { CommandModule } from '../pipeline/types.ts';
import type { OptionKind } from '../pipeline/options.ts';
import { quoteValue } from '../pipeline/commandLine.ts';

/** Parts of Crawl hunger gear the parser collects, as `gear.<field of CrawlGear>`. */
export const GEAR_PART = 'gear.';
const GEAR_FIELDS: Record<string, 'count' | 'flag' | 'sum'> = {
  sustenanceRings: 'count',
  hungerRings: 'count',
  regenerationRings: 'count',
  trollLeather: 'flag',
  gourmand: 'flag',
  artefactMetabolism: 'sum',
};
export function isGearPart(name: string, value: AskValue): boolean {
  const kind = GEAR_FIELDS[name.slice(GEAR_PART.length)];
  if (kind === 'flag') return value === true;
  if (kind === 'count') return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 8;
  return kind === 'sum' && typeof value === 'number' && Number.isInteger(value) && value >= -20 && value <= 30;
}

export type AskValue = string | number | boolean;

export interface OptionInfo {
  name: string;
  kind: OptionKind;
  required: boolean;
  description: string;
  choices?: readonly string[];
  min?: number;
  max?: number;
  example?: string | number;
}

export interface LeafInfo {
  /** "nethack forecast", "nethack pet food", "help". */
  key: string;
  path: readonly string[];
  /** In the leaf's declared order, required ones first (as Discord lists them). */
  options: readonly OptionInfo[];
}

/** Options every leaf has that a question never sets. */
const NOT_FROM_QUESTIONS = new Set(['hide']);

export class Catalog {
  readonly leaves: ReadonlyMap<string, LeafInfo>;

  constructor(leaves: readonly LeafInfo[]) {
    this.leaves = new Map(leaves.map((l) => [l.key, l]));
  }

  leaf(key: string): LeafInfo {
    const leaf = this.leaves.get(key);
    if (!leaf) throw new Error(`ask: no command "${key}" in the registry`);
    return leaf;
  }

  option(key: string, name: string): OptionInfo | undefined {
    return this.leaves.get(key)?.options.find((o) => o.name === name);
  }

  /** True when the leaf declares the option and would accept this value. */
  accepts(key: string, name: string, value: AskValue): boolean {
    // A piece of Crawl gear ("gear.sustenanceRings") goes into the leaf's one `gear` option.
    if (name.startsWith(GEAR_PART)) return this.option(key, 'gear') !== undefined && isGearPart(name, value);
    const o = this.option(key, name);
    if (!o) return false;
    switch (o.kind) {
      case 'boolean':
        return typeof value === 'boolean';
      case 'integer':
        return typeof value === 'number' && Number.isInteger(value) && inRange(o, value);
      case 'number':
        return typeof value === 'number' && inRange(o, value);
      case 'string':
        if (typeof value !== 'string' || value.trim() === '') return false;
        return !o.choices || o.choices.includes(value);
      default:
        return false; // users and attachments are never read from a question
    }
  }

  /** The command line for a leaf and its options, options in the leaf's own order. */
  formatLine(key: string, options: Readonly<Record<string, AskValue>>): string {
    const leaf = this.leaf(key);
    const parts = [`/${leaf.path.join(' ')}`];
    for (const o of leaf.options) {
      const v = options[o.name];
      if (v !== undefined) parts.push(`${o.name}:${typeof v === 'string' ? quoteValue(v) : String(v)}`);
    }
    return parts.join(' ');
  }
}

function inRange(o: OptionInfo, v: number): boolean {
  return (o.min === undefined || v >= o.min) && (o.max === undefined || v <= o.max);
}

/** Every leaf of the registered commands, with its declared options. */
export function catalogFrom(commands: readonly CommandModule[]): Catalog {
  const leaves: LeafInfo[] = [];
  for (const command of commands) {
    const name = command.definition.name;
    const top = command.definition.options ?? [];
    const subs = top.filter((o) => o.type === 1 || o.type === 2);
    if (subs.length === 0) leaves.push(leafInfo(command, [name]));
    for (const s of subs) {
      if (s.type === 1) leaves.push(leafInfo(command, [name, s.name]));
      else if (s.type === 2)
        for (const inner of s.options ?? []) leaves.push(leafInfo(command, [name, s.name, inner.name]));
    }
  }
  return new Catalog(leaves);
}

function leafInfo(command: CommandModule, path: string[]): LeafInfo {
  const [, a, b] = path;
  const leaf = command.leaf(b !== undefined ? { group: a, subcommand: b } : { subcommand: a });
  if (!leaf) throw new Error(`ask: /${path.join(' ')} has no handler`);
  const entries = Object.entries(leaf.declared).filter(([n]) => !NOT_FROM_QUESTIONS.has(n));
  const ordered = [...entries.filter(([, o]) => o.spec.required), ...entries.filter(([, o]) => !o.spec.required)];
  const options = ordered.map(([n, o]): OptionInfo => {
    const s = o.spec;
    return {
      name: n,
      kind: s.kind,
      required: s.required,
      description: s.description,
      ...(s.choices ? { choices: s.choices.map((c) => c.value) } : {}),
      ...(s.min !== undefined ? { min: s.min } : {}),
      ...(s.max !== undefined ? { max: s.max } : {}),
      ...(s.example !== undefined ? { example: s.example } : {}),
    };
  });
  return { key: path.join(' '), path, options };
}
