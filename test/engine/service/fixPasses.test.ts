import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkDocsJson, DiskSiteHost, SiteGraph } from '../../../server/src/engine';
import { SpecCache } from '../../../server/src/engine/openapi/openapiSpec';
import { CheckedSite } from '../../../server/src/engine/service/checkedSite';
import { fixSite, maxFixPasses, type SiteFixCheck } from '../../../server/src/engine/service/fixPasses';
import { EditedSiteHost } from '../../../server/src/engine/site/editedSiteHost';
import { writeSite } from '../../support/site';

const docsJson = '{\n  "name": "A",\n  "theme": "mint",\n  "colors": { "primary": "#000000" },\n  "navigation": {\n    "groups": [{ "group": "Start", "icon": "fa-rocket", "expanded": true, "pages": ["index"] }]\n  }\n}\n';

/** docs.json's own check of a site with the given texts; `breakFix` turns the icon's fix into one that leaves the JSON broken, as a faulty rule would. */
function checkOf(root: string, breakFix: boolean, checked: string[] = []) {
  const host = new DiskSiteHost(root);
  return async (texts: ReadonlyMap<string, string>): Promise<SiteFixCheck> => {
    const edited = new EditedSiteHost(host, texts);
    checked.push(edited.readFile('docs.json')!);
    const specs = new SpecCache();
    const result = checkDocsJson(edited.readFile('docs.json')!, edited, {}, 'docs.json', specs);
    const { document, diagnostics } = result.documents.get('docs.json')!;
    const found = diagnostics.map((d) => (breakFix && d.code === 'icon/fa-prefix' ? { ...d, suggestions: [{ title: 'broken', replacement: '"rocket' }] } : d));
    return { site: new CheckedSite(edited, result, specs, 'docs.json'), graph: new SiteGraph(edited, result), files: [{ path: 'docs.json', text: document.json.text, diagnostics: found }] };
  };
}

test('the passes apply the fixes of docs.json until none is left: fixes whose edits touch wait for the next', async () => {
  const root = writeSite({ 'docs.json': docsJson, 'index.mdx': '# Home\n' });
  const checked: string[] = [];
  const { fixed, leftAsTheyWere, remaining, last } = await fixSite(checkOf(root, false, checked));
  assert.deepEqual(checked, [docsJson, docsJson.replace('"fa-rocket"', '"rocket"'), fixed[0].after], 'the icon in the first pass; the removal of "expanded", which touches it, in the second');
  assert.deepEqual(leftAsTheyWere, []);
  assert.deepEqual(remaining, []);
  assert.equal(fixed.length, 1);
  assert.equal(fixed[0].before, docsJson);
  assert.equal(fixed[0].after, docsJson.replace('"fa-rocket", "expanded": true,', '"rocket",'));
  assert.deepEqual([...fixed[0].codes], [['icon/fa-prefix', 1], ['nav/expanded-no-effect', 1]]);
  assert.deepEqual(last.files[0].diagnostics, [], 'the last check is of the fixed text');
});

test('a file that parsed and would not after a pass is put back as it was at once: no later pass builds on it', async () => {
  const root = writeSite({ 'docs.json': docsJson, 'index.mdx': '# Home\n' });
  const checked: string[] = [];
  const { fixed, leftAsTheyWere, last } = await fixSite(checkOf(root, true, checked));
  const unparsable = checked.filter((text) => !isJson(text));
  assert.equal(unparsable.length, 1, 'only the check right after the pass that broke it sees it broken');
  assert.deepEqual(fixed, []);
  assert.deepEqual(leftAsTheyWere, ['docs.json']);
  assert.equal(last.files[0].text, docsJson, 'the problems reported are those of the file as it is');
});

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

test('a fix that never clears its problem stops after the last pass and is told as left', async () => {
  const root = writeSite({ 'docs.json': docsJson.replace(', "expanded": true', ''), 'index.mdx': '# Home\n' });
  const checked: string[] = [];
  const check = checkOf(root, false, checked);
  const unchanging = async (texts: ReadonlyMap<string, string>) => {
    const found = await check(texts);
    const [file] = found.files;
    const diagnostics = file.diagnostics.map((d) => (d.code === 'icon/fa-prefix' ? { ...d, suggestions: [{ title: 'same', replacement: '"fa-rocket"' }] } : d));
    return { ...found, files: [{ ...file, diagnostics }] };
  };
  const { fixed, remaining } = await fixSite(unchanging);
  assert.equal(checked.length, maxFixPasses + 1);
  assert.deepEqual(remaining.map((fix) => fix.diagnostic.code), ['icon/fa-prefix']);
  assert.deepEqual(fixed, [], 'a text the same as before is no change');
});
