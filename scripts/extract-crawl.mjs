#!/usr/bin/env node
// Regenerates the Crawl data files in src/data/crawl from a local mirror of crawl/crawl.
// Usage: node scripts/extract-crawl.mjs /path/to/crawl.git
// It reads the release tags with `git show`, keeps only numbers, names and line numbers
// (no game code), and writes foods.json, abilities.json, species.json and lines.json.
// Nothing at runtime depends on this script or on the mirror.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = process.argv[2] ?? '/work/.mirror/crawl+crawl/repo';
const here = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'data', 'crawl');
const TAGS = { 0.13: '0.13.2', 0.14: '0.14.2', 0.15: '0.15.2' };

const git = (...args) => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
const cache = new Map();
function source(version, file) {
  const key = `${version}:${file}`;
  if (!cache.has(key)) {
    let text = null;
    try {
      text = git('show', `${TAGS[version]}:crawl-ref/source/${file}`);
    } catch {
      text = null;
    }
    cache.set(key, text === null ? null : text.split('\n'));
  }
  return cache.get(key);
}
const sourceInfo = () =>
  Object.fromEntries(
    Object.entries(TAGS).map(([v, tag]) => [v, { tag, commit: git('rev-parse', `${tag}^{commit}`).trim() }]),
  );

// ---------- foods: Food_prop in itemprop.cc ----------
function foods(version) {
  const lines = source(version, 'itemprop.cc');
  const out = [];
  const re = /\{\s*FOOD_(\w+),\s*"([^"]+)",\s*(-?\d+),\s*(-?\d+),\s*(-?\d+),\s*(\d+),\s*(\d+)/;
  let inTable = false;
  lines.forEach((text, i) => {
    if (/Food_prop\[/.test(text)) inTable = true;
    else if (inTable && /^};/.test(text)) inTable = false;
    if (!inTable) return;
    const m = re.exec(text);
    if (!m || m[2] === 'buggy') return; // 0.15 keeps removed foods as "buggy" placeholders for old saves
    out.push({
      id: `FOOD_${m[1]}`,
      name: m[2],
      value: +m[3],
      carnMod: +m[4],
      herbMod: +m[5],
      mass: +m[6],
      turns: +m[7],
      line: i + 1,
    });
  });
  return out;
}

// ---------- abilities: Ability_List in abl-show.cc (0.13) / ability.cc ----------
function abilities(version) {
  const file = version === '0.13' ? 'abl-show.cc' : 'ability.cc';
  const lines = source(version, file);
  const start = lines.findIndex((l) => /^static const ability_def Ability_List\[\]/.test(l));
  const out = [];
  let buf = '';
  let bufLine = 0;
  for (let i = start + 1; i < lines.length; i++) {
    const raw = lines[i].replace(/\/\/.*$/, '');
    if (/^};/.test(lines[i])) break;
    if (/^\s*#/.test(raw)) continue;
    if (/\{\s*ABIL_/.test(raw)) {
      buf = raw;
      bufLine = i + 1;
    } else if (buf) buf += ' ' + raw;
    if (buf && /\}\s*,?\s*$/.test(buf) && (buf.match(/\{/g) ?? []).length === (buf.match(/\}/g) ?? []).length) {
      // { ABIL_X, "Name", mp, hp, food, piety, zp, flags }
      const m = /\{\s*(ABIL_\w+)\s*,\s*"([^"]+)"\s*,(.*)\}/.exec(buf);
      if (m) {
        const fields = splitTop(m[3]);
        const food = Number(fields[2]);
        out.push({
          id: m[1],
          name: m[2],
          mp: fields[0],
          hp: fields[1],
          food: Number.isFinite(food) ? food : null,
          flags: fields[5] ?? fields.at(-1),
          line: bufLine,
        });
      }
      buf = '';
    }
  }
  return out;
}
function splitTop(s) {
  const out = [];
  let depth = 0;
  let cur = '';
  for (const ch of s) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

// ---------- species: species_order (species.cc) + give_basic_mutations (ng-setup.cc) ----------
const NAMES = { BASE_DRACONIAN: 'Draconian' };
const speciesName = (id) =>
  NAMES[id] ??
  id
    .toLowerCase()
    .split('_')
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
const HUNGER_MUTS = [
  'FAST_METABOLISM',
  'SLOW_METABOLISM',
  'CARNIVOROUS',
  'HERBIVOROUS',
  'SAPROVOROUS',
  'GOURMAND',
  'SLOW_HEALING',
  'REGENERATION',
];
function species(version) {
  const sp = source(version, 'species.cc');
  const s0 = sp.findIndex((l) => /species_order\[\]/.test(l));
  const order = [];
  for (let i = s0; i < sp.length && !/^};/.test(sp[i]); i++)
    for (const m of sp[i].matchAll(/SP_(\w+)/g)) order.push(m[1]);
  const ng = source(version, 'ng-setup.cc');
  const g0 = ng.findIndex((l) => /^void give_basic_mutations/.test(l));
  const muts = {};
  const caseLine = {};
  let current = [];
  let fallthrough = false;
  for (let i = g0; i < ng.length; i++) {
    const l = ng[i];
    if (/^}/.test(l)) break;
    const c = /case SP_(\w+):/.exec(l);
    if (c) {
      if (!fallthrough) current = [];
      current.push(c[1]);
      muts[c[1]] ??= {};
      caseLine[c[1]] = i + 1;
      fallthrough = false;
      continue;
    }
    const a = /you\.mutation\[MUT_(\w+)\]\s*=\s*(\d+);/.exec(l);
    if (a && HUNGER_MUTS.includes(a[1])) for (const s of current) muts[s][a[1]] = { level: +a[2], line: i + 1 };
    if (/\bbreak;/.test(l)) current = [];
    else if (/fallthrough/i.test(l)) fallthrough = true;
  }
  // Release builds (tags) are VER_FINAL: species gated to alpha builds are not selectable there.
  const vc = sp.findIndex((l) => /^bool is_species_valid_choice/.test(l));
  const gated = new Set();
  for (let i = vc; i < vc + 25; i++)
    for (const m of sp[i].matchAll(/SP_(LAVA_ORC|DJINNI|SLUDGE_ELF)/g)) gated.add(m[1]);
  const ngame = source(version, 'newgame.cc');
  const undeadLines = {};
  ngame.forEach((l, i) => {
    const m = /return (US_UNDEAD|US_HUNGRY_DEAD|US_SEMI_UNDEAD);/.exec(l);
    if (m) undeadLines[m[1]] = i + 1;
  });
  const undead = { MUMMY: 'US_UNDEAD', GHOUL: 'US_HUNGRY_DEAD', VAMPIRE: 'US_SEMI_UNDEAD' };
  return {
    speciesOrderLine: s0 + 1,
    giveBasicMutationsLine: g0 + 1,
    list: order.map((id) => ({
      id: `SP_${id}`,
      name: speciesName(id),
      selectable: !gated.has(id),
      undead: undead[id] ?? 'US_ALIVE',
      undeadLine: undead[id] ? undeadLines[undead[id]] : undefined,
      caseLine: caseLine[id],
      mutations: Object.fromEntries(Object.entries(muts[id] ?? {}).map(([k, v]) => [`MUT_${k}`, v])),
    })),
  };
}

