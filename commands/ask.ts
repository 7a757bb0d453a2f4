// /ask question:<text> and the "Ask hungerbot" message command. The question is read by the
// deterministic parser in src/ask into a command line; that line runs through the same pipeline
// as if typed (parse -> coerce -> validate -> handler), so the answer and its typed `result` are
// exactly the command's. The reply says how it was read. A value the answer depends on comes
// from the user's active hero when there is one (and the reply says so); otherwise the reply
// says, privately, what is missing. Two equally good readings come back as two buttons.
import { randomBytes } from 'node:crypto';
import { catalogFrom, type Catalog } from '../src/ask/catalog.ts';
import { withOptions, type Missing } from '../src/ask/fill.ts';
import { heroFill } from '../src/ask/hero.ts';
import { parseQuestion, readingOf, type ParseOutcome, type Reading } from '../src/ask/parse.ts';
import { dispatch, type Registry } from '../src/pipeline/dispatch.ts';
import { text } from '../src/pipeline/options.ts';
import { COLORS } from '../src/kit/render.ts';
import {
  defineCommand,
  defineMessageCommand,
  type ButtonSpec,
  type CommandModule,
  type HandlerContext,
  type Reply,
} from '../src/pipeline/types.ts';
import { CUSTOM_ID_MAX } from '../src/pipeline/limits.ts';
import { UserError } from '../src/errors.ts';
import { HeroRepo, activeHero } from '../src/heroes/repo.ts';
import type { Hero } from '../src/heroes/schema.ts';
import { parseCommandLine, quoteValue, toInvocation } from '../src/pipeline/commandLine.ts';

export const ASK_MESSAGE_COMMAND = 'Ask hungerbot';
/** Longest question read (a message may be longer; the rest is left out and the reply says so). */
export const QUESTION_MAX = 500;
/** Two-reading prompts remembered per user when the question is too long for a button id. */
const PENDING_MAX = 20;

/** The /ask `result` (docs/json/core.md). */
export interface AskResult {
  question: string;
  /** answered | missing (values needed) | choose (two readings, buttons) | not_understood */
  status: 'answered' | 'missing' | 'choose' | 'not_understood';
  /** The command line whose result is `result`; null when nothing ran. */
  readAs: string | null;
  /** That command's own typed result, exactly as the command gives it; null when nothing ran. */
  result: unknown;
  /** Further commands of the same reading (a bottom line: the forecast after the status). */
  also: { readAs: string; result: unknown }[];
  /** Every reading considered, best first. */
  readings: { lines: string[]; missing: string[] }[];
  /** What was assumed or corrected: the hero used, a bottom line's assumed value, typos. */
  notes: string[];
  /** The hero whose values filled the line, if any. */
  hero: { id: string; name: string } | null;
  missing: Missing[];
  /** A ready-to-edit command line when values are missing. */
  edit: string | null;
  /** Words read as nothing. */
  unknown: string[];
}

interface AnswerOptions {
  /** The asker's active hero may fill missing values (not for someone else's message). */
  heroAllowed: boolean;
  hide: boolean;
}

// ---- entry points ---------------------------------------------------------------------------

export const askMessageCommand = defineMessageCommand({
  name: ASK_MESSAGE_COMMAND,
  run(target, ctx) {
    const question = target.content.trim();
    if (!question) {
      throw new UserError(
        'That message has no text I can read.',
        'Use it on a message with a question or a NetHack bottom line.',
        'empty_message',
      );
    }
    return answerQuestion(question, ctx, { heroAllowed: target.authorId === ctx.user.id, hide: false });
  },
});

export const askCommand: CommandModule = {
  ...defineCommand({
    name: 'ask',
    description: 'Ask in plain words; I read it as a command and answer it',
    example: '/ask question:"turns until weak with 2 rings of regen from 900"',
    options: {
      question: text('Your question, e.g. "will a food ration choke me at 1600"', {
        maxLength: QUESTION_MAX,
      }).required(),
    },
    run: (args, ctx) => answerQuestion(args.question, ctx, { heroAllowed: true, hide: args.hide ?? false }),
    component: pressReading,
  }),
  messageCommands: [askMessageCommand],
};

