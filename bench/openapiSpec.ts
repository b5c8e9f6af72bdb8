// Typing in the largest OpenAPI specs of the corpus and the real sites, through the protocol (a
// real stdio client): each keystroke re-reads the spec for its operations and answers its
// diagnostics at once; the platform's validation of the new text runs after a pause, in a worker
// thread, and the server asks the client to pull again once it is done. Measured: the keystroke
// to its diagnostics, a hover sent while the validation runs to its answer, and the keystroke to
// the validation's refresh. Only the spec is open: only a validation asks for a refresh. Then, in
// this process, what the server does on such a keystroke: the check of the site in full against
// the last check kept with the spec's own problems found again (recheck/specEdits.ts), the spec
// read again either way, the validation pending (as between the keystroke and its validation).
// Run: node esbuild.mjs && node --import tsx bench/openapiSpec.ts   (or npm run bench -- openapiSpec)
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { checkDocsJson, DiskSiteHost, docsJsonSiteRules, runSiteRules, SiteGraph } from '../server/src/engine';
import { SpecCache } from '../server/src/engine/openapi/openapiSpec';
import { siteDiagnosticsAfterSpecEdits } from '../server/src/engine/recheck/specEdits';
import { materialiseRepository } from '../test/support/corpus';
import { materialiseSite } from '../test/support/sites';
import { LspTestClient } from '../test/lsp/lspClient';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

const summary = (values: number[]) => `median ${median(values).toFixed(0)} ms, worst ${Math.max(...values).toFixed(0)} ms; each: ${values.map((ms) => Math.round(ms)).join(' ')}`;

const hoverOn = (client: LspTestClient, spec: string, marker: string) =>
  client.request('textDocument/hover', { textDocument: { uri: client.uri(spec) }, position: client.position(spec, marker) });

/** Resolves true once the server asks for a refresh after `count` of them, false after `ms`. */
const refreshedWithin = (client: LspTestClient, count: number, ms: number) =>
  client.until(() => client.refreshRequests > count, ms).then(
    () => true,
    () => false,
  );

/**
 * Opens the spec, then types one character at a time into its info title, each once the last
 * one's validation is done, with a hover sent along with each keystroke's pull, and (where the
 * validation runs apart) another while it runs. A server that validates inside the check (the
 * earlier one) never asks for a refresh: only the first two are measured then.
 */
async function typeInSpec(label: string, root: string, spec: string, titleKey: string): Promise<void> {
  const client = await LspTestClient.start({ root });
  try {
    let started = performance.now();
    await client.open(spec);
    const first = await client.diagnostics(spec);
    const opened = performance.now() - started;
    const apart = await refreshedWithin(client, 0, 20_000);
    const validated = performance.now() - started;
    console.log(
      `${label}: ${spec} (${(client.text(spec).length / 1024).toFixed(0)} KB) opened to diagnostics ${opened.toFixed(0)} ms (${first.length} problems)` +
        (apart ? `, to its validation's refresh ${validated.toFixed(0)} ms` : '; no refresh: validated inside the check'),
    );
    const keystrokes: number[] = [];
    const hoversWithKeystroke: number[] = [];
    const hoversDuring: number[] = [];
    const validations: number[] = [];
    for (let i = 0; i < 10; i++) {
      await pause(600);
      const refreshes = client.refreshRequests;
      const at = client.text(spec).indexOf(titleKey) + titleKey.length;
      started = performance.now();
      await client.edit(spec, at, at, i % 2 === 0 ? 'x' : 'y');
      const pulled = client.diagnostics(spec).then(() => performance.now() - started);
      const hovered = hoverOn(client, spec, titleKey).then(() => performance.now() - started);
      keystrokes.push(await pulled);
      hoversWithKeystroke.push(await hovered);
      if (!apart) continue;
      // Past the pause after which the validation starts: it runs now, in the worker.
      await pause(450);
      const asked = performance.now();
      const during = client.refreshRequests === refreshes;
      await hoverOn(client, spec, titleKey);
      if (during && client.refreshRequests === refreshes) hoversDuring.push(performance.now() - asked);
      await client.until(() => client.refreshRequests > refreshes, 120_000);
      validations.push(performance.now() - started);
    }
    console.log(`  keystroke to its diagnostics: ${summary(keystrokes)}`);
    console.log(`  keystroke to the answer of a hover sent with its pull: ${summary(hoversWithKeystroke)}`);
    if (!apart) return;
    console.log(`  hover sent while the validation runs, to its answer (${hoversDuring.length} of 10 answered before it ended): ${hoversDuring.length > 0 ? summary(hoversDuring) : 'none'}`);
    console.log(`  keystroke to the validation's refresh: ${summary(validations)}`);
  } finally {
    await client.stop();
  }
}

/** Ten title edits, each checked in full and kept, in this process: the CPU of each way. */
function inProcess(label: string, root: string, spec: string, titleKey: string): void {
  const host = new DiskSiteHost(root);
  const pending = new SpecCache({ findings: () => undefined });
  const docsJson = host.readFile('docs.json')!;
  const fullCheck = () => {
    const result = checkDocsJson(docsJson, host, {}, 'docs.json', pending);
    const graph = new SiteGraph(host, result);
    return { result, graph, siteDiagnostics: runSiteRules(graph, docsJsonSiteRules, []) };
  };
  const last = fullCheck();
  const full: number[] = [];
  const kept: number[] = [];
  let keptEvery = true;
  for (let i = 0; i < 10; i++) {
    const type = (character: string) => {
      const text = readFileSync(join(root, spec), 'utf8');
      const at = text.indexOf(titleKey) + titleKey.length;
      writeFileSync(join(root, spec), text.slice(0, at) + character + text.slice(at));
    };
    type('x');
    let started = performance.now();
    fullCheck();
    full.push(performance.now() - started);
    type('y');
    started = performance.now();
    keptEvery &&= siteDiagnosticsAfterSpecEdits(last.result, last.graph, last.siteDiagnostics, new Set([spec])) !== undefined;
    kept.push(performance.now() - started);
  }
  console.log(`${label}, in this process: a keystroke checked in full ${summary(full)}; kept ${summary(kept)}${keptEvery ? '' : ' (NOT KEPT: a full check was needed)'}`);
}

async function main(): Promise<void> {
  const load = () => loadavg().map((value) => value.toFixed(1)).join(' ');
  console.log(`load average at start: ${load()}`);
  await typeInSpec('spree (corpus)', materialiseRepository('spree+spree'), 'docs/api-reference/admin.yaml', '  title: ');
  await typeInSpec('dify (site)', materialiseSite('langgenius+dify-docs'), 'ja/api-reference/openapi_service.json', '"title": "');
  inProcess('spree', join(materialiseRepository('spree+spree'), 'docs'), 'api-reference/admin.yaml', '  title: ');
  inProcess('dify', materialiseSite('langgenius+dify-docs'), 'ja/api-reference/openapi_service.json', '"title": "');
  console.log(`load average at end: ${load()}`);
}

void main();
