// Import a NetHack hero from its status lines ("bottom line"): what they show, the hunger band
// and the nutrition chosen for it, and everything else the lines cannot show.
import { uniqueCitations, type Citation, type NethackVersion } from '../engine/cite.ts';
import { MONSTERS } from '../engine/nethack/data.ts';
import { nethackHungerAssumption, splitLines, unrecognized, malformed } from './common.ts';
import { checkVersion, findStatusLines, readStatusLines, type StatusLinesRead } from './nethackStatus.ts';
import { nhSource } from './sources.ts';
import type { Assumption, NethackBottomLineImport, NethackHeroDraft, NethackStatusFields } from './types.ts';

export interface NethackImportOptions {
  /** The version the user says the text is from; checked against the layout. */
  version?: NethackVersion;
}

/** Con the hero records default to (src/heroes/schema.ts) when the text does not show it. */
export const DEFAULT_CON = 18;

export function importNethackBottomLine(text: string, opts: NethackImportOptions = {}): NethackBottomLineImport {
  const lines = splitLines(text);
  const found = findStatusLines(lines);
  if (!found) throw unrecognized('no NetHack status line (`HP:n(n) Pw:n(n)`) found.');
  const probe = readStatusLines(found.line1, found.rest);
  const { version, from } = checkVersion(probe, opts.version);
  const read = readStatusLines(found.line1, found.rest, version);
  validate(read.fields);

  const assumptions: Assumption[] = [];
  const notes = [...read.notes];
  const draft = draftFromStatus(read.fields, version, assumptions, notes);
  if (from === 'default') {
    assumptions.unshift({
      field: 'version',
      value: version,
      reason: 'Nothing on these lines is printed by only one layout; the default version 3.6.7 is used.',
      citations: [nhSource(version, 'statusLine2')],
    });
  } else if (from === 'layout') {
    assumptions.unshift({
      field: 'version',
      value: version,
      reason:
        version === '5.0'
          ? `The 5.0 layout (${read.layoutEvidence.join(', ')}).`
          : `The 3.4.3/3.6 layout (${read.layoutEvidence.join(', ')}); 3.6.7 is used unless you say 3.4.3.`,
      citations: [nhSource(version, 'statusLine2')],
    });
  }
  const hunger = nethackHungerAssumption(version, read.fields.hunger.value, draft.con);
  draft.nutrition = hunger.assumed;
  draft.alive = read.fields.hunger.value !== 'Starved';
  assumptions.push({ field: 'nutrition', value: hunger.assumed, reason: hunger.reason, citations: hunger.citations });

  const usedLines = new Set(read.used.map((l) => l.line));
  const unread = [
    ...read.unread,
    ...lines.filter((l) => l.clean.trim() && !usedLines.has(l.line)).map((l) => ({ line: l.line, text: l.text })),
  ];
  return {
    game: 'nethack',
    kind: 'nethack-bottom-line',
    version,
    versionFrom: from,
    layout: read.layout,
    layoutEvidence: read.layoutEvidence,
    fields: read.fields,
    hunger,
    hero: draft,
    assumptions,
    unread,
    notes,
    citations: uniqueCitations(collectCitations(read, hunger.citations)),
  };
}

function validate(f: NethackStatusFields) {
  if (f.turn && f.turn.value < 1)
    throw malformed(`T:${f.turn.value} is not a turn the game prints (moves starts at 1).`);
  if (f.attributes) {
    const a = f.attributes.value;
    for (const [k, v] of Object.entries({ Dx: a.dex, Co: a.con, In: a.int, Wi: a.wis, Ch: a.cha })) {
      if (v < 3 || v > 25)
        throw malformed(`${k}:${v} is outside 3 to 25, which no attribute can be (attrib.c ATTRMIN/ATTRMAX).`);
    }
  }
}

/** The draft hero the status lines describe, with an assumption for each gap. */
export function draftFromStatus(
  f: NethackStatusFields,
  version: NethackVersion,
  assumptions: Assumption[],
  noteList: string[],
): NethackHeroDraft {
  const con = f.attributes?.value.con;
  if (con === undefined) {
    assumptions.push({
      field: 'con',
      value: DEFAULT_CON,
      reason:
        `No first status line (St:/Co:), so Con is not shown; ${DEFAULT_CON} is used. It only sets the ` +
        `starvation limit -(100 + 10 x Con) (3.4.3: -(200 + 20 x Con)).`,
      citations: [nhSource(version, 'newuhs', 'starvation limit')],
    });
  }
  let turn = f.turn?.value;
  if (turn === undefined) {
    turn = 1;
    assumptions.push({
      field: 'turn',
      value: 1,
      reason:
        'No T: field (the `time` option is off); turn 1 is used. The ring and amulet charges fall on fixed ' +
        'turns (moves % 20), so set the turn for an exact forecast.',
      citations: [nhSource(version, 'time', 'only with flags.time')],
    });
  }
  assumptions.push(
    {
      field: 'race',
      value: 'human',
      reason: 'Status lines do not show race; human is used (race changes only lembas and cram nutrition).',
      citations: [nhSource(version, 'statusLine1')],
    },
    {
      field: 'leftRing, rightRing, amulet, intrinsics',
      value: null,
      reason:
        'Status lines do not show rings, amulet or intrinsics; none are assumed. Add them before forecasting ' +
        '(they change the burn).',
      citations: [nhSource(version, 'statusLine2')],
    },
  );
  const intrinsics: NethackHeroDraft['intrinsics'] = [];
  const form = f.polymorphedInto?.value;
  if (form) {
    const mon = MONSTERS.find((m) => m.name.toLowerCase() === form.toLowerCase());
    if (mon?.inediate) {
      intrinsics.push('inediate form');
      noteList.push(
        `Polymorphed into a ${mon.name}, which is neither carnivore, herbivore nor metallivore: no base burn ` +
          `(eat.c gethungry()).`,
      );
    } else noteList.push(`Polymorphed into a ${form}; the form ends, so it is not stored as an intrinsic.`);
  }
  if (f.conditions.some((c) => c.value === 'Strngl'))
    noteList.push('Strangled: no meals can be eaten (doeat()), and choking cannot be survived by the 1-in-20 roll.');
  const level = f.level?.value;
  return {
    game: 'nethack',
    version,
    name: f.name?.value ?? null,
    role: f.role?.value ?? null,
    race: 'human',
    gender: null,
    alignment: f.alignment?.value ?? null,
    con: con ?? DEFAULT_CON,
    int: f.attributes?.value.int ?? null,
    xl: level && level.kind !== 'HD' ? level.level : null,
    nutrition: 0,
    turn,
    leftRing: null,
    rightRing: null,
    amulet: null,
    yendor: false,
    intrinsics,
    encumbrance: f.encumbrance.value,
    conducts: null,
    alive: true,
  };
}

function collectCitations(read: StatusLinesRead, extra: Citation[]): Citation[] {
  const f = read.fields;
  const list: Citation[] = [];
  for (const v of Object.values(f)) {
    if (Array.isArray(v)) list.push(...v.map((x) => x.citation));
    else if (v && typeof v === 'object' && 'citation' in v) list.push(v.citation);
  }
  return [...list, ...extra];
}
