#!/usr/bin/env node
// Extracts NetHack's monster and object tables from the game's own source, per version, into
// src/data/nethack-<version>/{parsed,monsters,objects}.json. Nothing at runtime reads this script.
//
//   node scripts/extract-nethack.mjs --version 3.6.7 --git /path/to/NetHack.git [--rev <tag|commit>]
//   node scripts/extract-nethack.mjs --version 5.0 --dir /path/to/source-tree --commit <sha>
//   node scripts/extract-nethack.mjs --derive [--version V]   re-derive tables from parsed.json
//   node scripts/extract-nethack.mjs --check                  exit 1 if a committed table differs
//
// Two stages:
// 1. parse (needs the source): a small C preprocessor (scripts/nethack-cpp.mjs) expands
//    src/monst.c (5.0: include/monsters.h) and src/objects.c (5.0: include/objects.h) with the
//    version's own headers and configuration, and reads every MON() and OBJECT() entry by the
//    parameter names of its own #define. The result is parsed.json: numbers and names only
//    (no code), with the repository, ref and commit it came from.
// 2. derive (offline): the macros of include/mondata.h, src/eat.c, src/mon.c, src/mondata.c and
//    src/o_init.c that the engine needs, written out below with their citations, turn parsed.json
//    into monsters.json and objects.json. The test suite re-runs this stage over the committed
//    parsed.json and fails if a committed table differs from what it produces.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { evaluate, findCalls, preprocess, spell, splitArgs, tokenize, cleanSource } from './nethack-cpp.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The headers 3.4.3 and 3.6.7 compile monst.c and objects.c with (5.0 adds weight.h, renames monsym.h). */
const HEADERS_3_4_TO_3_6 = [
  'include/align.h',
  'include/monflag.h',
  'include/monsym.h',
  'include/monattk.h',
  'include/objclass.h',
  'include/prop.h',
  'include/permonst.h',
  'include/skills.h',
  'include/color.h',
];

/** Where each version's tables come from, and the configuration they are compiled with. */
export const VERSIONS = {
  '3.6.7': {
    game: 'NetHack 3.6.7',
    repo: 'NetHack/NetHack',
    rev: 'NetHack-3.6.7_Released',
    tag: 'NetHack-3.6.7_Released',
    // include/unixconf.h defines MAIL; include/config.h TEXTCOLOR
    defines: ['MAIL', 'TEXTCOLOR'],
    monst: { entry: 'src/monst.c', follow: [] },
    objects: { entry: 'src/objects.c', follow: ['objects.c'] },
    headers: HEADERS_3_4_TO_3_6,
    drawing: 'src/drawing.c',
  },
  '3.4.3': {
    game: 'NetHack 3.4.3',
    repo: 'Vanilla-NetHack/NetHack-3.4.3',
    rev: 'ad815fc0428aa652d64f33e0f407242be7930fb1',
    tag: null,
    // include/config.h defines these options by default; unixconf.h defines MAIL
    defines: ['MAIL', 'TEXTCOLOR', 'KOPS', 'SEDUCE', 'TOURIST', 'STEED'],
    monst: { entry: 'src/monst.c', follow: [] },
    objects: { entry: 'src/objects.c', follow: ['objects.c'] },
    headers: HEADERS_3_4_TO_3_6,
    drawing: 'src/drawing.c',
  },
  '5.0': {
    game: 'NetHack 5.0',
    repo: 'nethackathon/nethackathon-nethack',
    rev: '16ff59115315917b93185d026aeefea06db9b0f4',
    tag: null,
    // include/config.h defines MAIL_STRUCTURES; src/objects.c includes objects.h with OBJECTS_INIT
    defines: ['MAIL_STRUCTURES', 'OBJECTS_INIT'],
    monst: { entry: 'src/monst.c', follow: ['monsters.h'] },
    objects: { entry: 'include/objects.h', follow: [] },
    headers: [
      'include/align.h',
      'include/weight.h',
      'include/monflag.h',
      'include/sym.h',
      'include/monattk.h',
      'include/objclass.h',
      'include/prop.h',
      'include/permonst.h',
      'include/skills.h',
      'include/color.h',
    ],
    drawing: null,
  },
};

const MATERIALS = [
  'LIQUID',
  'WAX',
  'VEGGY',
  'FLESH',
  'PAPER',
  'CLOTH',
  'LEATHER',
  'WOOD',
  'BONE',
  'DRAGON_HIDE',
  'IRON',
  'METAL',
  'COPPER',
  'SILVER',
  'GOLD',
  'PLATINUM',
  'MITHRIL',
  'PLASTIC',
  'GLASS',
  'GEMSTONE',
  'MINERAL',
];
const SIZES = { 0: 'tiny', 1: 'small', 2: 'medium', 3: 'large', 4: 'huge', 7: 'gigantic' };

// ---------------------------------------------------------------------------------------------
// Reading a source tree

