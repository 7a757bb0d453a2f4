// /hero new, show, list, switch, rename, delete (with a confirmation button), export, log, undo.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { UserError } from '../../src/bot/errors.ts';
import { booleanOption, hideOption, hideSchema, integerOption, intIn, stringOption } from '../../src/bot/options.ts';
import { COLORS, fmt } from '../../src/bot/render.ts';
import { toChoices } from '../../src/bot/fuzzy.ts';
import { defineSubcommand, type AutocompleteFn, type HandlerContext, type Reply } from '../../src/bot/types.ts';
import { CRAWL_VERSIONS, NETHACK_VERSIONS } from '../../src/engine/cite.ts';
import { activeHero, emptyRecord, replaceHero } from '../../src/heroes/repo.ts';
import {
  CrawlStateSchema,
  HERO_NAME_MAX,
  MAX_HEROES_PER_USER,
  NethackStateSchema,
  type Hero,
} from '../../src/heroes/schema.ts';
import { crawlSpeciesNames, resolveCrawlSpecies } from '../../src/heroes/crawl.ts';
import { NETHACK_RACES, NETHACK_ROLES, resolveRole } from '../../src/heroes/nethack.ts';
import { coreOf, heroReply, heroTitle, heroValue, repoFor, withEvent } from './common.ts';

