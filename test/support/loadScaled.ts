import { availableParallelism, loadavg } from 'node:os';

/**
 * A test's time limit stretched by how busy the machine is (up to ten times, at a load of ten
 * runnable threads per core). A limit only bounds a wait for a state, which ends as soon as the
 * state is there: on a busy machine the same state takes longer to come.
 */
export function loadScaled(ms: number): number {
  return Math.round(ms * Math.min(10, Math.max(1, loadavg()[0] / availableParallelism())));
}
