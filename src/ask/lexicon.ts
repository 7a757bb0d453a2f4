// The fixed vocabulary: question words that decide the command, words that label a number,
// slang and abbreviations, and phrases that set an option. Option names and values here are
// checked against the registered commands (test/ask/lexicon.test.ts), so a rename there fails
// a test instead of silently producing a line the command rejects.
import type { AskValue } from './catalog.ts';
import { RINGS } from '../engine/nethack/data.ts';
import { MEAT_VARIETIES } from '../engine/nethack/foods.ts';
import type { TroubleKey } from '../engine/nethack/prayer.ts';
import { TIN_TOOLS } from '../engine/nethack/tins.ts';
import { tokenize } from './text.ts';

/** Words that say what is asked. */
export type Cue =
  | 'until'
  | 'after'
  | 'status'
  | 'eat'
  | 'choke'
  | 'survive'
  | 'give'
  | 'info'
  | 'rate'
  | 'pet'
  | 'my'
  | 'diet'
  | 'feed'
  | 'tame'
  | 'spell'
  | 'ability'
  | 'cost'
  | 'lifesave'
  | 'chunk'
  | 'hunger'
  | 'die'
  | 'help'
  | 'heroShow'
  | 'heroList'
  | 'heroLog'
  | 'hero'
  | 'corpse'
  | 'canQuestion'
  | 'ifEat'
  | 'hungryPet'
  | 'when'
  | 'pray'
  | 'prayFix'
  | 'angry'
  | 'neverPrayed'
  | 'safe'
  | 'gain'
  | 'open'
  | 'form';

/** Hunger levels a question can aim at ("until weak"). */
export type Target =
  | 'Satiated'
  | 'NotHungry'
  | 'Hungry'
  | 'Weak'
  | 'Fainting'
  | 'Starve'
  | 'VeryHungry'
  | 'NearStarving'
  | 'Full'
  | 'Engorged';

/** What a number means, from the word next to it. */
export type Unit =
  | 'value'
  | 'turn'
  | 'con'
  | 'int'
  | 'level'
  | 'xl'
  | 'skill'
  | 'luck'
  | 'timeout'
  | 'hp'
  | 'attacks'
  | 'aut'
  | 'charge'
  | 'rate'
  | 'after'
  | 'age'
  | 'eaten'
  | 'carnivore'
  | 'herbivore'
  | 'saprovore'
  | 'metabolism'
  | 'rod'
  | 'artefact'
  | 'turnsWord'
  | 'at'
  | 'tamed'
  | 'lastMeal'
  | 'now'
  | 'prayedAt'
  | 'alignment'
  | 'anger'
  | 'maxHp'
  | 'dex'
  | 'str';

export interface Feature {
  cue?: Cue;
  target?: Target;
  /** The word labels a number: `before` it ("con 18"), `after` it ("900 nutrition") or either. */
  unit?: Unit;
  side?: 'before' | 'after' | 'either';
  /** Evidence for one game (weights add up). */
  game?: 'nethack' | 'crawl';
  weight?: number;
  /** Options this phrase sets, in whichever command declares them. */
  set?: Record<string, AskValue>;
  /** A NetHack ring type (objects.c name) this phrase names. */
  ring?: string;
  /** The word "ring"/"rings" itself. */
  ringWord?: boolean;
  /** Words that say "not from a ring" (intrinsic, innate...). */
  intrinsic?: boolean;
  role?: string;
  race?: string;
  /** A hunger-relevant property named without "ring" (regen, SD, conflict, sustenance). */
  property?: 'regeneration' | 'slow digestion' | 'conflict' | 'hunger' | 'sustain';
  /** A prayer trouble (src/pray.c in_trouble()) this phrase names: /nethack pray's `troubles`. */
  trouble?: TroubleKey;
}

interface Entry {
  phrases: string[];
  f: Feature;
}

const CRAWL = { game: 'crawl', weight: 3 } as const;
const NETHACK = { game: 'nethack', weight: 3 } as const;

