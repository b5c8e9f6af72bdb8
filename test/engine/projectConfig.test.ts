import assert from 'node:assert/strict';
import { test } from 'node:test';
import { configuredDiagnostics, parseProjectConfig, reportedDiagnostics } from '../../server/src/engine/config/projectConfig';
import type { Diagnostic } from '../../server/src/engine';
import { extractMarkers } from '../support/site';

const codes = new Set(['icon/unknown', 'ref/missing-page', 'schema/unknown-key']);

/** Parses a config text with ⟦markers⟧; each diagnostic must cover the marked range of the same index. */
function parse(marked: string) {
  const { text, ranges } = extractMarkers(marked);
  const loaded = parseProjectConfig(text, codes);
  assert.deepEqual(
    loaded.diagnostics.map((d) => text.slice(d.range.start, d.range.end)),
    ranges.map((r) => text.slice(r.start, r.end)),
    JSON.stringify(loaded.diagnostics, null, 1),
  );
  return loaded;
}

function diagnostic(code: string, severity: Diagnostic['severity'] = 'warning'): Diagnostic {
  return { range: { start: 0, end: 1 }, severity, code, message: code };
}

test('a valid config: severities, ignore globs, remote specs, comments and trailing commas', () => {
  const { config, diagnostics } = parse(`{
    // the team's choices
    "$schema": "./schemas/docsjson.config.schema.json",
    "rules": { "icon/unknown": "off", "ref/missing-page": "warning", },
    "ignore": ["drafts/", "**/*.draft.mdx", "/legacy/*.md"],
    "openapi": { "fetchRemote": true }
  }`);
  assert.deepEqual(diagnostics, []);
  assert.deepEqual([...config.severities], [['icon/unknown', 'off'], ['ref/missing-page', 'warning']]);
  assert.equal(config.fetchRemoteSpecs, true);
  for (const path of ['drafts/a.mdx', 'drafts/deep/b.md', 'guides/x.draft.mdx', 'legacy/old.md']) assert.equal(config.isIgnored(path), true, path);
  for (const path of ['guides/drafts.mdx', 'guides/x.mdx', 'guides/legacy/old.md', 'docs.json']) assert.equal(config.isIgnored(path), false, path);
});

test('an empty object is the default config', () => {
  const { config } = parse('{}');
  assert.equal(config.severities.size, 0);
  assert.equal(config.fetchRemoteSpecs, undefined);
  assert.equal(config.isIgnored('a.mdx'), false);
});

test('configured severities change diagnostics; "off" drops them; other codes keep theirs', () => {
  const { config } = parse('{ "rules": { "icon/unknown": "off", "ref/missing-page": "warning", "schema/unknown-key": "error" } }');
  const out = configuredDiagnostics([diagnostic('icon/unknown'), diagnostic('ref/missing-page', 'error'), diagnostic('schema/unknown-key'), diagnostic('nav/too-deep', 'error')], config);
  assert.deepEqual(
    out.map((d) => [d.code, d.severity]),
    [
      ['ref/missing-page', 'warning'],
      ['schema/unknown-key', 'error'],
      ['nav/too-deep', 'error'],
    ],
  );
});

test('an unknown rule code is reported with a did-you-mean and a fix; the valid rules still apply', () => {
  const { config, diagnostics } = parse('{ "rules": { ⟦"icon/unknwn"⟧: "off", "ref/missing-page": "hint" } }');
  assert.equal(diagnostics[0].code, 'config/unknown-rule');
  assert.equal(diagnostics[0].severity, 'error');
  assert.equal(diagnostics[0].message, 'No check has the code "icon/unknwn". Did you mean "icon/unknown"?');
  assert.deepEqual(diagnostics[0].suggestions, [{ title: 'Change to "icon/unknown"', replacement: '"icon/unknown"' }]);
  assert.deepEqual([...config.severities], [['ref/missing-page', 'hint']]);
});

test('a severity that is not one of the five is reported at the value, with a did-you-mean', () => {
  const { diagnostics } = parse('{ "rules": { "icon/unknown": ⟦"warn"⟧, "ref/missing-page": ⟦false⟧ } }');
  assert.equal(diagnostics[0].message, 'The severity of "icon/unknown" must be "error", "warning", "information", "hint" or "off", not the string "warn". Did you mean "warning"?');
  assert.equal(diagnostics[1].message, 'The severity of "ref/missing-page" must be "error", "warning", "information", "hint" or "off", not false');
  assert.ok(diagnostics.every((d) => d.code === 'config/type'));
});

test('a severity is guessed from its first three letters or more, or from a near spelling; two letters are too few', () => {
  const suggested = (written: string) => parse(`{ "rules": { "icon/unknown": ⟦"${written}"⟧ } }`).diagnostics[0].suggestions?.[0].replacement;
  assert.equal(suggested('INFO'), '"information"');
  assert.equal(suggested('err'), '"error"');
  assert.equal(suggested('hnt'), '"hint"', 'a near spelling');
  assert.equal(suggested('wa'), undefined);
  assert.equal(suggested('in'), undefined);
});

