// The frontmatter, redirect and orphaned-page checks on the three real sites: the clean sites'
// findings, reviewed and pinned; defects and valid cases injected into real pages and into the
// real docs.json, each asserted at its line.
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { checkDocsJson, DiskSiteHost, LineIndex, runSiteRules, SiteGraph, type Diagnostic } from '../../../server/src/engine';
import { frontmatterRule } from '../../../server/src/engine/rules/frontmatterRule';
import { orphanRule } from '../../../server/src/engine/rules/orphanRule';
import { redirectRule } from '../../../server/src/engine/rules/redirectRule';
import { materialiseSite, realSites, type RealSite } from '../../support/sites';

/**
 * Reviewed by reading each page and docs.json entry. upstash: "Title:" for "title:" (the page has
 * no title); a redirect from a page that still exists; redirects to "/qstash" and "/workflow"
 * (folders with no index page, like the links the link check finds to "/redis": warnings, as the
 * platform's checker takes every folder as valid) and to SDK overview pages that do not exist. Orphans: old pages no navigation lists nor any page links to (sampled: nothing names them); the files under _snippets/ are snippets, never pages, as the platform takes them (18 fewer).
 * fastmcp: its frontmatter icons are Font Awesome Free or Pro ("shield-check", "message-smile",
 * "rocket-launch", "up"), which the site renders, but for "hugging-face" (two pages): Font Awesome
 * added it after 7.1.0, the version the platform serves, so those two pages show no icon.
 */
const pinned: Record<RealSite, Record<string, number>> = {
  'upstash+docs': { 'frontmatter/unknown-key': 1, 'redirect/shadows-page': 1, 'redirect/missing-destination': 2, 'redirect/folder-destination': 3, 'page/orphaned': 23 },
  'PrefectHQ+fastmcp': { 'icon/unknown': 2, 'page/orphaned': 18 },
  'langgenius+dify-docs': { 'page/orphaned': 6 },
};

interface SiteRun {
  graph: SiteGraph;
  docsJson: string;
  redirects: Diagnostic[];
  pages: Map<string, Diagnostic[]>;
}

function run(root: string): SiteRun {
  const host = new DiskSiteHost(root);
  const docsJson = readFileSync(join(root, 'docs.json'), 'utf8');
  const check = checkDocsJson(docsJson, host);
  const graph = new SiteGraph(host, check);
  return { graph, docsJson, redirects: runSiteRules(graph, [redirectRule], []).get('docs.json') ?? [], pages: runSiteRules(graph, [frontmatterRule, orphanRule]) };
}

function counts(result: SiteRun): Record<string, number> {
  const found: Record<string, number> = {};
  for (const d of [...result.redirects, ...[...result.pages.values()].flat()]) found[d.code] = (found[d.code] ?? 0) + 1;
  return found;
}

const lineOf = (text: string, offset: number) => new LineIndex(text).position(offset).line + 1;

