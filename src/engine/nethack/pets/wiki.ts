// Where the pet-food page players know (NetHackWiki "Dog food", written for 3.4.3)
// says otherwise than the code, for one dogfood() question. Each note names the
// code that decides; the checks follow the seed disagreements listed in the spec.
import type { MonsterEntry } from '../data.ts';
import { nethackCite, type Citation, type NethackVersion } from '../../cite.ts';
import { dogfoodLine, effectiveCorpseAge, type DogFoodResult } from './dogfood.ts';
import type { PetItem } from './items.ts';

export interface WikiNote {
  id: string;
  text: string;
  citation: Citation;
}

export function wikiDiffers(
  r: DogFoodResult,
  ctx: { pet: MonsterEntry; item: PetItem; version: NethackVersion },
): WikiNote[] {
  const v = ctx.version;
  const { pet, item } = ctx;
  const out: WikiNote[] = [];
  const dog = (key: string, note: string) =>
    nethackCite('src/dog.c', 'dogfood()', { version: v, line: dogfoodLine(v, key), note });
  const ids = new Set(r.outcomes.map((o) => o.branch.id));

  if (item.artifact && !item.invocationItem && !ids.has('quest-artifact'))
    out.push({
      id: 'artifact-odds',
      text: 'The wiki says other artifacts count as apportable or taboo 5% of the time; the code makes it 95% (obj_resists(obj, 0, 95)).',
      citation: nethackCite('src/zap.c', 'obj_resists()', {
        version: v,
        line: v === '3.6.7' ? 1180 : v === '3.4.3' ? 983 : undefined,
        note: '95% for artifacts',
      }),
    });
  if (item.otyp === 'CORPSE' && ids.has('obj-resists') && r.outcomes.some((o) => o.branch.rule.includes('always')))
    out.push({
      id: 'rider-corpse',
      text: `The wiki says Rider corpses are taboo; obj_resists() catches them first, so it is ${r.inputs.cursed ? 'taboo only because it is cursed' : 'apportable unless cursed'}.`,
      citation: dog('artifact', 'obj_resists() before the Rider test'),
    });
  if (ids.has('petrifying') && v !== '3.4.3')
    out.push({
      id: 'petrifying-poison',
      text: 'The wiki says petrifying corpses are taboo; since 3.6.0 they are POISON.',
      citation: dog('petrify', 'POISON for a pet without stoning resistance'),
    });
  if (pet.ghoul && v !== '3.4.3' && item.oclass === 'FOOD_CLASS')
    out.push({
      id: 'ghoul',
      text: 'The wiki says ghouls treat corpses over 50 turns old and find the rest taboo; the code counts 50 turns, excludes lizard and lichen, makes fresh corpses and eggs POISON (ACCFOOD when starving) and stale eggs CADAVER.',
      citation: dog('ghoulCorpse', 'ghoul rules'),
    });
  if (item.otyp === 'CORPSE' && (r.inputs.age ?? 0) > 0) {
    const eff = effectiveCorpseAge(r.inputs.age ?? 0, r.inputs.onIce);
    if (eff === 50 || (item.corpsenm === 'PM_LICHEN' && eff >= 50) || (pet.class === 'S_FUNGUS' && eff >= 50))
      out.push({
        id: 'old-corpse',
        text: 'The wiki says corpses more than 50 turns old are poison unless lizard or F; the code counts 50 turns exactly, and exempts lizard and lichen corpses and F eaters.',
        citation: dog('corpseBad', 'age + 50 <= monstermoves'),
      });
  }
  if (item.otyp === 'BANANA' && pet.class === 'S_YETI' && !pet.herbivore && v !== '3.4.3')
    out.push({
      id: 'banana-yeti',
      text: 'The wiki says bananas are treats for any Y; the code needs a herbivorous Y (monkey, ape, sasquatch).',
      citation: dog('banana', 'S_YETI && herbi'),
    });
  for (const [id, what] of [
    ['green-slime', 'green slime corpses'],
    ['green-slime-starving', 'green slime corpses'],
    ['cannibalism', 'same-race corpses'],
    ['cannibal-starving', 'same-race corpses'],
    ['carrot-blind', 'carrots for a blinded pet'],
  ] as const)
    if (ids.has(id))
      out.push({
        id: `omitted-${id}`,
        text: `The wiki leaves out the rule for ${what}.`,
        citation: dog(id.startsWith('green') ? 'slime' : id.startsWith('carrot') ? 'carrot' : 'cannibal', what),
      });
  if (r.category === 'ACCFOOD' && r.inputs.petState === 'hungry')
    out.push({
      id: 'hungry-accfood',
      text: 'The wiki says only starving pets eat acceptable food; a merely hungry pet eats it when it steps onto it and catches it when thrown.',
      citation: nethackCite('src/dogmove.c', 'dog_move()', {
        version: v,
        line: v === '3.6.7' ? 1082 : v === '3.4.3' ? 675 : 1221,
        note: 'ACCFOOD when hungrytime <= monstermoves',
      }),
    });
  if (item.otyp === 'EGG' || item.otyp === 'CREAM_PIE')
    out.push({
      id: 'egg-throw',
      text: 'The wiki says a thrown egg or cream pie is never treated as food; it only hits when Dex > rnd(25), otherwise it is offered like other food.',
      citation: nethackCite('src/dothrow.c', 'thitmonst()', {
        version: v,
        line: v === '3.6.7' ? 1758 : v === '3.4.3' ? 1370 : 2256,
        note: 'guaranteed_hit || ACURR(A_DEX) > rnd(25)',
      }),
    });
  return out;
}
