import { setTimeout as sleep } from 'node:timers/promises';

/** Polls `check` every 10 ms until it gives a value (not undefined or false); fails after the timeout. */
export async function until<T>(what: string, check: () => T | undefined | false, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}
