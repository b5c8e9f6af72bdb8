import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { checkDocsJson, DiskSiteHost, prepareRecheck, recheckDocsJson } from '../../server/src/engine';
import { checkOutcome as outcome } from '../support/checkOutcome';
import { writeSite } from '../support/site';

function docsJson(members: Record<string, unknown>): string {
  return JSON.stringify({ theme: 'mint', name: 'Acme', colors: { primary: '#0B7A62' }, ...members }, null, 2);
}

describe('re-check after an edit, by example', () => {
  it('an edit of api.openapi checks the whole file again: a spec made missing is reported, then fixed', () => {
    const root = writeSite({
      'docs.json': docsJson({ api: { openapi: 'openapi.json' }, navigation: { groups: [{ group: 'API', pages: ['GET /users'] }] } }),
      'openapi.json': JSON.stringify({ openapi: '3.1.0', info: { title: 'A', version: '1' }, paths: { '/users': { get: {} } } }),
    });
    const host = new DiskSiteHost(root);
    const text = readFileSync(join(root, 'docs.json'), 'utf8');
    const first = checkDocsJson(text, host);
    assert.deepEqual(first.documents.get('docs.json')!.diagnostics, []);
    const broken = text.replace('"openapi.json"', '"missing.json"');
    const second = recheckDocsJson(first, broken);
    assert.deepEqual(outcome(second), outcome(checkDocsJson(broken, host)));
    assert.ok(second.documents.get('docs.json')!.diagnostics.some((d) => d.code === 'ref/missing-openapi'), 'the missing spec is reported');
    assert.deepEqual(recheckDocsJson(second, text).documents.get('docs.json')!.diagnostics, []);
  });

  it('an edit inside a group re-checks that group: a page made missing is reported, then fixed', () => {
    const root = writeSite({
      'docs.json': docsJson({ navigation: { tabs: [{ tab: 'Guides', groups: [{ group: 'Start', pages: ['intro'] }, { group: 'More', pages: ['other'] }] }] } }),
      'intro.mdx': '# Intro',
      'other.mdx': '# Other',
    });
    const host = new DiskSiteHost(root);
    const text = readFileSync(join(root, 'docs.json'), 'utf8');
    const first = checkDocsJson(text, host);
    assert.deepEqual(first.documents.get('docs.json')!.diagnostics, []);

    const broken = text.replace('"other"', '"otherr"');
    const second = recheckDocsJson(first, broken);
    assert.ok(second.basis.units, 'the group alone was checked again');
    const [missing] = second.documents.get('docs.json')!.diagnostics;
    assert.equal(missing.code, 'ref/missing-page');
    assert.equal(broken.slice(missing.range.start, missing.range.end), '"otherr"');

    const third = recheckDocsJson(second, text);
    assert.ok(third.basis.units);
    assert.deepEqual(third.documents.get('docs.json')!.diagnostics, []);
    assert.deepEqual(
      third.model.pages.map((page) => page.value),
      ['intro', 'other'],
    );
  });

  it('a group that gains nested groups keeps every later page entry with its own element', () => {
    const root = writeSite({
      'docs.json': docsJson({
        navigation: { groups: [{ group: 'Outer', pages: ['a', { group: 'Inner', pages: ['b'] }, 'c'] }, { group: 'Last', pages: ['d'] }] },
      }),
      'a.mdx': '',
      'b.mdx': '',
      'c.mdx': '',
      'd.mdx': '',
    });
    const host = new DiskSiteHost(root);
    const text = readFileSync(join(root, 'docs.json'), 'utf8');
    const inner = text.slice(text.indexOf('{', text.indexOf('"a"')), text.indexOf('}', text.indexOf('"Inner"')) + 1);
    const edited = text.replace(inner, JSON.stringify({ group: 'Inner', pages: ['b', { group: 'Deeper', pages: ['e'] }, { group: 'Deepest', pages: ['b'] }] }));
    const result = recheckDocsJson(checkDocsJson(text, host), edited);
    assert.ok(result.basis.units, 'the inner group alone was checked again');
    assert.deepEqual(outcome(result), outcome(checkDocsJson(edited, host)));
    assert.deepEqual(
      result.model.pages.map((page) => `${page.value} in ${page.element.name}`),
      ['a in Outer', 'b in Inner', 'e in Deeper', 'b in Deepest', 'c in Outer', 'd in Last'],
    );
  });

  it('an edit inside an element whose parent holds two kinds of children gives the full outcome: the kind kept depends on its name', () => {
    const root = writeSite({
      'docs.json': docsJson({ navigation: { groups: [{ group: 'Start', pages: ['intro'] }], anchors: [{ name: 'Docs', pages: ['intro'] }] } }),
      'intro.mdx': '# Intro',
    });
    const host = new DiskSiteHost(root);
    const text = readFileSync(join(root, 'docs.json'), 'utf8');
    const named = text.replace('"name": "Docs"', '"anchor": "Docs"');
    const result = recheckDocsJson(checkDocsJson(text, host), named);
    assert.deepEqual(outcome(result), outcome(checkDocsJson(named, host)));
    assert.ok(result.documents.get('docs.json')!.diagnostics.some((d) => d.message.includes('the site shows the anchors and drops these groups')));
  });

  it('an edit of a top-level value re-checks that value alone; ranges after it move', () => {
    const root = writeSite({
      'docs.json': docsJson({ name: 'Site', colors: { primary: '#0B7A62' }, navigation: { pages: ['nope'] } }),
    });
    const host = new DiskSiteHost(root);
    const text = readFileSync(join(root, 'docs.json'), 'utf8');
    const first = checkDocsJson(text, host);
    const edited = text.replace('#0B7A62', '#0B7A62AB1');
    const second = recheckDocsJson(first, edited);
    assert.ok(second.basis.units);
    const byCode = new Map(second.documents.get('docs.json')!.diagnostics.map((d) => [d.code, d]));
    const pattern = byCode.get('schema/pattern')!;
    assert.equal(edited.slice(pattern.range.start, pattern.range.end), '"#0B7A62AB1"');
    const page = byCode.get('ref/missing-page')!;
    assert.equal(edited.slice(page.range.start, page.range.end), '"nope"');
  });

  it('edits that break the JSON, or touch what the whole check reads, take a full check', () => {
    const root = writeSite({ 'docs.json': docsJson({ icons: { library: 'lucide' }, navigation: { pages: ['intro'] } }), 'intro.mdx': '' });
    const host = new DiskSiteHost(root);
    const text = readFileSync(join(root, 'docs.json'), 'utf8');
    const broken = recheckDocsJson(checkDocsJson(text, host), text.replace('"intro"', '"intro'));
    assert.equal(broken.basis.units, undefined);
    assert.equal(broken.documents.get('docs.json')!.diagnostics[0].code, 'json/syntax');
    const library = recheckDocsJson(checkDocsJson(text, host), text.replace('lucide', 'tabler'));
    assert.equal(library.basis.units, undefined);
  });

  it('a result that was re-checked is not re-checked again in place', () => {
    const root = writeSite({ 'docs.json': docsJson({ navigation: { groups: [{ group: 'A', pages: ['a'] }] } }), 'a.mdx': '' });
    const host = new DiskSiteHost(root);
    const text = readFileSync(join(root, 'docs.json'), 'utf8');
    const first = checkDocsJson(text, host);
    recheckDocsJson(first, text.replace('"a"', '"b"'));
    const again = recheckDocsJson(first, text.replace('"a"', '"c"'));
    assert.equal(again.basis.units, undefined, 'a full check, not a local one on a changed value');
    assert.equal(again.documents.get('docs.json')!.diagnostics[0].message.includes('"c"'), true);
  });

  it('a result prepared ahead finds where each part is before the first edit, and the edit gives the full outcome', () => {
    const root = writeSite({ 'docs.json': docsJson({ navigation: { groups: [{ group: 'A', pages: ['a'] }, { group: 'B', pages: ['b'] }] } }), 'a.mdx': '' });
    const host = new DiskSiteHost(root);
    const text = readFileSync(join(root, 'docs.json'), 'utf8');
    const first = checkDocsJson(text, host);
    prepareRecheck(first);
    const prepared = first.basis.units;
    assert.ok(prepared && prepared.some((unit) => unit.element?.name === 'B'), 'the table holds group "B"');
    const edited = text.replace('"b"', '"a"');
    const second = recheckDocsJson(first, edited);
    assert.ok(second.basis.units, 'a local re-check');
    assert.deepEqual(outcome(second), outcome(checkDocsJson(edited, host)));
    const usedUp = checkDocsJson(text, host);
    recheckDocsJson(usedUp, text); // the same text: a full check, which uses the result up
    prepareRecheck(usedUp);
    assert.equal(usedUp.basis.units, undefined, 'a result used up is left alone');
    const broken = checkDocsJson(text.replace('"b"', '"b'), host);
    prepareRecheck(broken);
    assert.equal(broken.basis.units, undefined, 'broken JSON is never checked in parts');
  });
});

