// The language server through the protocol (a real stdio client), on the materialised crewAI
// site (2.3 MB docs.json, ~23,000 pages) and on the small example site.
// Run: npm run bench -- lsp (the production bundle, as the extension and the npm package ship it)
import { chmodSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { CompletionList } from 'vscode-languageserver-protocol';
import { materialiseRepository } from '../test/support/corpus';
import { LineIndex } from '../server/src/engine';
import { serverNodeOptions } from '../server/src/launch';
import { LspTestClient, serverPath, type ClientOptions } from '../test/lsp/lspClient';
import { percentile, processCpuMs, processIdle, processMemoryMb, seededRandom } from './support/measure';

const targets = { completionP95: 15, editToDiagnostics: 50, rssMb: 150, startToDiagnostics: 300, typedMedian: 25, typedWorst: 50 };

function report(name: string, value: number, unit: string, target?: number): void {
  const verdict = target === undefined ? '' : value <= target ? `  (target <= ${target} ${unit}: met)` : `  (target <= ${target} ${unit}: MISSED)`;
  console.log(`${name.padEnd(48)} ${value.toFixed(1).padStart(8)} ${unit}${verdict}`);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Types `count` characters into the site's "name", one every `gapMs` whatever the server does,
 * pulling diagnostics after each as VS Code does; the time from each keystroke to its diagnostics.
 */
async function typeInName(client: LspTestClient, path: string, count: number, gapMs: number): Promise<number[]> {
  const answered: Promise<number>[] = [];
  for (let i = 0; i < count; i++) {
    const at = client.text(path).indexOf('"name": "') + 9;
    const typed = performance.now();
    await client.edit(path, at, at, i % 2 === 0 ? 'x' : 'y');
    answered.push(client.pull(path).then(() => performance.now() - typed));
    await pause(Math.max(0, typed + gapMs - performance.now()));
  }
  const latencies = await Promise.all(answered);
  const at = client.text(path).indexOf('"name": "') + 9;
  await client.edit(path, at, at + count, '');
  await client.diagnostics(path);
  return latencies;
}

/** Where each kind of keystroke is typed in crewAI's docs.json: inside the string, two characters in. */
const typingPlaces = [
  { label: 'a group name', find: (text: string) => text.indexOf('"group": "', text.length / 2) + 12 },
  { label: 'a page entry', find: (text: string) => text.indexOf('"', text.indexOf('[', text.indexOf('"pages"', text.length / 2)) + 1) + 2 },
  { label: '"name"', find: (text: string) => text.indexOf('"name": "') + 11 },
];

/**
 * Types a word into each place as a writer does, one character every 150 ms; each keystroke is
 * an incremental change, then a pull of docs.json's diagnostics, timed from the change's sending
 * to the pull's answer (the client's own string work before it). The server's CPU time over the
 * word, divided by its characters, is the steadier figure on a shared machine.
 */
async function typeWords(client: LspTestClient, path: string): Promise<void> {
  const word = 'keystroke';
  for (const { label, find } of typingPlaces) {
    const at = find(client.text(path));
    const latencies: number[] = [];
    const cpuBefore = processCpuMs(client.server.pid!);
    for (let i = 0; i < word.length; i++) {
      const send = client.prepareEdit(path, at + i, at + i, word[i]);
      const sent = performance.now();
      await send();
      await client.pull(path);
      latencies.push(performance.now() - sent);
      await pause(Math.max(0, sent + 150 - performance.now()));
    }
    const cpuPerKey = (processCpuMs(client.server.pid!) - cpuBefore) / word.length;
    report(`typing in ${label}, change then pull, median of ${word.length}`, percentile(latencies, 50), 'ms', targets.typedMedian);
    report(`typing in ${label}, change then pull, worst of ${word.length}`, Math.max(...latencies), 'ms', targets.typedWorst);
    report(`typing in ${label}, server CPU per keystroke`, cpuPerKey, 'ms');
    console.log(`  each keystroke: ${latencies.map((ms) => Math.round(ms)).join(' ')}`);
    await client.edit(path, at, at + word.length, '');
    await client.diagnostics(path);
    await pause(1000);
  }
  const memory = processMemoryMb(client.server.pid!);
  report('server RSS after the typing', memory.current, 'MB');
  report('server RSS peak so far', memory.peak, 'MB');
}

async function crewAI(started: Pick<ClientOptions, 'nodeOptions' | 'serverExecutable'>, openPage = false, typingOnly = false): Promise<void> {
  const repository = materialiseRepository('crewAIInc+crewAI');
  const client = await LspTestClient.start({ root: repository, ...started });
  try {
    const path = 'docs/docs.json';
    const started = performance.now();
    await client.open(path);
    if (openPage) await client.open('docs/index.mdx');
    const first = await client.diagnostics(path);
    report(`didOpen to diagnostics (${first.length} problems)`, performance.now() - started, 'ms');
    await pause(1000); // as a user reads before typing; an idle server prepares for the first edit
    // Its one read of every page ahead (see processIdle) is not a keystroke's cost.
    await processIdle(client.server.pid!);
    await typeWords(client, path);
    if (typingOnly) return;

    const places = [
      { label: 'in "name"', find: (text: string) => text.indexOf('"name": "') + 10 },
      { label: 'in a page entry', find: (text: string) => text.indexOf('"', text.indexOf('[', text.indexOf('"pages"', text.length / 2)) + 1) + 2 },
    ];
    for (const { label, find } of places) {
      const edits: number[] = [];
      for (let i = 0; i < 10; i++) {
        await pause(300); // past the typing pause: each edit is checked on its own
        const at = find(client.text(path));
        await client.edit(path, at, at + 1, i % 2 === 0 ? 'c' : 'C');
        const edited = performance.now();
        await client.diagnostics(path);
        edits.push(performance.now() - edited);
      }
      report(`one-character edit ${label} to diagnostics, median of 10`, percentile(edits, 50), 'ms', targets.editToDiagnostics);
      report(`one-character edit ${label} to diagnostics, worst of 10`, Math.max(...edits), 'ms');
    }

    for (const [label, gapMs] of [
      ['typing continuously at 7 keys/s', 143],
      ['typing with pauses of 0.7 s', 700],
    ] as const) {
      const rss: number[] = [];
      const sampler = setInterval(() => rss.push(processMemoryMb(client.server.pid!).current), 50);
      const latencies = await typeInName(client, path, 30, gapMs);
      clearInterval(sampler);
      report(`${label} in "name", keystroke to diagnostics, median`, percentile(latencies, 50), 'ms');
      report(`${label} in "name", keystroke to diagnostics, worst of 30`, Math.max(...latencies), 'ms', targets.editToDiagnostics);
      console.log(`  each keystroke: ${latencies.map((ms) => Math.round(ms)).join(' ')}`);
      report(`${label}: server RSS while typing, highest`, Math.max(...rss), 'MB', targets.rssMb);
    }

    const checks = (client.statuses as { checkMs: number }[]).slice(1).map((status) => status.checkMs);
    report('  of which the check itself (server-reported), median', percentile(checks, 50), 'ms');

    const text = client.text(path);
    const lines = new LineIndex(text);
    const next = seededRandom(42);
    const latencies: number[] = [];
    let answered = 0;
    for (let i = 0; i < 200; i++) {
      const position = lines.position(Math.floor(next() * text.length));
      const requested = performance.now();
      const list = await client.request<CompletionList | null>('textDocument/completion', { textDocument: { uri: client.uri(path) }, position });
      latencies.push(performance.now() - requested);
      if (list && list.items.length > 0) answered++;
    }
    report(`completion at 200 random positions, p50 (${answered} with items)`, percentile(latencies, 50), 'ms');
    report('completion at 200 random positions, p95', percentile(latencies, 95), 'ms', targets.completionP95);

    // VS Code asks for these after edits (outline, breadcrumbs, links): they hold up the next check.
    for (const method of ['textDocument/documentSymbol', 'textDocument/documentLink']) {
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < 5; i++) {
        const requested = performance.now();
        bytes = JSON.stringify(await client.request(method, { textDocument: { uri: client.uri(path) } })).length;
        times.push(performance.now() - requested);
      }
      report(`${method.slice(13)}, median of 5 (${(bytes / 1e6).toFixed(1)} MB answer)`, percentile(times, 50), 'ms');
    }

    const afterEdit: number[] = [];
    for (let i = 0; i < 5; i++) {
      const at = client.text(path).indexOf('"name": "') + 10;
      await client.edit(path, at, at + 1, i % 2 === 0 ? 'c' : 'C');
      const position = client.position(path, '"theme": "aspen"', 11);
      const requested = performance.now();
      await client.request('textDocument/completion', { textDocument: { uri: client.uri(path) }, position });
      afterEdit.push(performance.now() - requested);
      await pause(300);
    }
    report('completion right after an edit (re-parse), median', percentile(afterEdit, 50), 'ms');

    const memory = processMemoryMb(client.server.pid!);
    report('server RSS right after the run', memory.current, 'MB');
    report('server RSS peak', memory.peak, 'MB');
    // V8 gives memory back once allocation stops for a while (its memory reducer).
    await pause(15_000);
    report('server RSS after 15 s idle', processMemoryMb(client.server.pid!).current, 'MB', targets.rssMb);
  } finally {
    await client.stop();
    rmSync(repository, { recursive: true, force: true });
  }
}

async function startUp(): Promise<void> {
  const root = join(serverPath, '..', '..', 'examples', 'acme-docs');
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const client = await LspTestClient.start({ root });
    await client.open('docs.json');
    await client.diagnostics('docs.json');
    times.push(performance.now() - started);
    await client.stop();
  }
  report('server start to first diagnostics, example site (median of 5)', percentile(times, 50), 'ms', targets.startToDiagnostics);
}

