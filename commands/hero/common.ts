// Shared pieces of /hero: the repository for the caller, event recording with undo, and the
// reply every changing command sends (new state + forecast).
import type { APIEmbed, APIEmbedField } from 'discord-api-types/v10';
import { COLORS, capitalize, compact, field, fmt, sourcesEmbed, turns, versionFooter } from '../../src/kit/render.ts';
import type { FileSpec, HandlerContext, Reply } from '../../src/pipeline/types.ts';
import { crawlForecastChart, nethackForecastChart } from '../../src/kit/charts.ts';
import { crawlTag, nethackCite, shortRef, type Citation } from '../../src/engine/cite.ts';
import { gearText } from '../../src/engine/crawl/gear.ts';
import { HeroRepo, activeHero, replaceHero } from '../../src/heroes/repo.ts';
import {
  MAX_LOG_EVENTS,
  MAX_UNDO,
  type Hero,
  type HeroCore,
  type HeroEvent,
  type UserHeroes,
} from '../../src/heroes/schema.ts';
import { viewNethack } from '../../src/heroes/nethack.ts';
import { heroPrayerOutlook } from '../../src/heroes/prayer.ts';
import { conductsShort, conductsText } from '../../src/heroes/conducts.ts';
import { crawlHeroForecastInput, crawlHeroView } from '../../src/heroes/crawl.ts';
import { crawlForecastOffThread } from '../../src/runtime/offload.ts';
import { STATUS_COLOR } from '../nethack/status.ts';
import { spanText, stateName } from '../crawl/common.ts';

export const repoFor = (ctx: HandlerContext) => new HeroRepo(ctx.services.store);

/** The hero without its log and undo stack (what an undo snapshot stores). */
export function coreOf(h: Hero): HeroCore {
  const { log: _log, undo: _undo, pending: _pending, ...core } = h;
  return core as HeroCore;
}

export function heroValue(h: HeroCore): { turn: number; nutrition: number } {
  return h.game === 'nethack'
    ? { turn: h.nethack.turn, nutrition: h.nethack.nutrition }
    : { turn: h.crawl.turn, nutrition: h.crawl.value };
}

/** Record an event on the hero (bounded log) and remember the state before it for /hero undo. */
export function withEvent(before: Hero, after: HeroCore, kind: string, summary: string, now: string): Hero {
  const v = heroValue(after);
  const event: HeroEvent = { at: now, kind, summary: summary.slice(0, 300), turn: v.turn, nutrition: v.nutrition };
  return {
    ...(after as Hero),
    log: [...before.log, event].slice(-MAX_LOG_EVENTS),
    undo: [...before.undo, { event, before: coreOf(before) }].slice(-MAX_UNDO),
    pending: null,
  } as Hero;
}

/**
 * Change the caller's active (or named) hero atomically: `change` computes the new core state and
 * a one-line summary from the current hero; the event is logged and undoable.
 */
export async function changeHero(
  ctx: HandlerContext,
  heroName: string | undefined,
  kind: string,
  change: (hero: Hero, now: string) => { core: HeroCore; summary: string; extra?: unknown },
): Promise<{ hero: Hero; record: UserHeroes; summary: string; extra?: unknown }> {
  return repoFor(ctx).mutate(ctx.user.id, (record, { now }) => {
    const hero = activeHero(record, heroName);
    const { core, summary, extra } = change(hero, now);
    const updated = withEvent(hero, core, kind, summary, now);
    const next = replaceHero(record!, updated);
    return { record: next, result: { hero: updated, record: next, summary, extra } };
  });
}

export function heroTitle(h: HeroCore): string {
  const who = h.game === 'nethack' ? `${h.nethack.race} ${h.nethack.role}` : h.crawl.species;
  return `${h.name} — ${who} (${h.game === 'nethack' ? 'NetHack' : 'Crawl'} ${h.version})`;
}

function timeline(h: Hero): string {
  if (!h.log.length) return 'No events yet.';
  return h.log
    .slice(-5)
    .reverse()
    .map((e) => `T${fmt(e.turn)} · ${e.summary}`)
    .join('\n');
}

