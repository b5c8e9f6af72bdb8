// The engine's full check against the floor (JSON.parse) and its peers, on the same texts, in one
// process. Each timed run checks a freshly edited text, as an editor would after a keystroke.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseTree } from 'jsonc-parser';
import { getLanguageService, TextDocument } from 'vscode-json-languageservice';
import { checkDocsJson, DiskSiteHost, FileIndex, recheckDocsJson, type CheckResult, type SiteHost } from '../server/src/engine';
import schema from '../schemas/docs.schema.json';
import { materialiseRepository } from '../test/support/corpus';

const rounds = 15;
const recheckRuns = 25;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** A one-character edit at a stable place (the site name), different on each run. */
function edited(text: string, run: number): string {
  const at = text.indexOf('"name": "') + 9;
  return text.slice(0, at) + String.fromCharCode(65 + (run % 26)) + text.slice(at + 1);
}

/**
 * The median time of each contender, timed in turn within each round on its own freshly edited
 * text: a drift in the machine's speed during the run touches every contender alike.
 */
async function timeInRounds(contenders: Record<string, (text: string) => unknown>, text: string): Promise<Record<string, number>> {
  const samples: Record<string, number[]> = {};
  for (const name of Object.keys(contenders)) samples[name] = [];
  for (let round = 0; round < rounds + 2; round++) {
    for (const [name, fn] of Object.entries(contenders)) {
      const input = edited(text, round);
      const start = performance.now();
      const outcome = fn(input);
      if (outcome instanceof Promise) await outcome;
      if (round >= 2) samples[name].push(performance.now() - start);
    }
  }
  return Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, median(values)]));
}

/**
 * Typing one character at a place, each run a different one, each re-check building on the last
 * result as the language server does. The median over runs at each place.
 */
function timeRecheck(text: string, host: SiteHost, at: number): number {
  let result: CheckResult = checkDocsJson(text, host);
  const samples: number[] = [];
  for (let run = 0; run < recheckRuns + 3; run++) {
    const input = text.slice(0, at) + String.fromCharCode(97 + (run % 26)) + text.slice(at + 1);
    const start = performance.now();
    result = recheckDocsJson(result, input);
    if (run >= 3) samples.push(performance.now() - start);
  }
  return median(samples);
}

/** Inside the site name, a page entry in the middle of the navigation, and the first group's name. */
function editPlaces(text: string): { label: string; at: number }[] {
  const middle = text.indexOf('"pages"', text.length / 2);
  const page = text.indexOf('"', text.indexOf('[', middle) + 1) + 2;
  const group = text.indexOf('"group": "') + 11;
  return [
    { label: 'in "name"', at: text.indexOf('"name": "') + 10 },
    { label: 'in a page entry', at: page },
    { label: 'in a group name', at: group },
  ];
}

// Our schema also answers for the hosted schema's URL: most docs.json name it in "$schema", which the
// language service follows before any file match (without this it validates nothing at all).
const jsonService = getLanguageService({});
jsonService.configure({
  validate: true,
  schemas: [{ uri: 'https://mintlify.com/docs.json', fileMatch: ['*docs.json'], schema: schema as object }],
});

async function languageService(text: string): Promise<number> {
  const document = TextDocument.create('file:///bench/docs.json', 'json', 1, text);
  return (await jsonService.doValidation(document, jsonService.parseJSONDocument(document))).length;
}

/**
 * What any checker that parses with JSON.parse and looks every page entry up in a set of page
 * files must spend at least: the parse, a bare walk to the "pages" lists, and the lookups. V8
 * hashes each freshly parsed string on its first lookup, which no checker can skip.
 */
function parseAndLookUpPages(text: string, files: FileIndex): number {
  let found = 0;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const record = value as Record<string, unknown>;
    for (const key in record) {
      const child = record[key];
      if (key !== 'pages' || !Array.isArray(child)) {
        visit(child);
        continue;
      }
      for (const entry of child) {
        if (typeof entry !== 'string') visit(entry);
        else if (files.hasPage(entry)) found++;
      }
    }
  };
  visit((JSON.parse(text) as { navigation?: unknown }).navigation);
  return found;
}

