import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { checkDocsJson, runSiteRules, DiskSiteHost, LineIndex, SiteGraph } from '../../../server/src/engine';
import { linkRule } from '../../../server/src/engine/rules/linkRule';
import { pageOf } from '../../../server/src/engine/site/fileIndex';
import { isLegacySnippet } from '../../../server/src/engine/pages/siteFiles';
import { materialiseSite, realSites, type RealSite } from '../../support/sites';
import { pinnedFindings } from './pinnedFindings';

function siteGraph(site: RealSite): SiteGraph {
  const root = materialiseSite(site);
  const host = new DiskSiteHost(root);
  return new SiteGraph(host, checkDocsJson(readFileSync(join(root, 'docs.json'), 'utf8'), host));
}

function findings(graph: SiteGraph, diagnostics: Map<string, { range: { start: number; end: number }; code: string }[]>): string[] {
  const found: string[] = [];
  for (const [file, list] of diagnostics) {
    const text = graph.page(file)!.text;
    const lines = new LineIndex(text);
    for (const d of list) found.push(`${file}:${lines.position(d.range.start).line + 1} ${d.code} ${text.slice(d.range.start, d.range.end)}`);
  }
  return found.sort();
}

describe('page checks on the three real sites', { timeout: 300_000 }, () => {
  for (const site of realSites) {
    describe(site, () => {
      const graph = siteGraph(site);

      it('finds exactly the reviewed findings on the clean site', () => {
        assert.deepEqual(findings(graph, runSiteRules(graph, [linkRule])), [...pinnedFindings[site]].sort());
      });

      it('reports each injected broken link at its line, and no valid one', () => {
        const pages = graph.files.pageFiles.filter((file) => (graph.page(file)?.headings.length ?? 0) > 0);
        const [page, other] = [pages[Math.floor(pages.length / 3)], pages[Math.floor((2 * pages.length) / 3)]];
        const otherRoute = pageOf(other)!;
        const anchor = graph.page(other)!.headings[0].anchor;
        const image = [...graph.host.files.all()].find((file) => /\.(png|svg|jpe?g)$/i.test(file) && graph.files.has(file))!;
        const importable = graph.files.snippetFiles.find((file) => file.endsWith('.mdx') && !isLegacySnippet(file)) ?? other;
        const original = graph.page(page)!.text;
        const bodyStart = graph.page(page)!.frontmatter?.block.range.end ?? 0;
        const top = [`import Valid from '/${importable}';`, "import Broken from '/snippets/no-such-snippet.mdx';", ''];
        const bottom = [
          '',
          `Valid: [page](/${otherRoute}) [anchor](/${otherRoute}#${anchor}) ![image](/${image}) <Card href="/${otherRoute}#${anchor}" /> [external](https://example.com/#x)`,
          `[broken page](/${otherRoute}-no-such-page)`,
          `[broken anchor](/${otherRoute}#${anchor}-no-such-anchor)`,
          `![broken image](/${image}.missing.png)`,
          '<Card title="x" href="/no/such/page" />',
          '[outside](../../../../../../../../etc/passwd)',
          '',
        ];
        const text = original.slice(0, bodyStart) + top.join('\n') + '\n' + original.slice(bodyStart) + bottom.join('\n');
        graph.setText(page, text);
        try {
          const firstLine = original.slice(0, bodyStart).split('\n').length;
          const lastLines = text.split('\n').length - bottom.length;
          const injected = findings(graph, runSiteRules(graph, [linkRule], [page])).filter((finding) => {
            const line = Number(/:(\d+) /.exec(finding)![1]);
            return (line >= firstLine && line < firstLine + top.length) || line > lastLines;
          });
          const at = (offset: number) => lastLines + offset + 1;
          assert.deepEqual(
            injected,
            [
              `${page}:${firstLine + 1} link/missing-snippet /snippets/no-such-snippet.mdx`,
              `${page}:${at(2)} link/missing-page /${otherRoute}-no-such-page`,
              `${page}:${at(3)} link/missing-anchor #${anchor}-no-such-anchor`,
              `${page}:${at(4)} link/missing-file /${image}.missing.png`,
              `${page}:${at(5)} link/missing-page /no/such/page`,
              `${page}:${at(6)} link/outside-root ../../../../../../../../etc/passwd`,
            ].sort(),
          );
        } finally {
          graph.setText(page, original);
        }
      });
    });
  }
});
