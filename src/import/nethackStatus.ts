// NetHack's two status lines, as printed by botl.c (bot1()/bot2() in 3.4.3, do_statusline1()/
// do_statusline2() in 3.6.7 and 5.0, which the dumplog also uses) and by the tty window port
// (win/tty/wintty.c, which may shorten conditions and encumbrance when the line is long).
//
// Line 2 is read as tokens in any order: botl.c moves the pieces around when they do not fit
// in COLNO columns, and the tty port orders fields by its own table (hunger before Stone there,
// after it in botl.c). 5.0's three-line mode spreads the same tokens over three lines.
import { DEFAULT_NETHACK_VERSION, type NethackVersion } from '../engine/cite.ts';
import type { Encumbrance } from '../engine/nethack/burn.ts';
import { MONSTERS } from '../engine/nethack/data.ts';
import { malformed, span, type Line } from './common.ts';
import { rankOf } from './ranks.ts';
import { nhSource } from './sources.ts';
import type {
  Alignment,
  BottomLineHunger,
  BottomLineLayout,
  DungeonLevel,
  NethackAttributes,
  NethackCondition,
  NethackStatusFields,
  ReadField,
  SourceSpan,
} from './types.ts';

/** Condition words: the full botl.c word, then the tty port's two shorter forms. */
const CONDITION_WORDS: Record<NethackCondition, readonly string[]> = {
  Stone: ['Stone', 'Ston', 'Sto'],
  Slime: ['Slime', 'Slim', 'Slm'],
  Strngl: ['Strngl', 'Stngl', 'Str'],
  FoodPois: ['FoodPois', 'Fpois', 'Poi'],
  TermIll: ['TermIll', 'Ill'],
  Blind: ['Blind', 'Blnd', 'Bl'],
  Deaf: ['Deaf', 'Def', 'Df'],
  Stun: ['Stun', 'St'],
  Conf: ['Conf', 'Cnf', 'Cf'],
  Hallu: ['Hallu', 'Hal', 'Hl'],
  Lev: ['Lev', 'Lv'],
  Fly: ['Fly', 'Fl'],
  Ride: ['Ride', 'Rid', 'Rd'],
  Bare: ['Bare', 'Bar', 'Bh'],
  Busy: ['Busy', 'Bsy', 'By'],
  Iron: ['Iron', 'Irn', 'Fe'],
  Glow: ['Glow', 'Glo', 'Gl'],
  Grab: ['Grab', 'Grb', 'Gr'],
  Held: ['Held', 'Hld', 'Hd'],
  Icy: ['Icy', 'Ic'],
  InLava: ['InLava', 'Lav', 'La'],
  Parlyz: ['Parlyz', 'Para', 'Par'],
  Zzz: ['Zzz', 'Zz'],
  Slip: ['Slip', 'Slp', 'Sl'],
  Submrg: ['Submrg', 'Subm', 'Sm'],
  Teth: ['Teth', 'Tth', 'Te'],
  Trap: ['Trap', 'Trp', 'Tr'],
  Out: ['Out', 'KO'],
  WLegs: ['WLegs', 'Leg', 'Lg'],
  UHold: ['UHold', 'UHld', 'UHd'],
};

/** Words 3.4.3's bot2() prints ("Ill" is its full word for what later versions call TermIll). */
const WORDS_343: ReadonlySet<string> = new Set(['Conf', 'FoodPois', 'Ill', 'Blind', 'Stun', 'Hallu', 'Slime']);
/** Conditions 3.6.7 prints (botl.c do_statusline2(), wintty.c conditions[]). */
const CONDITIONS_367: ReadonlySet<NethackCondition> = new Set([
  'Stone',
  'Slime',
  'Strngl',
  'FoodPois',
  'TermIll',
  'Blind',
  'Deaf',
  'Stun',
  'Conf',
  'Hallu',
  'Lev',
  'Fly',
  'Ride',
]);

const WORD_TO_CONDITION = new Map<string, NethackCondition>();
for (const [cond, words] of Object.entries(CONDITION_WORDS) as [NethackCondition, readonly string[]][]) {
  for (const wd of words) if (!WORD_TO_CONDITION.has(wd)) WORD_TO_CONDITION.set(wd, cond);
}

