// /hero import: a pasted NetHack bottom line, a NetHack dumplog or a DCSS character dump becomes
// a hero (or updates one). The reply shows every value read (with its line) and every assumption,
// and asks first: the plan waits in the store (any replica can answer the button), one use, 15
// minutes. Unknown or malformed text answers privately and changes nothing.
import { randomBytes } from 'node:crypto';
import type { APIEmbedField } from 'discord-api-types/v10';
import { UserError } from '../../src/errors.ts';
import { badAttachment, createAttachmentReader, readLocalFile } from '../../src/pipeline/attachments.ts';
import { attachment, choice, text } from '../../src/pipeline/options.ts';
import { COLORS, field, fmt } from '../../src/kit/render.ts';
import { defineSubcommand, type HandlerContext, type Reply } from '../../src/pipeline/types.ts';
import { CRAWL_VERSIONS, NETHACK_VERSIONS, type CrawlVersion, type NethackVersion } from '../../src/engine/cite.ts';
import { importText, type ImportResult } from '../../src/import/index.ts';
import { heroNameFrom, importNonceKey, importPlanKey, planImport, type ImportPlan } from '../../src/heroes/import.ts';
import { activeHero, emptyRecord, replaceHero } from '../../src/heroes/repo.ts';
import { HeroCoreSchema, MAX_HEROES_PER_USER, type Hero, type HeroCore } from '../../src/heroes/schema.ts';
import { coreOf, heroReply, heroValue, repoFor, withEvent } from './common.ts';
import { heroName, heroNameAutocomplete, newHeroName } from './manage.ts';

const IMPORT_CONFIRM_MS = 15 * 60 * 1000;
const DEFAULT_READER = createAttachmentReader();

const KIND_TEXT: Record<ImportResult['kind'], string> = {
  'nethack-bottom-line': 'NetHack bottom line',
  'nethack-dumplog': 'NetHack dumplog',
  'crawl-dump': 'DCSS character dump',
};

export const importSubcommand = defineSubcommand({
  name: 'import',
  description: 'Make a hero from a status line, dumplog or DCSS dump (asks first)',
  example: '/hero import text:"Agnes the Stripling St:18/50 ... Dlvl:3 $:42 HP:14(16) ... T:1234 Hungry"',
  access: 'write',
  privateReply: true,
  options: {
    text: text('The two status lines, or a short dump, pasted', { maxLength: 6000 }),
    file: attachment('A dumplog or character dump file'),
    name: newHeroName.describe('Name for the hero (default: the one in the text)'),
    hero: heroName.describe('Update this hero instead of creating one'),
    version: choice('Game version, when the text does not say', [...NETHACK_VERSIONS, ...CRAWL_VERSIONS]),
  },
  autocomplete: heroNameAutocomplete,
  async run(args, ctx) {
    const source = await readSource(args, ctx);
    const record = await repoFor(ctx).read(ctx.user.id);
    const named = args.hero ? activeHero(record, args.hero) : undefined;
    let result = readImport(source.text, args.version, named);
    // Without `hero:`, a hero of the same name is the one to update (same game only).
    const wanted = heroNameFrom(args.name) ?? heroNameFrom(result.hero.name);
    const sameName =
      named || !wanted ? undefined : record?.heroes.find((h) => h.name.toLowerCase() === wanted.toLowerCase());
    if (sameName && sameName.game !== result.game) {
      throw new UserError(
        `You already have a ${sameName.game === 'nethack' ? 'NetHack' : 'Crawl'} hero called ${sameName.name}.`,
        'Give the new one another name with `name:`.',
        'duplicate_hero',
      );
    }
    if (sameName) result = readImport(source.text, args.version, sameName);
    const existing = named ?? sameName;
    if (!existing && (record?.heroes.length ?? 0) >= MAX_HEROES_PER_USER) {
      throw new UserError(
        `You already have ${MAX_HEROES_PER_USER} heroes, the most one user can keep.`,
        'Update one with `hero:<name>`, or delete one first.',
        'too_many_heroes',
      );
    }
    const plan = planImport(result, {
      existing,
      name: args.name,
      id: randomBytes(5).toString('hex'),
      createdAt: new Date().toISOString(),
    });
    return askToConfirmImport(ctx, result, plan, source.from);
  },
});

/** The pasted text, the attached file (Discord's CDN, capped) or, in the console, a local file. */
async function readSource(
  args: { text?: string; file?: string },
  ctx: HandlerContext,
): Promise<{ text: string; from: string }> {
  if (!args.text === !args.file) {
    throw new UserError(
      'Give the text to import: `text:` (pasted) or `file:` (attached), one of them.',
      'For example `/hero import text:"<your two status lines>"`.',
      'missing_option',
    );
  }
  if (args.text) return { text: unflatten(args.text), from: 'pasted text' };
  const ref = ctx.attachments?.[args.file!];
  if (ref)
    return {
      text: await (ctx.services.attachments ?? DEFAULT_READER).read(ref),
      from: ref.filename ?? 'the attached file',
    };
  if (ctx.transport === 'console') return { text: await readLocalFile(args.file!), from: args.file! };
  throw badAttachment('That attachment did not come with the command.', 'Attach the file again.');
}

