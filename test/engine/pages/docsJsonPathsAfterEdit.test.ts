// The paths docs.json writes after typing in its navigation: the re-check of an element keeps the
// navigation's paths when the element writes the same ones (no walk of the whole navigation per
// keystroke), and they are the paths a fresh check lists after any edit.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { checkDocsJson, DiskSiteHost, recheckDocsJson, type CheckResult } from '../../../server/src/engine';
import { docsJsonPaths } from '../../../server/src/engine/pages/docsJsonPaths';
import { corpusSites, materialiseRepository } from '../../support/corpus';
import { docsJson, writeSite } from '../../support/site';
import { applyEdit, typingEdit } from '../../support/typingEdits';

/**
 * Counts the walks of the navigation: each of its members becomes a getter counting its reads (a
 * walk reads each once). The value is the one re-checks change in place, so the count goes on.
 */
function countNavigationWalks(check: CheckResult): { walks: () => number } {
  const navigation = (check.documents.get('docs.json')!.document.json.value as Record<string, unknown>).navigation as Record<string, unknown>;
  const keys = Object.keys(navigation);
  let reads = 0;
  for (const key of keys) {
    const value = navigation[key];
    Object.defineProperty(navigation, key, {
      enumerable: true,
      get: () => {
        reads++;
        return value;
      },
    });
  }
  return { walks: () => reads / keys.length };
}

/** The paths of a check, and how many walks of the navigation listing them took. */
function pathsCounting(check: CheckResult, counter: { walks: () => number }): { paths: string[]; walks: number } {
  const before = counter.walks();
  const paths = docsJsonPaths(check);
  return { paths, walks: counter.walks() - before };
}

const navigation = `{ "groups": [
    { "group": "Start", "pages": ["index", "/quickstart", "guides/install"] },
    { "group": "More", "pages": ["more/a", { "group": "Nested", "pages": ["/more/nested", "more/deep"] }] }
  ] }`;
const navbar = '\n  "navbar": { "primary": { "type": "button", "label": "Start", "href": "/start" } },';

function fixture(): { host: DiskSiteHost; text: string } {
  const text = docsJson(navigation, navbar);
  return { host: new DiskSiteHost(writeSite({ 'docs.json': text })), text };
}

