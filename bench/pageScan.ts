// How a page is read: our scanner (server/src/engine/pages/scanPage.ts) against the MDX parser
// (micromark with the MDX extensions, as MDX itself parses, into mdast), on every page of the
// three real sites, in one process, in alternating rounds. Both extract the same things (headings,
// links, images, attributes, imports); test/engine/pages/scannerParity.test.ts holds them equal.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DiskSiteHost } from '../server/src/engine';
import { scanWholePage } from '../server/src/engine/pages/scanPage';
import { SiteFiles } from '../server/src/engine/pages/siteFiles';
import { parseWithMdx } from '../test/support/mdxExtraction';
import { materialiseSite, realSites } from '../test/support/sites';

const rounds = 3;

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

console.log('| site | pages | MB | MDX parser | scanner | parser / scanner |');
console.log('|---|---|---|---|---|---|');
for (const site of realSites) {
  const root = materialiseSite(site);
  const files = new SiteFiles(new DiskSiteHost(root));
  const texts = [...files.pageFiles, ...files.snippetFiles.filter((file) => /\.mdx?$/.test(file))].map((file) => readFileSync(join(root, file), 'utf8'));
  const times = { parser: [] as number[], scanner: [] as number[] };
  for (let round = 0; round < rounds; round++) {
    let start = performance.now();
    for (const text of texts) parseWithMdx(text);
    times.parser.push(performance.now() - start);
    start = performance.now();
    for (const text of texts) scanWholePage(text);
    times.scanner.push(performance.now() - start);
  }
  const parser = median(times.parser);
  const scanner = median(times.scanner);
  const megabytes = texts.reduce((sum, text) => sum + text.length, 0) / 1e6;
  console.log(`| ${site} | ${texts.length} | ${megabytes.toFixed(1)} | ${parser.toFixed(0)} ms | ${scanner.toFixed(0)} ms | ${(parser / scanner).toFixed(0)}x |`);
}