export interface HeroReplyOptions {
  headline?: string;
  /** Extra lines of the compact reply, after the next milestone (e.g. what a meal does to conducts). */
  lines?: string[];
  notes?: string[];
  chart?: boolean;
  ephemeral?: boolean;
  citations?: Citation[];
  /** Extra data for the JSON result (e.g. the meal plan). */
  extra?: Record<string, unknown>;
  color?: number;
  /** Someone else's shared hero, shown read-only: their user id (no Undo button, Details as them). */
  sharedBy?: string;
}

/** What one game's view of a hero contributes to its reply (data from src/heroes, rendered here). */
interface Panel {
  /** "Not Hungry at 900", "Choked to death". */
  state: string;
  /** The next milestone ("Hungry in 385 turns (turn 1,386)"), null when none or dead. */
  next: string | null;
  color: number;
  /** One line each for the compact reply. */
  lines: string[];
  fields: APIEmbedField[];
  citations: Citation[];
  result: Record<string, unknown>;
  /** The PNG, rendered on the worker pool. */
  chart?: Promise<FileSpec>;
  footer: { text: string };
}

const DEATH_TEXT = { starved: 'Starved to death', choked: 'Choked to death' } as const;
const NO_FORECAST = 'No forecast for the dead: `/hero undo` goes back to before it.';

function nethackPanel(hero: Extract<Hero, { game: 'nethack' }>, opts: HeroReplyOptions): Panel {
  const s = hero.nethack;
  const ref = shortRef(nethackCite('src/eat.c', undefined, { version: hero.version }));
  const footer = versionFooter('NetHack', hero.version, ref, `hero ${hero.id}`);
  const worn = [
    s.leftRing ? `left: ${s.leftRing.label}` : null,
    s.rightRing ? `right: ${s.rightRing.label}` : null,
    s.amulet ? `amulet: ${s.amulet}` : null,
    s.yendor ? 'carrying the Amulet of Yendor' : null,
    s.intrinsics.length ? `intrinsics: ${s.intrinsics.join(', ')}` : null,
    s.encumbrance !== 'Unencumbered' ? s.encumbrance : null,
  ].filter((x): x is string => x !== null);
  const who = { id: hero.id, name: hero.name, shared: hero.shared };
  const base = { hero: { ...who, ...s }, game: 'nethack', version: hero.version };
  if (!s.alive) {
    const death = DEATH_TEXT[s.death ?? 'starved'];
    return {
      state: death,
      next: null,
      color: COLORS.dead,
      lines: [`Nutrition ${fmt(s.nutrition)} at turn ${fmt(s.turn)}. ${NO_FORECAST}`],
      fields: [
        field('Status', `**${death}**`, true),
        field('Nutrition', fmt(s.nutrition), true),
        field('Turn', fmt(s.turn), true),
        field('Wearing', worn.join('\n') || 'nothing that costs nutrition'),
      ],
      citations: [],
      result: {
        ...base,
        status: s.death === 'choked' ? 'Choked' : 'Starved',
        death: s.death ?? 'starved',
        per20: 0,
        exact: true,
        sources: [],
        milestones: [],
        starvationLimit: null,
      },
      footer,
    };
  }
  const v = viewNethack(s, hero.version, { series: opts.chart });
  const milestones = v.forecast.milestones.map((m) => {
    if (m.already) return `${m.status}: already`;
    if (m.never) return `${m.status}: never (nothing burns)`;
    if (m.exact && m.turns !== null) {
      const at = `turn ${fmt(m.moves ?? 0)}, nutrition ${fmt(m.nutrition ?? 0)}`;
      return `${m.status}: in **${fmt(m.turns)}** turns (${at})`;
    }
    const d = m.turnsDistribution;
    if (!d) return `${m.status}: —`;
    return `${m.status}: about ${fmt(Math.round(d.mean))} turns (5–95%: ${fmt(d.p5)}–${fmt(d.p95)})`;
  });
  const nextM = v.forecast.milestones.find((m) => !m.already && !m.never);
  const next = !nextM
    ? null
    : nextM.exact && nextM.turns !== null
      ? `${nextM.status} in ${turns(nextM.turns)} (turn ${fmt(nextM.moves!)})`
      : nextM.turnsDistribution
        ? `${nextM.status} in about ${turns(Math.round(nextM.turnsDistribution.mean))}`
        : null;
  const burnTitle = `Burn ${fmt(v.per20)} per 20 turns${v.exact ? '' : ' (expected)'}`;
  const parts = v.sources.map((r) => `${r.label.replace(/ \(.*\)$/, '').toLowerCase()} ${fmt(r.per20)}`);
  const burn = `${burnTitle}: ${parts.join(', ') || 'nothing'}.`;
  const chartTitle = `${hero.name}: nutrition from turn ${fmt(s.turn)}`;
  const chartOpts = { title: chartTitle, fileName: `hero-${hero.id}.png` };
  const chart = opts.chart ? nethackForecastChart(v.forecast, chartOpts) : undefined;
  const sourceLines = v.sources.map((r) => `• ${r.label}: ${fmt(r.per20)} (${r.when})`);
  const prayer = heroPrayerOutlook(s, hero.version);
  const conducts = conductsText(s.conducts);
  const tracked = Object.values(s.conducts).some((c) => c.status !== 'unknown');
  return {
    state: `${v.status} at ${fmt(s.nutrition)}`,
    next,
    color: STATUS_COLOR[v.status],
    lines: [
      burn,
      worn.length ? `Wearing ${worn.join('; ')}.` : null,
      `${prayer.text}.`,
      tracked ? `Conducts ${conductsShort(s.conducts)}.` : null,
    ].filter((x): x is string => x !== null),
    fields: [
      field('Status', `**${v.status}**`, true),
      field('Nutrition', fmt(s.nutrition), true),
      field('Turn', fmt(s.turn), true),
      field('Wearing', worn.join('\n') || 'nothing that costs nutrition'),
      field(burnTitle.replace('Burn ', 'Burn: '), sourceLines.join('\n') || 'nothing burns'),
      field('Forecast', milestones.join('\n')),
      field('Prayer', prayerLines(s, prayer).join('\n')),
      field('Conducts', conducts),
      ...(s.foods.length ? [field('Carrying', foodsText(s.foods))] : []),
    ],
    citations: v.forecast.citations,
    result: {
      ...base,
      status: v.status,
      death: null,
      per20: v.per20,
      exact: v.exact,
      sources: v.sources.map((r) => ({ source: r.source, label: r.label, per20: r.per20, when: r.when })),
      milestones: v.forecast.milestones,
      starvationLimit: v.starvationLimit,
      prayer,
      conducts: s.conducts,
    },
    chart,
    footer,
  };
}