// prettier-ignore
const ENTRIES: Entry[] = [
  // ---- games and their words
  { phrases: ['crawl', 'dcss', 'stone soup', 'dungeon crawl', 'crawl stone soup', 'tiles'], f: CRAWL },
  { phrases: ['nethack', 'nh', 'vanilla', 'nethack vanilla'], f: NETHACK },
  { phrases: ['satiation', 'sat'], f: { game: 'crawl', weight: 2, unit: 'value' } },
  {
    phrases: ['nutrition', 'nutr', 'nut', 'nutriton', 'nutrtion', 'u uhunger', 'uhunger'],
    f: { unit: 'value', game: 'nethack', weight: 1 },
  },
  { phrases: ['hunger value', 'hunger level', 'value'], f: { unit: 'value' } },
  { phrases: ['hunger'], f: { unit: 'value', side: 'before', cue: 'hunger' } },

  // ---- what is asked
  // "when" alone is weaker: "hunger rate when invisible" asks for a rate.
  { phrases: ['when'], f: { cue: 'when' } },
  {
    phrases: [
      'until',
      'till',
      'til',
      'untill',
      'untl',
      'before',
      'to reach',
      'how long',
      'how many turns',
      'how much time',
      'how soon',
      'when will',
      'when do',
      'when does',
      'when am',
      'when is',
      'when can',
      'forecast',
      'eta',
      'last',
      'lasts',
      'last me',
      'go without',
      'go without eating',
      'time to',
      'turns to',
      'turns till',
      'turns until',
      'turns before',
      'turns left',
      'how long till',
      'how long until',
      'how long before',
      'timeline',
      'get to',
      'drop to',
      'hit',
    ],
    f: { cue: 'until' },
  },
  {
    phrases: ['after', 'in', 'later', 'from now', 'wait', 'waiting', 'pass', 'for'],
    f: { unit: 'after', side: 'before' },
  },
  {
    phrases: [
      'status',
      'state',
      'band',
      'what status',
      'hunger status',
      'hunger state',
      'what state',
      'am i',
      'im i',
      'is it',
      'does it show',
      'show as',
      'shows',
      'mean',
      'means',
      'meaning',
      'bottom line',
      'status line',
      'satiation level',
      'what level',
      'what is',
      'whats',
    ],
    f: { cue: 'status' },
  },
  {
    phrases: ['eat', 'eats', 'eating', 'ate', 'munch', 'consume', 'scarf', 'devour', 'finish', 'meal'],
    f: { cue: 'eat' },
  },
  {
    phrases: [
      'if i eat',
      'if i ate',
      'when i eat',
      'should i eat',
      'can i eat',
      'can i finish',
      'eat it',
      'i eat',
      'i ate',
      'eat one',
      'eating one',
    ],
    f: { cue: 'ifEat' },
  },
  {
    phrases: [
      'choke',
      'chokes',
      'choking',
      'choked',
      'choak',
      'chocke',
      'overeat',
      'overeating',
      'choke bite',
      'choke on',
      'choke to death',
      'die eating',
      'oversatiated',
      'over satiated',
      'survive choking',
      'survive a choke',
    ],
    f: { cue: 'choke', set: { cause: 'choking' }, game: 'nethack', weight: 2 },
  },
  {
    phrases: ['survive', 'survive choking', 'survive a choke', 'survived', 'vomit after choking'],
    f: { cue: 'survive' },
  },
  {
    phrases: [
      'give',
      'gives',
      'giving',
      'worth',
      'provide',
      'provides',
      'yield',
      'yields',
      'filling',
      'nutritious',
      'how much nutrition',
      'how much food',
      'how much',
      'nutrition of',
      'nutrition in',
      'nutrition value',
      'nutritional value',
      'feed me',
    ],
    f: { cue: 'give' },
  },
  {
    phrases: [
      'info',
      'about',
      'stats',
      'vegan',
      'vegetarian',
      'veggie',
      'weight',
      'weigh',
      'weighs',
      'what does it do',
      'effects',
      'turns to eat',
      'time to eat',
      'how long to eat',
      'how long does it take to eat',
      'eating time',
    ],
    f: { cue: 'info' },
  },
  // Is it safe (a corpse for this hero: /nethack corpse; a prayer now: /nethack pray).
  {
    phrases: [
      'safe',
      'safely',
      'safe to eat',
      'is it safe',
      'unsafe',
      'dangerous',
      'deadly',
      'risky',
      'risk',
      'kill me',
      'poisonous',
      'poison me',
      'acidic',
      'petrify',
      'petrify me',
      'stone me',
      'turn me to stone',
      'make me sick',
      'food poisoning',
      'tainted',
      'good idea',
      'bad idea',
      'safe 2 pray',
      'cannibalism',
      'cannibal',
      'smite',
      'smite me',
      'smited',
      'get smitten',
    ],
    f: { cue: 'safe' },
  },
  // What a corpse gives besides nutrition.
  {
    phrases: [
      'intrinsic from',
      'intrinsics',
      'telepathy',
      'telepathic',
      'give me a level',
      'gain a level',
      'get a level',
      'level up',
      'levels up',
      'gain level',
      'teleportitis',
      'resistances',
      'what resistance',
      'which resistance',
      'grant',
      'grants',
      'confer',
      'confers',
    ],
    f: { cue: 'gain' },
  },
  {
    phrases: [
      'rate',
      'hunger rate',
      'burn rate',
      'how fast',
      'how quickly',
      'per turn',
      'per 20 turns',
      'per 100 turns',
      'burn',
      'burns',
      'burning rate',
      'speed',
      'metabolism rate',
      'food per turn',
      'term by term',
    ],
    f: { cue: 'rate' },
  },
  {
    phrases: ['pet', 'pets', 'my pet', 'pet s', 'tame', 'tamed', 'tame it', 'tame a', 'taming', 'domestic'],
    f: { cue: 'pet' },
  },
  { phrases: ['my'], f: { cue: 'my' } },
  { phrases: ['feed', 'feeding', 'fed'], f: { cue: 'feed' } },
  {
    phrases: [
      'diet',
      'what does',
      'what do',
      'what will',
      'what can',
      'what foods',
      'what food',
      'what to feed',
      'what should i feed',
      'likes',
      'like to eat',
      'food list',
    ],
    f: { cue: 'diet' },
  },
  { phrases: ['can', 'could', 'would', 'will', 'does', 'do', 'is', 'should'], f: { cue: 'canQuestion' } },
  {
    phrases: ['hunger clock', 'hungrytime', 'hungry time', 'go hungry', 'get hungry', 'gets hungry', 'become hungry'],
    f: { cue: 'hungryPet', target: 'Hungry' },
  },
  {
    phrases: [
      'spell',
      'spells',
      'cast',
      'casting',
      'casts',
      'spellcast',
      'spell hunger',
      'spell cost',
      'spell costs',
      'spell level',
      'level spell',
    ],
    f: { cue: 'spell' },
  },
  { phrases: ['ability', 'abilities', 'invoke', 'invoking', 'use', 'using', 'activate'], f: { cue: 'ability' } },
  {
    phrases: [
      'cost',
      'costs',
      'costing',
      'price',
      'drain',
      'drains',
      'take',
      'takes',
      'use up',
      'uses up',
      'hunger cost',
      'food cost',
      'nutrition cost',
      'spend',
      'lose',
      'lost',
      'how much hunger',
    ],
    f: { cue: 'cost' },
  },
  { phrases: ['die', 'dies', 'died', 'dying', 'death', 'killed', 'kill me', 'dead'], f: { cue: 'die' } },
  { phrases: ['corpse', 'corpses', 'body', 'carcass'], f: { cue: 'corpse', game: 'nethack', weight: 2 } },
  {
    phrases: ['help', 'commands', 'what can you do', 'how do i use', 'usage', 'how does this work', 'what do you do'],
    f: { cue: 'help' },
  },
  {
    phrases: ['hero', 'heroes', 'character', 'characters', 'my hero', 'my character', 'my char', 'char'],
    f: { cue: 'hero' },
  },
  { phrases: ['show', 'how is', 'how s', 'hows', 'doing', 'check', 'view'], f: { cue: 'heroShow' } },
  { phrases: ['list', 'all my', 'which heroes', 'how many heroes'], f: { cue: 'heroList' } },
  { phrases: ['log', 'history', 'what happened', 'events', 'recent'], f: { cue: 'heroLog' } },

  // ---- hunger levels
  { phrases: ['hungry', 'hungery', 'hungy', 'hunrgy', 'hungry status'], f: { target: 'Hungry' } },
  { phrases: ['not hungry', 'nothungry'], f: { target: 'NotHungry' } },
  {
    phrases: ['weak', 'weakened', 'weakness', 'go weak', 'get weak'],
    f: { target: 'Weak', game: 'nethack', weight: 1 },
  },
  {
    phrases: ['faint', 'fainting', 'fainted', 'pass out', 'faints'],
    f: { target: 'Fainting', game: 'nethack', weight: 1 },
  },
  {
    phrases: ['starve', 'starving', 'starved', 'starvation', 'starv', 'strave', 'starve to death'],
    f: { target: 'Starve', set: { cause: 'starvation' } },
  },
  { phrases: ['satiated', 'oversated'], f: { target: 'Satiated' } },
  { phrases: ['very hungry'], f: { target: 'VeryHungry', game: 'crawl', weight: 3 } },
  {
    phrases: ['near starving', 'nearly starving', 'near starvation'],
    f: { target: 'NearStarving', game: 'crawl', weight: 3 },
  },
  { phrases: ['full', 'very full'], f: { target: 'Full', game: 'crawl', weight: 2 } },
  { phrases: ['engorged', 'gorged'], f: { target: 'Engorged', game: 'crawl', weight: 3 } },

  // ---- number labels
  {
    phrases: ['turn', 't', 'moves', 'move', 'turn count', 'turn counter', 'on turn', 'at turn', 'game turn'],
    f: { unit: 'turn', side: 'before' },
  },
  { phrases: ['turns', 'turn s'], f: { unit: 'turnsWord', side: 'after' } },
  { phrases: ['con', 'constitution', 'cn'], f: { unit: 'con' } },
  { phrases: ['int', 'intelligence'], f: { unit: 'int' } },
  { phrases: ['level', 'lvl', 'lv', 'lev', 'spell level', 'level spell', 'levels'], f: { unit: 'level' } },
  {
    phrases: [
      'xl',
      'experience level',
      'exp level',
      'xp level',
      'clvl',
      'char level',
      'character level',
      'xlvl',
      'exp',
    ],
    f: { unit: 'xl' },
  },
  {
    phrases: ['skill', 'spellcasting', 'spellcasting skill', 'sc', 'spcasting', 'casting skill'],
    f: { unit: 'skill', game: 'crawl', weight: 1 },
  },
  { phrases: ['luck', 'luck of', 'my luck', 'lck'], f: { unit: 'luck' } },
  { phrases: ['alignment', 'align', 'alignment record', 'alignment score', 'algn'], f: { unit: 'alignment' } },
  { phrases: ['anger', 'god anger', 'ugangr', 'gods anger', 'anger of'], f: { unit: 'anger' } },
  { phrases: ['dex', 'dexterity', 'dx'], f: { unit: 'dex' } },
  { phrases: ['str', 'strength', 'st'], f: { unit: 'str', side: 'before' } },
  { phrases: ['timeout', 'prayer timeout', 'prayertimeout', 'pt'], f: { unit: 'timeout' } },
  { phrases: ['hp', 'hit points', 'hitpoints', 'health'], f: { unit: 'hp' } },
  {
    phrases: ['max hp', 'maxhp', 'max hit points', 'mhp', 'maximum hp', 'max health', 'hpmax', 'hp max'],
    f: { unit: 'maxHp' },
  },
  {
    phrases: ['attacks', 'attack', 'attacks per turn', 'hits per turn', 'swings'],
    f: { unit: 'attacks', side: 'after' },
  },
  { phrases: ['aut'], f: { unit: 'aut', ...CRAWL } },
  { phrases: ['charge', 'gourmand charge'], f: { unit: 'charge' } },
  { phrases: ['fixed rate', 'rate of', 'a rate of'], f: { unit: 'rate', side: 'before', cue: 'rate' } },
  { phrases: ['old', 'turns old', 'turn old', 'age', 'aged', 'ago'], f: { unit: 'age' } },
  {
    phrases: ['left', 'remaining', 'left in it', 'partly eaten', 'partially eaten', 'half eaten', 'eaten'],
    f: { unit: 'eaten' },
  },
  {
    phrases: [
      'from',
      'at',
      'on',
      'with',
      'im at',
      'i am at',
      'sitting at',
      'currently',
      'now at',
      'starting at',
      'start at',
      'have',
      'got',
    ],
    f: { unit: 'at', side: 'before' },
  },
  {
    phrases: ['now', 'its turn', 'it is turn', 'now turn', 'current turn', 'currently turn'],
    f: { unit: 'now', side: 'before' },
  },
  {
    phrases: [
      'tamed on turn',
      'tamed at turn',
      'tamed at',
      'tamed on',
      'tamed it on turn',
      'tamed it at turn',
      'tamed it at',
    ],
    f: { unit: 'tamed', side: 'before', cue: 'pet' },
  },
  {
    phrases: [
      'last ate',
      'last fed',
      'last meal',
      'ate on turn',
      'fed on turn',
      'ate at turn',
      'fed at turn',
      'last ate on turn',
      'last fed on turn',
      'last meal on turn',
      'last meal at turn',
    ],
    f: { unit: 'lastMeal', side: 'before', cue: 'feed' },
  },

  // ---- NetHack rings, amulets, intrinsics, encumbrance
  { phrases: ['ring', 'rings', 'ring of', 'rings of', 'rng', 'rngs'], f: { ringWord: true } },
  {
    phrases: ['regen', 'regeneration', 'regenration', 'regneration', 'regenaration', 'regenerate'],
    f: { property: 'regeneration' },
  },
  {
    phrases: ['sd', 'slow digestion', 'slowdig', 'slow dig', 'slow digest', 'slow digestion ring'],
    f: { property: 'slow digestion', game: 'nethack', weight: 2 },
  },
  { phrases: ['conflict', 'conf'], f: { property: 'conflict', game: 'nethack', weight: 1 } },
  { phrases: ['sust', 'sustain'], f: { property: 'sustain' } },
  {
    phrases: ['ring of hunger', 'rings of hunger', 'hunger ring', 'hunger rings', 'ring of hunger s'],
    f: { ring: 'hunger', property: 'hunger' },
  },
  {
    phrases: ['sustain ability', 'sustain abil'],
    f: { ring: 'sustain ability', set: { sustain: true }, game: 'nethack', weight: 2 },
  },
  {
    phrases: ['sustenance', 'sustanance', 'sustainance', 'sustinance', 'ring of sustenance', 'rings of sustenance'],
    f: { property: 'sustain', ...CRAWL },
  },
  { phrases: ['protection', 'prot'], f: { ring: 'protection' } },
  { phrases: ['gain strength', 'gain str'], f: { ring: 'gain strength' } },
  { phrases: ['gain constitution', 'gain con'], f: { ring: 'gain constitution' } },
  { phrases: ['increase damage', 'inc dam'], f: { ring: 'increase damage' } },
  { phrases: ['increase accuracy', 'inc acc'], f: { ring: 'increase accuracy' } },
  { phrases: ['adornment'], f: { ring: 'adornment' } },
  { phrases: ['free action', 'fa'], f: { ring: 'free action' } },
  { phrases: ['teleport control', 'tc'], f: { ring: 'teleport control' } },
  { phrases: ['polymorph control', 'pc'], f: { ring: 'polymorph control' } },
  { phrases: ['see invisible', 'see invis'], f: { ring: 'see invisible' } },
  { phrases: ['levitation', 'lev ring'], f: { ring: 'levitation' } },
  { phrases: ['stealth'], f: { ring: 'stealth' } },
  { phrases: ['searching'], f: { ring: 'searching' } },
  { phrases: ['warning'], f: { ring: 'warning' } },
  { phrases: ['aggravate monster', 'aggravate'], f: { ring: 'aggravate monster' } },
  { phrases: ['poison resistance', 'poison res'], f: { ring: 'poison resistance', set: { rpois: true } } },
  { phrases: ['fire resistance', 'fire res'], f: { ring: 'fire resistance' } },
  { phrases: ['cold resistance', 'cold res'], f: { ring: 'cold resistance' } },
  { phrases: ['shock resistance', 'shock res'], f: { ring: 'shock resistance' } },
  { phrases: ['protection from shape changers'], f: { ring: 'protection from shape changers' } },
  { phrases: ['meat ring'], f: { ring: 'meat ring' } },
  {
    phrases: [
      'any ring',
      'hungry ring',
      'a ring that costs nutrition',
      'ring that costs nutrition',
      'rings that cost nutrition',
    ],
    f: { ring: 'any' },
  },
  {
    phrases: ['intrinsic', 'intrinsically', 'innate', 'not from a ring', 'property', 'extrinsic'],
    f: { intrinsic: true },
  },
  {
    phrases: ['hunger intrinsic', 'intrinsic hunger', 'hunger property', 'hungerless', 'the hunger'],
    f: { set: { hunger: true } },
  },
  {
    phrases: [
      'amulet',
      'wearing an amulet',
      'an amulet',
      'any amulet',
      'amulet on',
      'amulet of esp',
      'esp amulet',
      'amulet of reflection',
      'reflection amulet',
      'amulet of strangulation',
      'cheap plastic imitation',
      'fake amulet',
      'amulet versus poison',
      'amulet of unchanging',
      'amulet of change',
    ],
    f: { set: { amulet: true }, game: 'nethack', weight: 1 },
  },
  {
    phrases: [
      'amulet of yendor',
      'aoy',
      'the amulet',
      'real amulet',
      'carrying the amulet',
      'with the amulet',
      'yendor',
    ],
    f: { set: { yendor: true }, game: 'nethack', weight: 2 },
  },
  { phrases: ['unencumbered'], f: { set: { encumbrance: 'Unencumbered', burden: 'unencumbered' } } },
  { phrases: ['burdened', 'burden'], f: { set: { encumbrance: 'Burdened', burden: 'burdened' } } },
  { phrases: ['stressed', 'stress'], f: { set: { encumbrance: 'Stressed' }, game: 'nethack', weight: 2 } },
  { phrases: ['strained', 'strain'], f: { set: { encumbrance: 'Strained' }, game: 'nethack', weight: 2 } },
  { phrases: ['overtaxed', 'overtax', 'ovrtx'], f: { set: { encumbrance: 'Overtaxed' }, game: 'nethack', weight: 2 } },
  { phrases: ['overloaded', 'overload', 'ovrld'], f: { set: { encumbrance: 'Overloaded', burden: 'overloaded' } } },
  {
    phrases: ['asleep', 'sleeping', 'unconscious', 'while i sleep', 'fainted the whole time', 'unaware'],
    f: { set: { asleep: true } },
  },
  {
    phrases: [
      'inediate',
      'doesnt eat',
      'does not eat',
      'non eating form',
      'form that does not eat',
      'form that doesnt eat',
    ],
    f: { set: { inediate: true } },
  },
  { phrases: ['chart', 'graph', 'plot', 'png', 'picture'], f: { set: { chart: true } } },

  // ---- meals
  {
    phrases: ['magical breathing', 'breathless', 'amulet of magical breathing', 'no need to breathe', 'breath'],
    f: { set: { breathless: true } },
  },
  {
    phrases: ['strangled', 'strangling', 'being strangled', 'strangulation'],
    f: { set: { strangled: true }, trouble: 'strangled' },
  },
  // Worn, an amulet of life saving is also an amulet that burns nutrition.
  {
    phrases: [
      'amulet of life saving',
      'the amulet of life saving',
      'an amulet of life saving',
      'life saving amulet',
      'ols',
      'als',
      'amulet of ls',
    ],
    f: { cue: 'lifesave', set: { lifesaving: true, amulet: true }, game: 'nethack', weight: 2 },
  },
  {
    phrases: [
      'life saving',
      'lifesaving',
      'lifesave',
      'lifesaved',
      'life saved',
      'life save',
      'ls',
      'saved by life saving',
      'life sav',
    ],
    f: { cue: 'lifesave', set: { lifesaving: true }, game: 'nethack', weight: 2 },
  },
  { phrases: ['rotten', 'rotted', 'rot', 'rotting', 'spoiled'], f: { set: { rotten: true } } },
  { phrases: ['blessed', 'holy'], f: { set: { buc: 'blessed' } } },
  { phrases: ['uncursed'], f: { set: { buc: 'uncursed' } } },
  { phrases: ['cursed', 'unholy'], f: { set: { buc: 'cursed', cursed: true } } },
  {
    phrases: [
      'stop at the prompt',
      'stop eating',
      'stop at continue eating',
      'answer no',
      'say no',
      'dont continue',
      'stop when warned',
      'stop at the warning',
    ],
    f: { set: { continue: false } },
  },
  { phrases: ['diluted', 'watered down'], f: { set: { diluted: true } } },

  // ---- NetHack drains (the `action` choices) and life saving causes
  {
    phrases: ['jump', 'jumps', 'jumping', 'jumped', 'hop'],
    f: { set: { action: 'jump' }, game: 'nethack', weight: 1 },
  },
  {
    phrases: [
      'jumping spell',
      'spell of jumping',
      'magic jump',
      'magical jump',
      'magical jumping',
      'cast jumping to jump',
    ],
    f: { set: { action: 'jump', magic: true }, game: 'nethack', weight: 1 },
  },
  { phrases: ['jumping boots', 'boots'], f: { set: { action: 'jump', magic: false } } },
  {
    phrases: [
      'teleport',
      'teleporting',
      'teleports',
      'tele',
      'tport',
      'teleportitis',
      'teleport at will',
      'ctrl t',
      'control t',
    ],
    f: { set: { action: 'teleport' }, game: 'nethack', weight: 1 },
  },
  { phrases: ['vomit', 'vomiting', 'vomits', 'throw up', 'puke'], f: { set: { action: 'vomiting' } } },
  {
    phrases: [
      'fountain',
      'quaff from a fountain',
      'drink from a fountain',
      'fountain water',
      'foul water',
      'foul fountain',
    ],
    f: { set: { action: 'fountain' }, game: 'nethack', weight: 2 },
  },
  {
    phrases: ['fountain curse', 'fountain that curses', 'cursed by a fountain', 'fountain curses'],
    f: { set: { action: 'fountain-curse' }, game: 'nethack', weight: 2 },
  },
  {
    phrases: ['sink', 'quaff from a sink', 'drink from a sink', 'sewage'],
    f: { set: { action: 'sink' }, game: 'nethack', weight: 2 },
  },
  {
    phrases: ['famine', 'famines touch', 'touched by famine', 'rider famine'],
    f: { set: { action: 'famine' }, game: 'nethack', weight: 1 },
  },
  {
    phrases: ['lay egg', 'lay an egg', 'laying an egg', 'laying eggs', 'lay eggs', 'egg laying'],
    f: { set: { action: 'lay-egg' }, ...NETHACK },
  },
  {
    phrases: ['fruit juice', 'juice', 'potion of fruit juice', 'see invisible potion'],
    f: { set: { action: 'fruit-juice' }, ...NETHACK },
  },
  { phrases: ['booze', 'potion of booze', 'alcohol', 'drunk'], f: { set: { action: 'booze' }, ...NETHACK } },
  {
    phrases: [
      'pray',
      'prayer',
      'praying',
      'prayed',
      'prey',
      'pary',
      'prayers',
      'pray to',
      'pray to my god',
      'pray now',
      'last prayed',
      'i last prayed',
      'my last prayer',
      'last prayer',
      'last pray',
      'safe 2 pray',
      'ok 2 pray',
      'okay 2 pray',
      'able 2 pray',
      'can i pray',
      'can i pray yet',
      'nutrition after praying',
      'nutrition after prayer',
    ],
    f: { cue: 'pray', set: { action: 'pray' }, ...NETHACK },
  },
  // "800 turns since I prayed": the number before is the turns since the last prayer.
  {
    phrases: [
      'since i prayed',
      'since i last prayed',
      'since my last prayer',
      'since last prayer',
      'since the last prayer',
      'since praying',
      'since prayer',
      'since i last pray',
      'since last pray',
    ],
    f: { cue: 'pray', set: { action: 'pray' }, unit: 'age', side: 'after', ...NETHACK },
  },
  // "prayed at T:3000", "last prayer on turn 3000": the turn of the last prayer.
  {
    phrases: prayedAtPhrases(),
    f: { cue: 'pray', set: { action: 'pray' }, unit: 'prayedAt', side: 'before', ...NETHACK },
  },
  {
    phrases: [
      'never prayed',
      'havent prayed',
      'have not prayed',
      'not prayed yet',
      'never prayed yet',
      'first prayer',
      'not prayed',
      'didnt pray',
      'did not pray',
    ],
    f: { cue: 'neverPrayed', ...NETHACK },
  },
  // What prayer does to nutrition (/nethack drain action:pray), not whether it is safe.
  {
    phrases: [
      'fix my hunger',
      'fix hunger',
      'fixes hunger',
      'fixes my hunger',
      'fix my nutrition',
      'fixes my nutrition',
      'set my nutrition',
      'sets my nutrition',
      'reset my nutrition',
      'reset my hunger',
      'nutrition after praying',
      'nutrition after prayer',
      'do to my hunger',
      'do to my nutrition',
      'does to my nutrition',
      'does to my hunger',
      'fill me up',
    ],
    f: { cue: 'prayFix' },
  },
  {
    phrases: [
      'newman',
      'new man',
      'new you',
      'polymorph into a new man',
      'poly into a new man',
      'polymorph into new man',
    ],
    f: { set: { action: 'newman' }, ...NETHACK },
  },
  { phrases: ['drowning', 'drown', 'drowned'], f: { set: { cause: 'drowning' } } },
  { phrases: ['poisoning', 'poison', 'poisoned'], f: { set: { cause: 'poisoning' } } },
  { phrases: ['burning', 'burned', 'burnt', 'lava'], f: { set: { cause: 'burning' } } },
  { phrases: ['dissolved', 'dissolving'], f: { set: { cause: 'dissolved' } } },
  { phrases: ['crushed', 'crushing'], f: { set: { cause: 'crushing' } } },
  {
    phrases: [
      'stoned',
      'stoning',
      'petrified',
      'turned to stone',
      'turning to stone',
      'turning into stone',
      'being stoned',
      'petrifying',
    ],
    f: { set: { cause: 'stoning', stoned: true }, trouble: 'stoned' },
  },
  {
    phrases: [
      'slimed',
      'sliming',
      'turned into slime',
      'turning into slime',
      'turning into green slime',
      'being slimed',
    ],
    f: { set: { cause: 'slimed' }, trouble: 'slimed' },
  },
  { phrases: ['genocided', 'genocide'], f: { set: { cause: 'genocide' } } },
  {
    phrases: ['brainless', 'brainlessness', 'brain eaten', 'mind flayer ate my brain'],
    f: { set: { cause: 'brainlessness' } },
  },

  // ---- pets
  { phrases: ['blind', 'blinded', 'blindness'], f: { set: { blind: true }, trouble: 'blind' } },
  { phrases: ['on ice', 'on the ice', 'iced', 'frozen'], f: { set: { on_ice: true } } },

  // ---- Crawl character and statuses
  {
    phrases: ['injured', 'hurt', 'damaged', 'wounded', 'not at full hp', 'below max hp', 'low hp'],
    f: { set: { injured: true, damaged: true } },
  },
  {
    phrases: ['regeneration spell', 'regen spell', 'casting regen', 'casting regeneration', 'regen spell active'],
    f: { set: { regen: true }, ...CRAWL },
  },
  { phrases: ['trogs hand', 'trog', 'trogs'], f: { set: { trogs_hand: true }, ...CRAWL } },
  { phrases: ['invisible', 'invis', 'invisibility'], f: { set: { invisible: true } } },
  // NetHack: a potion or spell of speed makes you very fast (youprop.h Very_fast).
  { phrases: ['hasted', 'haste', 'hasting'], f: { set: { hasted: true, speed: 'very fast' } } },
  {
    phrases: ['berserk', 'berserking', 'berserker', 'zerk', 'berserked'],
    f: { set: { berserk: true }, game: 'crawl', weight: 2 },
  },
  {
    phrases: ['chei', 'cheibriados', 'cheibriados worshipper', 'chei worshipper'],
    f: { set: { chei: true }, ...CRAWL },
  },
  {
    phrases: ['troll leather', 'troll leather armour', 'troll leather armor', 'troll hide'],
    f: { set: { 'gear.trollLeather': true }, ...CRAWL },
  },
  { phrases: ['suppressed', 'magic suppression', 'suppression'], f: { set: { suppressed: true }, ...CRAWL } },
  { phrases: ['walking', 'walk', 'moving'], f: { set: { walking: true } } },
  // The mutation's own names on the A screen: fast = +1, very fast = +2, extremely fast = +3.
  { phrases: ['metabolism', 'metab'], f: { unit: 'metabolism', ...CRAWL } },
  { phrases: ['fast metabolism', 'fast metab'], f: { unit: 'metabolism', set: { metabolism: 1 }, ...CRAWL } },
  { phrases: ['very fast metabolism'], f: { set: { metabolism: 2 }, ...CRAWL } },
  { phrases: ['extremely fast metabolism'], f: { set: { metabolism: 3 }, ...CRAWL } },
  { phrases: ['slow metabolism', 'slow metab'], f: { unit: 'metabolism', set: { metabolism: -1 }, ...CRAWL } },
  { phrases: ['very slow metabolism'], f: { set: { metabolism: -2 }, ...CRAWL } },
  { phrases: ['artefact', 'artefacts', 'artifact', 'artifacts', 'randart', 'randarts'], f: { unit: 'artefact' } },
  { phrases: ['bat form'], f: { set: { form: 'bat' } } },
  { phrases: ['lich form', 'lichform', 'necromutation'], f: { set: { form: 'lich', lich: true }, ...CRAWL } },
  { phrases: ['tree form', 'treeform'], f: { set: { form: 'tree' }, ...CRAWL } },
  { phrases: ['fungus form'], f: { set: { form: 'fungus' }, ...CRAWL } },
  { phrases: ['wisp form'], f: { set: { form: 'wisp' }, ...CRAWL } },
  { phrases: ['jelly form'], f: { set: { form: 'jelly' }, ...CRAWL } },
  { phrases: ['gourmand', 'amulet of the gourmand', 'gourmand amulet'], f: { set: { gourmand: true }, ...CRAWL } },
  { phrases: ['carnivore', 'carnivorous', 'carn'], f: { unit: 'carnivore', game: 'crawl', weight: 2 } },
  { phrases: ['herbivore', 'herbivorous', 'herb'], f: { unit: 'herbivore', game: 'crawl', weight: 2 } },
  { phrases: ['saprovore', 'saprovorous'], f: { unit: 'saprovore', game: 'crawl', weight: 2 } },
  { phrases: ['evocations', 'evo', 'from a rod', 'rod', 'with a rod'], f: { unit: 'rod', ...CRAWL } },
  { phrases: ['staff of energy', 'energy staff'], f: { set: { staff: true }, ...CRAWL } },

  // ---- Crawl chunks
  { phrases: ['chunk', 'chunks', 'meat chunk', 'chunk of flesh'], f: { cue: 'chunk', ...CRAWL } },
  { phrases: ['clean'], f: { set: { type: 'clean' } } },
  { phrases: ['contaminated', 'contam', 'contaminated chunk'], f: { set: { type: 'contaminated' }, ...CRAWL } },
  { phrases: ['poisonous chunk', 'poisonous chunks'], f: { set: { type: 'poisonous' }, ...CRAWL } },
  { phrases: ['poison contaminated', 'poisoncontaminated'], f: { set: { type: 'poison-contaminated' }, ...CRAWL } },
  { phrases: ['mutagenic', 'mutation', 'mutating'], f: { set: { type: 'mutagenic' }, ...CRAWL } },
  { phrases: ['rot inducing', 'rotinducing', 'sickness'], f: { set: { type: 'rot-inducing' }, ...CRAWL } },
  {
    phrases: [
      'rpois',
      'rpoison',
      'poison resistant',
      'poison resistance',
      'resist poison',
      'poison res',
      'poison resist',
    ],
    f: { set: { rpois: true, poison_res: true } },
  },
  { phrases: ['cannibal', 'cannibalism', 'own species', 'my own kind', 'own genus'], f: { set: { cannibal: true } } },
  { phrases: ['holy monster', 'holy chunk'], f: { set: { holy: true } } },
  { phrases: ['orc chunk', 'from an orc', 'orcish chunk'], f: { set: { orc: true } } },
  { phrases: ['zin'], f: { set: { god: 'Zin' }, ...CRAWL } },
  { phrases: ['the shining one', 'shining one', 'tso'], f: { set: { god: 'The Shining One' }, ...CRAWL } },
  { phrases: ['elyvilon', 'ely'], f: { set: { god: 'Elyvilon' }, ...CRAWL } },
  { phrases: ['beogh'], f: { set: { god: 'Beogh' }, ...CRAWL } },
  { phrases: ['yredelemnul', 'yred'], f: { set: { god: 'Yredelemnul' }, ...CRAWL } },
  { phrases: ['plant'], f: { set: { intelligence: 'plant' } } },
  { phrases: ['insect'], f: { set: { intelligence: 'insect' } } },
  { phrases: ['reptile'], f: { set: { intelligence: 'reptile' } } },
  { phrases: ['animal'], f: { set: { intelligence: 'animal' } } },

  // ---- Crawl drains (the `what` choices)
  { phrases: ['melee', 'fighting', 'fight', 'attacking in melee', 'melee attack'], f: { set: { what: 'melee' } } },
  {
    phrases: [
      'berserk end',
      'berserk ends',
      'end of berserk',
      'after berserk',
      'berserk wears off',
      'berserk ending',
      'when berserk ends',
    ],
    f: { set: { what: 'berserk end' }, ...CRAWL },
  },
  { phrases: ['hungry ghost', 'hungry ghosts'], f: { set: { what: 'hungry ghost' }, ...CRAWL } },
  {
    phrases: ['vampiric weapon', 'vampiric', 'vampiric brand', 'vampiric hit'],
    f: { set: { what: 'vampiric weapon' }, ...CRAWL },
  },
  {
    phrases: ['formicid dig', 'formicid digging', 'digging as a formicid', 'formicid digs', 'dig as a formicid'],
    f: { set: { what: 'formicid dig' }, ...CRAWL },
  },
  { phrases: ['feast card', 'card of feast', 'feast'], f: { set: { what: 'feast card' }, ...CRAWL } },
  { phrases: ['famine card', 'card of famine'], f: { set: { what: 'famine card' }, ...CRAWL } },
  { phrases: ['miss', 'misses', 'no damage', 'without damage', 'did no damage'], f: { set: { damaged: false } } },

  // ---- NetHack prayer (/nethack pray): who you are, where you pray, your troubles
  { phrases: ['lawful', 'lawful god', 'im lawful'], f: { set: { god: 'lawful' }, ...NETHACK } },
  { phrases: ['neutral', 'neutral god', 'im neutral'], f: { set: { god: 'neutral' } } },
  { phrases: ['chaotic', 'chaotic god', 'im chaotic'], f: { set: { god: 'chaotic' }, ...NETHACK } },
  {
    phrases: [
      'coaligned altar',
      'co aligned altar',
      'my altar',
      'my own altar',
      'my gods altar',
      'an altar of my god',
      'altar of my god',
      'aligned altar',
      'coaligned',
    ],
    f: { set: { altar: 'coaligned' }, ...NETHACK },
  },
  {
    phrases: [
      'cross aligned altar',
      'crossaligned altar',
      'cross aligned',
      'crossaligned',
      'another gods altar',
      'other gods altar',
      'wrong altar',
      'unaligned altar',
      'non aligned altar',
      'nonaligned altar',
    ],
    f: { set: { altar: 'cross-aligned' }, ...NETHACK },
  },
  {
    phrases: ['opposite altar', 'opposing altar', 'opposite aligned altar'],
    f: { set: { altar: 'opposite' }, ...NETHACK },
  },
  {
    phrases: ['moloch', 'molochs altar', 'altar of moloch', 'moloch altar'],
    f: { set: { altar: 'moloch' }, ...NETHACK },
  },
  {
    phrases: [
      'temple',
      'shrine',
      'in a temple',
      'in the temple',
      'temple altar',
      'priest in the temple',
      'tended altar',
    ],
    f: { set: { shrine: true }, ...NETHACK },
  },
  { phrases: ['demigod', 'demi god', 'demigoddess'], f: { set: { demigod: true }, ...NETHACK } },
  {
    phrases: ['crowned', 'crowning', 'hand of elbereth', 'envoy of balance', 'chosen one', 'after crowning'],
    f: { set: { crowned: true }, ...NETHACK },
  },
  {
    phrases: ['gehennom', 'in gehennom', 'gehenom', 'in hell', 'hell', 'valley of the dead', 'the valley'],
    f: { set: { gehennom: true }, ...NETHACK },
  },
  {
    phrases: ['undead', 'polymorphed into an undead', 'undead form', 'as an undead', 'polyd into an undead'],
    f: { set: { undead: true } },
  },
  {
    phrases: ['demon form', 'polymorphed into a demon', 'as a demon', 'polyd into a demon', 'demonic form'],
    f: { set: { demon: true }, ...NETHACK },
  },
  {
    phrases: [
      'angry god',
      'god is angry',
      'gods angry',
      'god angry',
      'angered my god',
      'angered',
      'angry',
      'my god is mad',
      'god is mad',
      'pissed off',
    ],
    f: { cue: 'angry' },
  },
  { phrases: ['in lava', 'stuck in lava', 'sinking in lava', 'sinking into lava'], f: { trouble: 'lava' } },
  {
    phrases: [
      'sick',
      'food poisoning',
      'food poisoned',
      'fatally ill',
      'deathly ill',
      'terminally ill',
      'ill',
      'illness',
      'deadly sick',
      'you feel deathly sick',
    ],
    f: { trouble: 'sick' },
  },
  {
    phrases: ['gas cloud', 'poison gas', 'poison cloud', 'stinking cloud', 'in a gas cloud', 'in a poison cloud'],
    f: { trouble: 'gas' },
  },
  {
    phrases: [
      'low hp',
      'low on hp',
      'low health',
      'almost dead',
      'nearly dead',
      'about to die',
      'hp is low',
      'low hit points',
    ],
    f: { set: { injured: true, damaged: true }, trouble: 'low-hp' },
  },
  {
    phrases: ['lycanthropy', 'lycanthrope', 'lycanthropic', 'infected with lycanthropy', 'were infection'],
    f: { trouble: 'lycanthropy' },
  },
  { phrases: ['collapsing', 'collapse', 'about to collapse'], f: { trouble: 'collapsing' } },
  {
    phrases: [
      'stuck in a wall',
      'stuck in rock',
      'stuck in the wall',
      'stuck in solid rock',
      'trapped in rock',
      'stuck in stone',
    ],
    f: { trouble: 'stuck' },
  },
  {
    phrases: [
      'cursed levitation',
      'cursed ring of levitation',
      'cursed boots of levitation',
      'cursed levitation boots',
      'stuck levitating',
    ],
    f: { trouble: 'cursed-levitation' },
  },
  {
    phrases: [
      'unusable hands',
      'cursed two handed weapon',
      'cursed two hander',
      'welded two hander',
      'slippery fingers',
      'greasy fingers',
      'glib',
      'welded weapon',
    ],
    f: { trouble: 'unusable-hands' },
  },
  { phrases: ['cursed blindfold', 'cursed towel'], f: { trouble: 'cursed-blindfold' } },
  { phrases: ['punished', 'ball and chain', 'chained', 'heavy iron ball'], f: { trouble: 'punished' } },
  {
    phrases: ['fumbling', 'cursed fumble boots', 'fumble boots', 'gauntlets of fumbling', 'fumbling gauntlets'],
    f: { trouble: 'fumbling' },
  },
  {
    phrases: [
      'cursed items',
      'cursed stuff',
      'cursed gear',
      'cursed armor',
      'cursed armour',
      'cursed luckstone',
      'cursed loadstone',
      'loadstone',
      'cursed weapon',
      'cursed things',
      'cursed equipment',
    ],
    f: { trouble: 'cursed-items' },
  },
  { phrases: ['cursed saddle'], f: { trouble: 'cursed-saddle' } },
  {
    phrases: ['lost attributes', 'lost stats', 'drained attributes', 'lost strength', 'attribute loss', 'abused stats'],
    f: { trouble: 'lost-attributes' },
  },
  { phrases: ['wounded legs', 'wounded leg', 'hurt legs', 'leg wound', 'bad legs'], f: { trouble: 'wounded-legs' } },
  { phrases: ['stunned', 'stun', 'stunning'], f: { trouble: 'stunned' } },
  { phrases: ['confused', 'confusion'], f: { trouble: 'confused' } },
  {
    phrases: ['hallucinating', 'hallucination', 'halluc', 'hallu', 'tripping'],
    f: { trouble: 'hallucinating' },
  },

  // ---- NetHack corpses (/nethack corpse): the hero's resistances and state
  { phrases: ['acid resistance', 'acid res', 'acid resistant', 'resist acid'], f: { set: { acid_res: true } } },
  {
    phrases: [
      'stoning resistance',
      'stone resistance',
      'stone res',
      'resist stoning',
      'stoning res',
      'stone resistant',
    ],
    f: { set: { stone_res: true } },
  },
  {
    phrases: [
      'sickness resistance',
      'sick resistance',
      'sick res',
      'resist sickness',
      'sickness res',
      'sickness resistant',
    ],
    f: { set: { sick_res: true } },
  },
  { phrases: ['unchanging', 'amulet of unchanging'], f: { set: { unchanging: true } } },
  {
    phrases: [
      'max int',
      'maxed int',
      'int at max',
      'int maxed',
      'int is maxed',
      'max intelligence',
      'maxed intelligence',
    ],
    f: { set: { int_max: true } },
  },
  {
    phrases: ['high energy', 'energy high', 'full energy', 'full pw', 'pw full', 'high pw', 'max pw', 'max energy'],
    f: { set: { energy_high: true } },
  },

  // ---- NetHack meals: speed, polymorphed forms, tins
  {
    phrases: ['fast', 'intrinsically fast', 'intrinsic speed', 'im fast', 'innately fast'],
    f: { set: { speed: 'fast' } },
  },
  {
    phrases: [
      'very fast',
      'speed boots',
      'boots of speed',
      'speed boot',
      'potion of speed',
      'haste self',
      'extrinsic speed',
    ],
    f: { set: { speed: 'very fast' } },
  },
  {
    phrases: [
      'polymorphed into',
      'polyd into',
      'poly d into',
      'polyed into',
      'poly into',
      'polymorph into',
      'polymorphed as',
      'polymorphed to',
      'in the form of',
      'while polymorphed into',
    ],
    f: { cue: 'form', ...NETHACK },
  },
  { phrases: ['open', 'opening', 'opens', 'to open', 'opened'], f: { cue: 'open' } },
  ...tinEntries(),

  // ---- roles and races (NetHack)
  { phrases: ['archeologist', 'archaeologist', 'arc', 'arch'], f: { role: 'Archeologist' } },
  { phrases: ['barbarian', 'barb'], f: { role: 'Barbarian' } },
  { phrases: ['caveman', 'cavewoman', 'caveperson', 'cav'], f: { role: 'Caveman' } },
  { phrases: ['healer', 'hea'], f: { role: 'Healer' } },
  { phrases: ['knight', 'kni'], f: { role: 'Knight' } },
  { phrases: ['monk'], f: { role: 'Monk' } },
  { phrases: ['priest', 'priestess'], f: { role: 'Priest' } },
  { phrases: ['rogue'], f: { role: 'Rogue' } },
  { phrases: ['ranger'], f: { role: 'Ranger' } },
  { phrases: ['samurai', 'sam'], f: { role: 'Samurai' } },
  { phrases: ['tourist', 'tou'], f: { role: 'Tourist' } },
  { phrases: ['valkyrie', 'valk', 'val'], f: { role: 'Valkyrie' } },
  { phrases: ['wizard', 'wiz'], f: { role: 'Wizard' } },
  { phrases: ['elven', 'elvish'], f: { race: 'elf' } },
  { phrases: ['dwarven', 'dwarvish'], f: { race: 'dwarf' } },
  { phrases: ['gnomish'], f: { race: 'gnome' } },
  { phrases: ['orcish'], f: { race: 'orc' } },
];

