import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { copyOfFixtureSite } from '../support/fixtureSite';

const cli = join(__dirname, '..', '..', 'dist', 'cli.js');

function check(root: string) {
  const result = spawnSync(process.execPath, [cli, 'check', '.', '--format', 'json'], { cwd: root, encoding: 'utf8' });
  const report = JSON.parse(result.stdout) as { files: { path: string; diagnostics: { line: number; code: string; message: string }[] }[] };
  return { code: result.status, findings: report.files.flatMap((file) => file.diagnostics.map((d) => `${file.path}:${d.line} ${d.code} ${d.message}`)) };
}

/*
 * The site reproduces real layouts the platform serves: redirects kept in a "$ref" file, an
 * optional ":slug?" redirect source, a heading of level 5, OpenAPI pages of an element that also
 * lists pages and of one that lists an explicit endpoint, and no index page (so "/" shows the
 * navigation's first page), and links to a folder without an index page. Only the real problems
 * are reported, each saying its cause (README.md, which the platform leaves out, is not checked).
 */
test('a site as the platform serves it: only what the published site gets wrong is reported', () => {
  const { code, findings } = check(copyOfFixtureSite('platform-routes'));
  assert.equal(code, 1);
  assert.deepEqual(findings, [
    'redirects.json:7 redirect/missing-destination "/guides/nowhere" is not a page, a file or another redirect\'s source: the redirect leads nowhere',
    'redirects.json:8 redirect/folder-destination "/guides" is a folder with no index page: no page of the site is at /guides. Redirect to its first page, "/guides/start"',
    'guides/api-intro.mdx:7 link/folder-without-index Link "/guides" leads to the folder /guides, which has no index page: no page of the site is at /guides. Link to its first page, "/guides/start"',
    'guides/start.mdx:11 link/missing-anchor "#boot-modes" is not an anchor of guides/boot.mdx: its heading "Boot modes" is of level 5, and the platform gives ids to headings of level 1 to 4 only',
  ]);
});

test('an element that lists an explicit endpoint gets no page for its other operations', () => {
  const root = copyOfFixtureSite('platform-routes');
  writeFileSync(join(root, 'guides', 'blog.mdx'), '---\ntitle: Blog\n---\n\n[keys](/admin-api/admin/list-keys)\n');
  const { findings } = check(root);
  assert.ok(findings.some((line) => line.startsWith('guides/blog.mdx:5 link/missing-page Link "/admin-api/admin/list-keys" leads nowhere')), findings.join('\n'));
});

test('a redirect to "/" leads nowhere only when the site has neither an index page nor a navigation page', () => {
  const root = copyOfFixtureSite('platform-routes');
  writeFileSync(join(root, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'A', colors: { primary: '#000' }, navigation: { groups: [{ group: 'API', openapi: 'api/openapi.json' }] }, redirects: [{ source: '/home', destination: '/' }] }));
  const { findings } = check(root);
  assert.ok(findings.includes('docs.json:1 redirect/missing-destination "/" is not a page, a file or another redirect\'s source: the redirect leads nowhere'), findings.join('\n'));
});
