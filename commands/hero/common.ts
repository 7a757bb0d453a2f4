// Shared pieces of /hero: the repository for the caller, event recording with undo, and the
// reply every changing command sends (new state + forecast).
import type { APIEmbed, APIEmbedField } from 'discord-api-types/v10';
import { COLORS, field, fmt, sourcesField, versionFooter } from '../../src/bot/render.ts';
import type { FileSpec, HandlerContext, Reply } from '../../src/bot/types.ts';
import { crawlForecastChart, nethackForecastChart } from '../../src/chart/forecast.ts';
import { citationRef, nethackCite, type Citation } from '../../src/engine/cite.ts';
import { HeroRepo, activeHero, replaceHero } from '../../src/heroes/repo.ts';
import { MAX_LOG_EVENTS, MAX_UNDO, type Hero, type HeroCore, type HeroEvent, type UserHeroes } from '../../src/heroes/schema.ts';
import { viewNethack } from '../../src/heroes/nethack.ts';
import { crawlHeroForecastInput, crawlHeroView } from '../../src/heroes/crawl.ts';
import { crawlForecastOffThread } from '../../src/runtime/offload.ts';
import { STATUS_COLOR } from '../nethack/status.ts';

export const repoFor = (ctx: HandlerContext) => new HeroRepo(ctx.services.store);

/** The hero without its log and undo stack (what an undo snapshot stores). */
export function coreOf(h: Hero): HeroCore {
  const { log: _log, undo: _undo, pending: _pending, ...core } = h;
  return core as HeroCore;
}

export function heroValue(h: HeroCore): { turn: number; nutrition: number } {
  return h.game === 'nethack' ? { turn: h.nethack.turn, nutrition: h.nethack.nutrition } : { turn: h.crawl.turn, nutrition: h.crawl.value };
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
  notes?: string[];
  chart?: boolean;
  ephemeral?: boolean;
  citations?: Citation[];
  /** Extra data for the JSON result (e.g. the meal plan). */
  extra?: Record<string, unknown>;
  color?: number;
}

/** The reply every /hero command sends: the hero's state and forecast, optionally with the PNG chart. */
export async function heroReply(hero: Hero, opts: HeroReplyOptions = {}): Promise<Reply> {
  const fields: APIEmbedField[] = [];
  const citations: Citation[] = [...(opts.citations ?? [])];
  let color: number = COLORS.info;
  let result: Record<string, unknown>;
  let chartFile: FileSpec | undefined;
  const fileName = `hero-${hero.id}.png`;
  if (hero.game === 'nethack') {
    const s = hero.nethack;
    const v = viewNethack(s, hero.version);
    color = s.alive ? STATUS_COLOR[v.status] : COLORS.dead;
    fields.push(
      field('Status', s.alive ? `**${v.status}**` : '**Starved**', true),
      field('Nutrition', fmt(s.nutrition), true),
      field('Turn', fmt(s.turn), true),
    );
    const worn = [
      s.leftRing ? `left: ${s.leftRing.label}` : null,
      s.rightRing ? `right: ${s.rightRing.label}` : null,
      s.amulet ? `amulet: ${s.amulet}` : null,
      s.yendor ? 'carrying the Amulet of Yendor' : null,
      s.intrinsics.length ? `intrinsics: ${s.intrinsics.join(', ')}` : null,
      s.encumbrance !== 'Unencumbered' ? s.encumbrance : null,
    ].filter(Boolean);
    fields.push(field('Wearing', worn.join('\n') || 'nothing that costs nutrition'));
    fields.push(
      field(
        `Burn: ${fmt(v.per20)} per 20 turns${v.exact ? '' : ' (expected)'}`,
        v.sources.map((r) => `• ${r.label}: ${fmt(r.per20)} (${r.when})`).join('\n') || 'nothing burns',
      ),
    );
    const lines = v.forecast.milestones.map((m) => {
      if (m.already) return `${m.status}: already`;
      if (m.never) return `${m.status}: never (nothing burns)`;
      if (m.exact && m.turns !== null) return `${m.status}: in **${fmt(m.turns)}** turns (turn ${fmt(m.moves ?? 0)}, nutrition ${fmt(m.nutrition ?? 0)})`;
      const d = m.turnsDistribution;
      return d ? `${m.status}: about ${fmt(Math.round(d.mean))} turns (5–95%: ${fmt(d.p5)}–${fmt(d.p95)})` : `${m.status}: —`;
    });
    fields.push(field('Forecast', lines.join('\n')));
    citations.push(...v.forecast.citations.slice(0, 4));
    result = {
      game: 'nethack',
      version: hero.version,
      hero: { id: hero.id, name: hero.name, ...s },
      status: s.alive ? v.status : 'Starved',
      per20: v.per20,
      exact: v.exact,
      sources: v.sources.map((r) => ({ source: r.source, label: r.label, per20: r.per20, when: r.when })),
      milestones: v.forecast.milestones,
      starvationLimit: v.starvationLimit,
    };
    if (opts.chart) chartFile = await nethackForecastChart(v.forecast, { title: `${hero.name}: nutrition from turn ${fmt(s.turn)}`, fileName });
  } else {
    const c = hero.crawl;
    // The forecast can take several ms for a large value: on the worker pool, off the main thread.
    const { version, input } = crawlHeroForecastInput(hero);
    const view = crawlHeroView(hero, await crawlForecastOffThread(version, input));
    color = c.alive ? view.color : COLORS.dead;
    fields.push(
      field('Satiation', `**${view.level}**`, true),
      field('Value', fmt(c.value), true),
      field('Turn', fmt(c.turn), true),
      field(`Rate: ${fmt(view.rate)} per turn`, view.rateLines.join('\n') || '—'),
      field('Forecast', view.forecastLines.join('\n') || '—'),
    );
    citations.push(...view.citations.slice(0, 4));
    result = { game: 'crawl', version: hero.version, hero: { id: hero.id, name: hero.name, ...c }, ...view.result };
    if (opts.chart) chartFile = await crawlHeroChart(view.forecast, hero.name, c.turn, fileName);
  }
  if (opts.notes?.length) fields.push(field('Notes', opts.notes.map((n) => `• ${n}`).join('\n')));
  fields.push(field('Recent events', timeline(hero)));
  fields.push(sourcesField(citations, 5));
  const embed: APIEmbed = {
    title: heroTitle(hero),
    description: opts.headline,
    color: opts.color ?? color,
    fields,
    footer:
      hero.game === 'nethack'
        ? versionFooter('NetHack', hero.version, citationRef(nethackCite('src/eat.c', undefined, { version: hero.version })), `hero ${hero.id}`)
        : versionFooter('Crawl', hero.version, hero.version === '0.13' ? '0.13.2' : hero.version === '0.14' ? '0.14.2' : '0.15.2', `hero ${hero.id}`),
  };
  if (chartFile) embed.image = { url: `attachment://${chartFile.name}` };
  return {
    embeds: [embed],
    result: { ...result, headline: opts.headline ?? null, notes: opts.notes ?? [], log: hero.log.slice(-5), ...(opts.extra ?? {}), chart: chartFile ? chartFile.name : null },
    ephemeral: opts.ephemeral,
    files: chartFile ? [chartFile] : undefined,
  };
}

function crawlHeroChart(
  forecast: ReturnType<typeof crawlHeroView>['forecast'],
  name: string,
  turn: number,
  fileName: string,
): Promise<FileSpec> {
  return crawlForecastChart(forecast, { title: `${name}: satiation from turn ${fmt(turn)}`, fileName, startTurn: turn });
}