/** The Prayer field of the details: the outlook, the timeout's law, Luck, alignment and anger. */
function prayerLines(
  s: Extract<HeroCore, { game: 'nethack' }>['nethack'],
  p: ReturnType<typeof heroPrayerOutlook>,
): string[] {
  const t = p.timeout;
  const range = `${fmt(t.min)}–${fmt(t.max)}, median ${fmt(t.median)}`;
  const law = t.known !== null ? `timeout now ${fmt(t.known)}` : `timeout set at turn ${fmt(t.setAt)}: ${range}`;
  const how = p.lastPrayer?.outcome === 'worked' ? 'it worked' : 'the god was angry';
  const last = p.lastPrayer ? `last prayer T${fmt(p.lastPrayer.turn)}: ${how}` : 'no prayer recorded';
  const stone = s.luckstone !== 'none' ? ` (${s.luckstone} luckstone)` : '';
  return [
    `${p.text}.`,
    `Must be ≤ ${p.limit} for ${p.forTrouble}; 50 % from turn ${fmt(p.turn50)}, ` +
      `90 % from ${fmt(p.turn90)}, 99 % from ${fmt(p.turn99)}.`,
    `${law}; ${last}.`,
    `Luck ${s.luck}${stone}, alignment ${s.alignmentRecord ?? '10 (assumed)'}, god anger ${s.godAnger}.`,
    ...(p.assumptions.length ? [`Assumed: ${p.assumptions.join('; ')}.`] : []),
  ];
}

