// Typing in the largest OpenAPI specs of the corpus and the real sites, through the protocol (a
// real stdio client): each keystroke re-reads the spec for its operations and validates it as the
// platform does; the time from a keystroke to the spec's diagnostics, pulled as VS Code pulls them.
// Run: node esbuild.mjs && node --import tsx bench/openapiSpec.ts   (or npm run bench -- openapiSpec)
import { loadavg } from 'node:os';
import { materialiseRepository } from '../test/support/corpus';
import { materialiseSite } from '../test/support/sites';
import { LspTestClient } from '../test/lsp/lspClient';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

/** Opens the spec, then types one character at a time into its info title, 600 ms apart, pulling its diagnostics after each. */
async function typeInSpec(label: string, root: string, spec: string, titleKey: string): Promise<void> {
  const client = await LspTestClient.start({ root });
  try {
    let started = performance.now();
    await client.open(spec);
    const first = await client.diagnostics(spec);
    console.log(`${label}: ${spec} (${(client.text(spec).length / 1024).toFixed(0)} KB) opened to diagnostics ${(performance.now() - started).toFixed(0)} ms (${first.length} problems)`);
    const latencies: number[] = [];
    for (let i = 0; i < 10; i++) {
      await pause(600);
      const at = client.text(spec).indexOf(titleKey) + titleKey.length;
      started = performance.now();
      await client.edit(spec, at, at, i % 2 === 0 ? 'x' : 'y');
      await client.diagnostics(spec);
      latencies.push(performance.now() - started);
    }
    console.log(`  keystroke to diagnostics: median ${median(latencies).toFixed(0)} ms, worst ${Math.max(...latencies).toFixed(0)} ms; each: ${latencies.map((ms) => Math.round(ms)).join(' ')}`);
  } finally {
    await client.stop();
  }
}

async function main(): Promise<void> {
  const load = () => loadavg().map((value) => value.toFixed(1)).join(' ');
  console.log(`load average at start: ${load()}`);
  await typeInSpec('spree (corpus)', materialiseRepository('spree+spree'), 'docs/api-reference/admin.yaml', '  title: ');
  await typeInSpec('dify (site)', materialiseSite('langgenius+dify-docs'), 'ja/api-reference/openapi_service.json', '"title": "');
  console.log(`load average at end: ${load()}`);
}

void main();