describe('what a re-check takes from the whole file', () => {
  /** The re-check of `text` edited into `edited`, after a check of `text`: whether it was local, and that it gives the full outcome. */
  function recheck(files: Record<string, string>, edit: (text: string) => string, prepared = false) {
    const root = writeSite(files);
    const host = new DiskSiteHost(root);
    const text = readFileSync(join(root, 'docs.json'), 'utf8');
    const first = checkDocsJson(text, host);
    if (prepared) prepareRecheck(first);
    const edited = edit(text);
    assert.notEqual(edited, text, 'the edit changes the text');
    const result = recheckDocsJson(first, edited);
    assert.deepEqual(outcome(result), outcome(checkDocsJson(edited, host)));
    return { result, local: result.basis.units !== undefined, edited };
  }
  const groups = { navigation: { groups: [{ group: 'A', pages: ['a'] }, { group: 'B', pages: ['b'] }] } };
  const pages = { 'a.mdx': '', 'b.mdx': '' };

  it('an edit that writes a "$ref" or an escaped key, or removes one, takes a full check: it may pull in other files', () => {
    const files = { 'docs.json': docsJson(groups), ...pages, 'more.json': JSON.stringify({ group: 'M', pages: ['a'] }) };
    assert.equal(recheck(files, (text) => text.replace('"group": "B"', '"$ref": "more.json", "group": "B"')).local, false);
    assert.equal(recheck(files, (text) => text.replace('"group": "B"', '"\\u0024ref": "more.json", "group": "B"')).local, false);
    const withRef = { ...files, 'docs.json': docsJson({ navigation: { groups: [{ group: 'A', pages: ['a'] }, { $ref: 'more.json' }] } }) };
    assert.equal(recheck(withRef, (text) => text.replace('"$ref": "more.json"', '"group": "B", "pages": ["b"]')).local, false);
    assert.equal(recheck(files, (text) => text.replace('"group": "B"', '"group": "B2"')).local, true, 'the same edit without one is local');
    assert.equal(recheck(withRef, (text) => text.replace('"group": "A"', '"group": "A2"')).local, true, 'a "$ref" in another part does not matter');
    assert.equal(recheck(withRef, (text) => text.replace('"theme": "mint"', '"theme": "maple"')).local, false, 'nor makes the part it names a part of docs.json');
  });

  it('an edit that writes a key twice in a part, or into a file that has one twice, takes a full check', () => {
    assert.equal(recheck({ 'docs.json': docsJson(groups), ...pages }, (text) => text.replace('"group": "B"', '"group": "B", "group": "C"')).local, false);
    const twice = docsJson(groups).replace('"name": "Acme"', '"name": "Acme", "name": "Again"');
    assert.equal(recheck({ 'docs.json': twice, ...pages }, (text) => text.replace('"group": "B"', '"group": "B2"')).local, false);
  });

  it('a docs.json that is a "$ref" at its top, or not an object, is checked whole', () => {
    const files = { 'docs.json': JSON.stringify({ $ref: 'real.json' }, null, 2), 'real.json': docsJson(groups), ...pages };
    assert.equal(recheck(files, (text) => text.replace('real.json', 'other.json')).local, false);
    assert.equal(recheck({ 'docs.json': '[1, 2, 3]' }, (text) => text.replace('2', '5')).local, false);
    const beside = { 'docs.json': JSON.stringify({ $ref: 'real.json', seo: { indexing: 'all' } }, null, 2), 'real.json': docsJson(groups), ...pages };
    assert.equal(recheck(beside, (text) => text.replace('"all"', '"navigable pages only"')).local, false, 'a value beside a top-level "$ref"');
  });

  it('an edit across two parts, or outside every part, takes a full check', () => {
    const files = { 'docs.json': docsJson(groups), ...pages };
    assert.equal(recheck(files, (text) => text.replace(/"A",\s*"pages": \[\s*"a"\s*\]\s*},\s*\{\s*"group": "B"/, '"A", "pages": ["a"] }, { "group": "C"')).local, false);
    assert.equal(recheck(files, (text) => text.replace('"theme": "mint"', '"theme": "maple"')).local, false, 'the theme is read by other checks');
    assert.equal(recheck(files, (text) => `${text}\n`).local, false, 'after the last brace');
  });

  it('an edit of a top-level value that only it reads is local, and its problems are where a full check puts them', () => {
    const files = { 'docs.json': docsJson({ ...groups, seo: { indexing: 'all' }, footer: { socials: { x: 'https://x.com/acme' } } }), ...pages };
    const { local, result, edited } = recheck(files, (text) => text.replace('"indexing": "all"', '"indexing": "some"'));
    assert.equal(local, true);
    assert.ok(result.documents.get('docs.json')!.diagnostics.some((d) => edited.slice(d.range.start, d.range.end) === '"some"'));
    assert.equal(recheck(files, (text) => text.replace('"indexing": "all"', '"indexing": 5')).local, true);
    assert.equal(recheck(files, (text) => text.replace(/"seo": \{[^}]*\}/, '"seo": 5')).local, false, 'a value with no inside to edit');
    assert.equal(recheck(files, (text) => text.replace(/"seo": \{\s*"indexing": "all"\s*\}/, '"seo": { "indexing": "all", "unknown": 1 }')).local, true);
  });

  it('a problem about a top-level key itself, found by a local re-check of its value, is at the key as a full check puts it', () => {
    const files = { 'docs.json': docsJson({ ...groups, seo: { indexing: 'all' } }), ...pages };
    const misspelt = recheck(files, (text) => text.replace('"primary"', '"primar"'));
    assert.equal(misspelt.local, true);
    const folded = misspelt.result.documents.get('docs.json')!.diagnostics.filter((d) => d.code === 'schema/required' || d.code === 'schema/unknown-key');
    assert.deepEqual(folded.map((d) => [d.code, misspelt.edited.slice(d.range.start, d.range.end)]), [['schema/required', '"primar"']], 'one finding, at the misspelt key');
    const { local, result, edited } = recheck(files, (text) => text.replace('"primary"', '"zqx"'));
    assert.equal(local, true);
    const required = result.documents.get('docs.json')!.diagnostics.find((d) => d.code === 'schema/required');
    assert.ok(required, 'colors is missing "primary"');
    assert.equal(edited.slice(required.range.start, required.range.end), '"colors"');
    let text = edited;
    let last = result;
    for (const [from, to] of [['"zqx"', '"zqxw"'], ['"Acme"', '"Acme Inc"'], ['"zqxw"', '"zqxwv"']]) {
      text = text.replace(from, to);
      last = recheckDocsJson(last, text);
      assert.ok(last.basis.units, `${from} -> ${to} is local`);
      const problems = last.documents.get('docs.json')!.diagnostics.filter((d) => d.code === 'schema/required');
      assert.deepEqual(problems.map((d) => text.slice(d.range.start, d.range.end)), ['"colors"'], `${from} -> ${to}: once, at the key`);
    }
  });

  it('an edit of what other checks read takes a full check: the background (the colours\' contrast), "$schema", a global anchor', () => {
    const files = { 'docs.json': docsJson({ $schema: 'https://mintlify.com/docs.json', background: { color: { light: '#ffffff' } }, navigation: { global: { anchors: [{ anchor: 'Blog', href: 'https://example.com/blog' }] }, ...groups.navigation } }), ...pages };
    assert.equal(recheck(files, (text) => text.replace('#ffffff', '#0B7A62')).local, false);
    assert.equal(recheck(files, (text) => text.replace('mintlify.com/docs.json', 'example.com/docs.json')).local, false);
    assert.equal(recheck(files, (text) => text.replace('"Blog"', '"News"')).local, false);
  });

  it('a group without pages edited keeps none: local', () => {
    const files = { 'docs.json': docsJson({ navigation: { groups: [{ group: 'A', pages: ['a'] }, { group: 'Empty', pages: [] }] } }), ...pages };
    assert.equal(recheck(files, (text) => text.replace('"Empty"', '"Still empty"')).local, true);
  });

  it('the first group gains a page, then loses it: local, and every page is in order', () => {
    const gained = recheck({ 'docs.json': docsJson(groups), ...pages }, (text) => text.replace(/"pages": \[\s*"a"\s*\]/, '"pages": ["a", "b"]'));
    assert.equal(gained.local, true);
    assert.deepEqual(gained.result.model.pages.map((page) => `${page.value} in ${page.element.name}`), ['a in A', 'b in A', 'b in B']);
    const lost = recheckDocsJson(gained.result, docsJson(groups));
    assert.ok(lost.basis.units);
    assert.deepEqual(lost.model.pages.map((page) => `${page.value} in ${page.element.name}`), ['a in A', 'b in B']);
  });

  it('an element reported as a whole, then edited again: its problem is found once', () => {
    const files = { 'docs.json': docsJson({ navigation: { groups: [{ group: 'A', pages: ['a'] }, { group: 'B' }] } }), ...pages };
    const { result, edited } = recheck(files, (text) => text.replace('"B"', '"Bee"'));
    const again = recheckDocsJson(result, edited.replace('"Bee"', '"Be"'));
    assert.ok(again.basis.units);
    const before = result.documents.get('docs.json')!.diagnostics.length;
    assert.ok(before > 0, 'the group without pages is reported');
    assert.equal(again.documents.get('docs.json')!.diagnostics.length, before);
  });

  it('a page of the first group changed: local, and the page is the new one', () => {
    const { local, result } = recheck({ 'docs.json': docsJson(groups), ...pages }, (text) => text.replace('"a"', '"b"'));
    assert.equal(local, true);
    assert.deepEqual(result.model.pages.map((page) => `${page.value} in ${page.element.name}`), ['b in A', 'b in B']);
  });

  it('a top-level value edited, then a group after it: the group is found where it has moved to', () => {
    const root = writeSite({ 'docs.json': docsJson({ seo: { indexing: 'all' }, ...groups }), ...pages });
    const host = new DiskSiteHost(root);
    let text = readFileSync(join(root, 'docs.json'), 'utf8');
    let result = checkDocsJson(text, host);
    for (const [from, to] of [['"all"', '"navigable pages only"'], ['"b"', '"nope"']]) {
      text = text.replace(from, to);
      result = recheckDocsJson(result, text);
      assert.ok(result.basis.units, `${from} -> ${to} is local`);
      assert.deepEqual(outcome(result), outcome(checkDocsJson(text, host)), `${from} -> ${to}`);
    }
  });

  it('a group that had no pages and gets its first takes a full check; one that keeps pages is local', () => {
    const files = { 'docs.json': docsJson({ navigation: { groups: [{ group: 'A', pages: ['a'] }, { group: 'Empty', pages: [] }, { group: 'B', pages: ['b'] }] } }), ...pages };
    assert.equal(recheck(files, (text) => text.replace(/"Empty",\s*"pages": \[\]/, '"Empty", "pages": ["a"]')).local, false);
    assert.equal(recheck(files, (text) => text.replace(/"B",\s*"pages": \[\s*"b"\s*\]/, '"B", "pages": ["b", "a"]')).local, true);
    const { result } = recheck(files, (text) => text.replace(/"B",\s*"pages": \[\s*"b"\s*\]/, '"B", "pages": ["a", { "group": "Inner", "pages": ["b"] }]'));
    assert.deepEqual(result.model.pages.map((page) => `${page.value} in ${page.element.name}`), ['a in A', 'a in B', 'b in Inner']);
  });

  it('a group whose OpenAPI spec is edited has the spec checked again; the spec it no longer declares is forgotten', () => {
    const spec = JSON.stringify({ openapi: '3.1.0', info: { title: 'A', version: '1' }, paths: { '/users': { get: {} } } });
    const files = { 'docs.json': docsJson({ navigation: { groups: [{ group: 'A', pages: ['a'] }, { group: 'API', openapi: 'openapi.json', pages: ['GET /users'] }] } }), ...pages, 'openapi.json': spec };
    const broken = recheck(files, (text) => text.replace('"openapi.json"', '"missing.json"'));
    assert.equal(broken.local, true);
    assert.ok(broken.result.documents.get('docs.json')!.diagnostics.some((d) => d.code === 'ref/missing-openapi'));
    const fixed = recheckDocsJson(broken.result, readFileSync(join(writeSite(files), 'docs.json'), 'utf8'));
    assert.deepEqual(fixed.documents.get('docs.json')!.diagnostics, []);
  });

  it('edits one after another keep every range in place: a later part moves, an earlier one stays', () => {
    const root = writeSite({ 'docs.json': docsJson({ navigation: { groups: [{ group: 'A', pages: ['nope'] }, { group: 'B', pages: ['b'] }, { group: 'C', pages: ['gone'] }] } }), ...pages });
    const host = new DiskSiteHost(root);
    let text = readFileSync(join(root, 'docs.json'), 'utf8');
    let result = checkDocsJson(text, host);
    for (const [from, to] of [['"b"', '"bee-bee-bee"'], ['"bee-bee-bee"', '"b"'], ['"A"', '"Alpha group"'], ['"gone"', '"still-gone"']]) {
      text = text.replace(from, to);
      result = recheckDocsJson(result, text);
      assert.ok(result.basis.units, `${from} -> ${to} is local`);
      assert.deepEqual(outcome(result), outcome(checkDocsJson(text, host)), `${from} -> ${to}`);
    }
  });
});
