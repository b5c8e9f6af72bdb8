import type { Diagnostic } from '../diagnostic';
import { MdxWorkerPool } from './mdx/mdxWorkers';
import { checkedFiles, siteRuleSteps, type SiteRule } from './siteCheck';
import { anchorsNeedFacts } from './pageModel';
import type { SiteGraph } from './siteGraph';
import type { ParseWorkers } from './parseWorkerOptions';

/** How a run shares the main thread: it yields to what waits after each slice, and stops (answering undefined) once `abandoned`. */
export interface RunPace {
  sliceMs: number;
  abandoned?: () => boolean;
}

/**
 * `runSiteRules` over every page of a site (or the given files), the pages parsed by worker
 * threads: the main thread reads the pages and sends those whose facts the site has not kept,
 * then runs the rules page by page in the same order as `runSiteRules`, waiting whenever the next
 * page's facts are not back. Pages whose anchors are read from their facts are parsed first and
 * waited for before any rule runs: a link into one is checked without a parse on the main thread.
 * The same findings, in the same order; a page whose parse outlasts the time limit or fails is
 * reported as such by the rules, and the others are checked. Also answers how many pages were
 * parsed, how many had their facts from the store, and how many could not be read (their parse
 * outlasted the time limit or its worker failed).
 */
export async function runSiteRulesInWorkers(
  graph: SiteGraph,
  rules: readonly SiteRule[],
  workers: ParseWorkers,
  pace: RunPace = { sliceMs: 10 },
  files?: readonly string[],
): Promise<{ diagnostics: Map<string, Diagnostic[]>; parsed: number; stored: number; unread: number } | undefined> {
  let parsed = 0;
  let stored = 0;
  let unread = 0;
  const { store } = workers;
  /**
   * Pages whose facts another page's rules may read (a link to one of their anchors): parsed first,
   * and back before any rule runs. Told back by the answer itself, not by the site's facts, where
   * a newer text of the page (an editor's) may have taken the place of the one sent.
   */
  const neededByOthers = new Map<string, { text: string; back: boolean }>();
  const pool = new MdxWorkerPool({ script: workers.script, size: 1, timeLimitMs: workers.timeLimitMs, spare: workers.spare }, ({ file, text }, facts) => {
    parsed++;
    if (!facts.error && facts.unread) unread++;
    graph.mdxFacts.set(file, text, facts);
    store?.set(text, facts);
    const needed = neededByOthers.get(file);
    if (needed?.text === text) needed.back = true;
  });
  const sent = new Map<string, string>();
  const send = (file: string, text: string) => {
    sent.set(file, text);
    if (anchorsNeedFacts(text)) {
      pool.addFirst({ file, text });
      neededByOthers.set(file, { text, back: false });
    } else {
      pool.add({ file, text });
    }
  };
  let sliceEnd = performance.now() + pace.sliceMs;
  /** Whether the run goes on, after waiting until `back`. */
  const waitUntil = async (back: () => boolean) => {
    while (!back()) {
      await pool.answered();
      sliceEnd = performance.now() + pace.sliceMs;
      if (pace.abandoned?.()) return false;
    }
    return true;
  };
  /** Whether the run goes on, after waiting for what is waiting once its slice is over. */
  const goesOn = async () => {
    if (performance.now() > sliceEnd) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceEnd = performance.now() + pace.sliceMs;
    }
    return !pace.abandoned?.();
  };
  try {
    let charsToParse = 0;
    for (const file of files ?? checkedFiles(graph)) {
      const page = graph.page(file);
      if (!page || graph.mdxFacts.get(file, page.text)) continue;
      const kept = store?.get(page.text);
      if (kept) {
        stored++;
        graph.mdxFacts.set(file, page.text, kept);
        continue;
      }
      send(file, page.text);
      charsToParse += page.text.length;
      if (charsToParse >= workers.minChars) pool.resize(workers.count);
      pool.send();
      // The workers' answers are taken in between, so that they get more pages while the rest is read.
      if (!(await goesOn())) return undefined;
    }
    for (const needed of neededByOthers.values()) if (!(await waitUntil(() => needed.back))) return undefined;
    const steps = siteRuleSteps(graph, rules, files);
    for (;;) {
      const step = steps.next();
      if (step.done) return { diagnostics: step.value, parsed, stored, unread };
      const file = step.value;
      const text = graph.page(file)!.text;
      // A page whose text changed since it was sent (an editor's) is sent again.
      if (!graph.mdxFacts.get(file, text) && sent.get(file) !== text) {
        send(file, text);
        pool.send();
      }
      if (!(await waitUntil(() => graph.mdxFacts.get(file, text) !== undefined)) || !(await goesOn())) return undefined;
    }
  } finally {
    await pool.close();
  }
}
