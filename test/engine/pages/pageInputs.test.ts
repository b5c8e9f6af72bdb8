// After an edit of docs.json alone, the editor keeps its last check of every page when nothing the
// page rules read changed (samePageFindings): each case edits docs.json, re-checks it as the editor
// does, and holds the answer to what a new check of every page finds.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { checkDocsJson, checkSitePages, DiskSiteHost, recheckDocsJson, type Diagnostic } from '../../../server/src/engine';
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
function afterEdit(edit: (text: string) => string, extra = '', files: Record<string, string> = pages, navigation = '{ "groups": [ { "group": "G", "pages": ["index", "guides/start"] } ] }') {
  const text = docsJson(navigation, extra);
  const root = writeSite({ 'docs.json': text, ...files });
  const host = new DiskSiteHost(root);
  const before = new SiteGraph(host, checkDocsJson(readFileSync(join(root, 'docs.json'), 'utf8'), host));
  const found = checkSitePages(before);
  const inputs = pageInputsOf(before)!;
  const after = new SiteGraph(host, recheckDocsJson(before.check!, edit(text)), before);
  const inputsAfter = pageInputsOf(after)!;
  return { found, same: samePageFindings(inputs, inputsAfter, found), foundAfter: checkSitePages(after), before, after, inputs, inputsAfter };
}

/**
 * Types edits into docs.json one after the other, each re-checked on the graph before as the editor
 * does: wherever the last check of every page is kept, a new check of every page finds the same.
 * How many edits kept it.
 */
function typedKeeping<Edit>(host: DiskSiteHost, start: string, edits: Edit[], apply: (text: string, edit: Edit) => string): number {
  let kept = 0;
  let text = start;
  let graph = new SiteGraph(host, checkDocsJson(text, host));
  let found = checkSitePages(graph);
  let inputs = pageInputsOf(graph)!;
  for (const edit of edits) {
    text = apply(text, edit);
    graph = new SiteGraph(host, recheckDocsJson(graph.check!, text), graph);
    const inputsAfter = pageInputsOf(graph)!;
    const foundAfter = checkSitePages(graph);
    if (samePageFindings(inputs, inputsAfter, found)) {
      kept++;
      assert.deepEqual(foundAfter, found);
    }
    [found, inputs] = [foundAfter, inputsAfter];
  }
  return kept;
}