/** enc_stat[] and the tty port's shorter forms (wintty.c encvals[][]). */
const ENCUMBRANCE_WORDS: Record<string, Encumbrance> = {
  Burdened: 'Burdened',
  Stressed: 'Stressed',
  Strained: 'Strained',
  Overtaxed: 'Overtaxed',
  Overloaded: 'Overloaded',
  Burden: 'Burdened',
  Stress: 'Stressed',
  Strain: 'Strained',
  Overtax: 'Overtaxed',
  Overload: 'Overloaded',
  Brd: 'Burdened',
  Strs: 'Stressed',
  Strn: 'Strained',
  Ovtx: 'Overtaxed',
  Ovld: 'Overloaded',
};

/** hu_stat[] words (src/eat.c), trailing padding removed. */
const HUNGER_WORDS: Record<string, BottomLineHunger> = {
  Satiated: 'Satiated',
  Hungry: 'Hungry',
  Weak: 'Weak',
  Fainting: 'Fainting',
  Fainted: 'Fainted',
  Starved: 'Starved',
};

/** Endgame and special level names describe_level() prints instead of "Dlvl:n". */
const PLACE_NAMES: { re: RegExp; kind: DungeonLevel['kind'] }[] = [
  { re: /^(Astral Plane|End Game)(?=\s|$)/, kind: 'endgame' }, // 3.4.3
  { re: /^(Astral|Earth|Air|Fire|Water|Sanctum)(?=\s|$)/, kind: 'endgame' }, // 3.6+: "Plane of " removed
  { re: /^(Fort Ludios)(?=\s|$)/, kind: 'knox' },
];

export interface StatusLinesRead {
  fields: NethackStatusFields;
  /** Which layouts the tokens allow. */
  layout: BottomLineLayout | 'either';
  layoutEvidence: string[];
  /** Tokens that are only printed by 3.6/5.0 (not 3.4.3), for version checks. */
  not343Evidence: string[];
  /** The lines used (line 1 when present, then the others). */
  used: Line[];
  unread: SourceSpan[];
  notes: string[];
}

const LINE1 = new RegExp(
  String.raw`^(?<name>.+?) the (?<title>.+?)\s+St:(?<st>\d{1,2}(?:\/(?:\d\d|\*\*))?) ` +
    String.raw`Dx:(?<dx>\d+) Co:(?<co>\d+) In:(?<in>\d+) Wi:(?<wi>\d+) Ch:(?<ch>\d+)` +
    String.raw`(?:\s+(?<al>Lawful|Neutral|Chaotic))?(?:\s+S:(?<score>\d+))?\s*$`,
);
const HEALTH = /(?:^|\s)HP:-?\d+\(\d+\)/;

/** Find the status lines in pasted text: the line with St:/Dx: and/or the line(s) with HP:n(n). */
export function findStatusLines(lines: readonly Line[]): { line1: Line | null; rest: Line[] } | null {
  const i2 = lines.findIndex((l) => HEALTH.test(l.clean) && /(?:^|\s)Pw:\d+\(\d+\)/.test(l.clean));
  if (i2 < 0) return null;
  const before = i2 > 0 ? lines[i2 - 1]! : null;
  const line1 = before && LINE1.test(before.clean.trim()) ? before : null;
  const rest = [lines[i2]!];
  // 5.0 statuslines:3 puts Dlvl, T: and the conditions on a third line.
  const next = lines[i2 + 1];
  if (next && /^\s*(Dlvl|Dl|Tutorial|Home)[: ]\d+/.test(next.clean) && !HEALTH.test(next.clean)) rest.push(next);
  return { line1, rest };
}

function strengthValue(st: string): number {
  if (st === '18/**') return 118;
  const m = /^18\/(\d\d)$/.exec(st);
  if (m) return 18 + Number(m[1]);
  const n = Number(st);
  return n > 18 ? 100 + n : n;
}

function field<T>(value: T, l: Line, citation: ReadField<T>['citation']): ReadField<T> {
  return { value, from: span(l), citation };
}

/**
 * Read NetHack status lines. `version` only picks citations; the layout is decided from the
 * tokens (see StatusLinesRead.layout).
 */
