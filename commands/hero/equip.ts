// /hero set, wear, remove, intrinsic: change what the hunger rules read from the hero.
import { UserError } from '../../src/errors.ts';
import { roleChoices, toChoices } from '../../src/kit/choices.ts';
import * as kinds from '../../src/kit/kinds.ts';
import { boolean, choice, integer, number, text } from '../../src/pipeline/options.ts';
import { defineSubcommand, type HandlerContext } from '../../src/pipeline/types.ts';
import { gearText, parseGear } from '../../src/engine/crawl/gear.ts';
import { gearChoices } from '../crawl/common.ts';
import { ringTypes } from '../../src/engine/nethack/burn.ts';
import { checkCrawlHero, crawlSpeciesNames, resolveCrawlSpecies } from '../../src/heroes/crawl.ts';
import { AMULET_NAMES, NETHACK_RACES, resolveAmulet, resolveRingLabel, resolveRole } from '../../src/heroes/nethack.ts';
import { ENCUMBRANCE_LEVELS, NETHACK_INTRINSICS, type Hero, type HeroCore } from '../../src/heroes/schema.ts';
import { LUCKSTONES, moreluck } from '../../src/engine/nethack/prayerTrack.ts';
import { changeHero, coreOf, heroReply, repoFor } from './common.ts';
import { heroInt, heroName, heroNameAutocomplete } from './manage.ts';

