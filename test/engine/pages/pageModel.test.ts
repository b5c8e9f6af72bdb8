import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MdxFactsCache } from '../../../server/src/engine/pages/mdx/mdxFactsCache';
import { ownAnchors, readPage } from '../../../server/src/engine/pages/pageModel';

/** Each heading of a page as `depth text #anchor` (no "#" part when it gets no anchor). */
function headingsOf(text: string): string[] {
  return readPage('page.mdx', text).headings.map((h) => `${h.depth} ${h.text}${h.anchor === undefined ? '' : ` #${h.anchor}`}`);
}

test('headings of level 1 to 4 get an anchor, numbered when repeated, a {#id} sharing the numbering; 5 and 6 get none', () => {
  assert.deepEqual(headingsOf('# One\n## Two\n### Three\n#### Four\n##### Five\n###### Six\n## Two\n## Two {#two}\n## Empty {#!!}\n'), [
    '1 One #one',
    '2 Two #two',
    '3 Three #three',
    '4 Four #four',
    '5 Five',
    '6 Six',
    '2 Two #two-2',
    '2 Two #two-3',
    '2 Empty #empty',
  ]);
  assert.deepEqual(headingsOf('# `Code` and **bold**\n'), ['1 Code and bold #code-and-bold'], 'the text shown, not the marks');
});

test('a page in custom or frame mode gives its headings no anchor; other modes and keys do', () => {
  assert.deepEqual(headingsOf('---\nmode: custom\n---\n# A\n## B\n'), ['1 A', '2 B']);
  assert.deepEqual(headingsOf('---\nmode: "frame" # no ids\n---\n# A\n'), ['1 A']);
  assert.deepEqual(headingsOf("---\nmode:\t'custom'\n---\n# A\n"), ['1 A']);
  assert.deepEqual(headingsOf('---\nmode: wide\n---\n# A\n'), ['1 A #a']);
  assert.deepEqual(headingsOf('---\ntitle: x\nsidebarmode: custom\n---\n# A\n'), ['1 A #a']);
  assert.deepEqual(headingsOf('# A\n\nmode: custom\n'), ['1 A #a'], 'only the frontmatter sets the mode');
  assert.deepEqual(headingsOf('---\nmode:custom\n---\n# A\n'), ['1 A']);
  assert.deepEqual(headingsOf('---\nmode:  frame\n---\n# A\n'), ['1 A']);
  assert.deepEqual(headingsOf('---\nmode: custom page\n---\n# A\n'), ['1 A #a'], 'a mode of another name');
});

test('anchors that components define: any id, fields by name (numbered when repeated), tabs and updates as headings, accordions as slugs', () => {
  const text = [
    '<div id="top">x</div>',
    '<ParamField path="userId" type="string">a</ParamField>',
    '<ParamField query="userId">b</ParamField>',
    '<ResponseField name="userId">c</ResponseField>',
    '<Tab title="My Tab">t</Tab>',
    '<Update label="2024 Jan!" description="x">u</Update>',
    '<Accordion title="Some Title?">a</Accordion>',
    '',
    '## Top',
  ].join('\n');
  const page = readPage('page.mdx', text);
  assert.deepEqual(
    page.componentAnchors.map((a) => `${a.tag} ${a.anchor} ${text.slice(a.range.start, a.range.end)}`),
    ['div top top', 'ParamField param-user-id userId', 'ParamField param-user-id-1 userId', 'ResponseField param-user-id-2 userId', 'Tab my-tab My Tab', 'Update 2024-jan 2024 Jan!', 'Accordion some-title Some Title?'],
  );
  assert.deepEqual(ownAnchors(page), ['top', 'top', 'param-user-id', 'param-user-id-1', 'param-user-id-2', 'my-tab', '2024-jan', 'some-title'], 'the heading first, then the components');
});

test('an id is the anchor as written, on any tag, a field with one included', () => {
  const page = readPage('page.mdx', '<div id="Top Section">x</div>\n<ParamField path="a" id="Own_Id">x</ParamField>\n');
  assert.deepEqual(
    page.componentAnchors.map((a) => `${a.tag} ${a.anchor}`),
    ['div Top Section', 'ParamField param-a', 'ParamField Own_Id'],
  );
});

test("a page's own anchors: its headings' that have one, then its components'", () => {
  const page = readPage('page.mdx', '# Intro\n##### Deep\n<div id="top">x</div>\n');
  assert.deepEqual(ownAnchors(page), ['intro', 'top']);
});

test('a page read again after an edit: the same headings, its frontmatter and parse made anew', () => {
  const before = readPage('page.mdx', '---\ntitle: Old\n---\n# Intro\n## Setup\n');
  assert.equal(before.frontmatter?.data?.title, 'Old');
  assert.ok(before.mdx.tree);
  const after = readPage('page.mdx', '---\ntitle: New\n---\n# Intro\n## Setup\n## Setup\n', before);
  assert.equal(after.frontmatter?.data?.title, 'New');
  assert.deepEqual(
    after.headings.map((h) => h.anchor),
    ['intro', 'setup', 'setup-2'],
  );
  assert.equal(after.mdxFacts.error, undefined);
  assert.equal(after.lastParsed?.text, after.text, 'a text that parsed is the next edit\'s base');
  const broken = readPage('page.mdx', '# Intro\n<Card>\n', after);
  assert.ok(broken.mdxFacts.error);
  assert.equal(broken.lastParsed?.text, after.text, 'a text that does not parse leaves the last one that did');
  assert.equal(readPage('page.mdx', 'no frontmatter\n').frontmatter, undefined);
});

test('the facts of a text are kept in the cache and read back for the same text', () => {
  const cache = new MdxFactsCache();
  const first = readPage('page.mdx', '<Card title="a">x</Card>\n', undefined, cache);
  const facts = first.mdxFacts;
  const again = readPage('page.mdx', '<Card title="a">x</Card>\n', undefined, cache);
  assert.equal(again.mdxFacts, facts);
  assert.equal(again.lastParsed, undefined, 'facts from the cache: nothing parsed');
});

test('a page read afresh keeps no scan; its edits keep theirs, and the next edit reads again only the stretches it touched', () => {
  const sections = Array.from({ length: 50 }, (_, k) => `## Part ${k}\n\nSee [part ${k}](/parts/${k}).\n\n`).join('');
  const opened = readPage('page.mdx', sections);
  assert.equal(opened.scanned, undefined);
  const typed = readPage('page.mdx', `${sections}x`, opened);
  const at = sections.indexOf('[part 20]') + 1;
  const again = readPage('page.mdx', `${sections.slice(0, at)}y${sections.slice(at)}x`, typed);
  const readAgain = again.scanned!.stretches.filter((stretch) => !typed.scanned!.stretches.some((old) => old.scan === stretch.scan));
  assert.equal(readAgain.length, 1);
  assert.equal(again.references.find((r) => r.target === '/parts/40')?.range.start, sections.indexOf('/parts/40') + 1);
  assert.deepEqual(again.headings, readPage('page.mdx', again.text).headings);
});

test("an edit of the body keeps the earlier text's parsed frontmatter (none is parsed for it); an edit of the frontmatter parses it again", () => {
  const page = '---\ntitle: "Start"\n---\n\n# Start\n';
  const opened = readPage('page.mdx', page);
  assert.equal(readPage('page.mdx', `${page}x`, opened).lent.earlierFrontmatter, undefined, 'a frontmatter never read is not parsed to be lent');
  // The page rules read the frontmatter as the page is checked.
  void opened.frontmatter;
  const body = readPage('page.mdx', `${page}More.\n`, opened);
  assert.equal(body.frontmatter, opened.frontmatter);
  const retitled = readPage('page.mdx', page.replace('Start"', 'Begin"'), body);
  assert.notEqual(retitled.frontmatter, body.frontmatter);
  assert.equal(retitled.frontmatter?.data?.title, 'Begin');
  const before = readPage('page.mdx', '---\ntitle: "Start"\n---  \n\n# Start\n');
  const moved = readPage('page.mdx', '---  \ntitle: "Start"\n---\n\n# Start\n', readPage('page.mdx', before.text, before));
  assert.deepEqual(moved.frontmatter?.fields.get('title')?.valueRange, { start: 13, end: 20 }, 'the same block moved by its fence lines is read again at its new place');
});