export function readStatusLines(
  line1: Line | null,
  rest: readonly Line[],
  version: NethackVersion = DEFAULT_NETHACK_VERSION,
): StatusLinesRead {
  const notes: string[] = [];
  const unread: SourceSpan[] = [];
  const evidence50: string[] = [];
  const evidenceOld: string[] = [];
  const not343: string[] = [];
  const f: Partial<NethackStatusFields> & { conditions: ReadField<NethackCondition>[] } = { conditions: [] };

  if (line1) readLine1(line1, version, f, evidence50, notes);

  for (const l of rest) readLine2(l, version, f, { evidence50, evidenceOld, not343, unread, notes });

  const rank = f.title ? rankOf(f.title.value) : null;
  const lvl = f.level?.value;
  if (rank && lvl && lvl.kind !== 'HD' && (lvl.level < rank.xlRange[0] || lvl.level > rank.xlRange[1])) {
    notes.push(
      `The rank "${f.title!.value}" belongs to XL ${rank.xlRange[0]}-${rank.xlRange[1]}, but the level shown is ` +
        `${lvl.level}; the level is used.`,
    );
  }
  const l2 = rest[0]!;
  if (!f.hunger) {
    f.hunger = field<BottomLineHunger>(
      'Not Hungry',
      l2,
      nhSource(version, 'hunger', 'no hunger word: u.uhs == NOT_HUNGRY (hu_stat[1] is blank)'),
    );
  }
  if (!f.encumbrance)
    f.encumbrance = field<Encumbrance>(
      'Unencumbered',
      l2,
      nhSource(version, 'encumbrance', 'no encumbrance word: near_capacity() == UNENCUMBERED'),
    );
  if (f.level?.value.kind === 'Exp') evidenceOld.push('"Exp:" (3.4.3/3.6 without showexp; 5.0 prints "Xp:")');

  let layout: StatusLinesRead['layout'] = 'either';
  if (evidence50.length && evidenceOld.length) {
    throw malformed(
      `These status lines mix the 3.4.3/3.6 layout (${evidenceOld.join(', ')}) and the 5.0 layout ` +
        `(${evidence50.join(', ')}).`,
      'Paste the two lines from one game.',
    );
  }
  if (evidence50.length) layout = '5.0';
  else if (evidenceOld.length) layout = '3.4.3/3.6';
  return {
    fields: f as NethackStatusFields,
    layout,
    layoutEvidence: layout === '5.0' ? evidence50 : layout === '3.4.3/3.6' ? evidenceOld : [],
    not343Evidence: not343,
    used: [...(line1 ? [line1] : []), ...rest],
    unread,
    notes,
  };
}

function readLine1(
  l: Line,
  version: NethackVersion,
  f: Partial<NethackStatusFields>,
  evidence50: string[],
  notes: string[],
) {
  const m = LINE1.exec(l.clean.trim())!;
  const g = m.groups!;
  const line1Cite = nhSource(
    version,
    'statusLine1',
    'name (at most 10 characters in botl.c), rank title, attributes, alignment',
  );
  f.name = field(g.name!, l, line1Cite);
  f.title = field(g.title!, l, line1Cite);
  const rank = rankOf(g.title!);
  if (rank) {
    f.role = field(
      rank.role,
      l,
      nhSource(version, 'rankTitle', `rank ${rank.rank}: XL ${rank.xlRange[0]}-${rank.xlRange[1]}`),
    );
  } else {
    const mon = MONSTERS.find((x) => x.name.toLowerCase() === g.title!.toLowerCase());
    if (mon)
      f.polymorphedInto = field(
        mon.name,
        l,
        nhSource(version, 'statusLine1', 'Upolyd: the monster name replaces the rank'),
      );
    else notes.push(`"${g.title}" is neither a rank title nor a monster name I know; the role is not set from it.`);
  }
  const st = g.st!;
  const attrs: NethackAttributes = {
    str: st,
    strValue: strengthValue(st),
    dex: +g.dx!,
    con: +g.co!,
    int: +g.in!,
    wis: +g.wi!,
    cha: +g.ch!,
  };
  f.attributes = field(attrs, l, nhSource(version, 'attributes', 'St:%s Dx:%-1d Co:%-1d In:%-1d Wi:%-1d Ch:%-1d'));
  if (g.al) f.alignment = field(g.al.toLowerCase() as Alignment, l, nhSource(version, 'alignment'));
  else evidence50.push('no alignment on line 1 (5.0 statuslines:3 moves it to line 2)');
  if (g.score) f.score = field(Number(g.score), l, nhSource(version, 'statusLine1', 'SCORE_ON_BOTL'));
}

