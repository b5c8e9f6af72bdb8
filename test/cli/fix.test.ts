import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { copyOfFixtureSite } from '../support/fixtureSite';
import { writeSite } from '../support/site';

const cli = join(__dirname, '..', '..', 'dist', 'cli.js');
const fixtures = join(__dirname, '..', 'fixtures', 'sites');

function run(args: string[], cwd: string) {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', env: { ...process.env, GITHUB_WORKSPACE: '', CI_PROJECT_DIR: '' } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const read = (root: string, file: string) => readFileSync(join(root, file), 'utf8');
const original = (site: string, file: string) => readFileSync(join(fixtures, site, file), 'utf8');

test('--fix applies the fixes that need no choice, says what it changed by file and code, and reports the problems left', () => {
  const root = copyOfFixtureSite('lsp-basic');
  const { code, stdout, stderr } = run(['check', '--fix'], root);
  assert.equal(stderr, '');
  assert.equal(code, 1, 'a missing page is left, an error');
  const expected = original('lsp-basic', 'docs.json')
    .replace('"descripton"', '"description"')
    .replace('"fa-book"', '"book"')
    .replace(/\n {12}"expanded": true,/, '')
    .replace('"POST /user"]', '"POST /users"]');
  assert.equal(read(root, 'docs.json'), expected);
  const lines = stdout.trim().split('\n');
  assert.equal(lines[0], 'Fixed docs.json: schema/unknown-key ×1, icon/fa-prefix ×1, nav/expanded-no-effect ×1, ref/unknown-operation ×1');
  // The problems that ask for a choice are left: a page to create or not, two kinds of child to nest one way or the other.
  assert.match(stdout, /docs\.json:15:53 {2}error {2}Page "guides\/deploy" not found.*ref\/missing-page/);
  assert.match(stdout, /nav\/mixed-children/);
  assert.equal(lines.at(-1), '1 docs.json file and 4 pages checked: 1 error, 1 warning, 1 note');
  assert.equal(run(['check'], root).stdout.trim().split('\n').at(-1), lines.at(-1), 'a check afterwards finds what --fix reported as left');
});

test('--fix changes pages and every file a fix reaches (the base path removed from redirects and links alike); the exit code follows what is left', () => {
  const root = copyOfFixtureSite('base-path');
  const { code, stdout } = run(['check', '--fix'], root);
  assert.match(stdout, /^Fixed docs\.json: link\/base-path ×1$/m);
  assert.match(stdout, /^Fixed quickstart\.mdx: link\/base-path ×1$/m);
  assert.doesNotMatch(read(root, 'quickstart.mdx'), /\/docs\//);
  assert.match(read(root, 'quickstart.mdx'), /\[setup guide\]\(\/guides\/setup\)/);
  assert.match(read(root, 'docs.json'), /"destination": "\/quickstart"/);
  assert.equal(code, run(['check'], root).code);
});

test('--fix-dry-run prints a unified diff and what it would fix, writes nothing, and exits as the fixed site would', () => {
  const root = writeSite({
    'docs.json': '{\n  "name": "A",\n  "theme": "mint",\n  "colors": { "primary": "#000000" },\n  "navigation": {\n    "groups": [{ "group": "Start", "expanded": true, "pages": ["index"] }]\n  }\n}\n',
    'index.mdx': '---\ntitle: Home\n---\n\n<!-- a note -->\n\nText.\n',
  });
  const before = { docsJson: read(root, 'docs.json'), index: read(root, 'index.mdx') };
  const { code, stdout } = run(['check', '--fix-dry-run'], root);
  assert.equal(code, 0, 'nothing left once fixed');
  assert.equal(read(root, 'docs.json'), before.docsJson);
  assert.equal(read(root, 'index.mdx'), before.index);
  assert.ok(
    stdout.includes(
      '--- a/docs.json\n+++ b/docs.json\n@@ -2,7 +2,7 @@\n   "name": "A",\n   "theme": "mint",\n   "colors": { "primary": "#000000" },\n   "navigation": {\n' +
        '-    "groups": [{ "group": "Start", "expanded": true, "pages": ["index"] }]\n+    "groups": [{ "group": "Start", "pages": ["index"] }]\n   }\n }\n',
    ),
    stdout,
  );
  assert.ok(stdout.includes('--- a/index.mdx\n+++ b/index.mdx\n'), stdout);
  assert.ok(stdout.includes('\n-<!-- a note -->\n+{/* a note */}\n'), stdout);
  assert.match(stdout, /^Would fix docs\.json: nav\/expanded-no-effect ×1$/m);
  assert.match(stdout, /^Would fix index\.mdx: mdx\/syntax ×1$/m);
  assert.match(stdout, /0 errors, 0 warnings\n$/);
  assert.equal(run(['check'], root).code, 1, 'the page still does not build: nothing was written');
});

test('a page the fixes would leave unparsable is left as it was, and the output says so', () => {
  // The HTML comment has a fix; the <b> never closed has none: with the comment fixed, the page still does not parse.
  const page = '---\ntitle: Home\n---\n\n<!-- a note -->\n\nA <b>bold start.\n';
  const root = writeSite({
    'docs.json': '{\n  "name": "A",\n  "theme": "mint",\n  "colors": { "primary": "#000000" },\n  "navigation": { "pages": ["index"] }\n}\n',
    'index.mdx': page,
  });
  const { code, stdout } = run(['check', '--fix'], root);
  assert.equal(read(root, 'index.mdx'), page);
  assert.match(stdout, /^Left index\.mdx as it was: with its fixes it would not parse \(MDX\)$/m);
  assert.doesNotMatch(stdout, /^Fixed index\.mdx/m);
  assert.match(stdout, /index\.mdx:5:1 {2}error {2}HTML comments do not work in MDX/, 'the problems reported are those of the page as it is');
  assert.equal(code, 1);
});

test('a key written three times loses both earlier copies, whose removals touch: one pass each', () => {
  const root = writeSite({
    'docs.json': '{\n  "name": "A",\n  "name": "B",\n  "name": "C",\n  "theme": "mint",\n  "colors": { "primary": "#000000" },\n  "navigation": { "pages": ["index"] }\n}\n',
    'index.mdx': '---\ntitle: Home\n---\n\nText.\n',
  });
  const { code, stdout } = run(['check', '--fix'], root);
  assert.equal(read(root, 'docs.json'), '{\n  "name": "C",\n  "theme": "mint",\n  "colors": { "primary": "#000000" },\n  "navigation": { "pages": ["index"] }\n}\n');
  assert.match(stdout, /^Fixed docs\.json: schema\/duplicate-key ×2$/m);
  assert.equal(code, 0);
});

test('--format json keeps stdout one JSON report: what --fix changed goes to stderr', () => {
  const root = copyOfFixtureSite('lsp-pages');
  const { stdout, stderr } = run(['check', '--fix', '--format', 'json'], root);
  const report = JSON.parse(stdout);
  assert.ok(Array.isArray(report.files));
  assert.match(stderr, /^Fixed index\.mdx: link\/missing-anchor ×1$/m);
  assert.match(read(root, 'index.mdx'), /\[broken anchor\]\(\/quickstart#install\)/);
});

test('--fix and --fix-dry-run together is a usage error', () => {
  const root = copyOfFixtureSite('lsp-pages');
  const { code, stderr } = run(['check', '--fix', '--fix-dry-run'], root);
  assert.equal(code, 2);
  assert.match(stderr, /give one of the two/);
  assert.equal(read(root, 'index.mdx'), original('lsp-pages', 'index.mdx'));
});

test('--fix links a translated page to the page in its own language, and leaves a link whose anchor that page lacks to the writer', () => {
  const navigation = '{ "languages": [ { "language": "en", "default": true, "pages": ["en/index", "en/guide"] }, { "language": "zh", "pages": ["zh/index", "zh/guide"] } ] }';
  const root = writeSite({
    'docs.json': JSON.stringify({ $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'Acme', colors: { primary: '#0B7A62' }, navigation: JSON.parse(navigation) }, null, 2),
    'en/index.mdx': '# Home\n',
    'en/guide.mdx': '# Guide\n\n## Install\n',
    'zh/index.mdx': '# 首页\n\n参见[指南](/en/guide)和[安装](/en/guide#install)。\n',
    'zh/guide.mdx': '# 指南\n\n## 安装\n',
  });
  const { stdout } = run(['check', '--fix'], root);
  assert.match(stdout, /^Fixed zh\/index\.mdx: translation\/other-language-link ×1$/m);
  assert.equal(read(root, 'zh/index.mdx'), '# 首页\n\n参见[指南](/zh/guide)和[安装](/en/guide#install)。\n');
  assert.match(stdout, /zh\/index\.mdx:3:\d+ {2}warning {2}Link "\/en\/guide#install" leads to a page of "en" from this page of "zh".*translation\/other-language-link/);
});