export const setSubcommand = defineSubcommand({
  name: 'set',
  description: "Set your hero's nutrition, turn or attributes",
  example: '/hero set nutrition:1200 turn:5000',
  access: 'write',
  options: {
    nutrition: kinds.nutrition.describe('Nutrition (Crawl: satiation)'),
    turn: kinds.heroTurn,
    con: kinds.con.describe('Constitution (NetHack)'),
    int: heroInt,
    xl: kinds.xl.describe('Experience level (NetHack)'),
    spellcasting: number('Spellcasting skill (Crawl)', { min: 0, max: 27, example: 10 }),
    role: kinds.role.describe('NetHack role'),
    race: choice('NetHack race', NETHACK_RACES),
    alignment: choice('NetHack alignment', ['lawful', 'neutral', 'chaotic']),
    encumbrance: choice('NetHack encumbrance', ENCUMBRANCE_LEVELS),
    species: kinds.species.describe('Crawl species'),
    metabolism: integer('Crawl metabolism mutation: +1..+3 fast, -1..-2 slow', { min: -2, max: 3, example: 1 }),
    carnivore: integer('Crawl Carnivore level', { min: 0, max: 3, example: 1 }),
    herbivore: integer('Crawl Herbivore level', { min: 0, max: 3, example: 1 }),
    saprovore: integer('Crawl Saprovore level', { min: 0, max: 3, example: 1 }),
    luck: kinds.luck.describe("NetHack Luck (with a luckstone's ±3)"),
    record: integer('NetHack alignment record', { min: -1000, max: 1000, example: 10 }),
    anger: integer('NetHack god anger', { min: 0, max: 100, example: 0 }),
    prayed: integer('NetHack: turn of your last good prayer', { min: 1, max: kinds.TURN.max, example: 1200 }),
    luckstone: choice('NetHack luckstone carried', LUCKSTONES),
    hero: heroName,
  },
  async autocomplete(focused, partial, ctx) {
    if (focused.name === 'role') return roleChoices(focused.value);
    if (focused.name === 'species') {
      const record = await repoFor(ctx)
        .read(ctx.user.id)
        .catch(() => null);
      const hero = record?.heroes.find((h) => h.id === record.activeId);
      return toChoices(
        focused.value,
        crawlSpeciesNames(hero?.game === 'crawl' ? hero.version : '0.13').map((name) => ({ name })),
      );
    }
    return heroNameAutocomplete(focused, partial, ctx);
  },
  async run(args, ctx) {
    const { hero, summary } = await changeHero(ctx, args.hero, 'set', (h) => {
      const changes: string[] = [];
      const note = (k: string, v: unknown) => changes.push(`${k} ${v}`);
      let core: HeroCore = coreOf(h);
      if (core.game === 'nethack') {
        if (
          args.spellcasting !== undefined ||
          args.species ||
          [args.metabolism, args.carnivore, args.herbivore, args.saprovore].some((x) => x !== undefined)
        ) {
          throw new UserError(
            '`spellcasting`, `species` and the mutations are for Crawl heroes.',
            undefined,
            'wrong_game',
          );
        }
        const s = { ...core.nethack };
        if (args.nutrition !== undefined)
          (s.nutrition = args.nutrition), note('nutrition', args.nutrition), (s.alive = true), (s.death = null);
        if (args.turn !== undefined) {
          if (args.turn < 1)
            throw new UserError(
              'NetHack turns start at 1: `turn` must be from 1 to 100,000,000.',
              'For example `turn:1200`.',
              'bad_turn',
            );
          (s.turn = args.turn), note('turn', args.turn);
        }
        if (args.con !== undefined) (s.con = args.con), note('Con', args.con);
        if (args.int !== undefined) {
          if (args.int > 25 || args.int < 3)
            throw new UserError('NetHack Intelligence goes from 3 to 25.', 'For example `int:16`.', 'bad_option');
          (s.int = args.int), note('Int', args.int);
        }
        if (args.xl !== undefined) (s.xl = args.xl), note('XL', args.xl);
        if (args.role) (s.role = resolveRole(args.role)), note('role', s.role);
        if (args.race) (s.race = args.race), note('race', args.race);
        if (args.alignment) (s.alignment = args.alignment), note('alignment', args.alignment);
        if (args.encumbrance) (s.encumbrance = args.encumbrance), note('encumbrance', args.encumbrance);
        setPrayerFields(s, args, note);
        core = { ...core, nethack: s };
      } else {
        const nethackOnly = { con: args.con, xl: args.xl, role: args.role, race: args.race, alignment: args.alignment };
        const prayerOnly = { luck: args.luck, record: args.record, anger: args.anger, prayed: args.prayed };
        const rest = { encumbrance: args.encumbrance, luckstone: args.luckstone };
        const given = Object.entries({ ...nethackOnly, ...prayerOnly, ...rest })
          .filter(([, v]) => v !== undefined)
          .map(([k]) => `\`${k}\``);
        if (given.length) {
          throw new UserError(
            `${given.join(', ')} ${given.length === 1 ? 'is' : 'are'} for NetHack heroes.`,
            'For Crawl burden use `/hero wear`-style rate options in `/crawl rate`.',
            'wrong_game',
          );
        }
        const c = { ...core.crawl, mutations: { ...core.crawl.mutations } };
        if (args.nutrition !== undefined)
          (c.value = args.nutrition), note('satiation', args.nutrition), (c.alive = true), (c.death = null);
        if (args.turn !== undefined) (c.turn = args.turn), note('turn', args.turn);
        if (args.int !== undefined) (c.int = args.int), note('Int', args.int);
        if (args.spellcasting !== undefined)
          (c.spellcasting = args.spellcasting), note('Spellcasting', args.spellcasting);
        if (args.species) (c.species = resolveCrawlSpecies(core.version, args.species)), note('species', c.species);
        for (const m of ['metabolism', 'carnivore', 'herbivore', 'saprovore'] as const) {
          if (args[m] !== undefined) (c.mutations[m] = args[m]), note(m, args[m]);
        }
        checkCrawlHero(core.version, c);
        core = { ...core, crawl: c };
      }
      if (!changes.length)
        throw new UserError(
          'Nothing to set.',
          'Give at least one option, e.g. `/hero set nutrition:1200`.',
          'nothing_to_set',
        );
      return { core, summary: `Set ${changes.join(', ')}.` };
    });
    return heroReply(hero, { headline: summary, ephemeral: args.hide });
  },
});

type NethackFields = Extract<HeroCore, { game: 'nethack' }>['nethack'];

