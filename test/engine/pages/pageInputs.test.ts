// After an edit of docs.json alone, the editor keeps its last check of every page when nothing the
// page rules read changed (samePageFindings): each case edits docs.json, re-checks it as the editor
// does, and holds the answer to what a new check of every page finds.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { checkDocsJson, checkSitePages, DiskSiteHost, recheckDocsJson } from '../../../server/src/engine';
import { pageInputsOf, samePageFindings } from '../../../server/src/engine/pages/pageInputs';
import { SiteGraph } from '../../../server/src/engine/pages/siteGraph';
import { corpusSites, materialiseRepository } from '../../support/corpus';
import { docsJson, writeSite } from '../../support/site';
import { applyEdit, typingEdit, type TypingEdit } from '../../support/typingEdits';

const pages = {
  'index.mdx': '# Home\n\nSee [the guide](/guides/start) and [nothing](/missing).\n',
  'guides/start.mdx': '# Start\n',
  'guides/unlisted.mdx': '# Unlisted\n',
};

/** The site checked, every page checked, then docs.json edited by `edit` and re-checked on the same graph chain. */
function afterEdit(edit: (text: string) => string, extra = '', files: Record<string, string> = pages) {
  const text = docsJson('{ "groups": [ { "group": "G", "pages": ["index", "guides/start"] } ] }', extra);
  const root = writeSite({ 'docs.json': text, ...files });
  const host = new DiskSiteHost(root);
  const before = new SiteGraph(host, checkDocsJson(readFileSync(join(root, 'docs.json'), 'utf8'), host));
  const found = checkSitePages(before);
  const inputs = pageInputsOf(before)!;
  const after = new SiteGraph(host, recheckDocsJson(before.check!, edit(text)), before);
  const inputsAfter = pageInputsOf(after)!;
  return { found, same: samePageFindings(inputs, inputsAfter, found), foundAfter: checkSitePages(after), before, after, inputs, inputsAfter };
}

describe('the check of every page kept after an edit of docs.json', () => {
  it('holds after typing in the site name: same routes, same findings', () => {
    const { found, same, foundAfter, before, after } = afterEdit((text) => text.replace('"name": "Acme"', '"name": "Acme Docs"'));
    assert.ok(found.get('index.mdx')?.some((d) => d.code === 'link/missing-page'), 'the page has a finding to keep');
    assert.equal(after.routes, before.routes, 'the routes are the same object');
    assert.equal(same, true);
    assert.deepEqual(foundAfter, found);
  });

  it('does not hold after a page is added to the navigation', () => {
    const { found, same, foundAfter } = afterEdit((text) => text.replace('"guides/start"]', '"guides/start", "guides/unlisted"]'));
    assert.equal(same, false);
    assert.notDeepEqual(foundAfter, found, 'the unlisted page is no longer an orphan');
  });

  it('does not hold after a path to a page is written anywhere in docs.json (a page reached from the name is no orphan)', () => {
    const { found, same, foundAfter } = afterEdit((text) => text.replace('"name": "Acme"', '"name": "/guides/unlisted"'));
    assert.equal(same, false);
    assert.ok(found.get('guides/unlisted.mdx')?.some((d) => d.code === 'page/orphaned'));
    assert.equal(foundAfter.get('guides/unlisted.mdx'), undefined);
  });

  it('does not hold after a redirect is added: links may lead somewhere now', () => {
    const redirects = '\n  "redirects": [ { "source": "/old", "destination": "/index" } ],';
    const { same, foundAfter } = afterEdit((text) => text.replace('"source": "/old"', '"source": "/missing"'), redirects);
    assert.equal(same, false);
    assert.equal(foundAfter.get('index.mdx')?.some((d) => d.code === 'link/missing-page') ?? false, false);
  });

  it('does not hold when a finding points into docs.json, whose places move with the edit', () => {
    const { found, inputs, inputsAfter } = afterEdit((text) => text.replace('"name": "Acme"', '"name": "Acme Docs"'));
    const [file, [first, ...rest]] = [...found][0];
    const related = { file: 'docs.json', range: { start: 10, end: 20 }, message: 'the redirect that shares the cause' };
    assert.equal(samePageFindings(inputs, inputsAfter, new Map([[file, [{ ...first, related: [related] }, ...rest]]])), false);
    const fix = { title: 'Fix', replacement: 'x', alsoEdits: [{ file: 'docs.json', range: { start: 10, end: 20 }, newText: 'y' }] };
    assert.equal(samePageFindings(inputs, inputsAfter, new Map([[file, [{ ...first, suggestions: [fix] }, ...rest]]])), false);
    assert.equal(samePageFindings(inputs, inputsAfter, new Map([['docs.json', [first]]])), false);
    assert.equal(samePageFindings(inputs, inputsAfter, found), true);
  });
});

describe('the check of every page kept after typing in docs.json, on real sites', () => {
  const sites = ['mintlify+docs', 'upstash+docs'].map((folder) => {
    const entry = corpusSites().find((candidate) => candidate.folder === folder)!;
    const path = join(materialiseRepository(folder), entry.docsJsonPath);
    return { text: readFileSync(path, 'utf8'), host: new DiskSiteHost(join(path, '..')) };
  });

  /** Typing in the site's name, where most edits keep the check; a "/" can make it a path to a page. */
  const nameEdit = fc.record({ insert: fc.constantFrom('x', 'y', ' ', '/', '/quickstart', '/introduction') });
  const edit = fc.oneof({ weight: 1, arbitrary: typingEdit }, { weight: 2, arbitrary: nameEdit });
  const applied = (text: string, e: TypingEdit | { insert: string }) =>
    'kind' in e ? applyEdit(text, e) : text.replace(/"name": "/, `"name": "${e.insert}`);

  it('is kept only when a new check of every page finds the same', () => {
    let kept = 0;
    let steps = 0;
    fc.assert(
      fc.property(fc.nat(sites.length - 1), fc.array(edit, { minLength: 1, maxLength: 4 }), (which, edits) => {
        const { host } = sites[which];
        let text = sites[which].text;
        let graph = new SiteGraph(host, checkDocsJson(text, host));
        let found = checkSitePages(graph);
        let inputs = pageInputsOf(graph)!;
        for (const typed of edits) {
          text = applied(text, typed);
          graph = new SiteGraph(host, recheckDocsJson(graph.check!, text), graph);
          const inputsAfter = pageInputsOf(graph)!;
          const same = samePageFindings(inputs, inputsAfter, found);
          const foundAfter = checkSitePages(graph);
          steps++;
          if (same) {
            kept++;
            assert.deepEqual(foundAfter, found);
          }
          [found, inputs] = [foundAfter, inputsAfter];
        }
      }),
      { numRuns: 30 },
    );
    assert.ok(kept >= 5, `only ${kept} of ${steps} edits kept the check of every page: the property would see little`);
  });
});