/**
 * "ring of X", "rings of X", "X ring(s)" for every ring type in objects.c: whole phrases, so they
 * win over the same words as an item name (pets can eat rings).
 */
function ringEntries(): Entry[] {
  const property: Record<string, Feature['property']> = {
    regeneration: 'regeneration',
    'slow digestion': 'slow digestion',
    conflict: 'conflict',
    hunger: 'hunger',
    'sustain ability': 'sustain',
  };
  return RINGS.map((r) => ({
    phrases: [`ring of ${r.name}`, `rings of ${r.name}`, `${r.name} ring`, `${r.name} rings`],
    f: { ring: r.name, ringWord: true, ...(property[r.name] ? { property: property[r.name] } : {}) },
  }));
}

/** "prayed at T:3000", "last prayer on turn 3000", "i prayed at turn 3000". */
function prayedAtPhrases(): string[] {
  const leads = ['prayed', 'last prayed', 'i prayed', 'i last prayed', 'last prayer', 'my last prayer', 'last pray'];
  const links = ['at', 'on', 'at turn', 'on turn', 'at t', 'on t', 'turn', 't', 'in turn', 'around turn'];
  return leads.flatMap((l) => links.map((k) => `${l} ${k}`));
}

/**
 * Tins: opening tools (src/eat.c use_tin_opener() and opentin()) and meat varieties (tintxts[]),
 * as the meal's `opener` and `variety`. "rotten" is the meal's `rotten`; "soup" names its own tin.
 */