async function benchmark(label: string, text: string, host: SiteHost, coldRoot?: string): Promise<void> {
  const check = (input: string) => checkDocsJson(input, host);
  const result = check(text);
  const problems = [...result.documents.values()].reduce((n, d) => n + d.diagnostics.length, 0);
  const badTheme = text.replace(/"theme": "[^"]*"/, '"theme": "no-such-theme"');
  if ((await languageService(badTheme)) <= (await languageService(text))) {
    throw new Error('vscode-json-languageservice did not validate against our schema: the comparison would be void');
  }
  const lookups = (input: string) => parseAndLookUpPages(input, host.files);
  const contenders = { parse: (input: string) => JSON.parse(input), lookups, full: check, jsonc: (input: string) => parseTree(input), service: languageService };
  const { parse, lookups: floor, full, jsonc, service } = await timeInRounds(contenders, text);
  console.log(`\n${label}: ${(text.length / 1e6).toFixed(2)} MB, ${result.model.pageCount} page entries, ${problems} diagnostics`);
  console.log(`  JSON.parse (floor)                 ${parse.toFixed(1).padStart(8)} ms`);
  console.log(`  JSON.parse + every page looked up ${floor.toFixed(1).padStart(8)} ms   the least a page-existence check costs: the JSON service is ${(service / floor).toFixed(1)}x this`);
  console.log(`  docsjson full check (warm, edited) ${full.toFixed(1).padStart(8)} ms   ${(full / parse).toFixed(1)}x JSON.parse   (target <= 5x)`);
  console.log(`  jsonc-parser parseTree             ${jsonc.toFixed(1).padStart(8)} ms   docsjson is ${(jsonc / full).toFixed(1)}x faster`);
  console.log(`  vscode-json-languageservice        ${service.toFixed(1).padStart(8)} ms   docsjson is ${(service / full).toFixed(1)}x faster   (target >= 10x)`);
  for (const { label, at } of editPlaces(text)) {
    const recheck = timeRecheck(text, host, at);
    console.log(`  re-check, one character ${label.padEnd(16)}${recheck.toFixed(1).padStart(6)} ms   (target <= 20 ms)   ${(service / recheck).toFixed(0)}x faster than the JSON service`);
  }
  if (coldRoot) {
    const start = performance.now();
    checkDocsJson(text, new DiskSiteHost(coldRoot));
    console.log(`  cold (file index from disk + check)${(performance.now() - start).toFixed(1).padStart(8)} ms`);
  }
}

function generatedSite(pageCount: number): { text: string; host: SiteHost } {
  const files = new FileIndex();
  const groups: { group: string; icon: string; pages: string[] }[] = [];
  for (let g = 0; g < pageCount / 50; g++) {
    const pages = Array.from({ length: 50 }, (_, p) => `section-${g}/page-${p}`);
    pages.forEach((page) => files.add(`${page}.mdx`));
    groups.push({ group: `Group ${g}`, icon: 'book', pages });
  }
  const tabs = Array.from({ length: 10 }, (_, t) => ({ tab: `Tab ${t}`, groups: groups.slice(t * 10, t * 10 + 10) }));
  const text = JSON.stringify({ theme: 'mint', name: 'Generated', colors: { primary: '#0D9373' }, navigation: { tabs } }, null, 2);
  return { text, host: { root: '/generated', files, readFile: () => undefined } };
}

async function main(): Promise<void> {
  const repository = materialiseRepository('crewAIInc+crewAI');
  const root = join(repository, 'docs');
  const crewai = readFileSync(join(root, 'docs.json'), 'utf8');
  await benchmark('crewAI docs/docs.json', crewai, new DiskSiteHost(root), root);
  const generated = generatedSite(5000);
  await benchmark('generated 5,000-page docs.json', generated.text, generated.host);
}

void main();
