// /hero pray: pray with the hero's own prayer history, Luck, alignment and anger. A prayer that is
// certain to work is applied at once; one that may fail (or whose result is random) asks first, and
// the user answers with what happened: the buttons apply it, and the history keeps the timeout's law.
import { randomBytes } from 'node:crypto';
import { UserError } from '../../src/errors.ts';
import { boolean, text } from '../../src/pipeline/options.ts';
import { COLORS, fmt } from '../../src/kit/render.ts';
import { defineSubcommand, type HandlerContext, type Reply } from '../../src/pipeline/types.ts';
import { TROUBLE_KEYS, percent, type TroubleKey } from '../../src/engine/nethack/prayer.ts';
import { deadHero } from '../../src/heroes/nethack.ts';
import {
  analyzeHeroPrayer,
  applyHeroPrayer,
  type HeroPrayerAnalysis,
  type PrayerOutcome,
} from '../../src/heroes/prayer.ts';
import { activeHero, replaceHero } from '../../src/heroes/repo.ts';
import type { Hero, HeroCore, NethackState } from '../../src/heroes/schema.ts';
import { parseTroubles, troubleChoices } from '../nethack/pray.ts';
import { coreOf, heroReply, repoFor, withEvent } from './common.ts';
import { heroName, heroNameAutocomplete } from './manage.ts';

const PENDING_PRAYER_MS = 15 * 60 * 1000;
type NethackHero = Extract<Hero, { game: 'nethack' }>;

/** Button ids carry the outcome as one word. */
const OUTCOME_WORD: Record<PrayerOutcome, string> = {
  worked: 'worked',
  'worked-fed': 'fed',
  'worked-unfed': 'unfed',
  angry: 'angry',
};
const WORD_OUTCOME = Object.fromEntries(Object.entries(OUTCOME_WORD).map(([k, v]) => [v, k])) as Record<
  string,
  PrayerOutcome
>;

interface PrayOptions {
  troubles: TroubleKey[];
  demigod?: boolean;
  crowned?: boolean;
}

export const praySubcommand = defineSubcommand({
  name: 'pray',
  description: 'Pray: safe now? Asks first if it may fail; keeps the timeout',
  example: '/hero pray',
  access: 'write',
  options: {
    troubles: text('Other troubles, e.g. "sick, low-hp" (hunger comes from nutrition)', {
      autocomplete: true,
      maxLength: 200,
    }),
    demigod: boolean('You are a demigod (kept on the hero)'),
    crowned: boolean('You were crowned (kept on the hero)'),
    hero: heroName,
  },
  autocomplete(focused, partial, ctx) {
    if (focused.name !== 'troubles') return heroNameAutocomplete(focused, partial, ctx);
    // Hunger comes from the hero's own nutrition, so it is no trouble to name here.
    return troubleChoices(
      focused.value,
      TROUBLE_KEYS.filter((k) => k !== 'weak' && k !== 'hungry'),
    );
  },
  async run(args, ctx) {
    const troubles = parseTroubles(args.troubles);
    if (troubles.some((t) => t === 'weak' || t === 'hungry')) {
      throw new UserError(
        "Hunger trouble comes from the hero's nutrition, not from `troubles`.",
        'Set the nutrition with `/hero set nutrition:<n>`.',
        'invalid_option',
      );
    }
    const hero = activeHero(await repoFor(ctx).read(ctx.user.id), args.hero);
    if (hero.game !== 'nethack') {
      throw new UserError(
        'Prayer timeouts are NetHack rules; Crawl gods feed you differently.',
        undefined,
        'wrong_game',
      );
    }
    if (!hero.nethack.alive) throw deadHero(hero.nethack);
    const opts: PrayOptions = { troubles, demigod: args.demigod, crowned: args.crowned };
    const a = analyzeHeroPrayer(withFlags(hero.nethack, opts), hero.version, troubles);
    const only = a.outcomes[0]!;
    if (a.certain && only !== 'angry') return applyPrayer(ctx, hero.id, only, opts, { hide: args.hide });
    return askToConfirmPrayer(ctx, hero, a, opts);
  },
});