function tinEntries(): Entry[] {
  const tools: Entry[] = TIN_TOOLS.map((t) => ({ phrases: [t], f: { set: { opener: t } } }));
  const byHand: Entry = {
    phrases: ['by hand', 'bare handed', 'barehanded', 'with my hands', 'my bare hands', 'bare hand', 'no tool'],
    f: { set: { opener: 'bare hands' } },
  };
  const pick: Entry = { phrases: ['pickaxe', 'dwarvish pick'], f: { set: { opener: 'pick-axe' } } };
  const varieties: Entry[] = MEAT_VARIETIES.filter((v) => v !== 'rotten' && v !== 'soup').map((v) => ({
    phrases: [v, `${v} meat`],
    f: { set: { variety: v } },
  }));
  return [...tools, byHand, pick, ...varieties];
}

/** Words that carry no meaning of their own here (never read as typos of names). */
export const FILLER = new Set(
  (
    'a an the i im me my mine you your it its of to be been being am are was were get gets got go goes going become ' +
    'and also too then than that this these those there here so if about any some much many more most less ' +
    'how what whats when where which who why long soon till time times turns turn left please pls plz tell know ' +
    'need want wanna gonna like just still even only ever again already yet if s re ll ve d m no not yes ok ' +
    'hi hey hello thanks thx question q quick ask asking wondering does do did doing can could would will should ' +
    'happen happens happened while without around by up down out off over under as into onto per x vs versus ' +
    'same one ones thing things stuff lot lots really very bit something anything much eat wearing wear worn wears ' +
    'carrying carry carried holding hold put putting puts while during since until because cause got getting ' +
    'give gives given take taking make makes made see seeing look looking feel feeling say says said think ' +
    'guys someone anyone everyone people player players game playing play run running want wanted trying try ' +
    'exactly roughly approx about around left right hand hands both each other another first last next every'
  ).split(/\s+/),
);