describe('frontmatter, redirect and orphan checks on the three real sites', { timeout: 300_000 }, () => {
  for (const site of realSites) {
    describe(site, () => {
      const root = materialiseSite(site);

      it('finds exactly the reviewed findings on the clean site', () => {
        assert.deepEqual(counts(run(root)), pinned[site]);
      });

      it('reports injected frontmatter defects at their line, and not the valid values beside them', () => {
        const clean = run(root);
        const page = clean.graph.files.pageFiles.find((file) => clean.graph.page(file)?.frontmatter && !clean.pages.has(file))!;
        const original = clean.graph.page(page)!.text;
        const block = clean.graph.page(page)!.frontmatter!.block;
        const insertAt = block.start + block.raw.length;
        const injected = `${['icon: fa-rocket', 'mode: wide', 'hidden: "yes"', 'iconType: solid', 'playground: simpel', 'sidebartitle: Short'].join('\n')}\n`;
        const stripped = original.slice(0, insertAt).replace(/^(icon|mode|hidden|iconType|playground|sidebarTitle):.*\n/gm, '');
        const text = stripped + injected + original.slice(insertAt);
        writeFileSync(join(root, page), text);
        try {
          const found = run(root).pages.get(page) ?? [];
          const base = lineOf(text, stripped.length);
          assert.deepEqual(
            found.map((d) => [lineOf(text, d.range.start) - base, d.code]),
            [
              [0, 'icon/fa-prefix'],
              [2, 'frontmatter/type'],
              [4, 'frontmatter/enum'],
              [5, 'frontmatter/unknown-key'],
            ],
            `${page}: ${JSON.stringify(found)}`,
          );
          const broken = stripped + 'sidebarTitle: Setup: the basics\n' + original.slice(insertAt);
          writeFileSync(join(root, page), broken);
          const [syntax] = run(root).pages.get(page) ?? [];
          assert.equal(syntax.code, 'frontmatter/syntax');
          assert.equal(lineOf(broken, syntax.range.start), lineOf(broken, stripped.length));
        } finally {
          writeFileSync(join(root, page), original);
        }
      });

      it('reports injected redirect defects at their line in docs.json, and not the valid redirects', () => {
        const clean = run(root);
        const pages = [...clean.graph.routes.pages.keys()].filter((route) => route !== '' && !clean.graph.routes.redirectFor(route)).sort();
        const [a, b] = [pages[1], pages[2]];
        const value = JSON.parse(clean.docsJson);
        const before = (value.redirects ?? []).length;
        const added = [
          { source: '/injected/valid', destination: `/${a}` },
          { source: '/injected/nowhere', destination: `/${a}-no-such-page` },
          { source: '/injected/first', destination: '/injected/valid' },
          { source: '/injected/loop-a', destination: '/injected/loop-b' },
          { source: '/injected/loop-b', destination: '/injected/loop-a' },
          { source: '/injected/valid/', destination: `/${b}` },
          { source: `/${b}`, destination: `/${a}` },
          { source: '/injected/old/:slug*', destination: `/${a}` },
        ];
        value.redirects = [...(value.redirects ?? []), ...added];
        const text = JSON.stringify(value, null, 2);
        writeFileSync(join(root, 'docs.json'), text);
        try {
          // The lines each added redirect takes, in order after the site's own.
          const entryLines: number[][] = [];
          let from = text.lastIndexOf('"redirects"');
          for (const redirect of added) {
            const source = text.indexOf(JSON.stringify(redirect.source), from);
            const destination = text.indexOf(JSON.stringify(redirect.destination), source);
            entryLines.push([lineOf(text, source), lineOf(text, destination)]);
            from = destination + 1;
          }
          const firstAdded = entryLines[0][0] - 1;
          const found = run(root).redirects.filter((d) => lineOf(text, d.range.start) >= firstAdded);
          const entryOf = (d: Diagnostic) => entryLines.findIndex((lines) => lines.includes(lineOf(text, d.range.start)));
          assert.deepEqual(
            found.map((d) => [entryOf(d), d.code]),
            [
              [1, 'redirect/missing-destination'],
              [2, 'redirect/chain'],
              [3, 'redirect/loop'],
              [4, 'redirect/loop'],
              [5, 'redirect/duplicate-source'],
              [6, 'redirect/shadows-page'],
            ],
            `${before} redirects before: ${JSON.stringify(found)}`,
          );
        } finally {
          writeFileSync(join(root, 'docs.json'), clean.docsJson);
        }
      });

      it('reports a new page nothing reaches, and not once a page links to it', () => {
        const clean = run(root);
        const linking = clean.graph.files.pageFiles.find((file) => !/^index\.mdx?$/.test(file) && clean.graph.page(file)?.frontmatter)!;
        writeFileSync(join(root, 'injected-orphan.mdx'), '---\ntitle: Nobody links here\n---\n\nText.\n');
        try {
          const orphaned = run(root).pages.get('injected-orphan.mdx') ?? [];
          assert.deepEqual(orphaned.map((d) => [d.code, d.severity, d.range.start]), [['page/orphaned', 'information', 0]]);
          const original = clean.graph.page(linking)!.text;
          writeFileSync(join(root, linking), `${original}\n\nSee [the new page](/injected-orphan).\n`);
          try {
            assert.equal(run(root).pages.get('injected-orphan.mdx'), undefined);
          } finally {
            writeFileSync(join(root, linking), original);
          }
        } finally {
          rmSync(join(root, 'injected-orphan.mdx'));
        }
      });
    });
  }
});
