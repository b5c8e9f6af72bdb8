import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { basename, join } from 'node:path';
import { test } from 'node:test';
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
  "ignore": ["drafts/"],
}`;
  const { code, found } = check({ ...site, 'docsjson.config.json': config });
  assert.equal(code, 1);
  assert.deepEqual(found.sort(), ['docs.json:10 warning ref/missing-page', 'docsjson.config.json:3 error config/unknown-rule', 'intro.mdx:3 error frontmatter/enum'].sort());
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
