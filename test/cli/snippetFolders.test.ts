// The platform's snippet folders: `snippets/` and the older `_snippets/`, at the root of the site
// and in any case, hold snippets, never pages; a folder of that name elsewhere holds pages. Files in
// `_snippets/` are shown by `<Snippet file>`: the platform's build resolves imports against the
// other snippets only, and warns "Could not find file" for an import of one.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { writeSite } from '../support/site';

const cli = join(__dirname, '..', '..', 'dist', 'cli.js');

test('files under _snippets/ are snippets: no page finding on them, imported or not; an import of one finds nothing on the platform', () => {
  const site = writeSite({
    'docs.json': JSON.stringify({ theme: 'mint', name: 'A', colors: { primary: '#000' }, navigation: { pages: ['index'] } }),
    'index.mdx': "import OldNote from '/_snippets/note.mdx';\nimport Tip from '/snippets/tip.mdx';\n\n# Home\n\n<OldNote />\n\n<Tip />\n\n<Snippet file=\"legacy.mdx\" />\n",
    '_snippets/note.mdx': 'A shared note.\n',
    'snippets/tip.mdx': 'A tip.\n',
    '_snippets/legacy.mdx': 'Included by name.\n',
    '_snippets/parts/unused.mdx': '# Kept for later\n',
    'Snippets/Hint.mdx': 'A hint.\n',
    'guides/_snippets/part.mdx': '# Part\n',
  });
  const result = spawnSync(process.execPath, [cli, 'check', '--format', 'json'], { cwd: site, encoding: 'utf8', env: { ...process.env, GITHUB_WORKSPACE: '', CI_PROJECT_DIR: '' } });
  const report = JSON.parse(result.stdout) as { files: { path: string; diagnostics: { line: number; code: string; message: string }[] }[] };
  const byFile = Object.fromEntries(report.files.map((f) => [f.path, f.diagnostics.map((d) => `${d.line} ${d.code} ${d.message.split(':')[0]}`)]));
  assert.deepEqual(byFile, {
    'docs.json': [],
    'index.mdx': ['1 link/missing-snippet Snippet "/_snippets/note.mdx" is in _snippets/, the older snippet folder, which imports do not reach'],
    'guides/_snippets/part.mdx': ['1 page/orphaned No navigation lists this page and no page links to it'],
  });
  const summary = spawnSync(process.execPath, [cli, 'check'], { cwd: site, encoding: 'utf8' }).stdout.trim().split('\n').at(-1);
  assert.equal(summary, '1 docs.json file and 2 pages checked: 0 errors, 1 warning, 1 note', 'index.mdx and guides/_snippets/part.mdx are the pages; the import a warning: the page renders without it');
});