// ---------- cited lines ----------
// Each key: file, the function it sits in (header regex), the line (regex), searched after the header.
const L = (file, symbol, fn, line, versions = ['0.13', '0.14', '0.15']) => ({ file, symbol, fn, line, versions });
const KEYS = {
  thresholds: L('food.h', 'HUNGER_* thresholds', null, /#define HUNGER_STARVING/),
  hungerDefault: L('food.h', 'HUNGER_DEFAULT', null, /#define HUNGER_DEFAULT/),
  hungerMaximum: L('food.h', 'HUNGER_MAXIMUM', null, /#define HUNGER_MAXIMUM/),
  hungerFainting: L('food.h', 'HUNGER_FAINTING', null, /#define HUNGER_FAINTING/, ['0.14', '0.15']),
  berserkNutrition: L('food.h', 'BERSERK_NUTRITION', null, /#define BERSERK_NUTRITION/),
  stateWalk: L('food.cc', 'food_change()', /^bool food_change/, /newstate < HS_ENGORGED && you\.hunger >/),
  stateClamp: L('food.cc', 'food_change()', /^bool food_change/, /max\(you_min_hunger\(\), you\.hunger\)/),
  vampireStateChange: L('food.cc', 'food_change()', /^bool food_change/, /newstate <= HS_SATIATED/),
  vampireBatEnds: L('food.cc', 'food_change()', /^bool food_change/, /you\.form == TRAN_BAT/),
  maxHungerGhoul: L('food.cc', 'you_max_hunger()', /^int you_max_hunger/, /hunger_threshold\[HS_SATIATED\]/),
  minHungerUndead: L('food.cc', 'you_min_hunger()', /^int you_min_hunger/, /return [67]01;/),
  foodless: L('food.cc', 'you_foodless()', /^bool you_foodless\(/, /US_UNDEAD/),
  foodlessForms: L('food.cc', 'you_foodless()', /^bool you_foodless\(/, /TRAN_TREE/, ['0.13', '0.14']),
  faint: L('food.cc', 'handle_starvation()', /^void handle_starvation/, /one_chance_in\(40\)/),
  faintCheck: L('food.cc', 'handle_starvation()', /^void handle_starvation/, /you\.hunger <= (500|HUNGER_FAINTING)/),
  faintParalysis: L(
    'food.cc',
    'handle_starvation()',
    /^void handle_starvation/,
    /DUR_PARALYSIS, 5 \+ random2\(8\), 13/,
  ),
  starveDeath: L('food.cc', 'handle_starvation()', /^void handle_starvation/, /you\.hunger <= (100|0)\)/),
  makeHungryMagic: L('food.cc', 'make_hungry()', /^void make_hungry/, /hunger_amount = calc_hunger\(hunger_amount\)/),
  makeHungryClamp: L('food.cc', 'make_hungry()', /^void make_hungry/, /you\.hunger < 0/),
  djinniContam: L('food.cc', 'make_hungry()', /^void make_hungry/, /contaminate_player/, ['0.13']),
  lessenHungerMax: L('food.cc', 'lessen_hunger()', /^void lessen_hunger/, /HUNGER_MAXIMUM/),
  eatCheckEngorged: L('food.cc', '_eat_check()', /^static bool _eat_check/, /hunger_state >= HS_ENGORGED/),
  eatCheckRetching: L('food.cc', '_eat_check()', /^static bool _eat_check/, /DUR_RETCHING/, ['0.13', '0.14']),
  rottenMeat: L(
    'food.cc',
    '_player_can_eat_rotten_meat()',
    /^static bool _player_can_eat_rotten_meat/,
    /MUT_SAPROVOROUS/,
  ),
  ingestVampire: L('food.cc', 'can_ingest()', /^bool can_ingest\(int what_isit/, /you\.species == SP_VAMPIRE/),
  ingestChunkGate: L('food.cc', 'can_ingest()', /^bool can_ingest\(int what_isit/, /HS_SATIATED/),
  ingestVeggie: L('food.cc', 'can_ingest()', /^bool can_ingest\(int what_isit/, /food_is_veggie\(kindof_thing\)/),
  ingestMeaty: L('food.cc', 'can_ingest()', /^bool can_ingest\(int what_isit/, /food_is_meaty\(kindof_thing\)/),
  ingestRotten: L(
    'food.cc',
    'can_ingest()',
    /^bool can_ingest\(int what_isit/,
    /rotten && !_player_can_eat_rotten_meat/,
  ),
  ingestPoison: L('food.cc', 'can_ingest()', /^bool can_ingest\(const item_def/, /is_poisonous\(food\)/),
  ingestRot: L('food.cc', 'can_ingest()', /^bool can_ingest\(const item_def/, /causes_rot\(food\)/),
  ingestMutagenSkip: L('food.cc', 'can_ingest()', /^bool can_ingest\(const item_def/, /is_mutagenic\(food\) \? false/, [
    '0.14',
    '0.15',
  ]),
  isPoisonous: L('food.cc', 'is_poisonous()', /^bool is_poisonous/, /player_res_poison\(false\)/),
  chunkEffect: L(
    'food.cc',
    '_determine_chunk_effect()',
    /^static corpse_effect_type _determine_chunk_effect\(corpse_effect_type chunktype,$/,
    /case CE_POISONOUS:/,
  ),
  chunkEffectGhoul: L(
    'food.cc',
    '_determine_chunk_effect()',
    /^static corpse_effect_type _determine_chunk_effect\(corpse_effect_type chunktype,$/,
    /SP_GHOUL/,
  ),
  chunkEffectRotten: L(
    'food.cc',
    '_determine_chunk_effect()',
    /^static corpse_effect_type _determine_chunk_effect\(corpse_effect_type chunktype,$/,
    /if \(rotten_chunk/,
  ),
  herbivoreChunk: L(
    'food.cc',
    '_apply_herbivore_nutrition_effects()',
    /^static int _apply_herbivore_nutrition_effects/,
    /nutrition \* 75 \/ 100/,
  ),
  gourmandChunk: L(
    'food.cc',
    '_apply_gourmand_nutrition_effects()',
    /^static int _apply_gourmand_nutrition_effects/,
    /GOURMAND_NUTRITION_BASE/,
  ),
  chunkNutrition: L('food.cc', '_chunk_nutrition()', /^static int _chunk_nutrition/, /HS_SATIATED \+ likes_chunks/),
  chunkNutritionGourmand: L(
    'food.cc',
    '_chunk_nutrition()',
    /^static int _chunk_nutrition/,
    /you\.gourmand\(\) \? you\.duration\[DUR_GOURMAND\]/,
  ),
  contamRatio: L('food.cc', '_contamination_ratio()', /^static int _contamination_ratio/, /switch \(chunk_effect\)/),
  contamRatioContam: L(
    'food.cc',
    '_contamination_ratio()',
    /^static int _contamination_ratio/,
    /case CE_CONTAMINATED:/,
    ['0.13', '0.14'],
  ),
  contamRatioRotten: L('food.cc', '_contamination_ratio()', /^static int _contamination_ratio/, /case CE_ROTTEN:/),
  contamRatioGourmand: L(
    'food.cc',
    '_contamination_ratio()',
    /^static int _contamination_ratio/,
    /if \(you\.gourmand\(\)\)/,
  ),
  eatChunk: L('food.cc', '_eat_chunk()', /^static void _eat_chunk/, /player_likes_chunks\(true\)/),
  eatChunkGhoul: L('food.cc', '_eat_chunk()', /^static void _eat_chunk/, /nutrition\s+= CHUNK_BASE_NUTRITION/),
  eatChunkMutagen: L('food.cc', '_eat_chunk()', /^static void _eat_chunk/, /mutate\(RANDOM_MUTATION/),
  eatChunkRot: L('food.cc', '_eat_chunk()', /^static void _eat_chunk/, /case CE_ROT:/),
  eatChunkContam: L(
    'food.cc',
    '_eat_chunk()',
    /^static void _eat_chunk/,
    /nutrition = nutrition \* \(1000 - contam\) \/ 1000/,
  ),
  eatChunkGhoulHeal: L('food.cc', '_eat_chunk()', /^static void _eat_chunk/, /int hp_amt = 1 \+ random2\(5\)/),
  eatChunkGhoulHealChance: L(
    'food.cc',
    '_eat_chunk()',
    /^static void _eat_chunk/,
    /x_chance_in_y\(contam \+ 4000, 5000\)/,
  ),
  eatChunkGhoulUnrot: L('food.cc', '_eat_chunk()', /^static void _eat_chunk/, /one_chance_in\(4\)/),
  eatChunkCannibal: L('food.cc', '_eat_chunk()', /^static void _eat_chunk/, /DID_CANNIBALISM, 10/),
  eatChunkSouled: L('food.cc', '_eat_chunk()', /^static void _eat_chunk/, /DID_EAT_SOULED_BEING/),
  eatChunkOrc: L('food.cc', '_eat_chunk()', /^static void _eat_chunk/, /DID_DESECRATE_ORCISH_REMAINS/),
  eatChunkHoly: L('food.cc', '_eat_chunk()', /^static void _eat_chunk/, /DID_DESECRATE_HOLY_REMAINS/),
  eatChunkDelay: L('food.cc', '_eat_chunk()', /^static void _eat_chunk/, /start_delay\(DELAY_EAT/),
  eatingDelay: L('food.cc', '_eating()', /^static void _eating/, /food_turns\(food\) - 1/),
  eatingValue: L('food.cc', '_eating()', /^static void _eating/, /lessen_hunger\(food_value, true\)/),
  royalJelly: L('food.cc', 'finished_eating_message()', /^void finished_eating_message/, /case FOOD_ROYAL_JELLY:/),
  royalJellyRestore: L(
    'food.cc',
    'finished_eating_message()',
    /^void finished_eating_message/,
    /restore_stat\(STAT_ALL/,
    ['0.13', '0.14'],
  ),
  ambrosia: L(
    'food.cc',
    'finished_eating_message()',
    /^void finished_eating_message/,
    /DUR_AMBROSIA\] \+= 30 \+ random2\(41\)/,
    ['0.13', '0.14'],
  ),
  ambrosiaConfusion: L('food.cc', 'finished_eating_message()', /^void finished_eating_message/, /POT_CONFUSION/, [
    '0.13',
    '0.14',
  ]),
  forbiddenCannibal: L('food.cc', 'is_forbidden_food()', /^bool is_forbidden_food/, /god_hates_cannibalism/),
  forbiddenHoly: L('food.cc', 'is_forbidden_food()', /^bool is_forbidden_food/, /MH_HOLY/),
  forbiddenZin: L('food.cc', 'is_forbidden_food()', /^bool is_forbidden_food/, /GOD_ZIN/),
  hungerBars: L(
    'food.cc',
    'hunger_cost_string()',
    /^string hunger_cost_string/,
    /breakpoints\[\] = \{ 1, 21, 61, 121, 201, 301, 421 \}/,
  ),
  hungerBarsNA: L('food.cc', 'hunger_cost_string()', /^string hunger_cost_string/, /"N\/A"/),
  foodValue: L('itemprop.cc', 'food_value()', /^int food_value/, /ret \+= carn \* food\.carn_mod/),
  foodTurns: L('itemprop.cc', 'food_turns()', /^int food_turns/, /\.turns/),
  foodProp: L('itemprop.cc', 'Food_prop[]', null, /Food_prop\[/),
  foodMeaty: L('itemprop.cc', 'food_is_meaty()', /^bool food_is_meaty\(int/, /carn_mod > 0/),
  foodVeggie: L('itemprop.cc', 'food_is_veggie()', /^bool food_is_veggie\(int/, /herb_mod > 0/),
  rate: L('player.cc', 'player_hunger_rate()', /^int player_hunger_rate/, /int hunger = 3;/),
  rateBat: L('player.cc', 'player_hunger_rate()', /^int player_hunger_rate/, /TRAN_BAT/),
  rateTroll: L('player.cc', 'player_hunger_rate()', /^int player_hunger_rate/, /you\.species == SP_TROLL/),
  rateRegen: L('player.cc', 'player_hunger_rate()', /^int player_hunger_rate/, /DUR_REGENERATION/),
  rateCheiEarly: L('player.cc', 'player_hunger_rate()', /^int player_hunger_rate/, /hunger--;$/, ['0.13']),
  rateTempGate: L('player.cc', 'player_hunger_rate()', /^int player_hunger_rate/, /temp && you\.hunger >= 40/, [
    '0.13',
  ]),
  rateInvis: L('player.cc', 'player_hunger_rate()', /^int player_hunger_rate/, /DUR_INVIS/),
  rateHaste: L('player.cc', 'player_hunger_rate()', /^int player_hunger_rate/, /haste_mul\(5\)/),
  rateVampire: L('player.cc', 'player_hunger_rate()', /^int player_hunger_rate/, /switch \(you\.hunger_state\)/),
  rateMetabolism: L('player.cc', 'player_hunger_rate()', /^int player_hunger_rate/, /MUT_FAST_METABOLISM/),
  rateBurden: L('player.cc', 'player_hunger_rate()', /^int player_hunger_rate/, /you\.burden_state/, ['0.13', '0.14']),
  rateSuppressed: L('player.cc', 'player_hunger_rate()', /^int player_hunger_rate/, /you\.suppressed\(\)/, ['0.13']),
  rateInjured: L('player.cc', 'player_hunger_rate()', /^int player_hunger_rate/, /MUT_SLOW_HEALING\) < 3/),
  rateRegenRing: L('player.cc', 'player_hunger_rate()', /^int player_hunger_rate/, /RING_REGENERATION/),
  rateTrollLeather: L('player.cc', 'player_hunger_rate()', /^int player_hunger_rate/, /coinflip\(\) \? 2 : 1/),
  rateHungerRing: L('player.cc', 'player_hunger_rate()', /^int player_hunger_rate/, /RING_HUNGER/, ['0.13', '0.14']),
  rateArtefact: L('player.cc', 'player_hunger_rate()', /^int player_hunger_rate/, /ARTP_METABOLISM/, ['0.13', '0.14']),
  rateSustenance: L('player.cc', 'player_hunger_rate()', /^int player_hunger_rate/, /RING_SUSTENANCE/, [
    '0.13',
    '0.14',
  ]),
  rateChei: L('player.cc', 'player_hunger_rate()', /^int player_hunger_rate/, /hunger \* 3 \/ 4/, ['0.14', '0.15']),
  rateMin: L('player.cc', 'player_hunger_rate()', /^int player_hunger_rate/, /if \(hunger < 1\)/),
  calcHunger: L('player.cc', 'calc_hunger()', /^int calc_hunger/, /US_SEMI_UNDEAD/),
  calcHungerZero: L('player.cc', 'calc_hunger()', /^int calc_hunger/, /HS_NEAR_STARVING/),
  calcHungerHalf: L('player.cc', 'calc_hunger()', /^int calc_hunger/, /food_cost\/2/),
  likesChunks: L(
    'player.cc',
    'player_likes_chunks()',
    /^int player_likes_chunks/,
    /\? 3 : player_mutation_level\(MUT_CARNIVOROUS\)/,
  ),
  lifeless: L(
    'player.cc',
    'player::is_lifeless_undead()',
    /^bool player::is_lifeless_undead/,
    /hunger_state <= HS_SATIATED/,
  ),
  playerEnergy: L('player.cc', 'player_energy()', /^int player_energy/, /STAFF_ENERGY/),
  holiness: L('player.cc', 'player::holiness()', /^mon_holy_type player::holiness/, /if \(is_undead\)/),
  hasteMul: L('defines.h', 'haste_mul()', null, /#define haste_mul/),
  baselineDelay: L('defines.h', 'BASELINE_DELAY', null, /const int BASELINE_DELAY/),
  gourmandMax: L('defines.h', 'GOURMAND_MAX', null, /const int GOURMAND_MAX/),
  chunkBase: L('defines.h', 'CHUNK_BASE_NUTRITION', null, /const int CHUNK_BASE_NUTRITION/),
  divRandRound: L('random.cc', 'div_rand_round()', /^int div_rand_round/, /random2\(den\) < rem/),
  random2avg: L('random.cc', 'random2avg()', /^int random2avg/, /sum \+= random2\(max \+ 1\)/),
  breakpointRank: L('misc.cc', 'breakpoint_rank()', /breakpoint_rank\(int val/, /val >= breakpoints\[result\]/),
  spellHunger: L('spl-util.cc', 'spell_hunger()', /^int spell_hunger/, /basehunger\[\] = \{/),
  spellHungerEnergy: L('spl-util.cc', 'spell_hunger()', /^int spell_hunger/, /player_energy\(\)/),
  spellHungerSkill: L(
    'spl-util.cc',
    'spell_hunger()',
    /^int spell_hunger/,
    /you\.skill\(SK_SPELLCASTING, you\.intel\(\)\)/,
  ),
  spellHungerRod: L('spl-util.cc', 'spell_hunger()', /^int spell_hunger/, /level \* 5/),
  spellHungerFloor: L('spl-util.cc', 'spell_hunger()', /^int spell_hunger/, /if \(hunger < 0\)/),
  castTooHungry: L('spl-cast.cc', 'cast_a_spell()', /^bool cast_a_spell/, /you\.hunger <= spell_hunger\(spell\)/),
  castCharge: L('spl-cast.cc', 'cast_a_spell()', /^bool cast_a_spell/, /make_hungry\(spellh, true, true\)/),
  castChargeGate: L(
    'spl-cast.cc',
    'cast_a_spell()',
    /^bool cast_a_spell/,
    /!staff_energy && you\.is_undead != US_UNDEAD/,
  ),
  abilityTable: L('ABIL', 'Ability_List[]', null, /^static const ability_def Ability_List\[\]/),
  abilityPay: L(
    'ABIL',
    '_pay_ability_costs()',
    /^static void _pay_ability_costs\(const ability_def& abil/,
    /abil\.food_cost \+ random2avg\(abil\.food_cost, 2\)/,
  ),
  abilityPayCharge: L(
    'ABIL',
    '_pay_ability_costs()',
    /^static void _pay_ability_costs\(const ability_def& abil/,
    /make_hungry\(food_cost, false, true\)/,
  ),
  abilityMargin: L(
    'ABIL',
    '_check_ability_possible()',
    /^static bool _check_ability_possible/,
    /expected_hunger <= (150|50)/,
  ),
  abilityStarving: L('ABIL', 'activate_talent()', /^bool activate_talent/, /hunger_state == HS_STARVING/),
  abilityNoCheck: L('ABIL', 'activate_talent()', /^bool activate_talent/, /hungerCheck = false;/),
  abilityDisplay: L(
    'ABIL',
    '_detailed_cost_description()',
    /^static const string _detailed_cost_description/,
    /hunger_cost_string\(abil\.food_cost \+ abil\.food_cost \/ 2\)/,
  ),
  batForm: L('ABIL', 'your_talents()', /^vector<talent> your_talents/, /experience_level >= 3/),
  bottleBlood: L('ABIL', 'your_talents()', /^vector<talent> your_talents/, /experience_level >= 6/),
  vampTransform: L(
    'transform.cc',
    'transform()',
    /^bool transform\(/,
    /which_trans != TRAN_BAT && you\.hunger_state <= HS_SATIATED/,
  ),
  lichUndead: L('transform.cc', 'transform()', /^bool transform\(/, /you\.is_undead = US_UNDEAD;/),
  reactCap: L(
    'REACT',
    '_player_reacts()',
    /^static void _player_reacts\(|^void player_reacts\(/,
    /you\.walking && capped_time > BASELINE_DELAY/,
  ),
  reactFood: L(
    'REACT',
    '_player_reacts()',
    /^static void _player_reacts\(|^void player_reacts\(/,
    /food_use = div_rand_round\(food_use \* capped_time, BASELINE_DELAY\)/,
  ),
  reactCharge: L(
    'REACT',
    '_player_reacts()',
    /^static void _player_reacts\(|^void player_reacts\(/,
    /food_use > 0 && you\.hunger > 0/,
  ),
  reactAmbrosia: L(
    'REACT',
    '_player_reacts()',
    /^static void _player_reacts\(|^void player_reacts\(/,
    /inc_mp\(food_use\)/,
    ['0.13', '0.14'],
  ),
  gourmandCharge: L(
    'REACT',
    '_decrement_durations()',
    /^static void _decrement_durations/,
    /you\.duration\[DUR_GOURMAND\] \+= delay/,
  ),
  berserkEndCheck: L(
    'REACT',
    '_decrement_durations()',
    /^static void _decrement_durations/,
    /you\.hunger \+ 100 <= HUNGER_STARVING \+ BERSERK_NUTRITION/,
  ),
  berserkEndCost: L(
    'REACT',
    '_decrement_durations()',
    /^static void _decrement_durations/,
    /make_hungry\(BERSERK_NUTRITION, true\)/,
  ),
  berserkEndFloor: L(
    'REACT',
    '_decrement_durations()',
    /^static void _decrement_durations/,
    /max\(HUNGER_STARVING - 100, you\.hunger\)/,
  ),
  ghoulRot: L('REACT', '_decrement_durations()', /^static void _decrement_durations/, /int resilience = 400;/),
  ghoulRotShift: L(
    'REACT',
    '_decrement_durations()',
    /^static void _decrement_durations/,
    /resilience >>= HS_SATIATED - you\.hunger_state/,
  ),
  formicidDig: L(
    'main.cc',
    '_move_player()',
    /^static void _move_player\(coord_def move\)/,
    /make_hungry\(50, true\)/,
    ['0.14', '0.15'],
  ),
  restStarving: L('main.cc', '_do_rest()', /^static void _do_rest/, /HS_STARVING && !you_min_hunger\(\)/),
  meleeHunger: L(
    'melee_attack.cc',
    'melee_attack::handle_phase_attempted()',
    /^bool melee_attack::handle_phase_attempted/,
    /make_hungry\(3, true\)/,
  ),
  hungryGhost: L(
    'melee_attack.cc',
    'mons_apply_attack_flavour()',
    /^void melee_attack::mons_apply_attack_flavour/,
    /case AF_HUNGER:/,
  ),
  hungryGhostDrain: L(
    'melee_attack.cc',
    'mons_apply_attack_flavour()',
    /^void melee_attack::mons_apply_attack_flavour/,
    /make_hungry\(you\.hunger \/ 4, false\)/,
  ),
  starveDamage: L(
    'melee_attack.cc',
    'player_apply_misc_modifiers()',
    /^int melee_attack::player_apply_misc_modifiers/,
    /damage -= random2\(5\)/,
  ),
  starveAux: L(
    'melee_attack.cc',
    'calc_your_to_hit_unarmed()',
    /^int melee_attack::calc_your_to_hit_unarmed/,
    /your_to_hit -= 3/,
  ),
  berserkHunger: L(
    'player-act.cc',
    'player::can_go_berserk()',
    /^bool player::can_go_berserk\(bool/,
    /if \(hunger <= (2066|HUNGER_VERY_HUNGRY)\)/,
  ),
  berserkLifeless: L(
    'player-act.cc',
    'player::can_go_berserk()',
    /^bool player::can_go_berserk\(bool/,
    /is_lifeless_undead\(\)/,
  ),
  vampiricWield: L('item_use.cc', 'can_wield()', /^bool can_wield/, /hunger_state < HS_FULL/),
  vampiricCost: L(
    'player-equip.cc',
    '_equip_weapon_effect()',
    /^static void _equip_weapon_effect/,
    /make_hungry\(4500, false, false\)/,
  ),
  drinkEngorged: L('item_use.cc', 'drink()', /^void drink\(/, /HS_ENGORGED/),
  drinkGeneric40: L('item_use.cc', 'drink()', /^void drink\(/, /lessen_hunger\(40, true\)/, ['0.13']),
  potionBlood: L('potion.cc', 'potion_effect()', /^bool potion_effect/, /case POT_BLOOD:/),
  potionBloodVampire: L('potion.cc', 'potion_effect()', /^bool potion_effect/, /int value = (800|840);/),
  potionBloodLiving: L(
    'potion.cc',
    'potion_effect()',
    /^bool potion_effect/,
    /const int value = (200|pot_eff == POT_BLOOD \? 1040 : 840);/,
  ),
  potionBloodLikes: L(
    'potion.cc',
    'potion_effect()',
    /^bool potion_effect/,
    /herbivorous < 3 && player_likes_chunks\(\)/,
  ),
  potionBloodSick: L('potion.cc', 'potion_effect()', /^bool potion_effect/, /x_chance_in_y\(herbivorous \+ 1, 4\)/),
  potionBloodConduct: L('potion.cc', 'potion_effect()', /^bool potion_effect/, /DID_DRINK_BLOOD, 1 \+ random2\(3\)/),
  potionBloodGhoulUnrot: L('potion.cc', 'potion_effect()', /^bool potion_effect/, /SP_GHOUL && player_rotted\(\)/, [
    '0.15',
  ]),
  porridge: L('potion.cc', 'potion_effect()', /^bool potion_effect/, /case POT_PORRIDGE:/),
  porridgeValue: L('potion.cc', 'potion_effect()', /^bool potion_effect/, /lessen_hunger\(60[04]0, true\)/),
  famine: L('decks.cc', 'card_effect()', /^void card_effect\(/, /min\(you\.hunger, HUNGER_STARVING \/ 2\)/),
  feast: L('decks.cc', 'card_effect()', /^void card_effect\(/, /set_hunger\(HUNGER_MAXIMUM, true\)/),
  vitalisation: L('godabil.cc', 'zin_vitalisation()', /^bool zin_vitalisation/, /lessen_hunger\(250, false\)/),
  vitalisationGate: L('godabil.cc', 'zin_vitalisation()', /^bool zin_vitalisation/, /hunger_state < HS_FULL/),
  conductCannibal: L('godconduct.cc', 'did_god_conduct()', null, /case DID_CANNIBALISM:/),
  conductSouled: L('godconduct.cc', 'did_god_conduct()', null, /case DID_EAT_SOULED_BEING:/),
  conductOrc: L('godconduct.cc', 'did_god_conduct()', null, /case DID_DESECRATE_ORCISH_REMAINS:/),
  conductHoly: L('godconduct.cc', 'did_god_conduct()', null, /case DID_DESECRATE_HOLY_REMAINS:/),
  conductBlood: L('godconduct.cc', 'did_god_conduct()', null, /case DID_DRINK_BLOOD:/),
  hatesCannibalism: L('religion.cc', 'god_hates_cannibalism()', /^bool god_hates_cannibalism/, /GOD_BEOGH/),
  vampireLabels: L(
    'status.cc',
    '_describe_hunger()',
    /^static void _describe_hunger\(status_info\* inf\)$/,
    /const bool vamp/,
  ),
  mutFast: L('mutation-data.h', 'MUT_FAST_METABOLISM', null, /\{ MUT_FAST_METABOLISM,/),
  mutSlow: L('mutation-data.h', 'MUT_SLOW_METABOLISM', null, /\{ MUT_SLOW_METABOLISM,/),
  mutCarn: L('mutation-data.h', 'MUT_CARNIVOROUS', null, /\{ MUT_CARNIVOROUS,/),
  mutHerb: L('mutation-data.h', 'MUT_HERBIVOROUS', null, /\{ MUT_HERBIVOROUS,/),
  mutSapro: L('mutation-data.h', 'MUT_SAPROVOROUS', null, /\{ MUT_SAPROVOROUS,/),
  mutConflict: L(
    'mutation.cc',
    '_handle_conflicting_mutations()',
    /^static int _handle_conflicting_mutations/,
    /MUT_SLOW_METABOLISM,\s+MUT_FAST_METABOLISM/,
  ),
  mutConflictInnate: L(
    'mutation.cc',
    '_handle_conflicting_mutations()',
    /^static int _handle_conflicting_mutations/,
    /innate_mutations?\[b\] >= you\.mutation\[b\]/,
  ),
  burdenEnum: L('enum.h', 'burden_state_type', /^enum burden_state_type/, /BS_OVERLOADED\s+= 5/, ['0.13', '0.14']),
  speciesOrder: L('species.cc', 'species_order[]', null, /species_order\[\]/),
  speciesValid: L('species.cc', 'is_species_valid_choice()', /^bool is_species_valid_choice/, /VER_ALPHA/, [
    '0.13',
    '0.14',
  ]),
  basicMutations: L('ng-setup.cc', 'give_basic_mutations()', null, /^void give_basic_mutations/),
  undeadState: L('newgame.cc', '_get_undead_state / species undead', null, /return US_UNDEAD;/),
  startHunger: L('player.cc', 'player::player()', null, /hunger\s+= HUNGER_DEFAULT;/),
};

function fileFor(key, version) {
  if (key === 'ABIL') return version === '0.13' ? 'abl-show.cc' : 'ability.cc';
  if (key === 'REACT') return version === '0.15' ? 'player-reacts.cc' : 'main.cc';
  return key;
}

function isDefinition(lines, i) {
  for (let j = i; j < Math.min(lines.length, i + 6); j++) {
    if (/;\s*$/.test(lines[j]) && !/^\s*\{/.test(lines[j])) return false;
    if (/^\{/.test(lines[j]) || (/\)\s*\{?\s*$/.test(lines[j]) && /^\{/.test(lines[j + 1] ?? ''))) return true;
  }
  return false;
}

function locate(version, spec) {
  const file = fileFor(spec.file, version);
  const lines = source(version, file);
  if (!lines) throw new Error(`${version}: no ${file}`);
  let from = 0;
  if (spec.fn) {
    // The definition, not a forward declaration: its body opens before any ';'.
    from = lines.findIndex((l, i) => spec.fn.test(l) && isDefinition(lines, i));
    if (from < 0) throw new Error(`${version} ${file}: no function ${spec.fn}`);
  }
  for (let i = from; i < lines.length; i++) {
    if (spec.line.test(lines[i])) {
      // Name the function the line really sits in at this tag (e.g. player_reacts() in 0.15).
      const header = spec.fn ? /([A-Za-z_][\w:~]*)\s*\(/.exec(lines[from]) : null;
      return { file, symbol: header ? `${header[1]}()` : spec.symbol, line: i + 1 };
    }
    // Stop at the end of the function so a pattern never lands in the next one.
    if (spec.fn && i > from && /^}/.test(lines[i])) break;
  }
  throw new Error(`${version} ${file}: no line ${spec.line} (in ${spec.fn ?? 'file'})`);
}

const lineTable = {};
const errors = [];
for (const [key, spec] of Object.entries(KEYS)) {
  lineTable[key] = {};
  for (const v of spec.versions) {
    try {
      lineTable[key][v] = locate(v, spec);
    } catch (e) {
      errors.push(e.message);
    }
  }
}
if (errors.length) {
  console.error(errors.join('\n'));
  process.exitCode = 1;
}

const src = sourceInfo();
const write = (name, data) => writeFileSync(join(here, name), JSON.stringify({ source: src, ...data }, null, 1) + '\n');
write('foods.json', { versions: Object.fromEntries(Object.keys(TAGS).map((v) => [v, foods(v)])) });
write('abilities.json', { versions: Object.fromEntries(Object.keys(TAGS).map((v) => [v, abilities(v)])) });
write('species.json', { versions: Object.fromEntries(Object.keys(TAGS).map((v) => [v, species(v)])) });
write('lines.json', { lines: lineTable });
console.log('wrote foods.json abilities.json species.json lines.json');