test('wrong types and unknown keys are named at their place', () => {
  const { diagnostics, config } = parse(`{
    ⟦"rule"⟧: {},
    "ignore": ["ok/", ⟦42⟧, ⟦""⟧],
    "openapi": { ⟦"fetch"⟧: true },
    "$schema": ⟦1⟧
  }`);
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.message]),
    [
      ['config/unknown-key', 'Unknown key "rule" in docsjson.config.json: use "$schema", "rules", "ignore" or "openapi". Did you mean "rules"?'],
      ['config/type', 'Each entry of "ignore" must be a path or glob, or an object such as { "files": "api/**", "codes": ["link/missing-anchor"] }, not the number 42'],
      ['config/type', 'Each entry of "ignore" must be a path or glob, or an object such as { "files": "api/**", "codes": ["link/missing-anchor"] }, not the string ""'],
      ['config/unknown-key', 'Unknown key "fetch" in "openapi": use "fetchRemote"'],
      ['config/type', '"$schema" must be a string, not the number 1'],
    ],
  );
  assert.equal(config.isIgnored('ok/page.mdx'), true);
});

test('an "ignore" entry of files and codes leaves out the findings of those codes in those files only, with no line numbers', () => {
  const { config, diagnostics } = parse(`{
    "ignore": [
      { "files": "api/**", "codes": ["ref/missing-page"] },
      { "files": ["a.mdx", "/b/*.mdx"], "codes": ["icon/unknown", "schema/unknown-key"] }
    ]
  }`);
  assert.deepEqual(diagnostics, []);
  assert.equal(config.ignoresCode('api/users/get.mdx', 'ref/missing-page'), true);
  assert.equal(config.ignoresCode('api/users/get.mdx', 'icon/unknown'), false);
  assert.equal(config.ignoresCode('guides/x.mdx', 'ref/missing-page'), false);
  assert.equal(config.ignoresCode('b/c.mdx', 'schema/unknown-key'), true);
  assert.equal(config.ignoresCode('x/b/c.mdx', 'schema/unknown-key'), false, 'a leading slash anchors at the root');
  assert.equal(config.isIgnored('api/users/get.mdx'), false, 'the file is still checked');
  const reported = reportedDiagnostics('api/users/get.mdx', [diagnostic('ref/missing-page'), diagnostic('icon/unknown')], config);
  assert.deepEqual(reported.map((d) => d.code), ['icon/unknown']);
});

test('an "ignore" entry of files and codes: each part of the wrong type, a code no check has, a key it does not have', () => {
  const { config, diagnostics } = parse(`{
    "ignore": [
      ⟦{ "files": "a.mdx" }⟧,
      { "files": ⟦42⟧, "codes": ["icon/unknown"] },
      { "files": "b.mdx", "codes": ⟦[]⟧ },
      { "files": "c.mdx", "codes": [⟦"icon/unknwn"⟧, ⟦7⟧, "ref/missing-page"], ⟦"code"⟧: [] }
    ]
  }`);
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.message]),
    [
      ['config/type', 'An entry of "ignore" that is an object needs "files" and "codes", such as { "files": "api/**", "codes": ["link/missing-anchor"] }'],
      ['config/type', '"files" must be a path or glob, or a list of them, not the number 42'],
      ['config/type', '"codes" must be a list of codes, such as ["link/missing-anchor"], not an empty list'],
      ['config/unknown-rule', 'No check has the code "icon/unknwn". Did you mean "icon/unknown"?'],
      ['config/type', 'Each of "codes" must be a code, such as "link/missing-anchor", not the number 7'],
      ['config/unknown-key', 'Unknown key "code" in "ignore": use "files" or "codes". Did you mean "codes"?'],
    ],
  );
  assert.equal(config.ignoresCode('c.mdx', 'ref/missing-page'), true, 'the valid part applies');
  assert.equal(config.ignoresCode('a.mdx', 'icon/unknown'), false);
});

test('sections of the wrong type', () => {
  const { diagnostics } = parse('{ "rules": ⟦["icon/unknown"]⟧, "ignore": ⟦"drafts/"⟧, "openapi": ⟦true⟧ }');
  assert.match(diagnostics[0].message, /^"rules" must be an object of code → severity, such as \{ "icon\/unknown": "off" \}, not a list$/);
  assert.match(diagnostics[1].message, /^"ignore" must be a list of paths or globs, .* not the string "drafts\/"$/);
  assert.match(diagnostics[2].message, /^"openapi" must be an object such as \{ "fetchRemote": true \}, not true$/);
});