/** The hero with the demigod / crowned flags the command sets (they stay on the hero). */
function withFlags(s: NethackState, o: PrayOptions): NethackState {
  return { ...s, demigod: o.demigod ?? s.demigod, crowned: o.crowned ?? s.crowned };
}

const LABELS: Record<PrayerOutcome, string> = {
  worked: 'It worked',
  'worked-fed': 'It worked: fed',
  'worked-unfed': 'It worked: still hungry',
  angry: 'The god was angry',
};

async function askToConfirmPrayer(
  ctx: HandlerContext,
  hero: NethackHero,
  a: HeroPrayerAnalysis,
  o: PrayOptions,
): Promise<Reply> {
  const nonce = randomBytes(4).toString('hex');
  const expiresAt = new Date(Date.now() + PENDING_PRAYER_MS).toISOString();
  const pending = {
    kind: 'pray' as const,
    nonce,
    expiresAt,
    troubles: o.troubles,
    demigod: o.demigod,
    crowned: o.crowned,
  };
  await repoFor(ctx).mutate(ctx.user.id, (record) => {
    const h = activeHero(record, hero.id);
    return { record: replaceHero(record!, { ...h, pending }), result: null };
  });
  const p = a.safe.probability;
  const id = (outcome: PrayerOutcome) => `hero:pray:${ctx.user.id}:${hero.id}:${nonce}:${OUTCOME_WORD[outcome]}`;
  const buttons: Reply['buttons'] = a.outcomes.map((outcome) => ({
    customId: id(outcome),
    label: p === 0 ? 'Pray anyway' : LABELS[outcome],
    style: outcome === 'angry' ? ('danger' as const) : ('primary' as const),
  }));
  buttons.push({ customId: `hero:cancel:${ctx.user.id}:${nonce}`, label: "Don't pray", style: 'secondary' });
  return {
    embeds: [
      {
        title: confirmTitle(hero, a),
        description: confirmLines(hero, a).join('\n'),
        color: p === 0 ? COLORS.fainting : COLORS.warning,
        footer: { text: `NetHack ${hero.version} · src/pray.c can_pray(), prayer_done(), pleased(), angrygods()` },
      },
    ],
    result: {
      confirm: 'pray',
      pending: true,
      hero: { id: hero.id, name: hero.name },
      outcomes: a.outcomes,
      safe: a.safe,
      tooSoon: a.tooSoon,
      naughty: a.naughty,
      limit: a.limit,
      hungerTrouble: a.hungerTrouble,
      fedIfWorked: a.fedIfWorked,
      precision: a.tracked.precision,
      assumptions: a.assumptions,
      prayer: a.result,
    },
    buttons,
    ephemeral: true,
  };
}

function confirmTitle(hero: NethackHero, a: HeroPrayerAnalysis): string {
  const p = a.safe.probability;
  if (p === 0) {
    const why = a.naughty ?? `prayer timeout over ${a.limit}`;
    return `⚠ ${hero.name}'s prayer would fail: ${why}`;
  }
  if (p < 1) return `⚠ ${hero.name}: safe to pray with ${percent(p)}; tell me how it went`;
  return `${hero.name}: praying is safe; it feeds ${percent(a.fedIfWorked ?? 0)} of the time: tell me how it went`;
}

function confirmLines(hero: NethackHero, a: HeroPrayerAnalysis): string[] {
  const r = a.result;
  const t = r.timeout;
  const lines: string[] = [];
  const trouble = r.worstTrouble
    ? `${r.worstTrouble.label} (${r.worstTrouble.major ? 'major' : 'minor'})`
    : 'no trouble';
  const low = t.now.probability >= 1 ? 'yes' : t.now.probability <= 0 ? 'no' : percent(t.now.probability);
  lines.push(
    `Worst trouble: ${trouble}; the timeout must be ≤ ${a.limit}: ${low} now, 99 % from turn ${fmt(t.turn99)}.`,
  );
  if (a.naughty) lines.push(`Whatever the timeout, the god is angry: ${a.naughty}.`);
  if (a.safe.probability > 0 && a.fedIfWorked !== null) {
    lines.push(`A good prayer fixes ${a.hungerTrouble} with ${percent(a.fedIfWorked)} (nutrition 900).`);
  }
  if (a.outcomes.includes('angry')) {
    const tooSoon = a.naughty ? a.tooSoon.probability : 1;
    const soon =
      tooSoon >= 1
        ? 'Too soon: Luck −3 and god anger +1, then'
        : tooSoon > 0
          ? `Too soon (${percent(tooSoon)}): Luck −3, anger +1; then`
          : 'Then';
    const anger = r.anger
      ? ` rn2(${r.anger.maxAnger}): ${r.anger.outcomes
          .map((o) => o.what)
          .slice(0, 3)
          .join('; ')}…`
      : '';
    lines.push(`${soon} the angry god acts:${anger}`);
  }
  lines.push(`Praying takes 3 turns (you are helpless); ${hero.name} is at turn ${fmt(hero.nethack.turn)}.`);
  if (a.assumptions.length) lines.push(`Assumed: ${a.assumptions.join('; ')}.`);
  return lines;
}

