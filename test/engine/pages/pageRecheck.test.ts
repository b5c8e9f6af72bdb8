// A page checked again after each edit of a chain (its parse, facts and headings made from the
// last text's) against the same text checked afresh: the same diagnostics (codes, messages,
// ranges, fixes), the same links, headings, anchors and MDX facts. Pieces of the shared sites'
// pages, the 389 K-character changelog among them, edited as a writer types.
// PAGE_RECHECK_SEED and PAGE_RECHECK_CHAINS change the run; a failure prints its seed.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkDocsJson, DiskSiteHost } from '../../../server/src/engine';
import { checkSitePages } from '../../../server/src/engine/pages/allPageRules';
import { MdxFactsCache } from '../../../server/src/engine/pages/mdx/mdxFactsCache';
import type { MdxFacts } from '../../../server/src/engine/pages/mdx/mdxFacts';
import type { PageModel } from '../../../server/src/engine/pages/pageModel';
import { SiteGraph } from '../../../server/src/engine/pages/siteGraph';
import { generator, inserted } from '../../support/mdxMutations';
import { materialiseSite, realSites } from '../../support/sites';

const seed = Number(process.env.PAGE_RECHECK_SEED ?? 20261126);
const chains = Number(process.env.PAGE_RECHECK_CHAINS ?? 160);
const editsPerChain = 6;
const typed = [...inserted, 'a', ' ', 'word ', '\n\nNew paragraph.\n\n', '[a]: /x\n', '- item\n', '* item\n', '* ', '```js\n', '$$', 'x}', '</Step>', '### Fixes\n', '[link](/quickstart)', '](#', '![]('];
/** The largest page of the shared sites: a chain in five is cut from it. */
const changelog = { site: 'PrefectHQ+fastmcp' as const, file: 'changelog.mdx' };

/** Facts as plain data: an element's parent named by its index. */
function factsShape(facts: MdxFacts): unknown {
  if (facts.error) return facts;
  return { ...facts, elements: facts.elements.map((element) => ({ ...element, parent: element.parent && facts.elements.indexOf(element.parent) })) };
}

function modelShape(page: PageModel): unknown {
  return { headings: page.headings, references: page.references, imports: page.imports, componentAnchors: page.componentAnchors, facts: factsShape(page.mdxFacts) };
}

test(`${chains} chains of ${editsPerChain} edits (seed ${seed}): a page checked again after an edit is checked as afresh`, () => {
  const random = generator(seed);
  const sites = realSites.map((site) => {
    const host = new DiskSiteHost(materialiseSite(site));
    const base = new SiteGraph(host, checkDocsJson(host.readFile('docs.json') ?? '', host));
    return { site, host, base, pages: base.files.pageFiles.filter((file) => file !== changelog.file || site !== changelog.site) };
  });
  const failures: string[] = [];
  let reused = 0;
  for (let chain = 0; chain < chains && failures.length < 3; chain++) {
    const fromChangelog = random() < 0.2;
    const site = fromChangelog ? sites.find((s) => s.site === changelog.site)! : sites[Math.floor(random() * sites.length)];
    const file = fromChangelog ? changelog.file : site.pages[Math.floor(random() * site.pages.length)];
    const lines = (site.host.readFile(file) ?? '').split('\n');
    const from = random() < 0.2 ? 0 : Math.floor(random() * lines.length);
    let text = lines.slice(from, from + 20 + Math.floor(random() * (fromChangelog ? 250 : 120))).join('\n');
    // The graphs of one check, as an editor's: the page read after each edit from the last reading.
    const editing = new SiteGraph(site.host, site.base.check, site.base, new MdxFactsCache());
    editing.setText(file, text);
    checkSitePages(editing, [file]);
    for (let step = 0; step < editsPerChain; step++) {
      const at = Math.floor(random() * (text.length + 1));
      const previous = text;
      if (random() < 0.6) text = text.slice(0, at) + typed[Math.floor(random() * typed.length)] + text.slice(at);
      else text = text.slice(0, at) + text.slice(at + 1 + Math.floor(random() * 8));
      const edited = editing.setText(file, text);
      const found = checkSitePages(editing, [file]).get(file) ?? [];
      const afresh = new SiteGraph(site.host, site.base.check, site.base, new MdxFactsCache());
      const fresh = afresh.setText(file, text);
      const expected = checkSitePages(afresh, [file]).get(file) ?? [];
      if (edited.mdx.readAgain) reused++;
      try {
        assert.deepEqual(found, expected);
        assert.deepEqual(modelShape(edited), modelShape(fresh));
      } catch (error) {
        const saved = join(tmpdir(), `page-recheck-failure-${seed}-${chain}.json`);
        writeFileSync(saved, JSON.stringify({ site: site.site, file, previous, after: text }));
        failures.push(`chain ${chain} step ${step} in ${site.site} ${file}: ${(error as Error).message.slice(0, 1500)}\n  the texts are in ${saved}`);
        break;
      }
    }
  }
  assert.deepEqual(failures, [], `PAGE_RECHECK_SEED=${seed} PAGE_RECHECK_CHAINS=${chains}`);
  assert.ok(reused > chains, `only ${reused} edits reused the last reading: the test would not see a wrong one`);
});
