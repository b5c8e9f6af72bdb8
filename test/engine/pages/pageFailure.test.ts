// A page on which a rule throws (a stack overflow in a walk, say) gets one problem that names the
// error, and the check goes on: the other pages' findings, and the site's, are those of a check
// without the failure.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkDocsJson, DiskSiteHost, pageRules, runSiteRules, SiteGraph } from '../../../server/src/engine';
import type { SiteRule } from '../../../server/src/engine/pages/siteCheck';
import { writeSite } from '../../support/site';

function site(): SiteGraph {
  const pages = { 'a.mdx': '# A\n\n[gone](/gone)\n', 'deep.mdx': '# Deep\n\n[gone](/gone)\n', 'c.mdx': '# C\n\nA line<br>\n' };
  const root = writeSite({ 'docs.json': JSON.stringify({ theme: 'mint', name: 'A', colors: { primary: '#0B7A62' }, navigation: { pages: ['a', 'deep', 'c'] } }), ...pages });
  const host = new DiskSiteHost(root);
  return new SiteGraph(host, checkDocsJson(host.readFile('docs.json')!, host));
}

/** A rule that overflows the stack on deep.mdx, as a recursive walk of a deeply nested page does. */
const overflowing: SiteRule = {
  codes: [],
  start: () => ({
    page(page) {
      if (page.file !== 'deep.mdx') return;
      const walk = (depth: number): number => walk(depth + 1) + 1;
      walk(0);
    },
  }),
};

test('a page on which a rule throws gets one problem naming the error; the other pages keep their findings', () => {
  const expected = runSiteRules(site(), pageRules);
  const found = runSiteRules(site(), [...pageRules, overflowing]);
  assert.deepEqual(
    found.get('deep.mdx')?.map((d) => `${d.code} ${d.severity} ${d.range.start}-${d.range.end} ${d.message}`),
    ['page/check-failed warning 0-6 This page could not be checked in full: Maximum call stack size exceeded (an internal error of docsjson)', ...expected.get('deep.mdx')!.map((d) => `${d.code} ${d.severity} ${d.range.start}-${d.range.end} ${d.message}`)],
  );
  for (const file of ['a.mdx', 'c.mdx']) assert.deepEqual(found.get(file), expected.get(file), file);
  assert.ok(expected.get('a.mdx')?.length && expected.get('c.mdx')?.length, 'the other pages have findings to keep');
});