/** Luck, alignment record, god anger, luckstone and the last good prayer (a new timeout history). */
function setPrayerFields(
  s: NethackFields,
  args: { luck?: number; record?: number; anger?: number; prayed?: number; luckstone?: NethackFields['luckstone'] },
  note: (k: string, v: unknown) => void,
): void {
  if (args.luckstone && args.luckstone !== s.luckstone) {
    // set_moreluck(): Luck = u.uluck + u.moreluck, so picking up or dropping a luckstone moves Luck.
    const uluck = s.luck - moreluck(s.luckstone);
    s.luckstone = args.luckstone;
    note('luckstone', args.luckstone);
    if (args.luck === undefined && uluck + moreluck(s.luckstone) !== s.luck) {
      s.luck = uluck + moreluck(s.luckstone);
      note('Luck', s.luck);
    }
  }
  if (args.luck !== undefined) {
    const more = moreluck(s.luckstone);
    if (args.luck - more < -10 || args.luck - more > 10) {
      const range = `${-10 + more} to ${10 + more}`;
      const why = `u.uluck stays within -10..10, so Luck goes from ${range}`;
      throw new UserError(`Luck ${args.luck} is impossible here: ${why}.`, undefined, 'invalid_option');
    }
    (s.luck = args.luck), note('Luck', args.luck);
  }
  if (args.record !== undefined) (s.alignmentRecord = args.record), note('alignment record', args.record);
  if (args.anger !== undefined) (s.godAnger = args.anger), note('god anger', args.anger);
  if (args.prayed !== undefined) {
    if (args.prayed > s.turn) {
      const hint = 'Give the turn of a prayer already made.';
      throw new UserError(`Turn ${args.prayed} is after the hero's turn ${s.turn}.`, hint, 'invalid_option');
    }
    // The prayer ends 3 turns after #pray (nomul(-3)); pleased() sets the timeout then.
    const { demigod, crowned } = s;
    const step = { kind: 'success' as const, atTurn: args.prayed + 3, experienceLevel: s.xl, demigod, crowned };
    s.prayer = { steps: [step], history: s.prayer.history, known: true };
    note('last good prayer at turn', args.prayed);
  }
}

export const wearSubcommand = defineSubcommand({
  name: 'wear',
  description: 'Put on a ring, an amulet or (Crawl) other hunger gear',
  example: '/hero wear hand:left ring:"ring of regeneration"',
  access: 'write',
  options: {
    ring: text('Ring, e.g. "ring of protection +2" (Crawl: "ring of sustenance")', { autocomplete: true }),
    hand: choice('Hand for the ring (default: a free one)', ['left', 'right']),
    amulet: text('Amulet, e.g. "amulet of life saving"', { autocomplete: true }),
    yendor: boolean('Carry the real Amulet of Yendor'),
    gear: text('Crawl: "troll leather armour", "+1 Hunger artefact", rings', { autocomplete: true, maxLength: 100 }),
    hero: heroName,
  },
  async autocomplete(focused, partial, ctx) {
    const crawl = (await activeGame(ctx)) === 'crawl';
    if (focused.name === 'gear' || (crawl && (focused.name === 'ring' || focused.name === 'amulet')))
      return gearChoices(focused.value);
    if (focused.name === 'ring') {
      const names = ringTypes().map((t) => (t === 'meat ring' ? t : `ring of ${t}`));
      return toChoices(
        focused.value,
        names.map((n) => ({ name: n })),
      );
    }
    if (focused.name === 'amulet')
      return toChoices(
        focused.value,
        AMULET_NAMES.map((n) => ({ name: n })),
      );
    return heroNameAutocomplete(focused, partial, ctx);
  },
  async run(args, ctx) {
    if (!args.ring && !args.amulet && args.yendor === undefined && !args.gear)
      throw new UserError(
        'Name a ring, an amulet or gear to wear.',
        'e.g. `/hero wear hand:left ring:"ring of regeneration"`.',
        'nothing_to_wear',
      );
    const { hero, summary } = await changeHero(ctx, args.hero, 'wear', (h) => {
      const core = coreOf(h);
      if (core.game === 'crawl') return wearCrawl(core, args);
      if (args.gear)
        throw new UserError(
          '`gear` is for Crawl heroes; NetHack heroes wear `ring` and `amulet`.',
          undefined,
          'wrong_game',
        );
      const s = { ...core.nethack };
      const done: string[] = [];
      if (args.ring) {
        const label = resolveRingLabel(args.ring);
        const hand = args.hand ?? (!s.leftRing ? 'left' : !s.rightRing ? 'right' : null);
        if (!hand)
          throw new UserError(
            'Both hands already wear a ring.',
            'Remove one first (`/hero remove hand:left`), or say which hand to replace with `hand:`.',
            'hands_full',
          );
        if (hand === 'left') s.leftRing = { label };
        else s.rightRing = { label };
        done.push(`${label} on the ${hand} hand`);
      }
      if (args.amulet) {
        s.amulet = resolveAmulet(args.amulet);
        done.push(s.amulet);
      }
      if (args.yendor !== undefined) {
        s.yendor = args.yendor;
        done.push(args.yendor ? 'the Amulet of Yendor (carried)' : 'no longer carrying the Amulet of Yendor');
      }
      return { core: { ...core, nethack: s }, summary: `Put on ${done.join(' and ')}.` };
    });
    return heroReply(hero as Hero, { headline: summary, ephemeral: args.hide });
  },
});