export function gitReader(gitDir, rev) {
  const cache = new Map();
  const files = new Set(
    execFileSync('git', ['-C', gitDir, 'ls-tree', '-r', '--name-only', rev], { maxBuffer: 1 << 26 })
      .toString()
      .split('\n'),
  );
  const read = (p) => {
    if (!cache.has(p))
      cache.set(p, execFileSync('git', ['-C', gitDir, 'show', `${rev}:${p}`], { maxBuffer: 1 << 26 }).toString());
    return cache.get(p);
  };
  read.exists = (p) => files.has(p);
  read.commit = execFileSync('git', ['-C', gitDir, 'rev-parse', `${rev}^{commit}`])
    .toString()
    .trim();
  return read;
}

function dirReader(dir, commit) {
  const read = (p) => readFileSync(join(dir, p), 'utf8');
  read.exists = (p) => existsSync(join(dir, p));
  read.commit = commit ?? null;
  return read;
}

// ---------------------------------------------------------------------------------------------
// Stage 1: parse

/** Object-like macros and enum constants of the headers, evaluated. */
function headerConstants(read, cfg, macros) {
  const enums = new Map();
  const origin = new Map();
  for (const h of cfg.headers) {
    if (!read.exists(h)) continue;
    const before = new Set([...macros.keys(), ...enums.keys()]);
    const { tokens } = preprocess({ read, entry: h, defined: cfg.defines, follow: ['defsym.h'], macros });
    collectEnums(tokens, enums);
    for (const k of [...macros.keys(), ...enums.keys()]) if (!before.has(k) && !origin.has(k)) origin.set(k, h);
  }
  const lookup = (name) => {
    if (enums.has(name)) return enums.get(name);
    throw new Error(`unknown identifier ${name}`);
  };
  const values = new Map(enums);
  for (const [name, m] of macros) {
    if (m.params !== null || values.has(name) || !m.body.length) continue;
    try {
      const v = evaluate(expandAll(m.body, macros), lookup);
      if (typeof v === 'number') values.set(name, v);
    } catch {
      /* not a constant */
    }
  }
  return {
    values,
    origin,
    lookup: (name) => {
      if (values.has(name)) return values.get(name);
      throw new Error(`unknown identifier ${name}`);
    },
  };
}

import { expandTokens } from './nethack-cpp.mjs';
const expandAll = (toks, macros) => expandTokens(toks, macros);

function collectEnums(tokens, enums) {
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].v !== 'enum') continue;
    let j = i + 1;
    if (tokens[j]?.t === 'id') j++;
    if (tokens[j]?.v !== '{') continue;
    const { args, end } = splitArgs(tokens, j);
    let next = 0;
    for (const a of args) {
      if (!a.length) continue;
      const name = a[0].v;
      if (a[1]?.v === '=') {
        try {
          next = evaluate(a.slice(2), (n) => {
            if (enums.has(n)) return enums.get(n);
            throw new Error(`unknown ${n}`);
          });
        } catch {
          next = NaN; // refers to something outside these headers (e.g. object indices)
        }
      }
      if (!Number.isNaN(next)) enums.set(name, next);
      next++;
    }
    i = end - 1;
  }
}

/** Reverse map value -> first name with that prefix/pattern, in definition order. */
function reverse(values, test) {
  const out = {};
  for (const [name, v] of values) if (test(name) && !(v in out)) out[v] = name;
  return out;
}

function nodeArgs(node, paramsSeen) {
  const params = paramsSeen.get(node.call);
  if (!params) throw new Error(`no #define seen for ${node.call}`);
  if (params.length !== node.args.length)
    throw new Error(`${node.call}: ${node.args.length} args for ${params.length} params`);
  return Object.fromEntries(params.map((p, k) => [p, node.args[k]]));
}

function parseMonsters(read, cfg, consts, macroBase) {
  const { tokens, paramsSeen } = preprocess({
    read,
    entry: cfg.monst.entry,
    defined: cfg.defines,
    follow: cfg.monst.follow,
    macros: new Map(macroBase),
    terminals: ['MON', 'NAM', 'NAMS', 'LVL', 'SIZ', 'A', 'ATTK', 'C'],
  });
  const ev = (toks) => evaluate(toks, consts.lookup);
  const monsters = [];
  for (const node of findCalls(tokens, ['MON'], ['NAM', 'NAMS', 'LVL', 'SIZ', 'A', 'ATTK'])) {
    const a = nodeArgs(node, paramsSeen);
    let names;
    if (Array.isArray(a.nam)) names = { neutral: ev(a.nam) };
    else if (a.nam.call === 'NAM') names = { neutral: ev(a.nam.args[0]) };
    else names = { male: ev(a.nam.args[0]), female: ev(a.nam.args[1]), neutral: ev(a.nam.args[2]) };
    if (!names.neutral) continue; // the array terminator
    const lvl = nodeArgs(a.lvl, paramsSeen);
    const siz = nodeArgs(a.siz, paramsSeen);
    const attacks = a.atk.args
      .map((x) => (Array.isArray(x) ? null : x.args.map((y) => ev(y))))
      .filter((x) => x && x[0] !== 0);
    monsters.push({
      names,
      ...(a.bn ? { bn: spell(a.bn) } : {}),
      mlet: ev(a.sym),
      level: ev(lvl.lvl),
      speed: ev(lvl.mov),
      ac: ev(lvl.ac),
      mr: ev(lvl.mr),
      align: ev(lvl.aln),
      geno: ev(a.gen),
      attacks,
      cwt: ev(siz.wt),
      cnutrit: ev(siz.nut),
      msound: ev(siz.snd),
      msize: ev(siz.siz),
      mresists: ev(a.mr1),
      mconveys: ev(a.mr2),
      mflags1: ev(a.flg1),
      mflags2: ev(a.flg2),
      mflags3: ev(a.flg3),
      ...(a.d ? { difficulty: ev(a.d) } : {}),
    });
  }
  return monsters;
}

