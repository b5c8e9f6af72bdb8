// Memory over a long session: the language server started plainly (as Neovim, Helix or Zed start
// it) on a real site, driven through the protocol for SOAK_MINUTES (default 60) with a writer's
// random work: keystrokes in docs.json and in an open page (each followed by the diagnostic pull
// VS Code makes), page entries added and removed, page files created, renamed and deleted on disk
// (with the watched-file notifications an editor sends), other pages opened and closed, and the
// workspace's diagnostics pulled. Every edit is undone later, so the texts do not grow.
// The server's resident memory is sampled every 10 s; the target: after the first minute it stays
// within 10 % of where it was then (the median of the last five minutes against minute 1-2).
// Run: npm run bench -- soak   (SOAK_MINUTES=5 for a short run; SOAK_SEED to repeat a run)
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { LspTestClient } from '../test/lsp/lspClient';
import { materialiseSite } from '../test/support/sites';
import { processMemoryMb, seededRandom } from './support/measure';

const minutes = Number(process.env.SOAK_MINUTES ?? 60);
const seed = Number(process.env.SOAK_SEED ?? 20261126);
const sampleEveryMs = 10_000;
const growthTarget = 1.1;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () => loadavg().map((value) => value.toFixed(1)).join(' ');

async function soak(): Promise<boolean> {
  const root = materialiseSite('upstash+docs');
  const client = await LspTestClient.start({ root });
  const pick = seededRandom(seed);
  const choose = <T>(items: readonly T[]): T => items[Math.floor(pick() * items.length)];
  const docsJson = 'docs.json';
  const pages = ['introduction.mdx', 'redis/overall/getstarted.mdx', 'qstash/overall/getstarted.mdx', 'workflow/getstarted.mdx', 'vector/overall/getstarted.mdx'];
  const undo: Array<() => Promise<void>> = [];
  const created: string[] = [];
  let actions = 0;

  const typeInto = async (path: string, find: (text: string) => number) => {
    const at = find(client.text(path));
    const typed = choose(['x', 'y', ' ', '[a link](/redis/overall/getstarted)', '<Note>', '\n## Heading\n']);
    await client.edit(path, at, at, typed);
    await client.pull(path);
    undo.push(async () => {
      const back = client.text(path).indexOf(typed, Math.max(0, at - 10));
      if (back >= 0) await client.edit(path, back, back + typed.length, '');
      await client.pull(path);
    });
  };
  const watched = (path: string, type: 1 | 2 | 3) => client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: client.uri(path), type }] });

  const work: Array<() => Promise<void>> = [
    () => typeInto(docsJson, (text) => text.indexOf('"name": "') + 9),
    () => typeInto(choose(pages.slice(0, 1)), (text) => text.length),
    async () => {
      const path = `soak/page-${actions}.mdx`;
      mkdirSync(join(root, 'soak'), { recursive: true });
      writeFileSync(join(root, path), `---\ntitle: Soak ${actions}\n---\n\nSee [the start](/introduction).\n`);
      await watched(path, 1);
      created.push(path);
    },
    async () => {
      const path = created.shift();
      if (!path) return;
      if (pick() < 0.5) {
        rmSync(join(root, path));
        await watched(path, 3);
      } else {
        const to = path.replace('.mdx', '-moved.mdx');
        renameSync(join(root, path), join(root, to));
        await watched(path, 3);
        await watched(to, 1);
        created.push(to);
      }
    },
    async () => {
      const path = choose(pages.slice(1));
      await client.open(path);
      await client.pull(path);
      await client.close(path);
    },
    async () => {
      const at = client.text(docsJson).indexOf('"pages": [') + '"pages": ['.length;
      const entry = `"soak/page-${actions}", `;
      await client.edit(docsJson, at, at, entry);
      await client.pull(docsJson);
      undo.push(async () => {
        const back = client.text(docsJson).indexOf(entry);
        if (back >= 0) await client.edit(docsJson, back, back + entry.length, '');
        await client.pull(docsJson);
      });
    },
    async () => {
      await client.request('workspace/diagnostic', { previousResultIds: [] });
    },
  ];

  await client.open(docsJson);
  await client.open(pages[0]);
  await client.diagnostics(docsJson);
  const samples: { at: number; mb: number }[] = [];
  const started = Date.now();
  const end = started + minutes * 60_000;
  let nextSample = started;
  console.log(`load average at start: ${load()}; ${minutes} min, seed ${seed}, upstash+docs (${root})`);
  while (Date.now() < end) {
    if (Date.now() >= nextSample) {
      samples.push({ at: (Date.now() - started) / 1000, mb: processMemoryMb(client.server.pid!).current });
      nextSample += sampleEveryMs;
    }
    // A writer's pace: bursts of keystrokes, pauses to read.
    await (undo.length > 8 || pick() < 0.3 ? undo.splice(Math.floor(pick() * undo.length), 1)[0]?.() : choose(work)());
    actions++;
    await pause(pick() < 0.1 ? 1500 : 60 + pick() * 200);
  }
  while (undo.length > 0) await undo.pop()!();
  for (const path of created) rmSync(join(root, path), { force: true });
  samples.push({ at: (Date.now() - started) / 1000, mb: processMemoryMb(client.server.pid!).current });
  await client.stop();

  const minuteOne = samples.filter((s) => s.at >= 60 && s.at < 120).map((s) => s.mb);
  const lastFive = samples.filter((s) => s.at >= minutes * 60 - 300).map((s) => s.mb);
  const baseline = median(minuteOne.length > 0 ? minuteOne : samples.map((s) => s.mb));
  const final = median(lastFive);
  const peak = Math.max(...samples.map((s) => s.mb));
  const ratio = final / baseline;
  console.log('| minute | RSS (MB) |\n|---|---|');
  for (const sample of samples.filter((_, index) => index % 6 === 0)) console.log(`| ${(sample.at / 60).toFixed(0)} | ${sample.mb.toFixed(0)} |`);
  console.log(`${actions} actions; RSS at minute 1-2 ${baseline.toFixed(0)} MB, last 5 minutes ${final.toFixed(0)} MB (x${ratio.toFixed(2)}), peak ${peak.toFixed(0)} MB`);
  const met = ratio <= growthTarget;
  console.log(`target: within ${Math.round((growthTarget - 1) * 100)} % of minute 1: ${met ? 'met' : 'MISSED'}`);
  console.log(`load average at end: ${load()}`);
  return met;
}

soak().then(
  (met) => process.exit(met ? 0 : 1),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