describe('the paths docs.json writes, after typing in its navigation', () => {
  it('are kept through keystrokes in group names and page entries that write no path, and listed again when an edited element writes other paths', () => {
    const { host, text: start } = fixture();
    let text = start;
    let check = checkDocsJson(text, host);
    const counter = countNavigationWalks(check);
    assert.deepEqual(pathsCounting(check, counter), { paths: ['/start', '/quickstart', '/more/nested'], walks: 1 });
    const steps: [string, string, number][] = [
      // [the text typed over, its replacement, the walks of the navigation the listing takes]
      ['"group": "Start"', '"group": "Starts"', 0],
      ['"guides/install"', '"guides/installx"', 0],
      ['"group": "Nested"', '"group": "Nestedx"', 0],
      ['"more/deep"', '"more/deepx"', 0],
      ['"more/a"', '"more/a", "more/b"', 0],
      ['"/quickstart"', '"/quickstartx"', 1],
      ['"guides/installx"', '"/guides/installx"', 1],
      ['"/more/nested"', '"more/nested"', 1],
      ['"more/a"', '"more/a", "/more/c"', 1],
      // Another top-level value: walked alone.
      ['"href": "/start"', '"href": "/begin"', 0],
      ['"group": "More"', '"group": "/More"', 1],
      ['"group": "/More"', '"group": "More"', 1],
    ];
    for (const [from, to, walks] of steps) {
      assert.ok(text.includes(from), from);
      text = text.replace(from, to);
      check = recheckDocsJson(check, text);
      assert.ok(check.basis.units, `${to}: the re-check was local`);
      assert.deepEqual(pathsCounting(check, counter), { paths: docsJsonPaths(checkDocsJson(text, host)), walks }, to);
    }
  });

  it('are kept through keystrokes re-checked without being listed between them', () => {
    const { host, text: start } = fixture();
    let text = start;
    let check = checkDocsJson(text, host);
    const counter = countNavigationWalks(check);
    docsJsonPaths(check);
    const typeOver = (from: string, to: string) => {
      assert.ok(text.includes(from), from);
      text = text.replace(from, to);
      check = recheckDocsJson(check, text);
    };
    for (const typed of ['k', 'ke', 'key', 'keys']) {
      typeOver(`"group": "Start${typed.slice(0, -1)}"`, `"group": "Start${typed}"`);
      typeOver(`"more/deep${typed.slice(0, -1)}"`, `"more/deep${typed}"`);
    }
    assert.deepEqual(pathsCounting(check, counter), { paths: docsJsonPaths(checkDocsJson(text, host)), walks: 0 });
    typeOver('"more/deepkeys"', '"/more/deepkeys"');
    typeOver('"group": "Startkeys"', '"group": "Start"');
    assert.deepEqual(pathsCounting(check, counter), { paths: docsJsonPaths(checkDocsJson(text, host)), walks: 1 }, 'a path written between two listings');
  });

  it('on a real site, a word typed into a group name and into a page entry lists them without walking the navigation', () => {
    const { host, text: start } = corpusSite('Portkey-AI+docs-core');
    let text = start;
    let check = checkDocsJson(text, host);
    const counter = countNavigationWalks(check);
    assert.equal(pathsCounting(check, counter).walks, 1);
    // Where the language server's benchmark types: in the second half of the file.
    const places = [
      { label: 'group name', at: text.indexOf('"group": "', text.length / 2) + 12 },
      { label: 'page entry', at: text.indexOf('"', text.indexOf('[', text.indexOf('"pages"', text.length / 2)) + 1) + 2 },
    ];
    for (const { label, at } of places) {
      for (const [index, typed] of [...'keystroke'].entries()) {
        text = text.slice(0, at + index) + typed + text.slice(at + index);
        check = recheckDocsJson(check, text, { start: at + index, oldEnd: at + index, newEnd: at + index + 1 });
        assert.ok(check.basis.units, `${label}: the re-check was local`);
        assert.deepEqual(pathsCounting(check, counter), { paths: docsJsonPaths(checkDocsJson(text, host)), walks: 0 }, `${label} + ${typed}`);
      }
      text = text.slice(0, at) + text.slice(at + 'keystroke'.length);
      check = recheckDocsJson(check, text);
    }
  });

  it('are those a fresh check lists after any series of edits, listed after some of them, on real sites', () => {
    const sites = ['mintlify+docs', 'Portkey-AI+docs-core', 'PrefectHQ+fastmcp', 'upstash+docs'].map(corpusSite);
    // A "/" typed at the start of a string, or the first character of one deleted: a path written or gone.
    const slashEdit = fc.record({ kind: fc.constant('string' as const), which: fc.nat(), at: fc.constant(0), insert: fc.constant('/') });
    const firstDeleted = fc.record({ kind: fc.constant('string' as const), which: fc.nat(), at: fc.constant(1), insert: fc.constant('') });
    const edit = fc.oneof({ weight: 3, arbitrary: typingEdit }, { weight: 1, arbitrary: slashEdit }, { weight: 1, arbitrary: firstDeleted });
    const listNow = fc.nat(2).map((n) => n > 0);
    let [kept, changed] = [0, 0];
    fc.assert(
      fc.property(fc.nat(sites.length - 1), fc.array(fc.tuple(edit, listNow), { minLength: 1, maxLength: 6 }), (which, edits) => {
        const { host } = sites[which];
        let text = sites[which].text;
        let check = checkDocsJson(text, host);
        docsJsonPaths(check);
        for (const [e, now] of edits) {
          text = applyEdit(text, e);
          const model = check.model;
          check = recheckDocsJson(check, text);
          const elementRechecked = check.basis.units !== undefined && check.model !== model;
          if (elementRechecked && check.model.rootPathsToken === model.rootPathsToken) kept++;
          if (elementRechecked && check.model.rootPathsToken !== model.rootPathsToken) changed++;
          if (now) assert.deepEqual(docsJsonPaths(check), docsJsonPaths(checkDocsJson(text, host)));
        }
        assert.deepEqual(docsJsonPaths(check), docsJsonPaths(checkDocsJson(text, host)));
      }),
      { numRuns: 60 },
    );
    assert.ok(kept >= 20 && changed >= 5, `the paths were kept by ${kept} re-checks of an element and made anew by ${changed}: the property would see little`);
  });
});

function corpusSite(folder: string): { text: string; host: DiskSiteHost } {
  const entry = corpusSites().find((candidate) => candidate.folder === folder)!;
  const path = join(materialiseRepository(folder), entry.docsJsonPath);
  return { text: readFileSync(path, 'utf8'), host: new DiskSiteHost(join(path, '..')) };
}