export async function answerQuestion(raw: string, ctx: HandlerContext, opts: AnswerOptions): Promise<Reply> {
  const question = raw.length > QUESTION_MAX ? raw.slice(0, QUESTION_MAX) : raw;
  const cat = catalogOf(registryOf(ctx));
  const outcome = parseQuestion(question, cat);
  if (raw.length > QUESTION_MAX)
    outcome.readings.forEach((r) => {
      r.notes.push(`Only the first ${QUESTION_MAX} characters were read.`);
    });
  if (outcome.readings.length === 0) return notUnderstood(outcome);
  if (outcome.readings.length > 1) return chooseReading(outcome, ctx, opts);
  return answerReading(outcome, outcome.readings[0]!, ctx, opts);
}

// ---- one reading ------------------------------------------------------------------------------

async function answerReading(
  outcome: ParseOutcome,
  reading: Reading,
  ctx: HandlerContext,
  opts: AnswerOptions,
): Promise<Reply> {
  const cat = catalogOf(registryOf(ctx));
  let r = reading;
  let hero: Hero | null = null;
  const heroNotes: string[] = [];
  if (r.missing.length > 0 && opts.heroAllowed) {
    const found = await heroFor(ctx, heroNotes);
    const filled = found ? fillFromHero(found, r, cat) : null;
    if (filled) {
      r = filled.reading;
      hero = found;
      heroNotes.push(filled.note);
    }
  }
  if (r.missing.length > 0) return missingReply(outcome, r, cat, heroNotes, opts.heroAllowed);
  const replies: Reply[] = [];
  for (const line of r.lines) replies.push(await runCommandLine(line, ctx));
  return composeAnswer(outcome, r, replies, [...heroNotes, ...r.notes], hero, opts);
}

/** The line runs exactly as if the user had typed it: same parser, pipeline and handler. */
async function runCommandLine(line: string, ctx: HandlerContext): Promise<Reply> {
  const registry = registryOf(ctx);
  const inv = toInvocation(parseCommandLine(line, registry), ctx.user);
  return dispatch(inv, { registry, services: ctx.services, transport: ctx.transport });
}

function composeAnswer(
  outcome: ParseOutcome,
  r: Reading,
  replies: Reply[],
  notes: string[],
  hero: Hero | null,
  opts: AnswerOptions,
): Reply {
  const head = replies[0]!;
  const lines = [
    `Read as: \`${r.lines[0]}\``,
    ...r.lines.slice(1).map((l) => `and: \`${l}\``),
    ...notes.map((n) => `• ${n}`),
  ];
  const result: AskResult = {
    ...baseResult(outcome, 'answered'),
    readAs: r.lines[0]!,
    result: head.result,
    also: replies.slice(1).map((x, i) => ({ readAs: r.lines[i + 1]!, result: x.result })),
    notes,
    hero: hero ? { id: hero.id, name: hero.name } : null,
  };
  const files = replies.flatMap((x) => x.files ?? []);
  return {
    embeds: [{ description: lines.join('\n'), color: COLORS.info }, ...replies.flatMap((x) => x.embeds)],
    result,
    ephemeral: opts.hide || replies.some((x) => x.ephemeral),
    ...(files.length ? { files } : {}),
    ...(head.buttons?.length ? { buttons: head.buttons } : {}),
  };
}

function baseResult(outcome: ParseOutcome, status: AskResult['status']): AskResult {
  return {
    question: outcome.question,
    status,
    readAs: null,
    result: null,
    also: [],
    readings: outcome.readings.map((x) => ({ lines: x.lines, missing: x.missing.map((m) => m.option) })),
    notes: [],
    hero: null,
    missing: [],
    edit: null,
    unknown: outcome.unknown,
  };
}

// ---- the user's hero ------------------------------------------------------------------------------

async function heroFor(ctx: HandlerContext, notes: string[]): Promise<Hero | null> {
  try {
    const record = await new HeroRepo(ctx.services.store).read(ctx.user.id);
    return record && record.heroes.length > 0 ? activeHero(record) : null;
  } catch (err) {
    if (err instanceof UserError && err.code === 'corrupt_record') {
      notes.push('Your stored heroes could not be read, so none was used (see `/hero export`).');
      return null;
    }
    throw err;
  }
}

