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
  const d = expectOne(checkSite(group('⟦"rocker"⟧'), site), 'icon/unknown');
  assert.equal(d.severity, 'warning');
  assert.equal(d.message, 'Unknown Font Awesome icon "rocker" in group "G". Did you mean "rocket"?');
});

test('a Font Awesome name near no free name, or extending one as Pro variants do, may be Pro: information, not a warning', () => {
  for (const [name, free] of [['books', 'book'], ['microchip-ai', 'microchip'], ['zzyzx-glyph', undefined]] as const) {
    const d = expectOne(checkSite(group(`⟦"${name}"⟧`), site), 'icon/not-in-free');
    assert.equal(d.severity, 'information', name);
    assert.equal(
      d.message,
      `Icon "${name}" in group "G" is not in Font Awesome Free: the site shows it only if it is a Font Awesome Pro icon${free ? ` (Free has "${free}")` : ''}`,
    );
  }
});

test('Lucide and Tabler lists are complete: a name not in them is a warning, near name or not', () => {
  const lucide = expectOne(checkSite(group('{ "name": ⟦"zzyzx-glyph"⟧, "library": "lucide" }'), site), 'icon/unknown');
  assert.equal(lucide.severity, 'warning');
  const tabler = expectOne(checkSite(group('{ "name": ⟦"rockets"⟧, "library": "tabler" }'), site), 'icon/unknown');
  assert.equal(tabler.severity, 'warning');
});

test('the "fa-" prefix is an error with the bare name as fix', () => {
  const d = expectOne(checkSite(group('⟦"fa-rocket"⟧'), site), 'icon/fa-prefix');
  assert.equal(d.severity, 'error');
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