interface Sink {
  evidence50: string[];
  evidenceOld: string[];
  not343: string[];
  unread: SourceSpan[];
  notes: string[];
}

type Matcher = { re: RegExp; take: (m: RegExpExecArray, l: Line) => void };

function readLine2(
  l: Line,
  version: NethackVersion,
  f: Partial<NethackStatusFields> & { conditions: ReadField<NethackCondition>[] },
  sink: Sink,
) {
  const matchers: Matcher[] = [
    {
      re: /^(Dlvl|Dl|Tutorial):(-?\d+)/,
      take: (m) => {
        const kind = m[1] === 'Tutorial' ? 'tutorial' : 'dlvl';
        if (kind === 'tutorial') sink.evidence50.push('"Tutorial:" (5.0 describe_level())');
        f.dungeonLevel = field<DungeonLevel>({ kind, depth: Number(m[2]), text: m[0] }, l, nhSource(version, 'dlvl'));
      },
    },
    {
      re: /^Home (\d+)/,
      take: (m) =>
        (f.dungeonLevel = field<DungeonLevel>(
          { kind: 'home', depth: Number(m[1]), text: m[0] },
          l,
          nhSource(version, 'dlvl', 'quest: Home n'),
        )),
    },
    ...PLACE_NAMES.map(
      (p): Matcher => ({
        re: p.re,
        take: (m) => {
          if (m[1] === 'Astral Plane' || m[1] === 'End Game')
            sink.evidenceOld.push(`"${m[1]}" (3.4.3 describe_level())`);
          f.dungeonLevel = field<DungeonLevel>({ kind: p.kind, depth: null, text: m[0] }, l, nhSource(version, 'dlvl'));
        },
      }),
    ),
    {
      re: /^HP:(-?\d+)\((\d+)\)/,
      take: (m) => (f.hp = field({ current: +m[1]!, max: +m[2]! }, l, nhSource(version, 'health'))),
    },
    {
      re: /^Pw:(-?\d+)\((\d+)\)/,
      take: (m) => (f.pw = field({ current: +m[1]!, max: +m[2]! }, l, nhSource(version, 'health'))),
    },
    { re: /^AC:(-?\d+)/, take: (m) => (f.ac = field(+m[1]!, l, nhSource(version, 'health'))) },
    {
      re: /^Xp:(\d+)(?:\/(-?\d+))?/,
      take: (m) =>
        (f.level = field(
          { kind: 'Xp' as const, level: +m[1]!, exp: m[2] === undefined ? null : +m[2] },
          l,
          nhSource(version, 'experience'),
        )),
    },
    {
      re: /^Exp:(\d+)/,
      take: (m) =>
        (f.level = field({ kind: 'Exp' as const, level: +m[1]!, exp: null }, l, nhSource(version, 'experience'))),
    },
    {
      re: /^HD:(\d+)/,
      take: (m) =>
        (f.level = field(
          { kind: 'HD' as const, level: +m[1]!, exp: null },
          l,
          nhSource(version, 'experience', "polymorphed: the form's level"),
        )),
    },
    { re: /^T:(\d+)/, take: (m) => (f.turn = field(+m[1]!, l, nhSource(version, 'time', 'moves'))) },
    { re: /^S:(\d+)/, take: (m) => (f.score = field(+m[1]!, l, nhSource(version, 'statusLine1', 'SCORE_ON_BOTL'))) },
    {
      re: /^(Lawful|Neutral|Chaotic)(?=\s|$)/,
      take: (m) => {
        sink.evidence50.push(`"${m[1]}" on the health line (5.0 statuslines:3)`);
        f.alignment = field(m[1]!.toLowerCase() as Alignment, l, nhSource(version, 'alignment'));
      },
    },
    // Gold: the gold glyph (normally '$') then ':n'; the dumplog always prints "$".
    {
      re: /^([^\sA-Za-z0-9(]):(\d+)/,
      take: (m) => (f.gold = field(+m[2]!, l, nhSource(version, 'gold', `"${m[1]}:" is the gold symbol`))),
    },
    {
      re: /^(?:[Nn]et[Hh]ack[\w.-]* )?(\d+\.\d+\.\d+)(?=\s|$)/,
      take: (m) => {
        sink.evidence50.push(`version field "${m[0]}" (5.0 status_version())`);
        f.versionText = field(m[0], l, nhSource('5.0', 'statusVersion'));
      },
    },
    { re: /^([A-Za-z][\w-]*)(?=\s|$)/, take: (m) => readWord(m[1]!, l, version, f, sink) },
  ];
  let rest = l.clean.trim();
  while (rest.length) {
    let hit = false;
    for (const mt of matchers) {
      const m = mt.re.exec(rest);
      if (m) {
        mt.take(m, l);
        rest = rest.slice(m[0].length).trimStart();
        hit = true;
        break;
      }
    }
    if (!hit) {
      const tok = /^\S+/.exec(rest)![0];
      sink.unread.push({ line: l.line, text: tok });
      rest = rest.slice(tok.length).trimStart();
    }
  }
}

function readWord(
  word: string,
  l: Line,
  version: NethackVersion,
  f: Partial<NethackStatusFields> & { conditions: ReadField<NethackCondition>[] },
  sink: Sink,
) {
  const hunger = HUNGER_WORDS[word];
  if (hunger) {
    f.hunger = field(hunger, l, nhSource(version, 'hunger', `hu_stat[] "${word}"`));
    return;
  }
  const enc = ENCUMBRANCE_WORDS[word];
  if (enc) {
    const short = enc !== word;
    f.encumbrance = field(
      enc,
      l,
      nhSource(version, short ? 'encShrink' : 'encumbrance', short ? `tty shortened "${enc}" to "${word}"` : undefined),
    );
    if (short) sink.not343.push(`"${word}" (tty status shortening, 3.6+)`);
    return;
  }
  const cond = WORD_TO_CONDITION.get(word);
  if (cond) {
    if (f.conditions.some((c) => c.value === cond)) return;
    const short = CONDITION_WORDS[cond][0] !== word;
    const only50 = !CONDITIONS_367.has(cond);
    if (only50) sink.evidence50.push(`"${word}" (${cond}: a 5.0 condition)`);
    else if (!WORDS_343.has(word)) sink.not343.push(`"${word}" (${cond}, not printed by 3.4.3)`);
    const key = only50 ? 'conditionTable' : short ? 'conditionTable' : 'conditions';
    f.conditions.push(
      field(
        cond,
        l,
        nhSource(only50 ? '5.0' : version, key, short ? `tty shortened "${cond}" to "${word}"` : undefined),
      ),
    );
    return;
  }
  sink.unread.push({ line: l.line, text: word });
}

/** The layout a set of tokens allows, checked against the version the user named. */
export function checkVersion(
  read: StatusLinesRead,
  hint: NethackVersion | undefined,
): { version: NethackVersion; from: 'hint' | 'layout' | 'default' } {
  if (hint) {
    if (read.layout === '5.0' && hint !== '5.0') {
      throw malformed(
        `These lines are in the 5.0 layout (${read.layoutEvidence.join(', ')}), not ${hint}'s.`,
        'Pick version 5.0, or paste lines from your game.',
      );
    }
    if (read.layout === '3.4.3/3.6' && hint === '5.0') {
      throw malformed(
        `These lines are in the 3.4.3/3.6 layout (${read.layoutEvidence.join(', ')}), not 5.0's.`,
        'Pick version 3.6.7 or 3.4.3.',
      );
    }
    if (hint === '3.4.3' && read.not343Evidence.length) {
      throw malformed(`NetHack 3.4.3 never prints ${read.not343Evidence.join(', ')}.`, 'Pick version 3.6.7 or 5.0.');
    }
    return { version: hint, from: 'hint' };
  }
  if (read.layout === '5.0') return { version: '5.0', from: 'layout' };
  if (read.layout === '3.4.3/3.6') return { version: '3.6.7', from: 'layout' };
  return { version: DEFAULT_NETHACK_VERSION, from: 'default' };
}
