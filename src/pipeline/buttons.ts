// Buttons that run a command again: "Details" (re-run a pure or read-only command and show its
// full breakdown privately) and the candidates of an ambiguous name ("pick"). The custom id
// carries the whole invocation, so any process or replica can answer the press without shared
// memory: `<prefix>:<command.group.sub>:<checksum>:<key><value>~<key><value>...`, where a key is
// the option's position in its declaration (one base-36 character), a choice is its index, a
// boolean 1/0, text is URI-escaped (space as `_`), and `@<id>` names the user a read-only command
// reads for. Ids longer than Discord's 100 characters are stored instead (`<prefix>:@<id>`,
// kept for BUTTON_TTL_MS). The checksum covers the option names, so a button made by an older
// deploy whose options moved answers "run the command again" instead of running something else.
import { randomBytes } from 'node:crypto';
import { UserError } from '../errors.ts';
import type { Store } from '../store/store.ts';
import { CUSTOM_ID_MAX } from './limits.ts';
import type { OptionSpec } from './options.ts';
import type { CommandModule, InvocationRef, Leaf, OptionValue } from './types.ts';

export const DETAILS_PREFIX = 'details';
export const PICK_PREFIX = 'pick';
/** How long a stored (too long to encode) button keeps working. */
export const BUTTON_TTL_MS = 14 * 24 * 3600 * 1000;
export const buttonKey = (id: string) => `hungerbot:button:${id}`;

export interface ButtonPayload {
  ref: InvocationRef;
  /** The user a read-only (or a write, for "pick") invocation acts for. */
  userId?: string;
}

interface StoredButton extends ButtonPayload {
  expiresAt: string;
}

/** Finds a leaf by path; supplied by the pipeline (its Registry). */
export type LeafFinder = (ref: Pick<InvocationRef, 'commandName' | 'group' | 'subcommand'>) => Leaf | undefined;

export function pathOf(ref: Pick<InvocationRef, 'commandName' | 'group' | 'subcommand'>): string {
  return [ref.commandName, ref.group, ref.subcommand].filter(Boolean).join('.');
}

function refOfPath(path: string): Pick<InvocationRef, 'commandName' | 'group' | 'subcommand'> {
  const [commandName = '', a, b] = path.split('.');
  return b !== undefined ? { commandName, group: a, subcommand: b } : { commandName, subcommand: a };
}

/** Two base-36 characters of an FNV-1a hash of the option names, in declaration order. */
export function optionsChecksum(leaf: Leaf): string {
  return declarationOf(leaf).checksum;
}

/** A leaf's option names in declaration order and their checksum, worked out once per leaf. */
interface Declaration {
  names: readonly string[];
  checksum: string;
}
const declarations = new WeakMap<Leaf, Declaration>();

function declarationOf(leaf: Leaf): Declaration {
  let known = declarations.get(leaf);
  if (!known) {
    const names = Object.keys(leaf.declared);
    let h = 0x811c9dc5;
    for (const ch of names.join(',')) {
      h ^= ch.charCodeAt(0);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    known = { names, checksum: (h % 1296).toString(36).padStart(2, '0') };
    declarations.set(leaf, known);
  }
  return known;
}

const escapeText = (v: string) => encodeURIComponent(v).replace(/_/g, '%5F').replace(/~/g, '%7E').replace(/%20/g, '_');
const unescapeText = (v: string) => decodeURIComponent(v.replace(/_/g, '%20'));

function encodeValue(spec: OptionSpec, value: OptionValue): string {
  if (spec.kind === 'boolean') return value ? '1' : '0';
  if (spec.kind === 'integer' || spec.kind === 'number') return String(value);
  if (spec.choices) return spec.choices.findIndex((c) => c.value === value).toString(36);
  return escapeText(String(value));
}

function decodeValue(spec: OptionSpec, text: string): OptionValue {
  if (spec.kind === 'boolean') return text === '1';
  if (spec.kind === 'integer' || spec.kind === 'number') return Number(text);
  if (spec.choices) {
    const choice = spec.choices[Number.parseInt(text, 36)];
    if (!choice) throw staleButton();
    return choice.value;
  }
  return unescapeText(text);
}

export function staleButton(): UserError {
  return new UserError('That button no longer works.', 'Run the command again.', 'stale_button');
}

/** The payload as text (without the prefix); may be longer than a custom id allows. */
export function encodePayload(leaf: Leaf, payload: ButtonPayload): string {
  const { names } = declarationOf(leaf);
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(payload.ref.options)) {
    const index = names.indexOf(name);
    if (index < 0 || value === undefined) continue;
    pairs.push(index.toString(36) + encodeValue(leaf.declared[name]!.spec, value));
  }
  if (payload.userId) pairs.push(`@${payload.userId}`);
  return `${pathOf(payload.ref)}:${optionsChecksum(leaf)}:${pairs.join('~')}`;
}

export function decodePayload(findLeaf: LeafFinder, text: string): { payload: ButtonPayload; leaf: Leaf } {
  const [path = '', checksum, pairs = ''] = text.split(':');
  const where = refOfPath(path);
  const leaf = findLeaf(where);
  if (!leaf || checksum !== optionsChecksum(leaf)) throw staleButton();
  const { names } = declarationOf(leaf);
  const options: Record<string, OptionValue> = {};
  let userId: string | undefined;
  for (const pair of pairs ? pairs.split('~') : []) {
    if (pair.startsWith('@')) {
      userId = pair.slice(1);
      continue;
    }
    const name = names[Number.parseInt(pair[0]!, 36)];
    if (!name) throw staleButton();
    options[name] = decodeValue(leaf.declared[name]!.spec, pair.slice(1));
  }
  return { payload: { ref: { ...where, options }, userId }, leaf };
}

/**
 * The custom id of a button that runs `payload` again: encoded when it fits, else stored.
 * Null when it does not fit and the store could not keep it (the caller omits the button).
 */
export async function buttonCustomId(
  prefix: string,
  leaf: Leaf,
  payload: ButtonPayload,
  store: Store,
): Promise<string | null> {
  const inline = `${prefix}:${encodePayload(leaf, payload)}`;
  if (inline.length <= CUSTOM_ID_MAX) return inline;
  const id = randomBytes(9).toString('base64url');
  const stored: StoredButton = { ...payload, expiresAt: new Date(Date.now() + BUTTON_TTL_MS).toISOString() };
  try {
    await store.setTemp(buttonKey(id), stored, BUTTON_TTL_MS);
  } catch {
    return null;
  }
  return `${prefix}:@${id}`;
}

/** The invocation a pressed button stands for (the part after its prefix). */
export async function readButton(
  findLeaf: LeafFinder,
  store: Store,
  rest: string,
): Promise<{ payload: ButtonPayload; leaf: Leaf }> {
  if (!rest.startsWith('@')) return decodePayload(findLeaf, rest);
  const stored = await store.getTemp<StoredButton>(buttonKey(rest.slice(1)));
  if (!stored?.ref || Date.parse(stored.expiresAt) < Date.now()) throw staleButton();
  const leaf = findLeaf(stored.ref);
  if (!leaf) throw staleButton();
  return { payload: { ref: stored.ref, userId: stored.userId }, leaf };
}

/** Finds leaves in a list of commands (the Registry's). */
export function leafFinder(byName: (name: string) => CommandModule | undefined): LeafFinder {
  return (ref) => byName(ref.commandName)?.leaf(ref);
}