/** Where the second status line starts (botl.c describe_level()), after line 1's alignment and score. */
const SECOND_LINE = new RegExp(
  String.raw`^(.*?\b(?:Lawful|Neutral|Chaotic|Unaligned)(?:\s+S:\d+)?)\s+` +
    String.raw`((?:Dlvl:|Home \d|Fort Ludios|End Game|Tutorial)[\s\S]*)$`,
);

/**
 * Discord's text options are one line: pasted status lines arrive joined, and the console types
 * `\n` for a line break. Split the second status line (it starts with the dungeon level, botl.c
 * describe_level()) from the first again.
 */
export function unflatten(text: string): string {
  const t = text.replace(/\\n/g, '\n');
  if (t.includes('\n')) return t;
  const m = SECOND_LINE.exec(t);
  return m ? `${m[1]}\n${m[2]}` : t;
}

/** importText() with the version the user named; for a hero being updated, its own version. */
function readImport(text: string, version: string | undefined, hero?: Hero): ImportResult {
  const nethackVersion = (NETHACK_VERSIONS as readonly string[]).includes(version ?? '')
    ? (version as NethackVersion)
    : undefined;
  const crawlVersion = (CRAWL_VERSIONS as readonly string[]).includes(version ?? '')
    ? (version as CrawlVersion)
    : undefined;
  const result = importText(text, { nethackVersion, crawlVersion });
  // A bottom line that does not tell its version is read as the hero's own version.
  if (
    !version &&
    hero?.game === 'nethack' &&
    result.kind === 'nethack-bottom-line' &&
    result.versionFrom === 'default' &&
    hero.version !== result.version
  ) {
    return importText(text, { nethackVersion: hero.version });
  }
  return result;
}

interface StoredPlan {
  target: ImportPlan['target'];
  core: HeroCore;
  summary: string;
}

async function askToConfirmImport(
  ctx: HandlerContext,
  r: ImportResult,
  plan: ImportPlan,
  from: string,
): Promise<Reply> {
  const nonce = randomBytes(8).toString('hex');
  const summary = `Imported from a ${KIND_TEXT[r.kind]} (${r.game === 'nethack' ? 'NetHack' : 'Crawl'} ${r.version}).`;
  const stored: StoredPlan = { target: plan.target, core: plan.core, summary };
  await ctx.services.store.setTemp(importPlanKey(ctx.user.id, nonce), stored, IMPORT_CONFIRM_MS);
  await ctx.services.store.setIfAbsent(importNonceKey(ctx.user.id, nonce), IMPORT_CONFIRM_MS);
  const name = plan.core.name;
  const verb = plan.target.mode === 'new' ? `Create ${name}` : `Update ${plan.target.heroName}`;
  const v = heroValue(plan.core);
  const state = `${r.hunger.status}${r.hunger.rule === 'exact' ? '' : ` (assumed ${fmt(r.hunger.assumed)})`}`;
  const title = `Read a ${KIND_TEXT[r.kind]}: ${name}, ${state}, turn ${fmt(v.turn)}. ${verb}?`;
  return {
    embeds: [{ title, description: describe(r, plan, from), color: COLORS.info, fields: importFields(r, plan) }],
    result: {
      confirm: 'import',
      pending: true,
      target: plan.target,
      hero: plan.core,
      kept: plan.kept,
      dropped: plan.dropped,
      assumed: [...r.assumptions.map((a) => ({ field: a.field, value: a.value, reason: a.reason })), ...plan.assumed],
      notes: [...r.notes, ...plan.notes],
      import: r,
    },
    buttons: [
      { customId: `hero:import:${ctx.user.id}:${nonce}`, label: verb, style: 'primary' },
      { customId: `hero:cancel:${ctx.user.id}:${nonce}`, label: 'Cancel', style: 'secondary' },
    ],
    ephemeral: true,
  };
}

function describe(r: ImportResult, plan: ImportPlan, from: string): string {
  const lines = [
    `From ${from}: ${r.game === 'nethack' ? 'NetHack' : 'Crawl'} ${r.version}.`,
    `Hunger: ${r.hunger.reason}`,
  ];
  if (plan.target.mode === 'update') lines.push(`Values the text does not show keep what ${plan.target.heroName} has.`);
  lines.push('Nothing is stored until you confirm (15 minutes).');
  return lines.join('\n');
}

/** "name: Agnes (line 3)" for every value read, however nested. */
export function readLines(fields: object, prefix = ''): string[] {
  const out: string[] = [];
  const show = (v: unknown): string =>
    v !== null && typeof v === 'object'
      ? Object.entries(v as Record<string, unknown>)
          .map(([k, x]) => `${k} ${typeof x === 'object' ? JSON.stringify(x) : String(x)}`)
          .join(', ')
      : String(v);
  for (const [key, value] of Object.entries(fields)) {
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) {
      if (!item || typeof item !== 'object' || !('from' in item)) continue;
      const it = item as { value?: unknown; label?: string; slot?: string; from: { line: number } };
      const what = 'value' in it ? show(it.value) : `${it.label}${it.slot ? ` (${it.slot})` : ''}`;
      out.push(`${prefix}${key}: ${what} (line ${it.from.line})`);
    }
  }
  return out;
}

