import { readFileSync, readlinkSync } from 'node:fs';

/** The kernel's id of the calling thread (Linux), for `threadCpuMs`; undefined where the system does not say. */
export function kernelThreadId(): number | undefined {
  try {
    const task = /\/task\/(\d+)$/.exec(readlinkSync('/proc/thread-self'));
    return task ? Number(task[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The processor time a thread of this process has used so far, in milliseconds (Linux: its user
 * and system time, counted in ticks of 10 ms); undefined where the system does not say.
 */
export function threadCpuMs(thread: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/self/task/${thread}/stat`, 'utf8');
    // The fields after the thread's name (which may hold spaces) start at its state, the 3rd: utime is the 14th, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}
