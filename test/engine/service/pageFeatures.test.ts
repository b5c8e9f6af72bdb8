// The language service for pages, on the lsp-pages fixture site read into a site graph.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkDocsJson, DiskSiteHost } from '../../../server/src/engine';
import { SiteGraph } from '../../../server/src/engine/pages/siteGraph';
import { appliedEdits, type FileEdit } from '../../../server/src/engine/service/edits';
import { pageCompletions, readTitlesAhead } from '../../../server/src/engine/service/pageCompletion';
import { pageHover } from '../../../server/src/engine/service/pageHover';
import { linkAt, linkDestination } from '../../../server/src/engine/service/pageLinks';
import { linksTo, referenceTargetAt } from '../../../server/src/engine/service/pageReferences';
import { headingRenameEdits, linkEdits, prepareHeadingRename } from '../../../server/src/engine/service/pageRename';
import { sitesDir } from './serviceFixture';

const root = join(sitesDir, 'lsp-pages');

function graphOf(replaced: Record<string, string> = {}): SiteGraph {
  const host = new DiskSiteHost(root);
  const graph = new SiteGraph(host, checkDocsJson(host.readFile('docs.json')!, host));
  for (const [file, text] of Object.entries(replaced)) graph.setText(file, text);
  return graph;
}

const text = (file: string) => readFileSync(join(root, file), 'utf8');

/** A page's text with "|" at `marker` (+ delta): the graph holding that text, and the cursor offset. */
function cursorIn(file: string, marker: string, delta = 0) {
  const original = text(file);
  const at = original.indexOf(marker);
  assert.ok(at >= 0, `${marker} in ${file}`);
  return { graph: graphOf(), offset: at + delta };
}

test('titles read ahead: the completion that follows reads no page and lists the same titles', () => {
  const page = 'guides/deploy.md';
  const typed = `${text(page)}\n[x](/`;
  const expected = pageCompletions(graphOf({ [page]: typed }), page, typed, typed.length)!.items;
  const reads: string[] = [];
  const host = new DiskSiteHost(root);
  const counting = { root, files: host.files, readFile: (path: string) => (reads.push(path), host.readFile(path)) };
  const graph = new SiteGraph(counting, checkDocsJson(host.readFile('docs.json')!, host));
  graph.setText(page, typed);
  const steps = [...readTitlesAhead(graph)].length;
  assert.equal(steps, graph.routes.pages.size, 'one step a routed page');
  assert.ok(reads.some((path) => path.endsWith('.mdx') || path.endsWith('.md')), 'the pages were read ahead');
  reads.length = 0;
  const list = pageCompletions(graph, page, typed, typed.length)!;
  assert.deepEqual(reads, [], 'no page read while completing');
  assert.deepEqual(list.items, expected);
});

test('completion after "](/": every page with its title, the description as documentation; index pages as their folder', () => {
  const page = '[x](/';
  const graph = graphOf({ 'guides/deploy.md': `${text('guides/deploy.md')}\n${page}` });
  const source = graph.page('guides/deploy.md')!.text;
  const list = pageCompletions(graph, 'guides/deploy.md', source, source.length)!;
  assert.deepEqual(list.items.map((item) => [item.label, item.detail]).sort(), [
    ['/', 'Home'],
    ['/guides/deploy', 'Deploy'],
    ['/guides/setup', 'Setup'],
    ['/quickstart', 'Quickstart'],
  ]);
  const quickstart = list.items.find((item) => item.label === '/quickstart')!;
  assert.equal(quickstart.documentation, 'Get going in five minutes');
  assert.equal(quickstart.kind, 'page');
});

test('completion after "](./" offers paths relative to the page\'s folder; in an image, media files', () => {
  const graph = graphOf({ 'guides/setup.mdx': '[a](./' + '\n![b](/im' });
  const relative = pageCompletions(graph, 'guides/setup.mdx', '[a](./\n![b](/im', 6)!;
  assert.ok(relative.items.some((item) => item.label === '../quickstart'), JSON.stringify(relative.items.map((i) => i.label)));
  assert.ok(relative.items.some((item) => item.label === './deploy'));
  const media = pageCompletions(graph, 'guides/setup.mdx', '[a](./\n![b](/im', 15)!;
  assert.deepEqual(media.items.map((item) => item.label), ['/images/logo.png']);
});