/** Discord fields: at most 1,024 characters each, so long lists continue in the next field. */
function chunked(name: string, lines: string[]): APIEmbedField[] {
  const out: APIEmbedField[] = [];
  let cur: string[] = [];
  const flush = () => {
    if (cur.length) out.push(field(out.length ? `${name} (more)` : name, cur.join('\n')));
    cur = [];
  };
  for (const l of lines.map((x) => (x.length > 300 ? `${x.slice(0, 297)}…` : x))) {
    if ([...cur, l].join('\n').length > 1000) flush();
    cur.push(l);
  }
  flush();
  return out;
}

function importFields(r: ImportResult, plan: ImportPlan): APIEmbedField[] {
  const read = readLines(r.fields).map((l) => `• ${l}`);
  const assumed = [...r.assumptions, ...plan.assumed].map((a) => `• ${a.field} = ${String(a.value)}: ${a.reason}`);
  const kept = plan.kept.map((k) => `• ${k.field} = ${JSON.stringify(k.value)}: ${k.reason}`);
  const fields = [...chunked(`Read (${read.length})`, read), ...chunked(`Assumed (${assumed.length})`, assumed)];
  if (kept.length) fields.push(...chunked('Kept from the stored hero', kept));
  const foods = plan.core.game === 'nethack' ? plan.core.nethack.foods : plan.core.crawl.foods;
  if (foods.length) fields.push(field('Carrying', foods.map((f) => `${f.count} ${f.name}`).join(', ')));
  if (plan.dropped.length)
    fields.push(
      ...chunked(
        'Read but not kept',
        plan.dropped.map((d) => `• ${d}`),
      ),
    );
  if (r.unread.length)
    fields.push(
      ...chunked(
        'Not understood',
        r.unread.map((u) => `• line ${u.line}: ${u.text}`),
      ),
    );
  const notes = [...r.notes, ...plan.notes];
  if (notes.length)
    fields.push(
      ...chunked(
        'Notes',
        notes.map((n) => `• ${n}`),
      ),
    );
  // A message holds at most 25 fields and 6,000 characters: the typed result has everything.
  return fields.slice(0, 12);
}

/** Button: hero:import:<userId>:<nonce>. One use: the nonce is consumed first. */
export async function onImportButton(parts: string[], ctx: HandlerContext): Promise<Reply> {
  const [userId, nonce] = parts;
  if (userId !== ctx.user.id)
    throw new UserError('Only the person who imported can confirm it.', undefined, 'not_yours');
  const stale = () =>
    new UserError(
      'That import is no longer waiting (used, cancelled or expired).',
      'Run `/hero import` again.',
      'stale_button',
    );
  if (!nonce || !(await ctx.services.store.consume(importNonceKey(ctx.user.id, nonce)))) throw stale();
  const stored = await ctx.services.store.getTemp<StoredPlan>(importPlanKey(ctx.user.id, nonce));
  const core = HeroCoreSchema.safeParse(stored?.core);
  if (!stored || !core.success) throw stale();
  const hero = await repoFor(ctx).mutate(ctx.user.id, (record, { now }) => {
    if (stored.target.mode === 'update') {
      const target = stored.target;
      const h = record?.heroes.find((x) => x.id === target.heroId);
      if (!h) throw new UserError(`${target.heroName} is gone.`, 'Run `/hero import` again.', 'no_hero');
      const updated = withEvent(h, core.data, 'import', stored.summary, now);
      return { record: replaceHero(record!, updated), result: updated };
    }
    const rec = record ?? emptyRecord(ctx.user.id, now);
    if (rec.heroes.length >= MAX_HEROES_PER_USER) {
      throw new UserError(
        `You already have ${MAX_HEROES_PER_USER} heroes, the most one user can keep.`,
        'Delete one with `/hero delete hero:<name>` first.',
        'too_many_heroes',
      );
    }
    if (rec.heroes.some((h) => h.name.toLowerCase() === core.data.name.toLowerCase())) {
      throw new UserError(
        `You already have a hero called ${core.data.name}.`,
        'Run the import again with `hero:` to update it, or `name:` for another name.',
        'duplicate_hero',
      );
    }
    const fresh = { ...core.data, log: [], undo: [], pending: null } as unknown as Hero;
    const created = { ...withEvent(fresh, coreOf(fresh), 'import', stored.summary, now), undo: [] };
    return { record: { ...rec, heroes: [...rec.heroes, created], activeId: created.id }, result: created };
  });
  const headline =
    stored.target.mode === 'new' ? `${stored.summary.replace(/\.$/, '')}; now your active hero.` : stored.summary;
  return { ...(await heroReply(hero, { headline, ephemeral: true })), asNewMessage: true };
}