const BIT_NAMES = ['nmkn', 'mrg', 'uskn', 'ctnr', 'mgc', 'chrg', 'uniq', 'nwsh', 'big', 'tuf', 'dir', 'sub', 'mtrl'];

function parseObjects(read, cfg, consts, macroBase) {
  const { tokens, paramsSeen } = preprocess({
    read,
    entry: cfg.objects.entry,
    defined: cfg.defines,
    follow: cfg.objects.follow,
    macros: new Map(macroBase),
    terminals: ['OBJECT', 'OBJ', 'BITS', 'MARKER', 'COLOR_FIELD'],
  });
  const ev = (toks) => evaluate(toks, consts.lookup);
  const objects = [];
  let calls = findCalls(tokens, ['OBJECT'], ['OBJ', 'BITS']);
  // 3.x objects.c reads itself twice (#define OBJECTS_PASS_2_ / #include "objects.c"): the
  // second pass is the objects[] array, compiled with that pass's macros (HARDGEM()).
  const isEnd = (node) => {
    const o = nodeArgs(nodeArgs(node, paramsSeen).obj, paramsSeen);
    return ev(o.name) === null && ev(o.desc) === null;
  };
  const firstEnd = calls.findIndex((c, k) => k > 0 && isEnd(c));
  if (firstEnd >= 0 && firstEnd < calls.length - 1) calls = calls.slice(firstEnd + 1);
  for (const node of calls) {
    const a = nodeArgs(node, paramsSeen);
    const obj = nodeArgs(a.obj, paramsSeen);
    const bits = nodeArgs(a.bits, paramsSeen);
    const name = ev(obj.name);
    if (objects.length && name === null && ev(obj.desc) === null) break; // the array terminator
    const b = Object.fromEntries(BIT_NAMES.map((k) => [k, ev(bits[k])]));
    objects.push({
      name,
      desc: ev(obj.desc),
      ...(a.sn ? { sn: spell(a.sn) } : {}),
      oclass: ev(a.sym),
      prop: ev(a.prp),
      prob: ev(a.prob),
      delay: ev(a.dly),
      weight: ev(a.wt),
      cost: ev(a.cost),
      nutrition: ev(a.nut),
      ...b,
    });
  }
  return objects;
}

/** def_monsyms[] characters by class value (3.x src/drawing.c; 5.0 include/defsym.h MONSYM()). */
function parseMonsyms(read, cfg, consts, macroBase) {
  const out = {};
  if (cfg.drawing) {
    const text = cleanSource(read(cfg.drawing));
    const start = text.indexOf('def_monsyms[');
    const toks = tokenize(text.slice(text.indexOf('{', start)));
    const { args } = splitArgs(toks, 0);
    const macros = new Map(macroBase);
    args.forEach((arg, k) => {
      const first = expandAll(arg.filter((t) => t.v !== '{' && t.v !== '}').slice(0, 1), macros);
      if (k > 0 && first.length) out[k] = String.fromCharCode(evaluate(first, consts.lookup));
    });
    return out;
  }
  const { tokens } = preprocess({
    read,
    entry: 'include/defsym.h',
    defined: ['MONSYMS_S_ENUM'],
    macros: new Map(),
    terminals: ['MONSYM'],
  });
  for (const node of findCalls(tokens, ['MONSYM'], [])) {
    const [idx, ch] = node.args;
    out[evaluate(idx, () => 0)] = String.fromCharCode(evaluate(ch, () => 0));
  }
  return out;
}