// ---- the lookup structure -----------------------------------------------------------------

interface Phrase {
  words: string[];
  features: Feature[];
}

let index: Map<string, Phrase[]> | null = null;

function phraseIndex(): Map<string, Phrase[]> {
  if (index) return index;
  index = new Map();
  for (const e of [...ENTRIES, ...ringEntries()]) {
    for (const p of e.phrases) {
      const words = tokenize(p).map((t) => t.text);
      if (words.length === 0) continue;
      const list = index.get(words[0]!) ?? [];
      const same = list.find((x) => x.words.join(' ') === words.join(' '));
      if (same) same.features.push(e.f);
      else list.push({ words, features: [e.f] });
      index.set(words[0]!, list);
    }
  }
  return index;
}

/** The longest fixed phrase starting at `words[i]`, with its features. */
export function phraseAt(words: readonly string[], i: number): { length: number; features: Feature[] } | null {
  let best: { length: number; features: Feature[] } | null = null;
  for (const p of phraseIndex().get(words[i]!) ?? []) {
    if (i + p.words.length > words.length) continue;
    if (!p.words.every((w, k) => words[i + k] === w)) continue;
    if (!best || p.words.length > best.length) best = { length: p.words.length, features: p.features };
  }
  return best;
}

/** Single-word vocabulary, for typo correction of unknown words. */
export function singleWords(): string[] {
  return [...phraseIndex().values()]
    .flat()
    .filter((p) => p.words.length === 1)
    .map((p) => p.words[0]!);
}

/** Every option name and value the lexicon sets (checked against the registry by a test). */
export function lexiconSets(): Record<string, AskValue>[] {
  return ENTRIES.flatMap((e) => (e.f.set ? [e.f.set] : []));
}

/** Every prayer trouble the lexicon names (checked against /nethack pray's trouble keys by a test). */
export function lexiconTroubles(): string[] {
  return ENTRIES.flatMap((e) => (e.f.trouble ? [e.f.trouble] : []));
}
