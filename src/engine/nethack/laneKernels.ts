// The lane walk's hot loops: the pair walk's kernels (pairKernels.ts) for a single walk, a row being
// plain f64 cells (8 bytes a cell) and a vector covering two adjacent cells instead of a cell's two
// lanes. Same names and parameters as the pair kernels, so pairWalk.ts runs either set; each result
// the pair kernels write by lane (dead mass, sums, maxima) is written to both halves of its slot.
// Every value comes from the same IEEE operations in the same order as lane a of the pair kernels
// when both lanes hold the same walk (sums along cells stay one chain in the same cell order), so
// the lane walk gives that walk to the last bit (test/engine/nethack/lane-walk.test.ts), with about
// half the vector operations. The awake row's calls are in laneAwakeKernels.ts, the helpless
// heroes' in laneHelplessKernels.ts; a whole iteration and a chunk of them are the pair walk's own
// (pairKernels.ts iterationDrivers(): they address no cell).
import { iterationDrivers, type PairKernels } from './pairKernels.ts';
import { AWAKE_FUNCTIONS } from './laneAwakeKernels.ts';
import { HELPLESS_FUNCTIONS } from './laneHelplessKernels.ts';
import { kernelMemories } from './wasmText.ts';

const instantiate = kernelMemories<PairKernels>([...AWAKE_FUNCTIONS, ...HELPLESS_FUNCTIONS, ...iterationDrivers()]);

/** A memory of the lane kernels' own and the kernels on it (never grown: see wasmText.ts kernelMemories()). */
export class LaneKernelMemory {
  readonly buffer: ArrayBuffer;
  readonly kernels: PairKernels;
  constructor(bytes: number) {
    ({ buffer: this.buffer, kernels: this.kernels } = instantiate(bytes));
  }
}
