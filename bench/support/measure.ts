// What the benchmarks share: percentiles, a seeded generator (runs repeat), a process's memory.
import { readFileSync } from 'node:fs';

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Deterministic pseudo-random numbers in [0, 1), so every run makes the same choices. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

/** A process's resident memory now and at its peak, in MB (Linux). */
export function processMemoryMb(pid: number): { current: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]);
  return { current: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** The CPU time a process has used so far (user and system), in ms (Linux; 10 ms steps). */
export function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime, the 14th and 15th fields of the line, in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Waits until a process is idle: at most `busyMs` of CPU in each half second (two 10 ms steps),
 * for at most `limitMs`. A language server reads ahead after its first check (every page's
 * frontmatter, once); typing timed before it is done pays for that too.
 */
export async function processIdle(pid: number, limitMs = 60_000, busyMs = 20): Promise<void> {
  const until = performance.now() + limitMs;
  let last = processCpuMs(pid);
  while (performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = processCpuMs(pid);
    if (now - last <= busyMs) return;
    last = now;
  }
}