/** src/mon.c undead_to_corpse(): case labels -> the corpse index they set. */
function parseUndeadToCorpse(read) {
  const text = cleanSource(read('src/mon.c'));
  const start = text.search(/\nundead_to_corpse\s*\(/);
  const body = text.slice(start, text.indexOf('\n}', start));
  const out = {};
  let pending = [];
  for (const m of body.matchAll(/case\s+(PM_\w+)\s*:|mndx\s*=\s*(PM_\w+)\s*;/g)) {
    if (m[1]) pending.push(m[1]);
    else {
      for (const p of pending) out[p] = m[2];
      pending = [];
    }
  }
  return out;
}

/** src/mondata.c grownups[][2] (little -> big), with the version's #if branches. */
function parseGrownups(read, cfg) {
  const text = read('src/mondata.c');
  const start = text.indexOf('grownups[][2]');
  const block = text.slice(text.indexOf('{', start), text.indexOf('};', start) + 1);
  const sub = (p) => (p === 'grownups' ? block : read(p));
  sub.exists = () => false;
  const { tokens } = preprocess({ read: sub, entry: 'grownups', defined: cfg.defines });
  const { args } = splitArgs(tokens, 0);
  return args
    .filter((a) => a.length)
    .map((a) => a.filter((t) => t.t === 'id').map((t) => t.v))
    .filter((x) => x.length === 2 && x[0] !== 'NON_PM');
}

export function parseVersion(version, read) {
  const cfg = VERSIONS[version];
  const macroBase = new Map();
  const consts = headerConstants(read, cfg, macroBase);
  const monsters = parseMonsters(read, cfg, consts, macroBase);
  const objects = parseObjects(read, cfg, consts, macroBase);
  const v = consts.values;
  const pick = (re) => Object.fromEntries([...v].filter(([k]) => re.test(k)));
  return {
    source: {
      game: cfg.game,
      repo: cfg.repo,
      ref: cfg.rev,
      ...(cfg.tag ? { tag: cfg.tag } : {}),
      commit: read.commit,
      defines: cfg.defines,
      files: [
        cfg.monst.entry,
        ...cfg.monst.follow.map((f) => `include/${f}`),
        cfg.objects.entry,
        ...cfg.headers.filter((h) => read.exists(h)),
        cfg.drawing ?? 'include/defsym.h',
        'src/mon.c undead_to_corpse()',
        'src/mondata.c grownups[]',
      ],
    },
    constants: {
      flags: pick(/^(M1|M2|M3|MR|G)_[A-Z_]+$/),
      classes: reverse(v, (k) => /^[A-Z]+_CLASS$/.test(k) && k !== 'RANDOM_CLASS'),
      monclasses: reverse(v, (k) => /^S_[A-Z_]+$/.test(k) && v.get(k) > 0 && v.get(k) < v.get('MAXMCLASSES')),
      materials: Object.fromEntries(MATERIALS.map((m) => [v.get(m), m])),
      props: reverse(
        v,
        (k) =>
          consts.origin.get(k) === 'include/prop.h' &&
          /^[A-Z_]+$/.test(k) &&
          v.get(k) >= 1 &&
          v.get(k) <= v.get('LAST_PROP') &&
          k !== 'LAST_PROP',
      ),
      attackTypes: reverse(v, (k) => /^AT_[A-Z]+$/.test(k) && k !== 'AT_ANY'),
      damageTypes: reverse(v, (k) => /^AD_[A-Z]+$/.test(k) && k !== 'AD_ANY'),
    },
    monsyms: parseMonsyms(read, cfg, consts, macroBase),
    undeadToCorpse: parseUndeadToCorpse(read),
    grownups: parseGrownups(read, cfg),
    monsters,
    objects,
  };
}

// ---------------------------------------------------------------------------------------------
// Stage 2: derive (offline, from parsed.json)

/** makedefs do_permonst() (3.x util/makedefs.c): PM_ + name uppercased, others '_'; human were-forms get HUMAN_. */
function pmName(m, parsed) {
  if (m.bn) return `PM_${m.bn}`;
  const cls = parsed.constants.monclasses[m.mlet];
  return `PM_${cls === 'S_HUMAN' && m.names.neutral.startsWith('were') ? 'HUMAN_' : ''}${m.names.neutral.toUpperCase().replace(/[^A-Z]/g, '_')}`;
}

/** makedefs do_objs(): class prefix + name; glass gems get no constant (null); names cut at 26/30. */
function otypName(o, parsed, className) {
  if (o.sn) return o.sn;
  if (!o.name) return null;
  const up = o.name.toUpperCase().replace(/[^A-Z]/g, '_');
  const prefix = {
    WAND_CLASS: 'WAN_',
    RING_CLASS: 'RIN_',
    POTION_CLASS: 'POT_',
    SPBOOK_CLASS: 'SPE_',
    SCROLL_CLASS: 'SCR_',
  }[className];
  if (className === 'AMULET_CLASS' && parsed.constants.materials[o.mtrl] === 'PLASTIC') return 'FAKE_AMULET_OF_YENDOR';
  if (className === 'GEM_CLASS' && parsed.constants.materials[o.mtrl] === 'GLASS') return null;
  return prefix ? prefix + up.slice(0, 26) : up.slice(0, 30);
}

const MATERIAL_NAMES = [
  'mysterious',
  'liquid',
  'wax',
  'organic',
  'flesh',
  'paper',
  'cloth',
  'leather',
  'wooden',
  'bone',
  'dragonhide',
  'iron',
  'metal',
  'copper',
  'silver',
  'gold',
  'platinum',
  'mithril',
  'plastic',
  'glass',
  'gemstone',
  'stone',
];
const RESIST_BITS = [
  ['fire', 'MR_FIRE'],
  ['cold', 'MR_COLD'],
  ['sleep', 'MR_SLEEP'],
  ['disint', 'MR_DISINT'],
  ['shock', 'MR_ELEC'],
  ['poison', 'MR_POISON'],
  ['acid', 'MR_ACID'],
  ['ston', 'MR_STONE'],
];

function deriveMonsters(parsed, version) {
  const F = parsed.constants.flags;
  const has = (x, f) => (x & F[f]) !== 0;
  const cls = (m) => parsed.constants.monclasses[m.mlet];
  const withPm = parsed.monsters.map((m, index) => ({ ...m, index, pm: pmName(m, parsed) }));
  const is = (m, pm) => m.pm === pm;
  // include/mondata.h (same text in all three versions)
  const noncorporeal = (m) => cls(m) === 'S_GHOST';
  const vegan = (m) =>
    ['S_BLOB', 'S_JELLY', 'S_FUNGUS', 'S_VORTEX', 'S_LIGHT'].includes(cls(m)) ||
    (cls(m) === 'S_ELEMENTAL' && !is(m, 'PM_STALKER')) ||
    (cls(m) === 'S_GOLEM' && !is(m, 'PM_FLESH_GOLEM') && !is(m, 'PM_LEATHER_GOLEM')) ||
    noncorporeal(m);
  const vegetarian = (m) => vegan(m) || (cls(m) === 'S_PUDDING' && !is(m, 'PM_BLACK_PUDDING'));
  const touchPetrifies = (m) => is(m, 'PM_COCKATRICE') || is(m, 'PM_CHICKATRICE');
  const rider = (m) => ['PM_DEATH', 'PM_FAMINE', 'PM_PESTILENCE'].includes(m.pm);
  const placeholder = (m) => ['PM_ORC', 'PM_GIANT', 'PM_ELF', 'PM_HUMAN'].includes(m.pm);
  const telepathic = (m) => ['PM_FLOATING_EYE', 'PM_MIND_FLAYER', 'PM_MASTER_MIND_FLAYER'].includes(m.pm);
  // src/eat.c nonrotting_corpse(): 3.6.7 lizard, lichen, Riders; 5.0 also the acid blob;
  // 3.4.3 has no macro: eatcorpse() and rottenfood() test lizard and lichen only.
  const nonrotting = (m) =>
    is(m, 'PM_LIZARD') ||
    is(m, 'PM_LICHEN') ||
    (version !== '3.4.3' && rider(m)) ||
    (version === '5.0' && is(m, 'PM_ACID_BLOB'));
  // src/mondata.c hates_silver(): were, vampires, demons, shade, imps but not the tengu.
  const hatesSilver = (m) =>
    has(m.mflags2, 'M2_WERE') ||
    cls(m) === 'S_VAMPIRE' ||
    has(m.mflags2, 'M2_DEMON') ||
    is(m, 'PM_SHADE') ||
    (cls(m) === 'S_IMP' && !is(m, 'PM_TENGU'));
  const out = withPm.map((m) => {
    const carn = has(m.mflags1, 'M1_CARNIVORE');
    const herb = has(m.mflags1, 'M1_HERBIVORE');
    const metal = has(m.mflags1, 'M1_METALLIVORE');
    const resists = RESIST_BITS.filter(([, b]) => (m.mresists & F[b]) !== 0).map(([n]) => n);
    const conveys = RESIST_BITS.filter(([, b]) => (m.mconveys & F[b]) !== 0).map(([n]) => n);
    // src/eat.c intrinsic_possible(): mconveys resistances, teleport(itis), telepathy
    const intr = [];
    for (const [n, p] of [
      ['fire', 'FIRE_RES'],
      ['sleep', 'SLEEP_RES'],
      ['cold', 'COLD_RES'],
      ['disint', 'DISINT_RES'],
      ['shock', 'SHOCK_RES'],
      ['poison', 'POISON_RES'],
    ])
      if (conveys.includes(n)) intr.push(p);
    // 5.0 intrinsic_possible() adds ACID_RES and STONE_RES (src/eat.c)
    if (version === '5.0')
      for (const [n, p] of [
        ['acid', 'ACID_RES'],
        ['ston', 'STONE_RES'],
      ])
        if (conveys.includes(n)) intr.push(p);
    if (has(m.mflags1, 'M1_TPORT')) intr.push('TELEPORT');
    if (has(m.mflags1, 'M1_TPORT_CNTRL')) intr.push('TELEPORT_CONTROL');
    if (telepathic(m)) intr.push('TELEPAT');
    // in property order (the dumper's p = 1 .. LAST_PROP loop)
    const propNumber = (name) =>
      Number(Object.keys(parsed.constants.props).find((x) => parsed.constants.props[x] === name));
    intr.sort((a, b) => propNumber(a) - propNumber(b));
    const genoFlags = Object.entries(F)
      .filter(
        ([k, bit]) =>
          k.startsWith('G_') &&
          bit &&
          (bit & (bit - 1)) === 0 &&
          bit > 7 &&
          (m.geno & bit) !== 0 &&
          !['G_GENOD', 'G_EXTINCT', 'G_KNOWN', 'G_IGNORE', 'G_GONE'].includes(k),
      )
      .sort((a, b) => b[1] - a[1])
      .map(([k]) => k);
    const entry = {
      index: m.index,
      pm: m.pm,
      name: m.names.neutral,
      ...(m.names.male ? { names: { male: m.names.male, female: m.names.female } } : {}),
      symbol: parsed.monsyms[m.mlet],
      class: cls(m),
      level: m.level,
      speed: m.speed,
      size: SIZES[m.msize],
      msize: m.msize,
      cwt: m.cwt,
      cnutrit: m.cnutrit,
      corpseEatTime: 3 + (m.cwt >> 6),
      leavesCorpse: (m.geno & F.G_NOCORPSE) === 0,
      unique: (m.geno & F.G_UNIQ) !== 0,
      geno: m.geno,
      genoFlags,
      freq: m.geno & F.G_FREQ,
      corpseAs: parsed.undeadToCorpse[m.pm] ?? null,
      nonrottingCorpse: nonrotting(m),
      placeholder: placeholder(m),
      carnivore: carn,
      herbivore: herb,
      omnivore: carn && herb,
      metallivore: metal,
      inediate: !carn && !herb && !metal,
      poisonous: has(m.mflags1, 'M1_POIS'),
      acidic: has(m.mflags1, 'M1_ACID'),
      touchPetrifies: touchPetrifies(m),
      fleshPetrifies: touchPetrifies(m) || is(m, 'PM_MEDUSA'),
      vegan: vegan(m),
      vegetarian: vegetarian(m),
      undead: has(m.mflags2, 'M2_UNDEAD'),
      were: has(m.mflags2, 'M2_WERE'),
      domestic: has(m.mflags2, 'M2_DOMESTIC'),
      rider: rider(m),
      ghoul: is(m, 'PM_GHOUL'),
      humanoid: has(m.mflags1, 'M1_HUMANOID'),
      human: has(m.mflags2, 'M2_HUMAN'),
      elf: has(m.mflags2, 'M2_ELF'),
      dwarf: has(m.mflags2, 'M2_DWARF'),
      gnome: has(m.mflags2, 'M2_GNOME'),
      orc: has(m.mflags2, 'M2_ORC'),
      noHands: has(m.mflags1, 'M1_NOHANDS'),
      noTake: has(m.mflags1, 'M1_NOTAKE'),
      hatesSilver: hatesSilver(m),
      resists,
      conveys,
      eatIntrinsics: intr,
      conveysStrength: has(m.mflags2, 'M2_GIANT'),
      mresists: m.mresists,
      mconveys: m.mconveys,
      mflags1: m.mflags1,
      mflags2: m.mflags2,
      mflags3: m.mflags3,
      attacks: m.attacks.map(([at, ad, n, d]) => [
        parsed.constants.attackTypes[at] ?? at,
        parsed.constants.damageTypes[ad] ?? ad,
        n,
        d,
      ]),
    };
    if (entry.corpseAs === entry.pm) entry.corpseAs = null;
    return entry;
  });
  // The corpse an undead leaves names the monster, not its index.
  return {
    source: { ...sourceOf(parsed), tables: [parsed.source.files[0]] },
    nummons: out.length,
    count: out.filter((m) => !m.placeholder).length,
    monsters: out.filter((m) => !m.placeholder),
    placeholders: out.filter((m) => m.placeholder),
    grownups: parsed.grownups,
  };
}

const sourceOf = (parsed) => ({
  game: parsed.source.game,
  repo: parsed.source.repo,
  ref: parsed.source.ref,
  ...(parsed.source.tag ? { tag: parsed.source.tag } : {}),
  commit: parsed.source.commit,
});

function deriveObjects(parsed, version) {
  const C = parsed.constants;
  const objs = parsed.objects.map((o, index) => {
    const className = C.classes[o.oclass];
    return { ...o, index, className, otyp: otypName(o, parsed, className), material: C.materials[o.mtrl] ?? null };
  });
  const shuffled = shuffledSet(objs, version);
  const byName = (n) => objs.find((o) => o.name === n);
  const slimeMold = objs.find((o) => o.otyp === 'SLIME_MOLD');
  // Real object types: not the strange object, the 5.0 generic class slots, or the nameless extra
  // appearances (random scroll labels and wand looks that no object type uses).
  const real = objs.filter((o) => o.index > 0 && o.name !== null && !o.name.startsWith('generic '));
  const all = real.map((o) => ({
    index: o.index,
    otyp: o.otyp,
    name: o.name,
    description: o.desc,
    class: o.className,
    material: o.material,
    materialName: MATERIAL_NAMES[o.mtrl] ?? null,
    weight: o.weight,
    cost: o.cost,
    prob: o.prob,
    nutrition: o.nutrition,
    delay: o.delay,
    magic: !!o.mgc,
    charged: !!o.chrg,
    unique: !!o.uniq,
    noWish: !!o.nwsh,
    property: o.prop ? (C.props[o.prop] ?? null) : null,
    shuffled: shuffled.has(o.index),
  }));
  const common = (o) => ({
    weight: o.weight,
    cost: o.cost,
    prob: o.prob,
    material: o.material,
    materialName: MATERIAL_NAMES[o.mtrl],
    charged: !!o.chrg,
    shuffled: shuffled.has(o.index),
  });
  const food = {};
  for (const o of real.filter((x) => x.className === 'FOOD_CLASS'))
    food[o.name] = {
      index: o.index,
      otyp: o.otyp,
      nutrition: o.nutrition,
      delay: o.delay,
      ...foodConduct(o, C, version),
      nonrotting: version !== '3.4.3' && (o.otyp === 'LEMBAS_WAFER' || o.otyp === 'CRAM_RATION'),
      ...common(o),
    };
  const rings = {};
  for (const o of real.filter((x) => x.className === 'RING_CLASS'))
    rings[o.name] = {
      index: o.index,
      otyp: o.otyp,
      property: o.prop ? C.props[o.prop] : null,
      propertyValue: o.prop,
      ...common(o),
    };
  const amulets = {};
  for (const o of real.filter((x) => x.className === 'AMULET_CLASS'))
    amulets[o.name] = {
      index: o.index,
      otyp: o.otyp,
      property: o.prop ? C.props[o.prop] : null,
      propertyValue: o.prop,
      ...common(o),
    };
  const potions = {};
  for (const n of ['fruit juice', 'booze']) {
    const o = byName(n);
    if (o) potions[n] = { index: o.index, otyp: o.otyp, nutrition: o.nutrition, ...common(o) };
  }
  return {
    source: { ...sourceOf(parsed), tables: [parsed.source.files[2]] },
    num_objects: objs.filter((o) => o.name !== null || o.desc !== null).length,
    slimeMoldIndex: slimeMold?.index ?? null,
    food,
    rings,
    amulets,
    potions,
    objects: all,
  };
}

/** src/eat.c doeat()/eatcorpse()/start_tin(): what eating the item does to the conducts. */
function foodConduct(o, C, _version) {
  const mat = C.materials[o.mtrl];
  const veganByMaterial = mat === 'VEGGY' ? true : mat === 'FLESH' ? false : null;
  const base = { veganByMaterial, vegetarianByMaterial: veganByMaterial };
  if (o.otyp === 'CORPSE')
    return {
      ...base,
      conductVegan: null,
      conductVegetarian: null,
      conductFrom: 'corpsenm: vegan()/vegetarian() of the monster (eat.c eatcorpse)',
      eatTime: '3 + (mons[corpsenm].cwt >> 6) (eat.c eatcorpse)',
    };
  if (o.otyp === 'TIN')
    return {
      ...base,
      conductVegan: null,
      conductVegetarian: null,
      conductFrom: 'tin contents: spinach or the monster corpsenm (eat.c start_tin/consume_tin)',
      eatTime: 'tin opening time, not oc_delay (eat.c start_tin)',
    };
  if (o.otyp.startsWith('GLOB_OF_')) {
    // the gray ooze, brown and black puddings are not vegan; black pudding not vegetarian (mondata.h)
    const black = o.otyp === 'GLOB_OF_BLACK_PUDDING';
    return {
      ...base,
      conductVegan: false,
      conductVegetarian: !black,
      conductFrom: 'corpsenm: vegan()/vegetarian() of the pudding (globs are eaten via eat.c eatcorpse)',
      globOf: o.name.slice('glob of '.length),
      eatTime: '3 + (owt >> 6) (eat.c eatcorpse, glob weight)',
    };
  }
  // doeat(): FLESH breaks vegan and (unless an egg) vegetarian; these five break vegan only.
  const dairy = ['PANCAKE', 'FORTUNE_COOKIE', 'CREAM_PIE', 'CANDY_BAR', 'LUMP_OF_ROYAL_JELLY'].includes(o.otyp);
  const flesh = mat === 'FLESH';
  return {
    ...base,
    conductVegan: !flesh && !dairy,
    conductVegetarian: !flesh || o.otyp === 'EGG',
    conductFrom: 'object type (eat.c doeat)',
    eatTime: 'oc_delay (eat.c doeat)',
  };
}

/** src/o_init.c shuffle_all() / obj_shuffle_range(): which types get a random appearance. */
function shuffledSet(objs, version) {
  const out = new Set();
  const ofClass = (c) => objs.filter((o) => o.className === c && o.index > 0 && !(o.name ?? '').startsWith('generic '));
  const range = (lo, hi) =>
    objs
      .filter((o) => o.index >= lo && o.index <= hi)
      .forEach((o) => {
        out.add(o.index);
      });
  const idx = (otyp) => objs.find((o) => o.otyp === otyp)?.index;
  for (const c of [
    'AMULET_CLASS',
    'POTION_CLASS',
    'RING_CLASS',
    'SCROLL_CLASS',
    'SPBOOK_CLASS',
    'WAND_CLASS',
    'VENOM_CLASS',
  ]) {
    const list = ofClass(c);
    if (!list.length) continue;
    let hi;
    if (c === 'POTION_CLASS') hi = (version === '3.4.3' ? list[list.length - 1].index : idx('POT_WATER')) - 1;
    else if (['AMULET_CLASS', 'SCROLL_CLASS', 'SPBOOK_CLASS'].includes(c)) {
      if (version === '3.4.3') {
        let j = list.length - 1; // 3.4.3: walk back from the end past non-magic or unique types
        while (j >= 0 && (!list[j].mgc || list[j].uniq)) j--;
        hi = list[j].index;
      } else {
        const stop = list.find((o) => o.uniq || !o.mgc);
        hi = (stop ? stop.index : list[list.length - 1].index + 1) - 1;
      }
    } else hi = list[list.length - 1].index;
    range(list[0].index, hi);
  }
  for (const [lo, hi] of [
    ['HELMET', 'HELM_OF_TELEPATHY'],
    ['LEATHER_GLOVES', 'GAUNTLETS_OF_DEXTERITY'],
    ['CLOAK_OF_PROTECTION', 'CLOAK_OF_DISPLACEMENT'],
    ['SPEED_BOOTS', 'LEVITATION_BOOTS'],
  ])
    range(idx(lo), idx(hi));
  return out;
}

export function deriveTables(parsed, version) {
  return { monsters: deriveMonsters(parsed, version), objects: deriveObjects(parsed, version) };
}

// ---------------------------------------------------------------------------------------------
// Files

export const dataDir = (version) => join(ROOT, 'src', 'data', `nethack-${version}`);

/** One entry per line: readable diffs, stable output. */
export function formatJson(obj) {
  const lines = ['{'];
  const keys = Object.keys(obj);
  keys.forEach((k, i) => {
    const v = obj[k];
    const comma = i < keys.length - 1 ? ',' : '';
    if (Array.isArray(v) && v.length && typeof v[0] === 'object') {
      lines.push(`  ${JSON.stringify(k)}: [`);
      v.forEach((x, j) => {
        lines.push(`    ${JSON.stringify(x)}${j < v.length - 1 ? ',' : ''}`);
      });
      lines.push(`  ]${comma}`);
    } else if (
      v &&
      typeof v === 'object' &&
      !Array.isArray(v) &&
      Object.values(v).length &&
      Object.values(v).every((x) => x && typeof x === 'object' && !Array.isArray(x))
    ) {
      lines.push(`  ${JSON.stringify(k)}: {`);
      const ks = Object.keys(v);
      ks.forEach((x, j) => {
        lines.push(`    ${JSON.stringify(x)}: ${JSON.stringify(v[x])}${j < ks.length - 1 ? ',' : ''}`);
      });
      lines.push(`  }${comma}`);
    } else lines.push(`  ${JSON.stringify(k)}: ${JSON.stringify(v)}${comma}`);
  });
  lines.push('}');
  return lines.join('\n') + '\n';
}

function writeVersion(version, parsed) {
  const dir = dataDir(version);
  mkdirSync(dir, { recursive: true });
  const { monsters, objects } = deriveTables(parsed, version);
  writeFileSync(join(dir, 'parsed.json'), formatJson(parsed));
  writeFileSync(join(dir, 'monsters.json'), formatJson(monsters));
  writeFileSync(join(dir, 'objects.json'), formatJson(objects));
  console.log(
    `${version}: ${monsters.nummons} monsters, ${objects.num_objects} objects (commit ${parsed.source.commit})`,
  );
}

/** Compare committed tables with what derive produces; returns the names of files that differ. */
export function checkVersion(version) {
  const dir = dataDir(version);
  const parsed = JSON.parse(readFileSync(join(dir, 'parsed.json'), 'utf8'));
  const { monsters, objects } = deriveTables(parsed, version);
  const bad = [];
  if (readFileSync(join(dir, 'monsters.json'), 'utf8') !== formatJson(monsters))
    bad.push(`nethack-${version}/monsters.json`);
  if (readFileSync(join(dir, 'objects.json'), 'utf8') !== formatJson(objects))
    bad.push(`nethack-${version}/objects.json`);
  return bad;
}

function main(argv) {
  const arg = (k) => {
    const i = argv.indexOf(k);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const versions = arg('--version') ? [arg('--version')] : Object.keys(VERSIONS);
  for (const v of versions) if (!VERSIONS[v]) throw new Error(`unknown version ${v}`);
  if (argv.includes('--check')) {
    const bad = versions.flatMap(checkVersion);
    if (bad.length) {
      console.error(`differs from what the extractor derives: ${bad.join(', ')}`);
      process.exit(1);
    }
    console.log('tables match');
    return;
  }
  for (const v of versions) {
    if (argv.includes('--derive')) {
      writeVersion(v, JSON.parse(readFileSync(join(dataDir(v), 'parsed.json'), 'utf8')));
      continue;
    }
    const git = arg('--git');
    const dir = arg('--dir');
    if (!git && !dir) throw new Error('give --git <bare repo> or --dir <tree> (or --derive / --check)');
    const read = git ? gitReader(git, arg('--rev') ?? VERSIONS[v].rev) : dirReader(dir, arg('--commit'));
    writeVersion(v, parseVersion(v, read));
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main(process.argv.slice(2));
