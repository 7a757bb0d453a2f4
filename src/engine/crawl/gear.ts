// A character's hunger equipment written as players say it ("2 rings of sustenance, troll
// leather armour, +1 Hunger artefact"), read through the one name resolver. The pieces that change
// the hunger rate (player.cc player_hunger_rate()): rings of sustenance, hunger and regeneration,
// troll leather armour (or a troll hide), artefacts with +/-Hunger (ARTP_METABOLISM); and the
// amulet of the gourmand, which changes what chunks give (food.cc), not the rate.
import { UserError } from '../../errors.ts';
import { resolveName, type Named } from '../../names.ts';
import type { CrawlHeroInput } from './hero.ts';

export type CrawlGearPiece = 'sustenance' | 'hunger' | 'regeneration' | 'gourmand' | 'trollLeather';

export interface CrawlGear {
  sustenanceRings: number;
  hungerRings: number;
  regenerationRings: number;
  trollLeather: boolean;
  /** Sum of ARTP_METABOLISM (+Hunger / -Hunger) on worn artefacts. */
  artefactMetabolism: number;
  /** Wearing an amulet of the gourmand. */
  gourmand: boolean;
}

export const NO_GEAR: CrawlGear = {
  sustenanceRings: 0,
  hungerRings: 0,
  regenerationRings: 0,
  trollLeather: false,
  artefactMetabolism: 0,
  gourmand: false,
};

interface GearName extends Named {
  piece: CrawlGearPiece;
}

export const GEAR_NAMES: readonly GearName[] = [
  { name: 'ring of sustenance', aliases: ['sustenance', 'sustenance ring'], piece: 'sustenance' },
  { name: 'ring of hunger', aliases: ['hunger ring'], piece: 'hunger' },
  { name: 'ring of regeneration', aliases: ['regeneration', 'regeneration ring'], piece: 'regeneration' },
  { name: 'amulet of the gourmand', aliases: ['gourmand', 'amulet of gourmand'], piece: 'gourmand' },
  {
    name: 'troll leather armour',
    aliases: ['troll leather armor', 'troll leather', 'troll hide'],
    piece: 'trollLeather',
  },
];

/** "+2 Hunger artefact", "artefact -1", "+Hunger", "-Hun": an artefact's ±Hunger (not a ring of hunger). */
function artefactValue(part: string): number | null {
  const t = part.trim().toLowerCase();
  if (!/\b(hunger|hun|artefact|artifact|randart)\b/.test(t) || /\bring/.test(t)) return null;
  const m = /([+-])\s*(\d*)/.exec(t);
  if (!m) return null;
  const n = m[2] ? Number(m[2]) : 1;
  return m[1] === '-' ? -n : n;
}

/** "2 rings of sustenance" -> { count: 2, name: "ring of sustenance" }. */
function countOf(part: string): { count: number; name: string } {
  const m = /^(\d+)\s*x?\s+(.*)$/i.exec(part.trim());
  const name = (m ? m[2]! : part)
    .trim()
    .replace(/^(an? |the )/i, '')
    .replace(/^rings\b/i, 'ring');
  return { count: m ? Number(m[1]) : 1, name };
}

/** The pieces of a gear text, comma or "and" separated; an empty text is no gear. */
export function parseGear(text: string | undefined): CrawlGear {
  const gear: CrawlGear = { ...NO_GEAR };
  for (const raw of (text ?? '').split(/,|;|\band\b/i)) {
    const part = raw.trim();
    if (!part || /^none$/i.test(part)) continue;
    const artefact = artefactValue(part);
    if (artefact !== null) {
      gear.artefactMetabolism += artefact;
      continue;
    }
    const { count, name } = countOf(part);
    const hit = resolveName(name, GEAR_NAMES, 'piece of hunger equipment', {
      code: 'unknown_gear',
      hint:
        'Crawl hunger equipment: rings of sustenance, hunger and regeneration, amulet of the gourmand, ' +
        'troll leather armour, "+1 Hunger artefact".',
    });
    addPiece(gear, hit.piece, count);
  }
  return gear;
}

function addPiece(gear: CrawlGear, piece: CrawlGearPiece, count: number): void {
  if (piece === 'sustenance') gear.sustenanceRings += count;
  else if (piece === 'hunger') gear.hungerRings += count;
  else if (piece === 'regeneration') gear.regenerationRings += count;
  else if (count > 1) {
    throw new UserError(`One ${piece === 'gourmand' ? 'amulet' : 'body armour'} at a time.`, undefined, 'bad_gear');
  } else if (piece === 'gourmand') gear.gourmand = true;
  else gear.trollLeather = true;
}

/** The gear as the rate engine reads it (only what the user has). */
export function gearInput(g: CrawlGear): Partial<CrawlHeroInput> {
  const out: Partial<CrawlHeroInput> = {};
  if (g.sustenanceRings) out.sustenanceRings = g.sustenanceRings;
  if (g.hungerRings) out.hungerRings = g.hungerRings;
  if (g.regenerationRings) out.regenerationRings = g.regenerationRings;
  if (g.trollLeather) out.trollLeather = true;
  if (g.artefactMetabolism) out.artefactMetabolism = g.artefactMetabolism;
  return out;
}

/** "2 rings of sustenance, troll leather armour, +1 Hunger artefact" (empty: ""). */
export function gearText(g: CrawlGear): string {
  const rings = (n: number, what: string) => (n ? [`${n === 1 ? 'ring' : `${n} rings`} of ${what}`] : []);
  return [
    ...rings(g.sustenanceRings, 'sustenance'),
    ...rings(g.hungerRings, 'hunger'),
    ...rings(g.regenerationRings, 'regeneration'),
    ...(g.gourmand ? ['amulet of the gourmand'] : []),
    ...(g.trollLeather ? ['troll leather armour'] : []),
    ...(g.artefactMetabolism ? [`${g.artefactMetabolism > 0 ? '+' : ''}${g.artefactMetabolism} Hunger artefacts`] : []),
  ].join(', ');
}
