// The page features of the language service on the three real sites: link completion (after
// "](/" and after "#"), a page's link diagnostics re-checked after a keystroke, and the link
// edits of a page move, each timed on the engine (the protocol adds ~1 ms, see bench/lsp.ts).
// Cold = the first request on a new site graph (after a check); warm = the next ones. Noisy while other work runs on the machine: compare runs of the same moment.
import { checkDocsJson, DiskSiteHost } from '../server/src/engine';
import { SiteGraph } from '../server/src/engine/pages/siteGraph';
import { pageCompletions } from '../server/src/engine/service/pageCompletion';
import { checkSitePages } from '../server/src/engine/pages/allPageRules';
import { linkEdits } from '../server/src/engine/service/pageRename';
import { materialiseSite, realSites } from '../test/support/sites';

const runs = 40;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

for (const site of realSites) {
  const root = materialiseSite(site);
  const host = new DiskSiteHost(root);
  const graph = new SiteGraph(host, checkDocsJson(host.readFile('docs.json') ?? '', host));
  const pages = graph.files.pageFiles;
  // The page with the most links is where a writer types.
  const file = pages.reduce((best, candidate) => ((graph.page(candidate)?.references.length ?? 0) > (graph.page(best)?.references.length ?? 0) ? candidate : best));
  const fresh = () => new SiteGraph(host, checkDocsJson(host.readFile('docs.json') ?? '', host));
  const text = graph.page(file)!.text;
  const withLink = `${text}\nSee [the guide](/`;

  const coldGraph = fresh();
  coldGraph.setText(file, withLink);
  let started = performance.now();
  const coldItems = pageCompletions(coldGraph, file, withLink, withLink.length)?.items.length ?? 0;
  const coldCompletion = performance.now() - started;

  const pathTimes: number[] = [];
  const anchorTimes: number[] = [];
  const checkTimes: number[] = [];
  const target = pages.find((candidate) => (graph.page(candidate)?.headings.length ?? 0) > 3) ?? pages[0];
  const route = target.replace(/\.mdx?$/, '');
  for (let run = 0; run < runs; run++) {
    const typed = `${withLink}${'guides'.slice(0, run % 6)}`;
    graph.setText(file, typed);
    started = performance.now();
    pageCompletions(graph, file, typed, typed.length);
    pathTimes.push(performance.now() - started);
    const anchored = `${text}\nSee [the guide](/${route}#`;
    graph.setText(file, anchored);
    started = performance.now();
    pageCompletions(graph, file, anchored, anchored.length);
    anchorTimes.push(performance.now() - started);
    const edited = `${text}\nA [link](/${route}#x${run}).`;
    started = performance.now();
    graph.setText(file, edited);
    checkSitePages(graph, [file]);
    checkTimes.push(performance.now() - started);
  }
  const moveGraph = fresh();
  started = performance.now();
  const moved = linkEdits(moveGraph, { moves: [{ from: target, to: `moved/${target}` }] });
  const moveTime = performance.now() - started;

  console.log(`${site}: ${pages.length} pages; typing in ${file} (${graph.page(file)!.references.length} links)`);
  console.log(`  completion after "](/": cold ${ms(coldCompletion)} (${coldItems} items), warm p50 ${ms(percentile(pathTimes, 50))} p95 ${ms(percentile(pathTimes, 95))}`);
  console.log(`  completion after "#": p50 ${ms(percentile(anchorTimes, 50))} p95 ${ms(percentile(anchorTimes, 95))}`);
  console.log(`  the page's links re-checked after a keystroke: p50 ${ms(percentile(checkTimes, 50))} p95 ${ms(percentile(checkTimes, 95))}`);
  console.log(`  link edits for moving ${target} (every page read, cold): ${ms(moveTime)}, ${moved.reduce((n, f) => n + f.edits.length, 0)} links in ${moved.length} files`);
}