test('broken JSON is reported where it breaks; what parsed still applies', () => {
  const { config, diagnostics } = parse('{ "rules": { "icon/unknown": "off" ⟦"ref/missing-page"⟧: "hint" } }');
  assert.equal(diagnostics[0].code, 'config/syntax');
  assert.equal(diagnostics[0].message, 'docsjson.config.json is not valid JSON: Expected "," between items');
  assert.equal(config.severities.get('icon/unknown'), 'off');
});

test('a config that is not an object, or empty, or absurdly deep, gives a message and the defaults', () => {
  const list = parse('⟦[1]⟧');
  assert.equal(list.diagnostics[0].message, 'docsjson.config.json must hold an object such as { "rules": { … } }, not a list');
  const empty = parseProjectConfig('', codes);
  assert.equal(empty.diagnostics[0].code, 'config/syntax');
  assert.equal(empty.config.severities.size, 0);
  const deep = parseProjectConfig(`${'['.repeat(200_000)}${']'.repeat(200_000)}`, codes);
  assert.equal(deep.diagnostics.length, 1);
  assert.match(deep.diagnostics[0].message, /nested too deeply|must hold an object/);
});

test('a severity is told as written: null, an object, a number; shorthands and misspellings get the severity they mean', () => {
  const { diagnostics } = parse('{ "rules": { "icon/unknown": ⟦null⟧, "ref/missing-page": ⟦{}⟧, "schema/unknown-key": ⟦2⟧ } }');
  assert.deepEqual(
    diagnostics.map((d) => d.message.slice(d.message.indexOf(', not ') + 6)),
    ['null', 'an object', 'the number 2'],
  );
  const suggested = (written: string) => parse(`{ "rules": { "icon/unknown": ⟦"${written}"⟧ } }`).diagnostics[0].suggestions?.[0].replacement;
  assert.deepEqual(['info', 'Warn', 'err', 'erorr', 'hnit', 'xyz'].map(suggested), ['"information"', '"warning"', '"error"', '"error"', '"hint"', undefined]);
});

test('an unknown rule code or key with nothing close to it is reported without a did-you-mean', () => {
  const { diagnostics } = parse('{ "rules": { ⟦"zzz/qqq"⟧: "off" }, ⟦"xyzzy"⟧: 1, "openapi": { "fetchRemote": ⟦"yes"⟧ }, "ignore": [⟦"  "⟧] }');
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.message, d.suggestions]),
    [
      ['config/unknown-rule', 'No check has the code "zzz/qqq"', undefined],
      ['config/unknown-key', 'Unknown key "xyzzy" in docsjson.config.json: use "$schema", "rules", "ignore" or "openapi"', undefined],
      ['config/type', '"openapi.fetchRemote" must be true or false, not the string "yes"', undefined],
      ['config/type', 'Each entry of "ignore" must be a path or glob, or an object such as { "files": "api/**", "codes": ["link/missing-anchor"] }, not the string "  "', undefined],
    ],
  );
});

test('a config too deep to read says so at its start; broken JSON at its end covers one character', () => {
  const deep = parseProjectConfig(`{ "rules": ${'['.repeat(200_000)}${']'.repeat(200_000)} }`, codes);
  assert.deepEqual(deep.diagnostics.map((d) => [d.message, d.range]), [['docsjson.config.json is nested too deeply to read', { start: 0, end: 0 }]]);
  const text = '{ "rules": { "icon/unknown": "off" }';
  const [end] = parseProjectConfig(text, codes).diagnostics;
  assert.equal(end.code, 'config/syntax');
  assert.equal(end.range.end - end.range.start, 1);
});

test('a glob of "ignore" that matches no file of the site is reported where it is written; negations and comments are not', () => {
  const { text, ranges } = extractMarkers(`{
    "ignore": [
      "drafts/", ⟦"legacy/"⟧, "!drafts/keep.mdx", "# a comment",
      { "files": ["api/**", ⟦"apy/**"⟧], "codes": ["icon/unknown"] },
      { "files": ⟦"*.txt"⟧, "codes": ["icon/unknown"] }
    ]
  }`);
  const loaded = parseProjectConfig(text, codes, () => ['docs.json', 'drafts/a.mdx', 'api/get.mdx', 'intro.mdx']);
  assert.deepEqual(
    loaded.diagnostics.map((d) => [text.slice(d.range.start, d.range.end), d.severity, d.code]),
    ranges.map((r) => [text.slice(r.start, r.end), 'information', 'config/unused-ignore']),
  );
  assert.equal(loaded.diagnostics[0].message, '"legacy/" in "ignore" matches no file of the site: it has no effect (a file moved or renamed, or a typo?)');
  assert.deepEqual(parseProjectConfig(text, codes).diagnostics, [], 'without the site\'s files, nothing is said of them');
});
