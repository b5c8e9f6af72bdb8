// Activation in a real VS Code (code-server), as the client logs it: how long activate() takes,
// and how long until the language client is ready (server process started and initialised);
// then from opening the example site's docs.json to its first problem in the Problems panel.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ensureCodeServer, REPO_ROOT } from '../test/e2e/harness/codeServer';
import { startVSCode, waitFor } from '../test/e2e/harness/browser';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The timings the client writes to its output channel, once both are there. */
function clientTimings(dir: string): { activate: number; ready: number } | undefined {
  for (const file of filesUnder(dir)) {
    if (!file.endsWith('.log')) continue;
    const log = readFileSync(file, 'utf8');
    const activate = /activate\(\) returned in (\d+) ms/.exec(log);
    const ready = /ready (\d+) ms after activation/.exec(log);
    if (activate && ready) return { activate: Number(activate[1]), ready: Number(ready[1]) };
  }
  return undefined;
}

async function main(): Promise<void> {
  await ensureCodeServer();
  const cleanups: (() => unknown)[] = [];
  const session = await startVSCode({ name: 'activation-bench', after: (fn: () => unknown) => cleanups.push(fn) }, {
    extensionDirs: [REPO_ROOT],
    workspace: join(REPO_ROOT, 'examples', 'acme-docs'),
  });
  try {
    const { workbench, server } = session;
    const opened = performance.now();
    await workbench.openFile('docs.json');
    await workbench.waitForProblems((markers) => markers.length > 0);
    const toProblems = performance.now() - opened;
    const timings = await waitFor("the client's timings in its output channel", () => clientTimings(server.dir), 30_000);
    console.log(`  activate() returns (client and agent views set up)   ${String(timings.activate).padStart(6)} ms   (target <= 50 ms)`);
    console.log(`  activate() to language client ready (server started) ${String(timings.ready).padStart(6)} ms`);
    console.log(`  open docs.json to its first problem shown            ${toProblems.toFixed(0).padStart(6)} ms   (includes the editor opening)`);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

void main();