function fillFromHero(hero: Hero, r: Reading, cat: Catalog): { reading: Reading; note: string } | null {
  const added: Record<string, unknown> = {};
  const calls = r.calls.map((call) => {
    const fill = heroFill(
      hero,
      call.key,
      call.options,
      call.missing.map((m) => m.option),
      cat,
    );
    if (!fill) return call;
    Object.assign(added, fill.added);
    return withOptions(call, fill.added, cat);
  });
  if (Object.keys(added).length === 0) return null;
  const what = Object.entries(added)
    .map(([k, v]) => `${k} ${typeof v === 'string' ? v : String(v)}`)
    .join(', ');
  const game = hero.game === 'nethack' ? 'NetHack' : 'Crawl';
  return {
    reading: readingOf(calls, cat, r.notes),
    note: `Used your active hero **${hero.name}** (${game} ${hero.version}): ${what}.`,
  };
}

// ---- missing values ---------------------------------------------------------------------------------

function missingReply(outcome: ParseOutcome, r: Reading, cat: Catalog, notes: string[], heroAllowed: boolean): Reply {
  const call = r.calls.find((c) => c.missing.length > 0)!;
  const filled = Object.fromEntries(call.missing.map((m) => [m.option, placeholder(cat, call.key, m.option)]));
  const edit = cat.formatLine(call.key, { ...call.options, ...filled });
  const description = [
    `Read as: \`${r.lines[0]}\``,
    ...notes.map((n) => `• ${n}`),
    '',
    'Missing:',
    ...r.missing.map((m) => missingLine(cat, call.key, m)),
    '',
    'Edit and run:',
    `\`${edit}\``,
    exampleNote(cat, call.key, r.missing),
    heroAllowed ? 'Or make a hero with `/hero new` and I will use its values.' : '',
  ];
  return {
    embeds: [
      { title: 'I need a bit more to answer that', description: description.join('\n').trim(), color: COLORS.warning },
    ],
    result: {
      ...baseResult(outcome, 'missing'),
      missing: r.missing,
      edit,
      notes: [...notes, ...r.notes],
    } satisfies AskResult,
    ephemeral: true,
  };
}

/** "• nutrition: Nutrition now (u.uhunger)", with the choices or the close names when there are. */
function missingLine(cat: Catalog, key: string, m: Missing): string {
  const choices = cat.option(key, m.option)?.choices;
  const oneOf = choices ? ` — one of: ${choices.join(', ')}` : '';
  const close = m.candidates?.length ? ` — did you mean ${m.candidates.map((c) => `\`${c}\``).join(', ')}?` : '';
  return `• **${m.option}**: ${m.description}${oneOf}${close}`;
}

/** "(nutrition:900 is an example.)": the edit line's made-up values are said to be made up. */
function exampleNote(cat: Catalog, key: string, missing: readonly Missing[]): string {
  const examples = missing.flatMap((m) => {
    const example = cat.option(key, m.option)?.example;
    return example === undefined ? [] : [`${m.option}:${example}`];
  });
  if (examples.length === 0) return '';
  return `(${examples.join(', ')} ${examples.length > 1 ? 'are examples' : 'is an example'}.)`;
}

function placeholder(cat: Catalog, key: string, option: string): string | number {
  const o = cat.option(key, option);
  if (o?.example !== undefined) return o.example;
  return `<${option}>`;
}

// ---- two readings ----------------------------------------------------------------------------------

async function chooseReading(outcome: ParseOutcome, ctx: HandlerContext, opts: AnswerOptions): Promise<Reply> {
  const ids = await choiceIds(outcome, ctx);
  const buttons: ButtonSpec[] = outcome.readings.map((r, i) => ({
    customId: ids[i]!,
    label: `${i + 1}: ${r.lines.join(' ; ')}`,
    style: i === 0 ? 'primary' : 'secondary',
  }));
  return {
    embeds: [
      {
        title: 'I can read this two ways',
        description: [
          ...outcome.readings.map((r, i) => `${i + 1}. \`${r.lines.join('` then `')}\``),
          '',
          'Press the one you mean.',
        ].join('\n'),
        color: COLORS.info,
      },
    ],
    result: baseResult(outcome, 'choose') satisfies AskResult,
    ephemeral: opts.hide,
    buttons,
  };
}