test('completion after "#": the anchors of the page the link leads to, or of this page', () => {
  const typed = '[x](/quickstart#';
  const graph = graphOf();
  const list = pageCompletions(graph, 'index.mdx', typed, typed.length)!;
  assert.deepEqual(list.items.map((item) => [item.label, item.insertText, item.detail]), [
    ['#install', 'install', '## Install'],
    ['#first-steps', 'first-steps', '## First steps'],
  ]);
  assert.deepEqual(list.range, { start: typed.length, end: typed.length });
  const own = pageCompletions(graph, 'guides/setup.mdx', text('guides/setup.mdx') + '\n[y](#', text('guides/setup.mdx').length + 6);
  assert.deepEqual(own?.items.map((item) => item.label), ['#install', '#configure-the-cli']);
  const snippetAnchors = pageCompletions(graph, 'quickstart.mdx', '[h](/#', 6)!;
  assert.ok(snippetAnchors.items.some((item) => item.label === '#a-note-from-a-snippet' && item.detail === 'from an imported snippet'));
});

test('no completion outside link targets', () => {
  const graph = graphOf();
  const source = text('index.mdx');
  assert.equal(pageCompletions(graph, 'index.mdx', source, source.indexOf('Start with') + 3), undefined);
  assert.equal(pageCompletions(graph, 'index.mdx', source, source.indexOf('title') + 2), undefined);
});

test('hover on a link: the target page\'s title, description and address; the section an anchor names', () => {
  const { graph, offset } = cursorIn('index.mdx', '/guides/setup#install', 3);
  const hover = pageHover(graph, 'index.mdx', offset)!;
  assert.equal(hover.markdown, '**Setup**\n\nInstall and configure the CLI\n\nSection: Install\n\n`/guides/setup` · `guides/setup.mdx`');
  const source = text('index.mdx');
  assert.deepEqual(hover.range, { start: source.indexOf('/guides/setup#install'), end: source.indexOf('/guides/setup#install') + '/guides/setup#install'.length });
  assert.equal(pageHover(graph, 'index.mdx', source.indexOf('/guides/nowhere') + 2), undefined, 'a broken link has no hover');
  assert.equal(pageHover(graph, 'index.mdx', source.indexOf('Start with')), undefined);
});

test('definition: a link opens its page at the heading its anchor names; an import opens the snippet', () => {
  const graph = graphOf();
  const index = graph.page('index.mdx')!;
  const at = (marker: string) => linkDestination(graph, 'index.mdx', linkAt(index, index.text.indexOf(marker) + 2)!);
  assert.deepEqual(at('/guides/setup#install'), { file: 'guides/setup.mdx', offset: text('guides/setup.mdx').indexOf('## Install') });
  assert.deepEqual(at('/quickstart)'), { file: 'quickstart.mdx', offset: undefined });
  assert.deepEqual(at('/snippets/note.mdx'), { file: 'snippets/note.mdx' });
  assert.deepEqual(at('/images/logo.png'), { file: 'images/logo.png', offset: undefined });
  assert.equal(at('/guides/nowhere'), undefined);
});