async function main(): Promise<void> {
  const load = () => loadavg()[0].toFixed(1);
  console.log(`language server through the protocol (stdio); load average ${load()} on this machine`);
  if (process.argv[2] === 'typing') {
    // node dist/bench/lsp.js typing: the typing alone, with the server's V8 options, each alone, and none.
    for (const options of [serverNodeOptions, ...serverNodeOptions.map((option) => [option]), []]) {
      console.log(`\ncrewAI, node ${options.join(' ') || 'without V8 options'}`);
      await crewAI({ nodeOptions: options }, false, true);
    }
    console.log(`load average at the end: ${load()}`);
    return;
  }
  await startUp();
  console.log(`\ncrewAI (docs/docs.json, 2.3 MB), the server started as VS Code starts it (node ${serverNodeOptions.join(' ')})`);
  await crewAI({ nodeOptions: serverNodeOptions });
  console.log('\ncrewAI, the server started as other editors start it: its bin (docsjson-language-server --stdio), which passes the options itself');
  chmodSync(serverPath, 0o755); // as npm makes a package's bin executable when it installs it
  await crewAI({ serverExecutable: serverPath });
  console.log(`\ncrewAI with a page of the site open beside docs.json (docs/index.mdx), started as VS Code starts it`);
  await crewAI({ nodeOptions: serverNodeOptions }, true);
  console.log(`load average at the end: ${load()}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
