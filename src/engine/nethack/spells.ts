// Spell levels (oc_level of the SPELL() entries): 3.4.3 and 3.6.7 src/objects.c, 5.0
// include/objects.h. Casting hunger depends only on the level (src/spell.c spelleffects()).
import type { NethackVersion } from '../cite.ts';

const LEVELS_367: Record<string, number> = {
  dig: 5,
  'magic missile': 2,
  fireball: 4,
  'cone of cold': 4,
  sleep: 1,
  'finger of death': 7,
  light: 1,
  'detect monsters': 1,
  healing: 1,
  knock: 1,
  'force bolt': 1,
  'confuse monster': 2,
  'cure blindness': 2,
  'drain life': 2,
  'slow monster': 2,
  'wizard lock': 2,
  'create monster': 2,
  'detect food': 2,
  'cause fear': 3,
  clairvoyance: 3,
  'cure sickness': 3,
  'charm monster': 3,
  'haste self': 3,
  'detect unseen': 3,
  levitation: 4,
  'extra healing': 3,
  'restore ability': 4,
  invisibility: 4,
  'detect treasure': 4,
  'remove curse': 3,
  'magic mapping': 5,
  identify: 3,
  'turn undead': 6,
  polymorph: 6,
  'teleport away': 6,
  'create familiar': 6,
  cancellation: 7,
  protection: 1,
  jumping: 1,
  'stone to flesh': 3,
  'flame sphere': 1,
  'freeze sphere': 1,
};
/** 5.0: sleep 1 -> 3, confuse monster 2 -> 1, charm monster 3 -> 5, new chain lightning (2). */
const CHANGES_50: Record<string, number> = { sleep: 3, 'confuse monster': 1, 'charm monster': 5, 'chain lightning': 2 };

export function spellLevels(version: NethackVersion): Record<string, number> {
  return version === '5.0' ? { ...LEVELS_367, ...CHANGES_50 } : { ...LEVELS_367 };
}

export function spellNames(): string[] {
  return [...new Set([...Object.keys(LEVELS_367), ...Object.keys(CHANGES_50)])].sort();
}