async function applyPrayer(
  ctx: HandlerContext,
  heroId: string,
  outcome: PrayerOutcome,
  o: PrayOptions,
  extra: { hide?: boolean; nonce?: string },
): Promise<Reply> {
  const { hero, applied, before } = await repoFor(ctx).mutate(ctx.user.id, (record, { now }) => {
    const h = record?.heroes.find((x) => x.id === heroId);
    if (!h) throw new UserError('That hero is gone.', undefined, 'no_hero');
    if (h.game !== 'nethack') throw new UserError('That hero plays Crawl now.', undefined, 'wrong_game');
    if (extra.nonce) checkPending(h, extra.nonce, now);
    if (!h.nethack.alive) throw deadHero(h.nethack);
    const s = withFlags(h.nethack, o);
    const a = analyzeHeroPrayer(s, h.version, o.troubles);
    if (!a.outcomes.includes(outcome)) {
      throw new UserError('That cannot have happened with this hero now.', 'Run `/hero pray` again.', 'stale_button');
    }
    const r = applyHeroPrayer(s, h.version, a, outcome);
    const updated = withEvent(h, { ...coreOf(h), nethack: r.state } as HeroCore, 'pray', r.summary, now);
    return { record: replaceHero(record!, updated), result: { hero: updated, applied: r, before: a } };
  });
  return heroReply(hero, {
    headline: applied.summary,
    notes: applied.notes,
    ephemeral: extra.hide,
    citations: applied.citations,
    extra: {
      prayed: {
        outcome,
        safe: before.safe,
        tooSoon: before.tooSoon,
        naughty: before.naughty,
        limit: before.limit,
        fedIfWorked: before.fedIfWorked,
        assumptions: before.assumptions,
      },
    },
  });
}

function checkPending(h: Hero, nonce: string, now: string): void {
  if (h.pending?.kind !== 'pray' || h.pending.nonce !== nonce) {
    throw new UserError('That prayer is no longer waiting for you.', 'Run `/hero pray` again.', 'stale_button');
  }
  if (Date.parse(h.pending.expiresAt) < Date.parse(now)) {
    throw new UserError('That confirmation expired.', 'Run `/hero pray` again.', 'stale_button');
  }
}

/** Button: hero:pray:<userId>:<heroId>:<nonce>:<worked|fed|unfed|angry>. */
export async function onPrayButton(parts: string[], ctx: HandlerContext): Promise<Reply> {
  const [userId, heroId, nonce, word] = parts;
  if (userId !== ctx.user.id)
    throw new UserError('Only the owner of this hero can press that.', undefined, 'not_yours');
  const outcome = WORD_OUTCOME[word ?? ''];
  const record = await repoFor(ctx).read(ctx.user.id);
  const hero = record?.heroes.find((h) => h.id === heroId);
  const pending = hero?.pending;
  if (!outcome || !pending || pending.kind !== 'pray' || pending.nonce !== nonce) {
    throw new UserError('That prayer is no longer waiting for you.', 'Run `/hero pray` again.', 'stale_button');
  }
  const troubles = pending.troubles.filter((t): t is TroubleKey => (TROUBLE_KEYS as readonly string[]).includes(t));
  const o = { troubles, demigod: pending.demigod, crowned: pending.crowned };
  return applyPrayer(ctx, heroId!, outcome, o, { hide: true, nonce });
}
