/** CPU time (ms) of one call, averaged over as many calls as take 20 ms (one at least), the best of three such runs: the call's own cost, not the machine's load. */
export function cpuPerCall(call: () => void): number {
  let best = Infinity;
  for (let run = 0; run < 3; run++) {
    const start = process.cpuUsage();
    let count = 0;
    let used: number;
    do {
      call();
      count++;
      const spent = process.cpuUsage(start);
      used = (spent.user + spent.system) / 1000;
    } while (used < 20);
    best = Math.min(best, used / count);
  }
  return best;
}