describe('the check of every page kept after an edit of docs.json', () => {
  it('holds after typing in the site name: same routes, same findings', () => {
    const { found, same, foundAfter, before, after } = afterEdit((text) => text.replace('"name": "Acme"', '"name": "Acme Docs"'));
    assert.ok(found.get('index.mdx')?.some((d) => d.code === 'link/missing-page'), 'the page has a finding to keep');
    assert.equal(after.routes, before.routes, 'the routes are the same object');
    assert.equal(same, true);
    assert.deepEqual(foundAfter, found);
  });

  it('does not hold after a language of the navigation changes, though its pages do not: links into another language', () => {
    const navigation = '{ "languages": [ { "language": "en", "pages": ["en/index", "en/guide"] }, { "language": "zh", "pages": ["zh/index"] } ] }';
    const files = { 'en/index.mdx': '# Home\n', 'en/guide.mdx': '# Guide\n', 'zh/index.mdx': '# 首页\n[Guide](/en/guide)\n' };
    const { found, same, foundAfter, before, after } = afterEdit((text) => text.replace('"language": "zh"', '"language": "en"'), '', files, navigation);
    assert.equal(after.routes, before.routes, 'the routes are the same object');
    assert.deepEqual(
      found.get('zh/index.mdx')?.map((d) => d.code),
      ['translation/other-language-link'],
    );
    assert.equal(same, false);
    assert.equal(foundAfter.get('zh/index.mdx'), undefined);
  });

  describe('on a site in two languages, typing in page entries', () => {
    const navigation = `{ "languages": [
      { "language": "en", "groups": [ { "group": "Guide", "pages": ["en/index", "en/guide", "en/later"] } ] },
      { "language": "zh", "groups": [ { "group": "指南", "pages": ["zh/index", "zh/guide", "zh/later"] } ] } ] }`;
    const files = { 'en/index.mdx': '# Home\n', 'en/guide.mdx': '# Guide\n', 'zh/guide.mdx': '# 指南\n', 'zh/index.mdx': '# 首页\n[Guide](/en/guide) [Nothing](/en/nothing)\n' };

    it('holds while the entries typed in name no page file: the languages of every page and the routes they read are as they were', () => {
      const { found, same, foundAfter, before, after } = afterEdit((text) => text.replace('"zh/later"', '"zh/laterx"'), '', files, navigation);
      assert.notEqual(after.routes, before.routes, 'the navigation changed');
      assert.deepEqual(
        [...found.values()].flat().map((d) => d.code).sort(),
        ['link/missing-page', 'translation/other-language-link'],
      );
      assert.equal(same, true);
      assert.deepEqual(foundAfter, found);
    });

    it('does not hold after an entry that named a page file is typed in: the page is of no language, and an orphan', () => {
      const { found, same, foundAfter } = afterEdit((text) => text.replace('"zh/index"', '"zh/indexx"'), '', files, navigation);
      assert.equal(same, false);
      assert.notDeepEqual(foundAfter, found);
    });

    it('does not hold after an entry comes to name a page file', () => {
      const { same, foundAfter } = afterEdit((text) => text.replace('"en/later"', '"en/laterx", "en/guide"'), '', files, navigation);
      assert.equal(same, false);
      assert.ok(foundAfter.size > 0);
    });

    it('is kept after any typing only when a new check of every page finds the same', () => {
      const root = writeSite({ 'docs.json': docsJson(navigation), ...files });
      const host = new DiskSiteHost(root);
      const start = readFileSync(join(root, 'docs.json'), 'utf8');
      let kept = 0;
      fc.assert(
        fc.property(fc.array(typingEdit, { minLength: 1, maxLength: 6 }), (edits) => {
          kept += typedKeeping(host, start, edits, applyEdit);
        }),
        { numRuns: 40 },
      );
      assert.ok(kept >= 5, `only ${kept} edits kept the check of every page`);
    });

    it('does not hold after an entry that names no page file makes the version of a page in another language unknown', () => {
      const { same, found, foundAfter, before, after } = afterEdit((text) => text.replace('"zh/later"', '"zh/guide/index"'), '', files, navigation);
      assert.equal(after.routes.forPageRules, before.routes.forPageRules, 'no page is listed anew');
      assert.equal(same, false);
      const messages = (findings: typeof found) => findings.get('zh/index.mdx')!.filter((d) => d.code === 'translation/other-language-link').map((d) => d.message);
      assert.match(messages(found)[0], /Link to the "zh" version, "\/zh\/guide"/);
      assert.match(messages(foundAfter)[0], /no "zh" version of it/, 'two "zh" paths are the version of en/guide now');
    });
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

describe('the check of every page kept, one input of the page rules at a time', () => {
  /** After an edit that keeps the check (the site's name), with the first finding of the index page. */
  function kept() {
    const state = afterEdit((text) => text.replace('"name": "Acme"', '"name": "Acme Docs"'));
    assert.equal(state.same, true, 'the edit of the name keeps the check');
    const first = state.found.get('index.mdx')![0];
    const keeps = (found: Map<string, Diagnostic[]>) => samePageFindings(state.inputs, state.inputsAfter, found);
    return { ...state, first, keeps };
  }

  it('is not taken before docs.json is checked: a site graph without a check has no inputs', () => {
    const host = new DiskSiteHost(writeSite({ 'docs.json': docsJson('{ "pages": ["index"] }'), ...pages }));
    assert.equal(pageInputsOf(new SiteGraph(host)), undefined);
  });

  it('does not hold when the site files, the check options or the icon library is not the one the findings were made with, each alone', () => {
    const { inputs, inputsAfter, found, after } = kept();
    const otherFiles = new SiteGraph(after.host, after.check).files;
    assert.notEqual(otherFiles, inputsAfter.files);
    assert.equal(samePageFindings(inputs, { ...inputsAfter, files: otherFiles }, found), false, 'files');
    assert.equal(samePageFindings(inputs, { ...inputsAfter, options: { ...inputsAfter.options, missingPageSeverity: 'off' } }, found), false, 'options');
    assert.notEqual(inputsAfter.iconLibrary, 'lucide');
    assert.equal(samePageFindings(inputs, { ...inputsAfter, iconLibrary: 'lucide' }, found), false, 'icon library');
  });

  it('does not hold when a path docs.json writes became another, as many paths as before', () => {
    const navbar = '\n  "navbar": { "primary": { "type": "button", "label": "Start", "href": "/guides/start" } },';
    const { found, same, foundAfter, inputs, inputsAfter, before, after } = afterEdit((text) => text.replace('"href": "/guides/start"', '"href": "/guides/unlisted"'), navbar);
    assert.equal(after.routes, before.routes, 'the routes are the same object');
    assert.equal(inputsAfter.docsJsonPaths.length, inputs.docsJsonPaths.length);
    assert.equal(same, false);
    assert.ok(found.get('guides/unlisted.mdx')?.some((d) => d.code === 'page/orphaned'));
    assert.equal(foundAfter.get('guides/unlisted.mdx'), undefined, 'the navbar button reaches the page now');
  });

  it('holds for findings on .md pages as on .mdx pages, whatever the case of the extension', () => {
    const { first, keeps } = kept();
    assert.equal(keeps(new Map([['guides/intro.md', [first]]])), true);
    assert.equal(keeps(new Map([['guides/INTRO.MDX', [first]]])), true);
  });

  it('does not hold for a finding in a file whose name only contains ".mdx" (notes.mdx.json is no page)', () => {
    const { first, keeps } = kept();
    assert.equal(keeps(new Map([['notes.mdx.json', [first]]])), false);
  });

  it('does not hold when one of a finding’s related places is outside the pages, the others in them', () => {
    const { first, keeps } = kept();
    const place = (file: string) => ({ file, range: { start: 0, end: 4 }, message: 'the link that shares the cause' });
    assert.equal(keeps(new Map([['index.mdx', [{ ...first, related: [place('guides/start.mdx'), place('docs.json')] }]]])), false);
    assert.equal(keeps(new Map([['index.mdx', [{ ...first, related: [place('guides/start.mdx')] }]]])), true);
  });

  it('holds when a finding’s fixes edit only pages, and not when one fix of several also edits docs.json', () => {
    const { first, keeps } = kept();
    const edit = (file: string) => ({ file, range: { start: 0, end: 4 }, newText: 'x' });
    const inPage = { title: 'Change to /guides/start', replacement: '/guides/start' };
    const alsoElsewhere = { title: 'Create page', replacement: '/missing', alsoEdits: [edit('guides/start.mdx'), edit('docs.json')] };
    assert.equal(keeps(new Map([['index.mdx', [{ ...first, suggestions: [inPage] }]]])), true);
    assert.equal(keeps(new Map([['index.mdx', [{ ...first, suggestions: [inPage, { ...inPage, alsoEdits: [edit('guides/start.mdx')] }] }]]])), true);
    assert.equal(keeps(new Map([['index.mdx', [{ ...first, suggestions: [inPage, alsoElsewhere] }]]])), false);
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
    let keptAll = 0;
    let steps = 0;
    fc.assert(
      fc.property(fc.nat(sites.length - 1), fc.array(edit, { minLength: 1, maxLength: 4 }), (which, edits) => {
        const kept = typedKeeping(sites[which].host, sites[which].text, edits, applied);
        [keptAll, steps] = [keptAll + kept, steps + edits.length];
      }),
      { numRuns: 30 },
    );
    assert.ok(keptAll >= 5, `only ${keptAll} of ${steps} edits kept the check of every page: the property would see little`);
  });
});
