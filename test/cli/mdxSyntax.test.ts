// `docsjson check` on pages the platform's MDX parser rejects: one row of the facts' "what breaks
// a page" table per page, each reported under the page's path, at its line, with the fix in words.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { acceptedPages, breakingPages } from '../support/mdxBreakingPages';
import { writeSite } from '../support/site';

const cli = join(__dirname, '..', '..', 'dist', 'cli.js');

interface Reported {
  line: number;
  column: number;
  severity: string;
  code: string;
  message: string;
}

function check(files: Record<string, string>): Map<string, Reported[]> {
  const pages = Object.keys(files).map((file) => file.replace(/\.mdx$/, ''));
  const root = writeSite({ ...files, 'logo.png': '', 'docs.json': JSON.stringify({ theme: 'mint', name: 'A', colors: { primary: '#000' }, navigation: { pages } }) });
  const result = spawnSync(process.execPath, [cli, 'check', '--format', 'json'], { cwd: root, encoding: 'utf8' });
  assert.ok(result.status === 0 || result.status === 1, result.stderr);
  const report = JSON.parse(result.stdout) as { files: { path: string; diagnostics: Reported[] }[] };
  return new Map(report.files.map((file) => [file.path, file.diagnostics]));
}

describe('docsjson check: what breaks a page', () => {
  const reported = check({ ...Object.fromEntries(breakingPages.map((page) => [page.file, page.text])), ...acceptedPages });

  for (const page of breakingPages) {
    test(`${page.row}: one error at its line, with the fix in words`, () => {
      const found = (reported.get(page.file) ?? []).filter((d) => d.code === 'mdx/syntax');
      assert.equal(found.length, 1, `${page.file}: ${JSON.stringify(reported.get(page.file))}`);
      const [diagnostic] = found;
      assert.deepEqual([diagnostic.line, diagnostic.column, diagnostic.severity], [page.line, page.column, 'error']);
      assert.ok(diagnostic.message.includes(page.says), diagnostic.message);
    });
  }

  test('not errors: a < 3, $5 and $6, {/* comment */}', () => {
    for (const file of Object.keys(acceptedPages)) assert.deepEqual(reported.get(file) ?? [], [], file);
  });
});

test('a page with a syntax error still gets its other checks (a missing page and file)', () => {
  const reported = check({ 'page.mdx': 'See [the guide](/nowhere).\n\nOne<br>two\n\n![Logo](/missing.png)\n' });
  assert.deepEqual(
    reported.get('page.mdx')?.map((d) => `${d.line}:${d.column} ${d.code}`),
    ['1:17 link/missing-page', '3:4 mdx/syntax', '5:9 link/missing-file'],
  );
});

test('a Markdown snippet is checked too, under its own path', () => {
  const reported = check({ 'page.mdx': "import Note from '/snippets/note.mdx';\n\n<Note />\n", 'snippets/note.mdx': 'A <!-- note -->\n' });
  assert.deepEqual(reported.get('snippets/note.mdx')?.map((d) => `${d.line}:${d.column} ${d.code}`), ['1:3 mdx/syntax']);
  assert.equal(reported.get('page.mdx'), undefined);
});
