import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { writeSite } from '../support/site';

const cli = join(__dirname, '..', '..', 'dist', 'cli.js');
const example = join(__dirname, '..', '..', 'examples', 'acme-docs');

/** The CLI run outside a CI runner unless `env` says otherwise (paths are then from `cwd`). */
function run(args: string[], cwd = process.cwd(), env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', env: { ...process.env, GITHUB_WORKSPACE: '', CI_PROJECT_DIR: '', ...env } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const valid = JSON.stringify({ theme: 'mint', name: 'A', colors: { primary: '#000' }, navigation: { pages: ['intro'] } });
const withWarning = JSON.stringify({ theme: 'mint', name: 'A', colors: { primary: '#000' }, navigation: { pages: ['intro'] }, colour: 1 });

test('text output is file:line:col  severity  message  code, one line each, then a summary; exit 1 on errors', () => {
  const { code, stdout } = run(['check', 'examples/acme-docs'], join(__dirname, '..', '..'));
  assert.equal(code, 1);
  const lines = stdout.trim().split('\n');
  assert.equal(lines[0], 'examples/acme-docs/docs.json:6:3  warning  Unknown key "colour" in docs.json. Did you mean "colors"? It is already set beside it: the site ignores "colour" silently. Move what it holds into "colors", or remove it  schema/unknown-key');
  assert.ok(lines.includes('examples/acme-docs/docs.json:17:53  error  Page "guides/deploy" not found: there is no guides/deploy.mdx or guides/deploy.md  ref/missing-page'));
  assert.equal(lines.at(-1), '1 docs.json file and 3 pages checked: 4 errors, 4 warnings');
  assert.doesNotMatch(stdout, /\u001b\[/, 'no colour when stdout is not a terminal');
});

test('--format json prints exactly one object with 1-based positions', () => {
  const { code, stdout } = run(['check', example, '--format', 'json']);
  assert.equal(code, 1);
  const report = JSON.parse(stdout);
  assert.deepEqual(Object.keys(report), ['files']);
  assert.equal(report.files.length, 2, 'the docs.json and the one page with findings');
  assert.ok(report.files[0].path.endsWith(join('acme-docs', 'docs.json')));
  const missing = report.files[0].diagnostics.find((d: { code: string }) => d.code === 'ref/missing-page');
  assert.deepEqual(missing, {
    line: 17,
    column: 53,
    endLine: 17,
    endColumn: 68,
    severity: 'error',
    code: 'ref/missing-page',
    message: 'Page "guides/deploy" not found: there is no guides/deploy.mdx or guides/deploy.md',
  });
});

test('every page of the site is checked; its findings are reported under its own path in each format', () => {
  const site = writeSite({
    'docs.json': valid,
    'intro.mdx': '# Intro\n\nSee [setup](/setup#instal) and [gone](/gone).\n\n## Install\n',
    'setup.mdx': '## Install\n',
    'snippets/bad.mdx': '[x](/nowhere)\n',
    'drafts/wip.mdx': '[y](/nowhere)\n',
    '.mintignore': 'drafts/\n',
  });
  const json = run(['check', '--format', 'json'], site);
  assert.equal(json.code, 1);
  const report = JSON.parse(json.stdout) as { files: { path: string; diagnostics: { line: number; column: number; code: string; message: string }[] }[] };
  const byFile = Object.fromEntries(report.files.map((f) => [f.path, f.diagnostics.map((d) => `${d.line}:${d.column} ${d.code}`)]));
  assert.deepEqual(byFile, {
    'docs.json': [],
    'intro.mdx': ['3:19 link/missing-anchor', '3:39 link/missing-page'],
    'snippets/bad.mdx': ['1:5 link/missing-page'],
  });
  const text = run(['check', site], site);
  assert.match(text.stdout, /^intro\.mdx:3:19 {2}warning {2}"#instal" is not an anchor of setup\.mdx: no heading or id there makes it\. Did you mean "#install"\? {2}link\/missing-anchor$/m);
  assert.equal(text.stdout.trim().split('\n').at(-1), '1 docs.json file and 2 pages checked: 2 errors, 1 warning');
  const github = run(['check', site, '--format', 'github'], site);
  assert.match(github.stdout, /^::error file=intro\.mdx,line=3,endLine=3,col=39,endColumn=44,title=link\/missing-page::Link "\/gone" leads nowhere/m);
});

test('a misspelt "theme" is one error at the misspelt key, not also "missing" at 1:1', () => {
  const site = writeSite({ 'docs.json': valid.replace('"theme"', '"them"'), 'intro.mdx': '' });
  const { code, stdout } = run(['check', site], site);
  assert.equal(code, 1);
  assert.deepEqual(stdout.trim().split('\n').slice(0, -2), [
    'docs.json:1:2  error  Unknown key "them" in docs.json. Did you mean "theme"? docs.json is missing "theme" (required), and the site ignores "them"  schema/required',
  ]);
});

test('a clean site exits 0; --max-warnings turns too many warnings into exit 1', () => {
  const clean = writeSite({ 'docs.json': valid, 'intro.mdx': '' });
  assert.equal(run(['check', clean]).code, 0);
  const warned = writeSite({ 'docs.json': withWarning, 'intro.mdx': '' });
  assert.equal(run(['check', warned]).code, 0);
  const allowed = run(['check', warned, '--max-warnings', '1']);
  assert.equal(allowed.code, 0);
  assert.doesNotMatch(allowed.stdout, /Too many warnings/);
  const tooMany = run(['check', warned, '--max-warnings', '0']);
  assert.equal(tooMany.code, 1);
  assert.equal(tooMany.stdout.trim().split('\n').at(-1), 'Too many warnings: 1, more than --max-warnings 0 allows', 'the exit code is explained');
  const json = run(['check', warned, '--max-warnings', '0', '--format', 'json']);
  assert.equal(json.code, 1);
  assert.deepEqual(Object.keys(JSON.parse(json.stdout)), ['files'], 'JSON output stays one object');
});

test('folders are searched recursively, skipping node_modules and dot folders; each docs.json is its own root', () => {
  const root = writeSite({
    'product/docs.json': valid,
    'product/intro.mdx': '',
    'engineering/docs.json': valid,
    'node_modules/pkg/docs.json': '{',
    '.cache/docs.json': '{',
  });
  const { code, stdout } = run(['check', root, '--format', 'json']);
  assert.equal(code, 1, 'engineering/ has no intro page');
  const report = JSON.parse(stdout) as { files: { path: string; diagnostics: { code: string }[] }[] };
  const byFolder = Object.fromEntries(report.files.map((f) => [f.path.split('/').at(-2), f.diagnostics.map((d) => d.code)]));
  assert.deepEqual(byFolder, { engineering: ['ref/missing-page'], product: [] });
});

test('several paths in one run; the default path is the current folder', () => {
  const a = writeSite({ 'docs.json': valid, 'intro.mdx': '' });
  const b = writeSite({ 'docs.json': valid, 'intro.mdx': '' });
  assert.match(run(['check', a, b]).stdout, /2 docs\.json files and 2 pages checked: 0 errors, 0 warnings/);
  assert.match(run(['check'], a).stdout, /1 docs\.json file and 1 page checked/);
});

test('usage and I/O problems exit 2 with a one-line message', () => {
  const missing = run(['check', '/nonexistent/docs']);
  assert.equal(missing.code, 2);
  assert.equal(missing.stderr.split('\n')[0], 'docsjson: no such file or folder: /nonexistent/docs');
  const empty = writeSite({ 'readme.md': '' });
  const none = run(['check', empty]);
  assert.equal(none.code, 2);
  assert.match(none.stderr, new RegExp(`^docsjson: no docs.json found in ${empty}`));
  // A file that exists but cannot be read, even by root: a link to the process's own memory.
  const site = writeSite({ 'x.txt': '' });
  symlinkSync('/proc/self/mem', join(site, 'docs.json'));
  const unreadable = run(['check', join(site, 'docs.json')]);
  assert.equal(unreadable.code, 2);
  assert.match(unreadable.stderr, /^docsjson: cannot read .*docs\.json: EIO\n/);
  const badFormat = run(['check', '--format', 'xml']);
  assert.equal(badFormat.code, 2);
  assert.equal(badFormat.stderr, 'docsjson: --format must be "text", "json", "github", "sarif" or "gitlab", not "xml"\n');
  const misspelt = run(['check', '--format', 'sarf']);
  assert.equal(misspelt.code, 2);
  assert.equal(misspelt.stderr, 'docsjson: --format must be "text", "json", "github", "sarif" or "gitlab", not "sarf": did you mean "sarif"?\n');
});

test('--format github prints one annotation per diagnostic on the range, then the summary; exit codes as for text', () => {
  const { code, stdout } = run(['check', 'examples/acme-docs', '--format', 'github'], join(__dirname, '..', '..'));
  assert.equal(code, 1);
  const lines = stdout.trim().split('\n');
  const annotations = lines.filter((line) => line.startsWith('::'));
  assert.equal(annotations.length, 8, 'six in docs.json, two in quickstart.mdx');
  assert.ok(
    annotations.includes(
      '::error file=examples/acme-docs/docs.json,line=17,endLine=17,col=53,endColumn=68,title=ref/missing-page::Page "guides/deploy" not found: there is no guides/deploy.mdx or guides/deploy.md',
    ),
  );
  assert.ok(annotations[0].startsWith('::warning file=examples/acme-docs/docs.json,line=6,endLine=6,col=3,endColumn=11,title=schema/unknown-key::'));
  assert.equal(lines.at(-1), '1 docs.json file and 3 pages checked: 4 errors, 4 warnings');
});

test('--format github and sarif name files from the repository (GITHUB_WORKSPACE) whichever folder the check runs in, as GitLab from CI_PROJECT_DIR', () => {
  const repo = join(__dirname, '..', '..');
  const fromSite = run(['check', '.', '--format', 'github'], example, { GITHUB_WORKSPACE: repo });
  assert.equal(fromSite.code, 1);
  const annotated = fromSite.stdout.split('\n').filter((line) => line.startsWith('::'));
  assert.equal(annotated.length, 8);
  assert.ok(annotated.every((line) => /^::\w+ file=examples\/acme-docs\/(docs\.json|quickstart\.mdx),/.test(line)), annotated.join('\n'));
  const sarif = JSON.parse(run(['check', '.', '--format', 'sarif'], example, { GITHUB_WORKSPACE: repo }).stdout);
  assert.ok(sarif.runs[0].results.every((result: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }) => result.locations[0].physicalLocation.artifactLocation.uri.startsWith('examples/acme-docs/')));
  const gitlab = JSON.parse(run(['check', '.', '--format', 'gitlab'], example, { CI_PROJECT_DIR: repo }).stdout);
  assert.equal(gitlab.length, 8);
  assert.ok(gitlab.every((issue: { location: { path: string } }) => issue.location.path.startsWith('examples/acme-docs/')));
  const local = run(['check', '.', '--format', 'github'], example);
  assert.match(local.stdout, /^::\w+ file=docs\.json,/m, 'outside a runner, from the current folder');
});

test('strings from a hostile docs.json stay inert: no escape sequence, no extra line, no extra workflow command', () => {
  const pages = ['a\n::error file=x::injected', 'b\u001b[2J\u001b]8;;https://evil.example\u0007', 'c\u202eevil', 'd%0A::warning::x'];
  const site = writeSite({ 'we,ird:dir/docs.json': JSON.stringify({ theme: 'mint', name: 'A', colors: { primary: '#000' }, navigation: { pages } }) });
  for (const format of ['text', 'github']) {
    const { code, stdout } = run(['check', 'we,ird:dir', '--format', format], site);
    assert.equal(code, 1);
    assert.doesNotMatch(stdout, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/, `${format}: no control character but line ends`);
    const lines = stdout.trim().split('\n');
    assert.equal(lines.length, pages.length + 2, `${format}: one line per problem, a blank line and the summary`);
    assert.ok(lines.some((line) => line.includes('Page "a\\u{a}::error file=x::injected" not found')), `${format}: the line break is shown, not obeyed`);
    assert.ok(lines.some((line) => line.includes('Page "b\\u{1b}[2J\\u{1b}]8;;https://evil.example\\u{7}" not found')));
    if (format === 'github') {
      const commands = lines.filter((line) => line.startsWith('::'));
      assert.equal(commands.length, pages.length, 'one workflow command per problem, no more');
      assert.ok(commands.every((line) => line.startsWith('::error file=we%2Cird%3Adir/docs.json,line=1,')), 'the path is escaped as a property');
      assert.ok(lines.some((line) => line.includes('Page "d%250A::warning::x" not found')), 'a percent sign cannot spell an escaped line break');
    } else {
      assert.ok(lines.some((line) => line.startsWith('we,ird:dir/docs.json:1:') && line.includes('Page "d%0A::warning::x" not found')));
    }
  }
});

test('a key written twice is reported where the site ignores it, in docs.json and in a "$ref" file', () => {
  const root = writeSite({
    'docs.json': '{\n  "theme": "mint",\n  "name": "A",\n  "colors": { "primary": "#000" },\n  "navigation": { "groups": [{ "$ref": "group.json" }] },\n  "colors": { "primary": "#0B7A62" }\n}\n',
    'group.json': '{ "group": "G", "group": "H", "pages": ["intro"] }',
    'intro.mdx': '# Intro\n',
  });
  const { code, stdout } = run(['check', '.'], root);
  assert.equal(code, 0);
  assert.deepEqual(stdout.trim().split('\n'), [
    'docs.json:4:3  warning  "colors" is written 2 times in this object: the site reads only the last one, on line 6, and ignores this one. Merge them into the last one, or remove this one  schema/duplicate-key',
    'group.json:1:3  warning  "group" is written 2 times in this object: the site reads only the last one, on line 1, and ignores this one. Merge them into the last one, or remove this one  schema/duplicate-key',
    '',
    '1 docs.json file and 1 page checked: 0 errors, 2 warnings',
  ]);
});

test('a page of 5,000 nested quotes: the check ends normally and reports the other pages\' findings', () => {
  const root = writeSite({
    'docs.json': JSON.stringify({ theme: 'mint', name: 'A', colors: { primary: '#000' }, navigation: { pages: ['deep', 'normal'] } }),
    'deep.mdx': `---\ntitle: Deep\n---\n\n${'>'.repeat(5_000)} quoted\n`,
    'normal.mdx': '---\ntitle: Normal\n---\n\nSee [the missing page](/nowhere).\n',
  });
  const result = spawnSync(process.execPath, [cli, 'check', '.', '--workers', '0'], { cwd: root, encoding: 'utf8' });
  assert.equal(result.stderr, '', 'no crash (it overflowed the stack walking the quotes)');
  assert.equal(result.status, 1);
  assert.match(result.stdout, /^normal\.mdx:5:\d+ +error +Link "\/nowhere" leads nowhere/m);
});
