// The root-relative paths docs.json writes ("/quickstart"): the orphan rule takes a page named by one as
// reached, and the check of every page is kept after an edit of docs.json only while they stay the same.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDocsJson, DiskSiteHost, recheckDocsJson, type CheckResult } from '../../../server/src/engine';
import { NavigationModel } from '../../../server/src/engine/model/navigationModel';
import { docsJsonPaths } from '../../../server/src/engine/pages/docsJsonPaths';
import { docsJson, writeSite } from '../../support/site';

/** A check of this docs.json text (and these other files) in a site of its own. */
function checked(text: string, files: Record<string, string> = {}): CheckResult {
  const host = new DiskSiteHost(writeSite({ ...files, 'docs.json': text }));
  return checkDocsJson(text, host);
}

const rootOf = (check: CheckResult) => check.documents.get('docs.json')!.document.json.value;

describe('the paths docs.json writes', () => {
  it('lists every string that starts with one "/", in the order the file writes them, through nested arrays and objects', () => {
    const navbar = `
  "navbar": {
    "links": [ { "label": "Blog", "href": "/blog" }, { "label": "Status", "href": "https://status.example.com" } ],
    "primary": { "type": "button", "label": "Start", "href": "/start" }
  },
  "redirects": [ { "source": "/old", "destination": "/new", "permanent": true } ],
  "footer": { "socials": { "x": "https://x.com/acme" }, "links": [ { "header": "More", "items": [ { "label": "Legal", "href": "/legal" } ] } ] },`;
    const navigation = '{ "groups": [ { "group": "Start", "pages": ["/quickstart", "guides/install", "/guides/upgrade"] } ] }';
    assert.deepEqual(docsJsonPaths(checked(docsJson(navigation, navbar))), [
      '/blog',
      '/start',
      '/old',
      '/new',
      '/legal',
      '/quickstart',
      '/guides/upgrade',
    ]);
  });

  it('takes the first item of every list, and an object written at any depth of lists', () => {
    const text = '{ "name": "Acme", "x-paths": [ "/a", [ "/b", [ [ "/c", { "href": "/d" } ] ], "/e" ] ] }';
    assert.deepEqual(docsJsonPaths(checked(text)), ['/a', '/b', '/c', '/d', '/e']);
  });

  it('leaves out text that is not a root-relative path: names, relative pages, URLs, protocol-relative "//host/…" URLs', () => {
    const text = `{
  "name": "Acme",
  "logo": "//cdn.example.com/logo.svg",
  "favicon": "/favicon.svg",
  "navigation": { "pages": ["index", "./setup", "https://example.com/page", "//cdn.example.com/page", "/kept"] }
}`;
    assert.deepEqual(docsJsonPaths(checked(text)), ['/favicon.svg', '/kept']);
  });

  it('finds none in numbers, true, false and null, at the top of docs.json or inside lists', () => {
    const text = '{ "x-count": 3, "x-none": null, "x-flag": false, "x-list": [ null, 1, true, "/after-null" ], "x-object": { "a": null, "b": "/in-object" } }';
    assert.deepEqual(docsJsonPaths(checked(text)), ['/after-null', '/in-object']);
  });

  it('takes a docs.json that is one string (no object) as that one path, not a path per character', () => {
    assert.deepEqual(docsJsonPaths(checked('"/quickstart"')), ['/quickstart']);
    assert.deepEqual(docsJsonPaths(checked('"quickstart"')), []);
  });

  it('lists 200,000 paths written in one list, each once', () => {
    const many = Array.from({ length: 200_000 }, (_, index) => `/page-${index}`);
    const paths = docsJsonPaths(checked(JSON.stringify({ name: 'Acme', 'x-many': many })));
    assert.equal(paths.length, many.length);
    assert.deepEqual([paths[0], paths[199_999]], ['/page-0', '/page-199999']);
  });

  it('reads the files docs.json pulls in with "$ref", after docs.json itself', () => {
    const text = docsJson('{ "$ref": "navigation.json" }', '\n  "navbar": { "primary": { "type": "button", "label": "Start", "href": "/start" } },');
    const navigation = '{ "groups": [ { "group": "G", "pages": ["/from-ref", "relative"] } ] }';
    assert.deepEqual(docsJsonPaths(checked(text, { 'navigation.json': navigation })), ['/start', '/from-ref']);
  });
});

describe('the paths docs.json writes, after re-checks that change its parsed value in place', () => {
  const text = docsJson('{ "groups": [ { "group": "G", "pages": ["/first", "/second"] } ] }', '\n  "navbar": { "primary": { "type": "button", "label": "Start", "href": "/start" } },');

  it('lists the new path of an edited top-level member and keeps the others', () => {
    const before = checked(text);
    assert.deepEqual(docsJsonPaths(before), ['/start', '/first', '/second']);
    const after = recheckDocsJson(before, text.replace('"href": "/start"', '"href": "/begin"'));
    assert.equal(rootOf(after), rootOf(before), 'the re-check changed the parsed value in place');
    assert.deepEqual(docsJsonPaths(after), ['/begin', '/first', '/second']);
  });

  it('lists the new path of an edited navigation entry (the navigation list is changed in place, with a new model)', () => {
    const before = checked(text);
    assert.deepEqual(docsJsonPaths(before), ['/start', '/first', '/second']);
    const after = recheckDocsJson(before, text.replace('"/second"', '"/other"'));
    assert.equal(rootOf(after), rootOf(before), 'the re-check changed the parsed value in place');
    assert.notEqual(after.model, before.model, 'the re-check made a new navigation model');
    assert.deepEqual(docsJsonPaths(after), ['/start', '/first', '/other']);
  });

  it("walks a value once per token of the navigation's paths: listing again reads none of it, a model with another token reads it again", () => {
    const check = checked(text);
    const root = rootOf(check) as Record<string, unknown>;
    let reads = 0;
    const link = { label: 'Counted' };
    Object.defineProperty(link, 'href', {
      enumerable: true,
      get: () => {
        reads++;
        return '/counted';
      },
    });
    root['navbar'] = { links: [link] };
    assert.deepEqual(docsJsonPaths(check), ['/counted', '/first', '/second']);
    assert.deepEqual(docsJsonPaths(check), ['/counted', '/first', '/second']);
    assert.equal(reads, 1, 'the second listing reused the first walk of the navbar');
    const sameToken = new NavigationModel(check.model.root, check.model.elements, check.model.pageSlots, check.model.routeInputs, undefined, check.model.rootPathsToken);
    assert.deepEqual(docsJsonPaths({ ...check, model: sameToken }), ['/counted', '/first', '/second']);
    assert.equal(reads, 1, 'a new navigation model with the same token reads none of it');
    assert.deepEqual(docsJsonPaths({ ...check, model: new NavigationModel() }), ['/counted', '/first', '/second']);
    assert.equal(reads, 2, 'a new token walks the navbar again');
  });
});