export const heroNameSchema = z
  .string({ error: 'name must be text' })
  .trim()
  .min(1, 'name must not be empty')
  .max(HERO_NAME_MAX, `name must be at most ${HERO_NAME_MAX} characters`)
  .regex(/^[^`@#:*_~|<>]+$/, 'name cannot contain Markdown or mention characters (` @ # : * _ ~ | < >)');

/** Autocomplete over the caller's own heroes. */
export const heroNameAutocomplete: AutocompleteFn = async (focused, _partial, ctx) => {
  const record = await repoFor(ctx).read(ctx.user.id).catch(() => null);
  return toChoices(focused.value, (record?.heroes ?? []).map((h) => ({ name: h.name, label: `${h.name} (${h.game === 'nethack' ? 'NetHack' : 'Crawl'} ${h.version})` })));
};

export const heroOption = stringOption('hero', 'Which of your heroes (default: the active one)', { autocomplete: true, maxLength: HERO_NAME_MAX });

const VERSION_CHOICES = [...NETHACK_VERSIONS, ...CRAWL_VERSIONS];

export const newSubcommand = defineSubcommand({
  name: 'new',
  description: 'Create a hero (NetHack 3.6.7 by default) and make it active',
  example: '/hero new name:Valk',
  options: [
    stringOption('name', 'Hero name', { required: true, maxLength: HERO_NAME_MAX }),
    stringOption('game', 'nethack (default) or crawl', { choices: ['nethack', 'crawl'] }),
    stringOption('version', 'Game version (3.6.7, 0.13, ...)', { choices: VERSION_CHOICES }),
    stringOption('role', 'NetHack role (default Valkyrie)', { autocomplete: true }),
    stringOption('race', 'NetHack race (default human)', { choices: NETHACK_RACES }),
    stringOption('species', 'Crawl species (default Human)', { autocomplete: true }),
    integerOption('nutrition', 'Starting nutrition/satiation', { min: -10_000, max: 100_000 }),
    integerOption('turn', 'Current turn', { min: 0, max: 100_000_000 }),
    integerOption('con', 'Constitution (NetHack)', { min: 3, max: 25 }),
    integerOption('int', 'Intelligence', { min: 1, max: 99 }),
    hideOption,
  ],
  schema: z.object({
    name: heroNameSchema,
    game: z.enum(['nethack', 'crawl']).optional(),
    version: z.enum(VERSION_CHOICES as [string, ...string[]]).optional(),
    role: z.string().optional(),
    race: z.enum(NETHACK_RACES).optional(),
    species: z.string().optional(),
    nutrition: intIn('nutrition', -10_000, 100_000).optional(),
    turn: intIn('turn', 0, 100_000_000).optional(),
    con: intIn('con', 3, 25).optional(),
    int: intIn('int', 1, 99).optional(),
    hide: hideSchema,
  }),
  autocomplete(focused) {
    if (focused.name === 'role') return toChoices(focused.value, NETHACK_ROLES.map((r) => ({ name: r })));
    if (focused.name === 'species') return toChoices(focused.value, crawlSpeciesNames('0.13').map((s) => ({ name: s })));
    return [];
  },
  async run(args, ctx) {
    const game = args.game ?? (args.version && (CRAWL_VERSIONS as readonly string[]).includes(args.version) ? 'crawl' : args.species ? 'crawl' : 'nethack');
    const id = randomBytes(5).toString('hex');
    const base = { id, name: args.name, createdAt: new Date().toISOString() };
    let core: Hero;
    if (game === 'nethack') {
      if (args.version && !(NETHACK_VERSIONS as readonly string[]).includes(args.version)) {
        throw new UserError(`NetHack heroes use version ${NETHACK_VERSIONS.join(', ')}, not ${args.version}.`, undefined, 'bad_version');
      }
      if (args.species) throw new UserError('`species` is for Crawl heroes; NetHack heroes have a role and race.', 'Add `game:crawl` for a Crawl hero.', 'wrong_game');
      // src/u_init.c u_init() -> init_uhunger(): every game starts at 900 nutrition, moves = 1.
      const nethack = NethackStateSchema.parse({
        role: args.role ? resolveRole(args.role) : undefined,
        race: args.race,
        con: args.con,
        int: args.int,
        nutrition: args.nutrition ?? 900,
        turn: Math.max(1, args.turn ?? 1),
      });
      core = { ...base, game: 'nethack', version: (args.version ?? '3.6.7') as Hero['version'] & ('3.6.7' | '3.4.3' | '5.0'), nethack, log: [], undo: [], pending: null } as Hero;
    } else {
      if (args.version && !(CRAWL_VERSIONS as readonly string[]).includes(args.version)) {
        throw new UserError(`Crawl heroes use version ${CRAWL_VERSIONS.join(', ')}, not ${args.version}.`, undefined, 'bad_version');
      }
      if (args.role || args.race || args.con) throw new UserError('`role`, `race` and `con` are for NetHack heroes; Crawl heroes have a species.', undefined, 'wrong_game');
      const version = (args.version ?? '0.13') as '0.13' | '0.14' | '0.15';
      const crawl = CrawlStateSchema.parse({
        species: args.species ? resolveCrawlSpecies(version, args.species) : 'Human',
        value: args.nutrition ?? startingSatiation(version),
        turn: args.turn ?? 0,
        int: args.int,
      });
      core = { ...base, game: 'crawl', version, crawl, log: [], undo: [], pending: null } as Hero;
    }
    const hero = await repoFor(ctx).mutate(ctx.user.id, (record, { now }) => {
      const rec = record ?? emptyRecord(ctx.user.id, now);
      if (rec.heroes.length >= MAX_HEROES_PER_USER) {
        throw new UserError(`You already have ${MAX_HEROES_PER_USER} heroes, the most one user can keep.`, 'Delete one with `/hero delete hero:<name>` first.', 'too_many_heroes');
      }
      if (rec.heroes.some((h) => h.name.toLowerCase() === args.name.toLowerCase())) {
        throw new UserError(`You already have a hero called ${args.name}.`, 'Pick another name, or `/hero switch` to it.', 'duplicate_hero');
      }
      const created = withEvent({ ...core, log: [], undo: [] }, coreOf(core), 'new', `Created at nutrition ${heroValue(core).nutrition}, turn ${heroValue(core).turn}.`, now);
      const withoutUndo = { ...created, undo: [] }; // nothing to undo before creation
      return { record: { ...rec, heroes: [...rec.heroes, withoutUndo], activeId: withoutUndo.id }, result: withoutUndo };
    });
    return heroReply(hero, { headline: `Created **${hero.name}** and made them your active hero.`, ephemeral: args.hide });
  },
});

/** Crawl: every character starts at HUNGER_DEFAULT (food.h; 0.13/0.14/0.15 alike). */
function startingSatiation(_version: '0.13' | '0.14' | '0.15'): number {
  return 6000;
}

export const showSubcommand = defineSubcommand({
  name: 'show',
  description: 'Your hero: status, burn, forecast and a chart',
  example: '/hero show',
  options: [heroOption, booleanOption('chart', 'Attach the PNG chart (default true)'), hideOption],
  schema: z.object({ hero: z.string().optional(), chart: z.boolean().default(true), hide: hideSchema }),
  autocomplete: heroNameAutocomplete,
  async run(args, ctx) {
    const hero = activeHero(await repoFor(ctx).read(ctx.user.id), args.hero);
    return heroReply(hero, { chart: args.chart, ephemeral: args.hide });
  },
});

export const listSubcommand = defineSubcommand({
  name: 'list',
  description: 'All your heroes',
  example: '/hero list',
  options: [hideOption],
  schema: z.object({ hide: hideSchema }),
  async run(args, ctx) {
    const record = await repoFor(ctx).read(ctx.user.id);
    const heroes = record?.heroes ?? [];
    return {
      embeds: [
        {
          title: heroes.length ? `Your heroes (${heroes.length})` : 'You have no heroes yet',
          color: COLORS.info,
          description: heroes.length
            ? heroes
                .map((h) => {
                  const v = heroValue(h);
                  return `${h.id === record?.activeId ? '▶' : '•'} **${h.name}** — ${h.game === 'nethack' ? 'NetHack' : 'Crawl'} ${h.version}, ${h.game === 'nethack' ? 'nutrition' : 'satiation'} ${fmt(v.nutrition)}, turn ${fmt(v.turn)}`;
                })
                .join('\n')
            : 'Create one with `/hero new name:<name>`.',
        },
      ],
      result: {
        activeId: record?.activeId ?? null,
        heroes: heroes.map((h) => ({ id: h.id, name: h.name, game: h.game, version: h.version, ...heroValue(h), active: h.id === record?.activeId })),
      },
      ephemeral: args.hide,
    };
  },
});

export const switchSubcommand = defineSubcommand({
  name: 'switch',
  description: 'Make another of your heroes the active one',
  example: '/hero switch name:Valk',
  options: [stringOption('name', 'Hero name', { required: true, autocomplete: true }), hideOption],
  schema: z.object({ name: z.string().min(1), hide: hideSchema }),
  autocomplete: heroNameAutocomplete,
  async run(args, ctx) {
    const hero = await repoFor(ctx).mutate(ctx.user.id, (record) => {
      const h = activeHero(record, args.name);
      return { record: { ...record!, activeId: h.id }, result: h };
    });
    return heroReply(hero, { headline: `**${hero.name}** is now your active hero.`, ephemeral: args.hide });
  },
});

export const renameSubcommand = defineSubcommand({
  name: 'rename',
  description: 'Rename a hero',
  example: '/hero rename name:Brunhilde',
  options: [stringOption('name', 'New name', { required: true, maxLength: HERO_NAME_MAX }), heroOption, hideOption],
  schema: z.object({ name: heroNameSchema, hero: z.string().optional(), hide: hideSchema }),
  autocomplete: heroNameAutocomplete,
  async run(args, ctx) {
    const hero = await repoFor(ctx).mutate(ctx.user.id, (record, { now }) => {
      const h = activeHero(record, args.hero);
      if (record!.heroes.some((o) => o.id !== h.id && o.name.toLowerCase() === args.name.toLowerCase())) {
        throw new UserError(`You already have a hero called ${args.name}.`, undefined, 'duplicate_hero');
      }
      const renamed = withEvent(h, { ...coreOf(h), name: args.name }, 'rename', `Renamed from ${h.name} to ${args.name}.`, now);
      return { record: replaceHero(record!, renamed), result: renamed };
    });
    return heroReply(hero, { headline: `Renamed to **${hero.name}**.`, ephemeral: args.hide });
  },
});

// ---- delete, with a confirmation button ----------------------------------------------------

const DELETE_CONFIRM_MS = 15 * 60 * 1000;
/** The one-use nonce of a delete confirmation, kept in the store so any process can check it. */
const deleteNonceKey = (userId: string, nonce: string) => `hungerbot:confirm:delete:${userId}:${nonce}`;

/** customId: hero:delete:<userId>:<heroId|all>:<nonce>. The user id makes the button theirs only. */
async function deleteButtons(ctx: HandlerContext, target: string): Promise<Reply['buttons']> {
  const nonce = randomBytes(8).toString('hex');
  await ctx.services.store.setIfAbsent(deleteNonceKey(ctx.user.id, nonce), DELETE_CONFIRM_MS);
  return [
    {
      customId: `hero:delete:${ctx.user.id}:${target}:${nonce}`,
      label: target === 'all' ? 'Delete everything' : 'Delete for good',
      style: 'danger',
    },
    { customId: `hero:cancel:${ctx.user.id}:${nonce}`, label: 'Keep it', style: 'secondary' },
  ];
}

export const deleteSubcommand = defineSubcommand({
  name: 'delete',
  description: 'Delete a hero for good (asks to confirm)',
  example: '/hero delete hero:Valk',
  options: [heroOption, booleanOption('everything', 'Delete all your stored data'), hideOption],
  schema: z.object({ hero: z.string().optional(), everything: z.boolean().default(false), hide: hideSchema }),
  privateReply: true,
  autocomplete: heroNameAutocomplete,
  async run(args, ctx) {
    if (args.everything) {
      // No read: a record that cannot be read at all can still be deleted this way.
      return {
        embeds: [{ title: 'Delete all your hungerbot data?', description: 'Every hero, log and undo history you have stored will be removed for good.', color: COLORS.warning }],
        result: { confirm: 'delete-all', pending: true },
        buttons: await deleteButtons(ctx, 'all'),
        ephemeral: true,
      };
    }
    const hero = activeHero(await repoFor(ctx).read(ctx.user.id), args.hero);
    return {
      embeds: [{ title: `Delete ${hero.name}?`, description: `${heroTitle(hero)} and its log will be removed for good. This cannot be undone.`, color: COLORS.warning }],
      result: { confirm: 'delete', pending: true, hero: { id: hero.id, name: hero.name } },
      buttons: await deleteButtons(ctx, hero.id),
      ephemeral: true,
    };
  },
});

export async function onDeleteButton(parts: string[], ctx: HandlerContext): Promise<Reply> {
  const [userId, target, nonce] = parts;
  if (userId !== ctx.user.id) throw new UserError('Only the owner of these heroes can press that.', undefined, 'not_yours');
  // One use, and only a confirmation this bot showed: the nonce must still be in the store.
  if (!nonce || !(await ctx.services.store.consume(deleteNonceKey(ctx.user.id, nonce)))) {
    throw new UserError(
      'That confirmation is no longer valid (already used, cancelled or expired).',
      'Run `/hero delete` again.',
      'stale_button',
    );
  }
  const removed = await repoFor(ctx).mutate(
    ctx.user.id,
    (record) => {
      if (target === 'all') return { record: null, result: 'all' };
      if (!record) throw new UserError('That hero is already gone.', undefined, 'no_hero');
      const h = record.heroes.find((x) => x.id === target);
      if (!h) throw new UserError('That hero is already gone.', undefined, 'no_hero');
      const heroes = record.heroes.filter((x) => x.id !== target);
      const next = heroes.length ? { ...record, heroes, activeId: record.activeId === target ? heroes[0]!.id : record.activeId } : null;
      return { record: next, result: h.name };
    },
    { allowCorrupt: target === 'all' },
  );
  const text = removed === 'all' ? 'All your stored heroes and logs are deleted.' : `${removed} is deleted.`;
  return { embeds: [{ title: 'Deleted', description: text, color: COLORS.ok }], result: { deleted: removed }, ephemeral: true };
}

export async function onCancelButton(parts: string[], ctx: HandlerContext): Promise<Reply> {
  const [userId, nonce] = parts;
  if (userId !== ctx.user.id) {
    throw new UserError('Only the owner of these heroes can press that.', undefined, 'not_yours');
  }
  // A cancelled delete can no longer be confirmed (meal confirmations keep their nonce on the hero).
  if (nonce) await ctx.services.store.consume(deleteNonceKey(ctx.user.id, nonce));
  return { embeds: [{ title: 'Nothing was changed', color: COLORS.info }], result: { cancelled: true }, ephemeral: true };
}

// ---- export, log, undo -------------------------------------------------------------------

export const exportSubcommand = defineSubcommand({
  name: 'export',
  description: 'Download all your stored data as JSON',
  example: '/hero export',
  options: [],
  schema: z.object({}),
  privateReply: true,
  async run(_args, ctx) {
    const stored = await repoFor(ctx).raw(ctx.user.id);
    const record = stored.state === 'readable' ? stored.value : null;
    // A record that cannot be read is handed back as the exact text stored, for recovery.
    const unreadable = stored.state === 'unreadable' ? { reason: stored.reason, text: stored.text } : undefined;
    const exportedAt = new Date().toISOString();
    const file = { exportedAt, userId: ctx.user.id, record, ...(unreadable ? { unreadable } : {}) };
    const data = Buffer.from(JSON.stringify(file, null, 2));
    const description =
      stored.state === 'absent'
        ? 'You have no stored data.'
        : unreadable
          ? `Your stored record cannot be read (${unreadable.reason}). Its exact stored text is in the attached ` +
            'file; `/hero delete everything:true` removes it.'
          : 'Everything stored for you is in the attached JSON file.';
    return {
      embeds: [{ title: 'Your hungerbot data', description, color: unreadable ? COLORS.warning : COLORS.info }],
      result: { userId: ctx.user.id, bytes: data.length, record, ...(unreadable ? { unreadable } : {}) },
      files: [{ name: `hungerbot-${ctx.user.id}.json`, data, contentType: 'application/json', description: 'Your stored heroes' }],
      ephemeral: true,
    };
  },
});

export const logSubcommand = defineSubcommand({
  name: 'log',
  description: "Your hero's recent events",
  example: '/hero log',
  options: [heroOption, hideOption],
  schema: z.object({ hero: z.string().optional(), hide: hideSchema }),
  autocomplete: heroNameAutocomplete,
  async run(args, ctx) {
    const hero = activeHero(await repoFor(ctx).read(ctx.user.id), args.hero);
    const events = hero.log.slice(-20).reverse();
    return {
      embeds: [
        {
          title: `${hero.name}: recent events`,
          color: COLORS.info,
          description: events.length ? events.map((e) => `\`T${e.turn}\` ${e.summary} → ${fmt(e.nutrition)}`).join('\n') : 'No events yet.',
          footer: { text: `${hero.log.length} events stored (the last ${hero.log.length >= 50 ? 50 : hero.log.length}); /hero undo reverts the newest` },
        },
      ],
      result: { hero: { id: hero.id, name: hero.name }, events: hero.log },
      ephemeral: args.hide,
    };
  },
});

export const undoSubcommand = defineSubcommand({
  name: 'undo',
  description: 'Revert your hero\'s last event',
  example: '/hero undo',
  options: [heroOption, hideOption],
  schema: z.object({ hero: z.string().optional(), hide: hideSchema }),
  autocomplete: heroNameAutocomplete,
  async run(args, ctx) {
    const { hero, undone } = await repoFor(ctx).mutate(ctx.user.id, (record) => {
      const h = activeHero(record, args.hero);
      const last = h.undo[h.undo.length - 1];
      if (!last) throw new UserError(`${h.name} has nothing to undo.`, undefined, 'nothing_to_undo');
      const restored: Hero = { ...(last.before as Hero), log: h.log.slice(0, -1), undo: h.undo.slice(0, -1), pending: null } as Hero;
      return { record: replaceHero(record!, restored), result: { hero: restored, undone: last.event } };
    });
    return heroReply(hero, { headline: `Undid: ${undone.summary}`, ephemeral: args.hide, extra: { undone } });
  },
});

