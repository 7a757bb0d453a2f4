// The intrinsics and statuses a stored hero can have that change NetHack hunger
// (src/eat.c gethungry(), choke()): shared by the hero records and the import parsers.
/** Intrinsics and statuses that change NetHack hunger (src/eat.c gethungry(), choke()). */
export const NETHACK_INTRINSICS = [
  'regeneration',
  'hunger',
  'conflict',
  'slow digestion',
  'breathless',
  'inediate form',
  'unaware',
] as const;
export type NethackIntrinsic = (typeof NETHACK_INTRINSICS)[number];
