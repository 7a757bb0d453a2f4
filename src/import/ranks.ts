// Rank titles of each role (src/role.c roles[].rank, identical in 3.4.3, 3.6.7 and 5.0), used to
// recognise the role from the first status line (the game's own title_to_mon() does the same
// lookup). Each entry: [male title, female title or null], XL 1-2, 3-5, 6-9, ..., 30.
export const ROLE_RANKS: Record<string, readonly (readonly [string, string | null])[]> = {
  Archeologist: [
    ['Digger', null],
    ['Field Worker', null],
    ['Investigator', null],
    ['Exhumer', null],
    ['Excavator', null],
    ['Spelunker', null],
    ['Speleologist', null],
    ['Collector', null],
    ['Curator', null],
  ],
  Barbarian: [
    ['Plunderer', 'Plunderess'],
    ['Pillager', null],
    ['Bandit', null],
    ['Brigand', null],
    ['Raider', null],
    ['Reaver', null],
    ['Slayer', null],
    ['Chieftain', 'Chieftainess'],
    ['Conqueror', 'Conqueress'],
  ],
  Caveman: [
    ['Troglodyte', null],
    ['Aborigine', null],
    ['Wanderer', null],
    ['Vagrant', null],
    ['Wayfarer', null],
    ['Roamer', null],
    ['Nomad', null],
    ['Rover', null],
    ['Pioneer', null],
  ],
  Healer: [
    ['Rhizotomist', null],
    ['Empiric', null],
    ['Embalmer', null],
    ['Dresser', null],
    ['Medicus ossium', 'Medica ossium'],
    ['Herbalist', null],
    ['Magister', 'Magistra'],
    ['Physician', null],
    ['Chirurgeon', null],
  ],
  Knight: [
    ['Gallant', null],
    ['Esquire', null],
    ['Bachelor', null],
    ['Sergeant', null],
    ['Knight', null],
    ['Banneret', null],
    ['Chevalier', 'Chevaliere'],
    ['Seignieur', 'Dame'],
    ['Paladin', null],
  ],
  Monk: [
    ['Candidate', null],
    ['Novice', null],
    ['Initiate', null],
    ['Student of Stones', null],
    ['Student of Waters', null],
    ['Student of Metals', null],
    ['Student of Winds', null],
    ['Student of Fire', null],
    ['Master', null],
  ],
  Priest: [
    ['Aspirant', null],
    ['Acolyte', null],
    ['Adept', null],
    ['Priest', 'Priestess'],
    ['Curate', null],
    ['Canon', 'Canoness'],
    ['Lama', null],
    ['Patriarch', 'Matriarch'],
    ['High Priest', 'High Priestess'],
  ],
  Rogue: [
    ['Footpad', null],
    ['Cutpurse', null],
    ['Rogue', null],
    ['Pilferer', null],
    ['Robber', null],
    ['Burglar', null],
    ['Filcher', null],
    ['Magsman', 'Magswoman'],
    ['Thief', null],
  ],
  Ranger: [
    ['Tenderfoot', null],
    ['Lookout', null],
    ['Trailblazer', null],
    ['Reconnoiterer', 'Reconnoiteress'],
    ['Scout', null],
    ['Arbalester', null],
    ['Archer', null],
    ['Sharpshooter', null],
    ['Marksman', 'Markswoman'],
  ],
  Samurai: [
    ['Hatamoto', null],
    ['Ronin', null],
    ['Ninja', 'Kunoichi'],
    ['Joshu', null],
    ['Ryoshu', null],
    ['Kokushu', null],
    ['Daimyo', null],
    ['Kuge', null],
    ['Shogun', null],
  ],
  Tourist: [
    ['Rambler', null],
    ['Sightseer', null],
    ['Excursionist', null],
    ['Peregrinator', 'Peregrinatrix'],
    ['Traveler', null],
    ['Journeyer', null],
    ['Voyager', null],
    ['Explorer', null],
    ['Adventurer', null],
  ],
  Valkyrie: [
    ['Stripling', null],
    ['Skirmisher', null],
    ['Fighter', null],
    ['Man-at-arms', 'Woman-at-arms'],
    ['Warrior', null],
    ['Swashbuckler', null],
    ['Hero', 'Heroine'],
    ['Champion', null],
    ['Lord', 'Lady'],
  ],
  Wizard: [
    ['Evoker', null],
    ['Conjurer', null],
    ['Thaumaturge', null],
    ['Magician', null],
    ['Enchanter', 'Enchantress'],
    ['Sorcerer', 'Sorceress'],
    ['Necromancer', null],
    ['Wizard', null],
    ['Mage', null],
  ],
};

/** Role names as dump_everything() prints them (urole.name.m / .f). */
export const ROLE_NAMES: Record<string, string> = {
  Archeologist: 'Archeologist',
  Barbarian: 'Barbarian',
  Caveman: 'Caveman',
  Cavewoman: 'Caveman',
  Healer: 'Healer',
  Knight: 'Knight',
  Monk: 'Monk',
  Priest: 'Priest',
  Priestess: 'Priest',
  Rogue: 'Rogue',
  Ranger: 'Ranger',
  Samurai: 'Samurai',
  Tourist: 'Tourist',
  Valkyrie: 'Valkyrie',
  Wizard: 'Wizard',
};

export interface RankMatch {
  role: string;
  /** 0..8: XL 1-2, 3-5, 6-9, 10-13, 14-17, 18-21, 22-25, 26-29, 30 (botl.c xlev_to_rank()). */
  rank: number;
  female: boolean | null;
  xlRange: [number, number];
}

const XL_RANGES: [number, number][] = [
  [1, 2],
  [3, 5],
  [6, 9],
  [10, 13],
  [14, 17],
  [18, 21],
  [22, 25],
  [26, 29],
  [30, 30],
];

/** The role and XL range a rank title means, or null when it is no rank (e.g. a monster name). */
export function rankOf(title: string): RankMatch | null {
  const t = title.trim().toLowerCase();
  for (const [role, ranks] of Object.entries(ROLE_RANKS)) {
    for (let i = 0; i < ranks.length; i++) {
      const [m, f] = ranks[i]!;
      if (m.toLowerCase() === t) return { role, rank: i, female: f ? false : null, xlRange: XL_RANGES[i]! };
      if (f && f.toLowerCase() === t) return { role, rank: i, female: true, xlRange: XL_RANGES[i]! };
    }
  }
  return null;
}