/** "2 food rations, 1 lichen corpse" */
export function foodsText(foods: readonly { name: string; count: number }[]): string {
  return foods.map((f) => `${f.count} ${f.name}`).join(', ');
}

async function crawlPanel(hero: Extract<Hero, { game: 'crawl' }>, opts: HeroReplyOptions): Promise<Panel> {
  const c = hero.crawl;
  const footer = versionFooter('Crawl', hero.version, crawlTag(hero.version), `hero ${hero.id}`);
  const worn = [gearText(c.gear), mutationText(c)].filter(Boolean);
  const who = { id: hero.id, name: hero.name, shared: hero.shared };
  const base = { game: 'crawl', version: hero.version, hero: { ...who, ...c } };
  if (!c.alive) {
    return {
      state: DEATH_TEXT.starved,
      next: null,
      color: COLORS.dead,
      lines: [`Satiation ${fmt(c.value)} at turn ${fmt(c.turn)}. ${NO_FORECAST}`],
      fields: [
        field('Satiation', `**${DEATH_TEXT.starved}**`, true),
        field('Value', fmt(c.value), true),
        field('Turn', fmt(c.turn), true),
      ],
      citations: [],
      result: { ...base, level: null, death: 'starved', rate: null, foodless: null, milestones: [] },
      footer,
    };
  }
  // The forecast can take several ms for a large value: on the worker pool, off the main thread.
  const { version, input } = crawlHeroForecastInput(hero);
  const view = crawlHeroView(hero, await crawlForecastOffThread(version, input));
  const level = stateName(view.level.name, c.species);
  const f = view.forecast;
  const reached = f.milestones.filter((m) => m.reachable && m.turns);
  const nextM = reached[0];
  const rate = view.rate.rate;
  const range = (x: { min: number; max: number }) => (x.min === x.max ? fmt(x.min) : `${fmt(x.min)}–${fmt(x.max)}`);
  const rateText = rate.min === rate.max ? fmt(rate.min) : `${range(rate)} (mean ${fmt(rate.expected)})`;
  const chartTitle = `${hero.name}: satiation from turn ${fmt(c.turn)}`;
  const chartOpts = { title: chartTitle, fileName: `hero-${hero.id}.png`, startTurn: c.turn };
  const chart = opts.chart ? crawlForecastChart(f, chartOpts) : undefined;
  const levelOf = (m: (typeof reached)[number]) => capitalize(stateName(String(m.target), c.species));
  const terms = view.rate.terms.map((t) => `• ${t.label} → ${range(t.after)}`);
  const ahead = reached.map((m) => `${levelOf(m)}: in ${spanText(m.turns!)} turns`);
  return {
    state: `${level} at ${fmt(c.value)}`,
    next: nextM ? `${levelOf(nextM)} in ${spanText(nextM.turns!)} turns` : null,
    color: LEVEL_COLOR[Math.min(view.level.index, LEVEL_COLOR.length - 1)]!,
    lines: [
      view.rate.foodless ? 'No hunger in this form.' : `Burns ${rateText} per turn.`,
      ...(worn.length ? [`Wearing ${worn.join('; ')}.`] : []),
    ],
    fields: [
      field('Satiation', `**${level}**`, true),
      field('Value', fmt(c.value), true),
      field('Turn', fmt(c.turn), true),
      ...(worn.length ? [field('Gear and mutations', worn.join('\n'))] : []),
      field(`Rate: ${rateText} per turn`, terms.join('\n') || '—'),
      field('Forecast', ahead.join('\n') || 'Nothing lower.'),
      ...(c.foods.length ? [field('Carrying', foodsText(c.foods))] : []),
    ],
    citations: [...view.rate.citations, ...f.citations],
    result: {
      ...base,
      level: view.level.name,
      death: null,
      rate,
      foodless: view.rate.foodless,
      milestones: f.milestones,
    },
    chart,
    footer,
  };
}