test('references: of a page from every page; of a heading, the links to its anchor, on its own page too', () => {
  const graph = graphOf();
  const setup = text('guides/setup.mdx');
  const pageTarget = referenceTargetAt(graph, 'guides/setup.mdx', setup.indexOf('Back to'))!;
  assert.deepEqual(pageTarget, { file: 'guides/setup.mdx' });
  const shown = (locations: { file: string; range: { start: number; end: number } }[]) => locations.map(({ file, range }) => `${file}:${text(file).slice(range.start, range.end)}`).sort();
  assert.deepEqual(shown(linksTo(graph, pageTarget)), ['guides/deploy.md:./setup#install', 'guides/deploy.md:/guides/setup', 'guides/setup.mdx:#install', 'index.mdx:/guides/setup#install', 'quickstart.mdx:/guides/setup']);
  const headingTarget = referenceTargetAt(graph, 'guides/setup.mdx', setup.indexOf('## Install') + 4)!;
  assert.deepEqual(headingTarget, { file: 'guides/setup.mdx', anchor: 'install' });
  assert.deepEqual(shown(linksTo(graph, headingTarget)), ['guides/deploy.md:./setup#install', 'guides/setup.mdx:#install', 'index.mdx:/guides/setup#install']);
  assert.deepEqual(shown(linksTo(graph, { file: 'snippets/note.mdx' })), ['index.mdx:/snippets/note.mdx']);
});

function applyAll(edits: FileEdit[]): Record<string, string> {
  return Object.fromEntries(edits.map(({ file, edits: changes }) => [file, appliedEdits(text(file), changes)]));
}

test('a moved page: every link to it follows, relative and anchored ones too; the moved page\'s own relative links follow it', () => {
  const changed = applyAll(linkEdits(graphOf(), { moves: [{ from: 'guides/setup.mdx', to: 'start/now/install.mdx' }] }));
  assert.deepEqual(Object.keys(changed).sort(), ['guides/deploy.md', 'guides/setup.mdx', 'index.mdx', 'quickstart.mdx']);
  assert.equal(changed['index.mdx'], text('index.mdx').replace('/guides/setup#install', '/start/now/install#install'));
  assert.equal(changed['quickstart.mdx'], text('quickstart.mdx').replace('/guides/setup', '/start/now/install'));
  assert.equal(changed['guides/deploy.md'], text('guides/deploy.md').replace('/guides/setup', '/start/now/install').replace('./setup#install', '../start/now/install#install'));
  assert.equal(changed['guides/setup.mdx'], text('guides/setup.mdx').replace('../quickstart#install', '../../quickstart#install'), 'its own relative link, from its new folder; #install stays');
});

test('a moved snippet: imports of it follow; a moved folder carries the links into it', () => {
  const snippet = applyAll(linkEdits(graphOf(), { moves: [{ from: 'snippets/note.mdx', to: 'snippets/shared/note.mdx' }] }));
  assert.deepEqual(snippet, { 'index.mdx': text('index.mdx').replace('/snippets/note.mdx', '/snippets/shared/note.mdx') });
  const folder = applyAll(linkEdits(graphOf(), { moves: [{ from: 'guides', to: 'tutorials' }] }));
  assert.equal(folder['quickstart.mdx'], text('quickstart.mdx').replace('/guides/setup', '/tutorials/setup').replace('./guides/deploy', './tutorials/deploy'));
  assert.equal(folder['guides/deploy.md'], text('guides/deploy.md').replace('/guides/setup', '/tutorials/setup'), 'the relative ./setup moves along');
});

test('a renamed heading: its text and every link to its anchor', () => {
  const graph = graphOf();
  const setup = text('guides/setup.mdx');
  const offset = setup.indexOf('## Install') + 5;
  assert.deepEqual(prepareHeadingRename(graph, 'guides/setup.mdx', offset), { range: { start: setup.indexOf('Install\n'), end: setup.indexOf('Install\n') + 7 }, placeholder: 'Install' });
  const changed = applyAll(headingRenameEdits(graph, 'guides/setup.mdx', offset, 'Install the CLI')!);
  assert.equal(changed['guides/setup.mdx'], setup.replace('## Install\n', '## Install the CLI\n').replace('[install](#install)', '[install](#install-the-cli)'));
  assert.equal(changed['index.mdx'], text('index.mdx').replace('/guides/setup#install', '/guides/setup#install-the-cli'));
  assert.equal(changed['guides/deploy.md'], text('guides/deploy.md').replace('./setup#install', './setup#install-the-cli'));
  assert.equal(changed['quickstart.mdx'], undefined, 'its own #install is another heading');
  assert.equal(prepareHeadingRename(graph, 'guides/setup.mdx', setup.indexOf('Back to')), undefined);
});
