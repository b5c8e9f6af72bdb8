import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkSite, docsJson, expectOne } from '../support/site';

const site = { 'intro.mdx': '', 'images/logo.svg': '' };

function group(icon: string): string {
  return docsJson(`{ "groups": [{ "group": "G", "icon": ${icon}, "pages": ["intro"] }] }`);
}


test('known Font Awesome names, aliases, URLs and image paths pass', () => {
  for (const icon of ['"rocket"', '"house"', '"home"', '"github"', '"https://example.com/x.svg"', '"/images/logo.svg"', '{ "name": "book", "style": "solid" }']) {
    assert.deepEqual(checkSite(group(icon), site).diagnostics, [], icon);
  }
});

test('an unknown icon is a warning with a did-you-mean from the library in force', () => {
  const d = expectOne(checkSite(group('⟦"rocker"⟧'), site), 'icon/unknown', 'warning');
  assert.equal(d.message, 'Unknown Font Awesome icon "rocker" in group "G". Did you mean "rocket"?');
});

test('a Font Awesome Pro icon is no problem: the site renders Pro; a name in neither Free nor Pro is a warning', () => {
  for (const name of ['books', 'microchip-ai', 'webhook', 'shield-check', 'browser']) {
    assert.deepEqual(checkSite(group(`⟦"${name}"⟧`), site).diagnostics, [], name);
  }
  const unknown = expectOne(checkSite(group('⟦"zzyzx-glyph"⟧'), site), 'icon/unknown', 'warning');
  assert.equal(unknown.message, 'Unknown Font Awesome icon "zzyzx-glyph" in group "G"');
});

test('Lucide and Tabler lists are complete: a name not in them is a warning, near name or not', () => {
  expectOne(checkSite(group('{ "name": ⟦"zzyzx-glyph"⟧, "library": "lucide" }'), site), 'icon/unknown', 'warning');
  expectOne(checkSite(group('{ "name": ⟦"rockets"⟧, "library": "tabler" }'), site), 'icon/unknown', 'warning');
});

test('the "fa-" prefix is an error with the bare name as fix', () => {
  const d = expectOne(checkSite(group('⟦"fa-rocket"⟧'), site), 'icon/fa-prefix', 'error');
  assert.deepEqual(d.suggestions, [{ title: 'Change to "rocket"', replacement: '"rocket"' }]);
});

test('the icon object library wins over the site default, which wins over Font Awesome', () => {
  assert.deepEqual(checkSite(group('{ "name": "circle-check", "library": "lucide" }'), site).diagnostics, []);
  const lucideOnly = checkSite(group('{ "name": ⟦"house-plug"⟧, "library": "fontawesome" }'), site);
  assert.match(expectOne(lucideOnly, 'icon/unknown').message, /Unknown Font Awesome icon "house-plug"/);
  const tablerSite = docsJson('{ "groups": [{ "group": "G", "icon": "brand-github", "pages": ["intro"] }] }', '\n  "icons": { "library": "tabler" },');
  assert.deepEqual(checkSite(tablerSite, site).diagnostics, []);
});

test('an icon style outside the list is an error', () => {
  const d = expectOne(checkSite(group('{ "name": "book", "style": ⟦"bold"⟧ }'), site), 'schema/enum');
  assert.match(d.message, /"bold" is not a valid value for "icon.style" in group "G"/);
});

test('a missing image icon file is a warning', () => {
  const d = expectOne(checkSite(group('⟦"/images/nope.svg"⟧'), site), 'icon/missing-file');
  assert.equal(d.message, 'Icon file not found: images/nope.svg');
});

test('each library is named in the message, with its own did-you-mean; misspellings are suggested one by one', () => {
  const lucide = expectOne(checkSite(group('{ "name": ⟦"zzyzx-glyph"⟧, "library": "lucide" }'), site), 'icon/unknown');
  assert.equal(lucide.message, 'Unknown Lucide icon "zzyzx-glyph" in group "G"');
  assert.deepEqual(lucide.data, { library: 'lucide' });
  const tabler = expectOne(checkSite(group('{ "name": ⟦"rockets"⟧, "library": "tabler" }'), site), 'icon/unknown');
  assert.equal(tabler.message, 'Unknown Tabler icon "rockets" in group "G". Did you mean "rocket"?');
  assert.deepEqual(tabler.suggestions, [{ title: 'Change to "rocket"', replacement: '"rocket"' }]);
  const two = checkSite(docsJson('{ "groups": [{ "group": "A", "icon": "rocker", "pages": ["intro"] }, { "group": "B", "icon": "housee", "pages": ["intro"] }] }'), site);
  assert.deepEqual(two.diagnostics.map((d) => d.message), ['Unknown Font Awesome icon "rocker" in group "A". Did you mean "rocket"?', 'Unknown Font Awesome icon "housee" in group "B". Did you mean "house"?']);
});

test('a Font Awesome Pro name is unknown to another library', () => {
  const d = expectOne(checkSite(group('{ "name": ⟦"microchip-ai"⟧, "library": "lucide" }'), site), 'icon/unknown');
  assert.match(d.message, /^Unknown Lucide icon "microchip-ai"/);
});

test('a "fa-" prefix is told apart from an unknown name', () => {
  const d = expectOne(checkSite(group('⟦"fa-rocket"⟧'), site), 'icon/fa-prefix');
  assert.equal(d.message, 'Icon "fa-rocket" does not need the "fa-" prefix: write "rocket"');
});

test('an icon file is an image name or a path: it must exist in the docs root; a URL in any case is not checked', () => {
  assert.equal(expectOne(checkSite(group('⟦"logo.png"⟧'), site), 'icon/missing-file').message, 'Icon file not found: logo.png');
  assert.equal(expectOne(checkSite(group('⟦"../logo.svg"⟧'), site), 'ref/outside-root').message, 'Icon file "../logo.svg" is outside the docs root (a path that leaves the docs root)');
  assert.deepEqual(checkSite(group('"HTTPS://example.com/x"'), site).diagnostics, []);
  assert.deepEqual(checkSite(group('"images/logo.svg"'), site).diagnostics, []);
});

test('a name is looked up lower-cased, as the site does: "GitHub" is github in every library', () => {
  for (const icon of ['"GitHub"', '"Rocket"', '{ "name": "Trash-2", "library": "lucide" }', '{ "name": "Brand-GitHub", "library": "tabler" }', '"Microchip-AI"']) {
    assert.deepEqual(checkSite(group(icon), site).diagnostics, [], icon);
  }
});

test('Lucide names are those of the version the site serves (0.545.0): its brand icons and old names pass, names added after it are unknown', () => {
  for (const name of ['slack', 'github', 'trash-2', 'alert-circle', 'circle-alert', 'twitter']) {
    assert.deepEqual(checkSite(group(`{ "name": "${name}", "library": "lucide" }`), site).diagnostics, [], name);
  }
  const later = expectOne(checkSite(group('{ "name": ⟦"broccoli"⟧, "library": "lucide" }'), site), 'icon/unknown');
  assert.match(later.message, /^Unknown Lucide icon "broccoli"/);
});