function mutationText(c: Extract<HeroCore, { game: 'crawl' }>['crawl']): string {
  const m = c.mutations;
  return [
    m.metabolism !== undefined ? `metabolism ${m.metabolism > 0 ? '+' : ''}${m.metabolism}` : null,
    m.carnivore !== undefined ? `Carnivore ${m.carnivore}` : null,
    m.herbivore !== undefined ? `Herbivore ${m.herbivore}` : null,
    m.saprovore !== undefined ? `Saprovore ${m.saprovore}` : null,
  ]
    .filter(Boolean)
    .join(', ');
}

/** Crawl satiation level index (Starving 0 .. Engorged 7) -> colour. */
const LEVEL_COLOR = [COLORS.fainting, COLORS.fainting, COLORS.weak, COLORS.hungry, COLORS.ok, COLORS.satiated];

/** Under a dead hero: back to before the death (hero:undo:<heroId>, the presser's own hero only). */
function undoButton(hero: Hero): NonNullable<Reply['buttons']>[number] {
  return { customId: `hero:undo:${hero.id}`, label: 'Undo', style: 'primary' };
}

/** "Valk: Waited 100 turns: −100 nutrition → Not Hungry at 800" or "Valk is Not Hungry at 900". */
export function heroReplyTitle(hero: Hero, panel: Pick<Panel, 'state'>, headline?: string): string {
  const plain = headline?.replace(/\*\*/g, '').replace(/\.$/, '');
  return plain ? `${hero.name}: ${plain} → ${panel.state}` : `${hero.name} is ${panel.state}`;
}

/**
 * The reply every /hero command sends: compact (what happened, the state and the next milestone)
 * with a Details button that shows the hero's full view (`/hero show`, never the change again);
 * a dead hero gets no forecast or chart, and an Undo button.
 */
export async function heroReply(hero: Hero, opts: HeroReplyOptions = {}): Promise<Reply> {
  const panel = hero.game === 'nethack' ? nethackPanel(hero, opts) : await crawlPanel(hero, opts);
  const chart = await panel.chart;
  const color = opts.color ?? panel.color;
  const title = heroReplyTitle(hero, panel, opts.headline);
  const dead = panel.state === DEATH_TEXT.starved || panel.state === DEATH_TEXT.choked;
  const footer = opts.sharedBy ? { text: `${panel.footer.text} · shared, read-only` } : panel.footer;
  const compactEmbed = compact({
    title,
    color,
    lines: [
      panel.next ? `**${panel.next}.**` : null,
      ...(opts.lines ?? []),
      ...panel.lines,
      opts.notes?.[0] && `Note: ${opts.notes[0]}`,
    ],
    footer,
  });
  const fields = [...panel.fields];
  if (opts.notes?.length) fields.push(field('Notes', opts.notes.map((n) => `• ${n}`).join('\n')));
  fields.push(field('Recent events', timeline(hero)));
  const details: APIEmbed[] = [
    { title: heroTitle(hero), description: opts.headline, color, fields, footer },
    sourcesEmbed([...(opts.citations ?? []), ...panel.citations], color),
  ];
  if (chart) compactEmbed.image = { url: `attachment://${chart.name}` };
  const showOptions = { hero: hero.id, chart: false, ...(opts.sharedBy ? { user: opts.sharedBy } : {}) };
  return {
    embeds: [compactEmbed],
    details,
    detailsFrom: { commandName: 'hero', subcommand: 'show', options: showOptions },
    result: {
      ...panel.result,
      ...(opts.sharedBy ? { sharedBy: opts.sharedBy, readOnly: true } : {}),
      headline: opts.headline ?? null,
      notes: opts.notes ?? [],
      log: hero.log.slice(-5),
      ...(opts.extra ?? {}),
      chart: chart ? chart.name : null,
    },
    ephemeral: opts.ephemeral,
    files: chart ? [chart] : undefined,
    buttons: dead && hero.undo.length && !opts.sharedBy ? [undoButton(hero)] : undefined,
  };
}

/** "Hungry at 120" and the next milestone, as the hero's own reply says them (for /party). */
export async function heroStatus(hero: Hero): Promise<{ state: string; next: string | null }> {
  const panel = hero.game === 'nethack' ? nethackPanel(hero, {}) : await crawlPanel(hero, {});
  return { state: panel.state, next: panel.next };
}
