import type { Diagnostic } from '../diagnostic';
import { mdxFactsOf } from './mdx/mdxFacts';
import { MdxWorkerPool, type PageToParse } from './mdx/mdxWorkers';
import { parseMdx } from './mdx/parseMdx';
import { checkedFiles, siteRuleSteps, type SiteRule } from './siteCheck';
import type { SiteGraph } from './siteGraph';

export interface ParseWorkers {
  /** The worker's script: the bundle of `mdx/mdxWorker.ts`. */
  script: string;
  /** How many worker threads parse beside the main thread (none: the main thread parses every page). */
  count: number;
  /** The text to parse (in characters) that pays for starting the workers: below it, the main thread parses every page. */
  minChars: number;
}

/**
 * `runSiteRules` over every page of a site, the pages parsed by worker threads beside the main
 * thread: the main thread reads the pages and sends those whose facts the site has not kept, then
 * runs the rules page by page in the same order as `runSiteRules`, parsing itself a page not sent
 * yet whenever the next page's facts are not back. The same findings, in the same order.
 */
export async function runSiteRulesInParallel(graph: SiteGraph, rules: readonly SiteRule[], workers: ParseWorkers): Promise<Map<string, Diagnostic[]>> {
  const parseHere = ({ file, text }: PageToParse) => graph.mdxFacts.set(file, text, mdxFactsOf(text, parseMdx(text)));
  const pool = new MdxWorkerPool(workers.script, workers.count, ({ file, text }, facts) => graph.mdxFacts.set(file, text, facts));
  try {
    let charsToParse = 0;
    let sliceEnd = performance.now() + sliceMs;
    for (const file of checkedFiles(graph)) {
      const page = graph.page(file);
      if (!page || graph.mdxFacts.get(file, page.text)) continue;
      pool.add({ file, text: page.text });
      charsToParse += page.text.length;
      if (workers.count > 0 && charsToParse >= workers.minChars) pool.send();
      // The workers' answers are taken in between, so that they get more pages while the rest is read.
      if (performance.now() > sliceEnd) {
        await new Promise((resolve) => setImmediate(resolve));
        sliceEnd = performance.now() + sliceMs;
      }
    }
    const steps = siteRuleSteps(graph, rules);
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
      const file = step.value;
      const text = graph.page(file)!.text;
      while (!graph.mdxFacts.get(file, text)) {
        const waiting = pool.take(file);
        if (waiting) {
          parseHere(waiting);
          break;
        }
        const answered = pool.answered();
        const last = pool.take();
        if (!last) {
          await answered;
          continue;
        }
        parseHere(last);
        // The answers that came meanwhile are taken, and their workers sent more pages.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
  } finally {
    await pool.close();
  }
}

/** How long the main thread reads pages before it takes the workers' answers. */
const sliceMs = 10;