type CrawlCore = Extract<HeroCore, { game: 'crawl' }>;

/** Crawl: rings, the amulet and other gear all read as one gear list (src/engine/crawl/gear.ts). */
type Change = { core: HeroCore; summary: string };

function wearCrawl(core: CrawlCore, args: { ring?: string; amulet?: string; yendor?: boolean; gear?: string }): Change {
  if (args.yendor !== undefined)
    throw new UserError('The Amulet of Yendor is NetHack; Crawl heroes carry the Orb.', undefined, 'wrong_game');
  const added = parseGear([args.ring, args.amulet, args.gear].filter(Boolean).join(', '));
  const g = core.crawl.gear;
  if (added.gourmand && g.gourmand)
    throw new UserError('Already wearing an amulet of the gourmand.', undefined, 'no_change');
  if (added.trollLeather && g.trollLeather)
    throw new UserError('Already wearing troll leather armour.', undefined, 'no_change');
  const gear = {
    sustenanceRings: g.sustenanceRings + added.sustenanceRings,
    hungerRings: g.hungerRings + added.hungerRings,
    regenerationRings: g.regenerationRings + added.regenerationRings,
    trollLeather: g.trollLeather || added.trollLeather,
    artefactMetabolism: g.artefactMetabolism + added.artefactMetabolism,
    gourmand: g.gourmand || added.gourmand,
  };
  const crawl = { ...core.crawl, gear };
  checkCrawlHero(core.version, crawl);
  return { core: { ...core, crawl }, summary: `Put on ${gearText(added)}.` };
}

/** Crawl: take off the named gear, or every ring with hand:both. */
function removeCrawl(
  core: CrawlCore,
  args: { hand?: 'left' | 'right' | 'both'; amulet?: boolean; gear?: string },
): Change {
  const g = { ...core.crawl.gear };
  const off = parseGear(args.gear);
  if (args.hand === 'both') {
    Object.assign(off, {
      sustenanceRings: g.sustenanceRings,
      hungerRings: g.hungerRings,
      regenerationRings: g.regenerationRings,
    });
  } else if (args.hand) {
    const kinds = (['sustenanceRings', 'hungerRings', 'regenerationRings'] as const).filter((k) => g[k] > 0);
    if (kinds.length !== 1) {
      const hint = 'e.g. `/hero remove gear:"ring of sustenance"`, or `hand:both` for every ring.';
      throw new UserError('Crawl rings are not kept by hand: name the ring.', hint, 'nothing_worn');
    }
    off[kinds[0]!] = 1;
  }
  if (args.amulet) off.gourmand = g.gourmand;
  for (const k of ['sustenanceRings', 'hungerRings', 'regenerationRings'] as const) {
    if (off[k] > g[k]) throw new UserError(`Not wearing ${off[k]} of those rings.`, undefined, 'nothing_worn');
    g[k] -= off[k];
  }
  if ((off.trollLeather && !g.trollLeather) || (off.gourmand && !g.gourmand))
    throw new UserError('That is not worn.', undefined, 'nothing_worn');
  if (off.trollLeather) g.trollLeather = false;
  if (off.gourmand) g.gourmand = false;
  g.artefactMetabolism -= off.artefactMetabolism;
  const text = gearText(off);
  if (!text) throw new UserError('Nothing is worn there.', undefined, 'nothing_worn');
  return { core: { ...core, crawl: { ...core.crawl, gear: g } }, summary: `Took off ${text}.` };
}

