// The platform's snippet folders: `snippets/` and the older `_snippets/`, at the root of the site
// and in any case, hold snippets, never pages; a folder of that name elsewhere holds pages.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { writeSite } from '../support/site';

const cli = join(__dirname, '..', '..', 'dist', 'cli.js');

test('files under _snippets/ are snippets: imported or not, no page finding; an import of one resolves', () => {
  const site = writeSite({
    'docs.json': JSON.stringify({ theme: 'mint', name: 'A', colors: { primary: '#000' }, navigation: { pages: ['index'] } }),
    'index.mdx': "import Note from '/_snippets/note.mdx';\nimport Gone from '/_snippets/gone.mdx';\n\n# Home\n\n<Note />\n\n<Gone />\n\n<Snippet file=\"legacy.mdx\" />\n",
    '_snippets/note.mdx': 'A shared note.\n',
    '_snippets/legacy.mdx': 'Included by name.\n',
    '_snippets/parts/unused.mdx': '# Kept for later\n',
    'Snippets/Tip.mdx': 'A tip.\n',
    'guides/_snippets/part.mdx': '# Part\n',
  });
  const result = spawnSync(process.execPath, [cli, 'check', '--format', 'json'], { cwd: site, encoding: 'utf8', env: { ...process.env, GITHUB_WORKSPACE: '', CI_PROJECT_DIR: '' } });
  const report = JSON.parse(result.stdout) as { files: { path: string; diagnostics: { line: number; code: string; message: string }[] }[] };
  const byFile = Object.fromEntries(report.files.map((f) => [f.path, f.diagnostics.map((d) => `${d.line} ${d.code} ${d.message.split(':')[0]}`)]));
  assert.deepEqual(byFile, {
    'docs.json': [],
    'index.mdx': ['2 link/missing-snippet Snippet "/_snippets/gone.mdx" not found'],
    'guides/_snippets/part.mdx': ['1 page/orphaned No navigation lists this page and no page links to it'],
  });
  const summary = spawnSync(process.execPath, [cli, 'check'], { cwd: site, encoding: 'utf8' }).stdout.trim().split('\n').at(-1);
  assert.equal(summary, '1 docs.json file and 2 pages checked: 1 error, 0 warnings, 1 note', 'index.mdx and guides/_snippets/part.mdx are the pages');
});
