import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { basename, join } from 'node:path';
import { test } from 'node:test';
import { writeFileSync } from 'node:fs';
import { commitAll } from '../support/gitRepo';
import { writeSite } from '../support/site';

const cli = join(__dirname, '..', '..', 'dist', 'cli.js');

function check(files: Record<string, string>, ...args: string[]) {
  const root = writeSite(files);
  const result = spawnSync(process.execPath, [cli, 'check', '.', '--format', 'json', ...args], { cwd: root, encoding: 'utf8' });
  const report = JSON.parse(result.stdout) as { files: { path: string; diagnostics: { line: number; severity: string; code: string; message: string }[] }[] };
  return { code: result.status, found: report.files.flatMap((file) => file.diagnostics.map((d) => `${file.path}:${d.line} ${d.severity} ${d.code}`)) };
}

const docsJson = JSON.stringify({ theme: 'mint', name: 'A', colors: { primary: '#000' }, navigation: { pages: ['intro', 'missing'] } }, null, 2);
const site = {
  'docs.json': docsJson,
  'intro.mdx': '---\ntitle: Intro\nmode: wid\n---\n\n[gone](/nowhere)\n',
  'drafts/draft.mdx': '---\ntitle: Draft: soon\n---\n',
};

test('without a config, every finding is reported with its default severity', () => {
  const { code, found } = check(site);
  assert.equal(code, 1);
  assert.deepEqual(found.sort(), [
    'docs.json:10 error ref/missing-page',
    'drafts/draft.mdx:2 error frontmatter/syntax',
    'drafts/draft.mdx:1 information page/orphaned',
    'intro.mdx:3 warning frontmatter/enum',
    'intro.mdx:6 error link/missing-page',
  ].sort());
});

test('docsjson.config.json sets severities, turns codes off and ignores paths; its own problems are reported under its path', () => {
  const config = `{
  // the team's choices
  "rules": { "ref/missing-page": "warning", "link/missing-page": "off", "frontmatter/enum": "error", "icon/unknwn": "off" },
  "ignore": ["drafts/", "old/"],
}`;
  const { code, found } = check({ ...site, 'docsjson.config.json': config });
  assert.equal(code, 1);
  assert.deepEqual(found.sort(), [
    'docs.json:10 warning ref/missing-page',
    'docsjson.config.json:3 error config/unknown-rule',
    'docsjson.config.json:4 information config/unused-ignore',
    'intro.mdx:3 error frontmatter/enum',
  ].sort());
});

test('suppression comments in a page and an "ignore" entry of files and codes silence those findings; a comment that silences nothing is reported', () => {
  const intro = [
    '---',
    'title: Intro',
    '# {/* docsjson-disable-next-line */} (YAML, not MDX: no comment)',
    'mode: wid',
    '---',
    '',
    '{/* docsjson-disable-next-line link/missing-page */}',
    '[gone](/nowhere)',
    '',
    '```mdx',
    '{/* docsjson-disable-next-line */}',
    '```',
    '[also gone](/elsewhere)',
    '',
    '{/* docsjson-disable-next-line link/missing-anchor */}',
    'Nothing here.',
    '',
  ].join('\n');
  const config = '{ "ignore": [{ "files": "drafts/**", "codes": ["page/orphaned"] }] }';
  const { code, found } = check({ ...site, 'intro.mdx': intro, 'docsjson.config.json': config });
  assert.equal(code, 1);
  assert.deepEqual(found.sort(), [
    'docs.json:10 error ref/missing-page',
    'drafts/draft.mdx:2 error frontmatter/syntax',
    'intro.mdx:4 warning frontmatter/enum',
    'intro.mdx:13 error link/missing-page',
    'intro.mdx:15 information suppress/unused',
  ].sort());
});

test('--config PATH reads that file instead of the site\'s own, and reports its problems under the path given', () => {
  const own = '{ "rules": { "ref/missing-page": "off" } }';
  const given = writeSite({ 'team.jsonc': '{ "rules": { "frontmatter/enum": "off", "link/missng-page": "off" }, "ignore": ["drafts/"] }' });
  const { code, found } = check({ ...site, 'docsjson.config.json': own }, '--config', join(given, 'team.jsonc'));
  assert.equal(code, 1);
  const configPath = `../${basename(given)}/team.jsonc`;
  assert.deepEqual(found.sort(), ['docs.json:10 error ref/missing-page', `${configPath}:1 error config/unknown-rule`, 'intro.mdx:6 error link/missing-page'].sort());
});

test('--config with a file that cannot be read is a usage error', () => {
  const root = writeSite(site);
  const result = spawnSync(process.execPath, [cli, 'check', '.', '--config', 'nowhere.json'], { cwd: root, encoding: 'utf8' });
  assert.equal(result.status, 2);
  assert.match(result.stderr, /--config: cannot read .*nowhere\.json: ENOENT/);
});

test('--base with --config: the base commit is checked with the config given too, so what it silences there is not new', () => {
  // The site's own config turns link/missing-page off; the one given does not. Were the base checked
  // with its own config, the old broken link would be missing there and reported as new.
  const root = writeSite({ ...site, 'docsjson.config.json': '{ "rules": { "link/missing-page": "off" } }' });
  commitAll(root, 'The site', true);
  const given = writeSite({ 'team.jsonc': '{ "rules": { "frontmatter/enum": "off" }, "ignore": ["drafts/", "old/"] }' });
  writeFileSync(join(root, 'intro.mdx'), `${site['intro.mdx']}\n[new and gone](/elsewhere)\n`);
  const result = spawnSync(process.execPath, [cli, 'check', '.', '--base', 'main', '--config', join(given, 'team.jsonc'), '--format', 'json'], { cwd: root, encoding: 'utf8' });
  assert.equal(result.status, 1, result.stderr);
  const report = JSON.parse(result.stdout) as { base: { ref: string; existing: number }; files: { path: string; diagnostics: { line: number; code: string }[] }[] };
  assert.deepEqual(report.files.flatMap((file) => file.diagnostics.map((d) => `${file.path}:${d.line} ${d.code}`)), ['intro.mdx:8 link/missing-page']);
  // At main, with the config given: the page entry without a page, the broken link, and the "ignore" glob that matches nothing.
  assert.deepEqual(report.base, { ref: 'main', existing: 3 });
});

test('in a folder of several sites, each site\'s docsjson.config.json applies to that site alone', () => {
  const files: Record<string, string> = {};
  for (const name of ['one', 'two']) for (const [path, text] of Object.entries(site)) files[`${name}/${path}`] = text;
  files['one/docsjson.config.json'] = '{ "rules": { "link/missing-page": "off" }, "ignore": ["drafts/"] }';
  files['two/docsjson.config.json'] = '{ "rules": { "ref/missing-page": "warning" } }';
  const { code, found } = check(files);
  assert.equal(code, 1);
  assert.deepEqual(found.sort(), [
    'one/docs.json:10 error ref/missing-page',
    'one/intro.mdx:3 warning frontmatter/enum',
    'two/docs.json:10 warning ref/missing-page',
    'two/drafts/draft.mdx:2 error frontmatter/syntax',
    'two/drafts/draft.mdx:1 information page/orphaned',
    'two/intro.mdx:3 warning frontmatter/enum',
    'two/intro.mdx:6 error link/missing-page',
  ].sort());
});