/** The game of the caller's active hero, for autocomplete (null when unknown). */
async function activeGame(ctx: HandlerContext): Promise<Hero['game'] | null> {
  const record = await repoFor(ctx)
    .read(ctx.user.id)
    .catch(() => null);
  return record?.heroes.find((h) => h.id === record.activeId)?.game ?? null;
}

export const removeSubcommand = defineSubcommand({
  name: 'remove',
  description: 'Take off a ring or the amulet',
  example: '/hero remove hand:left',
  access: 'write',
  options: {
    hand: choice('Ring hand', ['left', 'right', 'both']),
    amulet: boolean('Take off the amulet'),
    gear: text('Crawl: the gear to take off, e.g. "ring of sustenance"', { autocomplete: true, maxLength: 100 }),
    hero: heroName,
  },
  autocomplete: (focused, partial, ctx) =>
    focused.name === 'gear' ? gearChoices(focused.value) : heroNameAutocomplete(focused, partial, ctx),
  async run(args, ctx) {
    if (!args.hand && !args.amulet && !args.gear)
      throw new UserError(
        'Say what to take off: `hand:left`, `hand:right`, `hand:both`, `amulet:true` or (Crawl) `gear:`.',
        undefined,
        'nothing_to_remove',
      );
    const { hero, summary } = await changeHero(ctx, args.hero, 'remove', (h) => {
      const core = coreOf(h);
      if (core.game === 'crawl') return removeCrawl(core, args);
      if (args.gear) throw new UserError('`gear` is for Crawl heroes.', undefined, 'wrong_game');
      const s = { ...core.nethack };
      const done: string[] = [];
      if (args.hand === 'left' || args.hand === 'both') {
        if (s.leftRing) done.push(`${s.leftRing.label} (left)`);
        s.leftRing = null;
      }
      if (args.hand === 'right' || args.hand === 'both') {
        if (s.rightRing) done.push(`${s.rightRing.label} (right)`);
        s.rightRing = null;
      }
      if (args.amulet) {
        if (s.amulet) done.push(s.amulet);
        s.amulet = null;
      }
      if (!done.length) throw new UserError('Nothing is worn there.', undefined, 'nothing_worn');
      return { core: { ...core, nethack: s }, summary: `Took off ${done.join(' and ')}.` };
    });
    return heroReply(hero, { headline: summary, ephemeral: args.hide });
  },
});

export const intrinsicSubcommand = defineSubcommand({
  name: 'intrinsic',
  description: 'Gain or lose an intrinsic or status that changes hunger',
  example: '/hero intrinsic name:breathless state:gain',
  access: 'write',
  options: {
    name: choice('Intrinsic or status', NETHACK_INTRINSICS).required(),
    state: choice('gain (default) or lose', ['gain', 'lose']).default('gain'),
    hero: heroName,
  },
  autocomplete: heroNameAutocomplete,
  async run(args, ctx) {
    const { hero, summary } = await changeHero(ctx, args.hero, 'intrinsic', (h) => {
      const core = coreOf(h);
      if (core.game !== 'nethack')
        throw new UserError(
          'These intrinsics follow NetHack rules; Crawl statuses are options of `/crawl rate`.',
          undefined,
          'wrong_game',
        );
      const s = { ...core.nethack };
      const has = s.intrinsics.includes(args.name);
      if (args.state === 'gain' && has)
        throw new UserError(`${h.name} already has ${args.name}.`, undefined, 'no_change');
      if (args.state === 'lose' && !has)
        throw new UserError(`${h.name} does not have ${args.name}.`, undefined, 'no_change');
      s.intrinsics = args.state === 'gain' ? [...s.intrinsics, args.name] : s.intrinsics.filter((i) => i !== args.name);
      return { core: { ...core, nethack: s }, summary: `${args.state === 'gain' ? 'Gained' : 'Lost'} ${args.name}.` };
    });
    return heroReply(hero, { headline: summary, ephemeral: args.hide });
  },
});