/**
 * A button must carry what it answers so any replica can answer it: the question itself when
 * `ask:q:<i>:<question>` fits in a custom id, else a short id of the question kept in the store.
 */
async function choiceIds(outcome: ParseOutcome, ctx: HandlerContext): Promise<string[]> {
  const inline = outcome.readings.map((_, i) => `ask:q:${i}:${outcome.question}`);
  if (inline.every((id) => id.length <= CUSTOM_ID_MAX)) return inline;
  const nonce = randomBytes(4).toString('hex');
  await ctx.services.store.update(pendingKey(ctx.user.id), (current) => {
    const list = Array.isArray((current as { pending?: unknown } | undefined)?.pending)
      ? (current as { pending: Pending[] }).pending
      : [];
    return { value: { pending: [...list, { nonce, question: outcome.question }].slice(-PENDING_MAX) }, result: null };
  });
  return outcome.readings.map((_, i) => `ask:p:${ctx.user.id}:${nonce}:${i}`);
}

interface Pending {
  nonce: string;
  question: string;
}

const pendingKey = (userId: string) => `hungerbot:ask:${userId}`;

/** Button: ask:q:<i>:<question> or ask:p:<userId>:<nonce>:<i>. The press answers that reading. */
async function pressReading(rest: string, ctx: HandlerContext): Promise<Reply> {
  const question = await questionOf(rest, ctx);
  const index = Number(rest.startsWith('q:') ? rest.split(':')[1] : rest.split(':')[3]);
  const outcome = parseQuestion(question.text, catalogOf(registryOf(ctx)));
  const reading = outcome.readings[index];
  if (!reading)
    throw new UserError('That choice no longer matches the question.', 'Ask again with `/ask`.', 'stale_button');
  return answerReading(outcome, reading, ctx, { heroAllowed: false, hide: false });
}

async function questionOf(rest: string, ctx: HandlerContext): Promise<{ text: string }> {
  const inline = /^q:\d+:([\s\S]*)$/.exec(rest);
  if (inline) return { text: inline[1]! };
  const stored = /^p:([^:]+):([0-9a-f]+):\d+$/.exec(rest);
  if (stored) {
    const value = (await ctx.services.store.get<{ pending?: Pending[] }>(pendingKey(stored[1]!))) ?? {};
    const hit = value.pending?.find((p) => p.nonce === stored[2]);
    if (hit) return { text: hit.question };
  }
  throw new UserError('That choice has expired.', 'Ask again with `/ask`.', 'stale_button');
}

// ---- not understood ----------------------------------------------------------------------------------

const EXAMPLES = [
  'turns until weak with 2 rings of regen from 900',
  'will a food ration choke me at 1600',
  'can my kitten eat a lichen corpse',
  'crawl troll with sustenance from 6000, how long till hungry in 0.14',
];

function notUnderstood(outcome: ParseOutcome): Reply {
  const unknown = outcome.unknown.length
    ? `Words I don't know: ${outcome.unknown.map((w) => `"${w}"`).join(', ')}.\n\n`
    : '';
  return {
    embeds: [
      {
        title: "I couldn't read that as a hunger question",
        description: [
          `${unknown}Questions I understand look like:`,
          ...EXAMPLES.map((e) => `• \`/ask question:${quoteValue(e)}\``),
          '',
          'Every command is listed by `/help`.',
        ].join('\n'),
        color: COLORS.warning,
      },
    ],
    result: baseResult(outcome, 'not_understood') satisfies AskResult,
    ephemeral: true,
  };
}

// ---- the registry --------------------------------------------------------------------------------

const catalogs = new WeakMap<Registry, Catalog>();

function registryOf(ctx: HandlerContext): Registry {
  if (!ctx.registry) throw new Error('/ask needs the registry it was dispatched from');
  return ctx.registry;
}

/** The leaves /ask may read a question as: every registered command but /ask itself. */
function catalogOf(registry: Registry): Catalog {
  let cat = catalogs.get(registry);
  if (!cat) {
    cat = catalogFrom(registry.commands.filter((c) => c.definition.name !== 'ask'));
    catalogs.set(registry, cat);
  }
  return cat;
}
