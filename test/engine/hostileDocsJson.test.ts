// A repository's docs.json is untrusted input: "$ref"s that fan out exponentially end in a
// diagnostic, not a hang (500,000 nested arrays: test/cli/nestedArrays.test.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkDocsJson, DiskSiteHost } from '../../server/src/engine';
import { REF_BUDGET } from '../../server/src/engine/checkContext';
import { docsJson, writeSite } from '../support/site';

const LEVELS = 30;

/** level0.json … level29.json, each a group whose pages refer twice to the next level: 2^30 groups if followed. */
function fanOutSite(): { root: string; text: string } {
  const files: Record<string, string> = { 'intro.mdx': '# Intro\n' };
  for (let level = 0; level < LEVELS; level++) {
    const next = level + 1 < LEVELS ? `{ "$ref": "level${level + 1}.json" }` : '"intro"';
    files[`level${level}.json`] = `{ "group": "Level ${level}", "pages": [${next}, ${next}] }`;
  }
  const text = docsJson('{ "groups": [{ "$ref": "level0.json" }] }');
  return { root: writeSite({ ...files, 'docs.json': text }), text };
}

test('"$ref"s that fan out stop at the check\'s budget with one diagnostic', { timeout: 120_000 }, () => {
  const { root, text } = fanOutSite();
  const result = checkDocsJson(text, new DiskSiteHost(root));
  const all = [...result.documents.values()].flatMap((document) => document.diagnostics.map((diagnostic) => ({ file: document, ...diagnostic })));
  const fanOut = all.filter((diagnostic) => diagnostic.code === 'ref/fan-out');
  assert.equal(fanOut.length, 1, JSON.stringify(all.map((d) => d.code)));
  assert.match(fanOut[0].message, new RegExp(`^"\\$ref" to level\\d+\\.json is not followed: this check has already followed ${REF_BUDGET.follows.toLocaleString('en-US')} "\\$ref"s .* refer to each file once\\.$`));
  // What was read, below a megabyte, in hundredths; the budget in whole megabytes.
  const [, read] = /\((\d+\.\d\d) MB read\)/.exec(fanOut[0].message) ?? [];
  assert.ok(Number(read) > 0.1 && Number(read) < 1, fanOut[0].message);
  assert.ok(fanOut[0].message.includes(`(${REF_BUDGET.follows.toLocaleString('en-US')} or 64 MB)`), fanOut[0].message);
  assert.equal(fanOut[0].severity, 'warning', 'the check\'s own budget: the platform follows every "$ref", so the site may build');
});

test('the same files, each referred to once, are all followed', () => {
  const files: Record<string, string> = { 'intro.mdx': '# Intro\n' };
  for (let level = 0; level < LEVELS; level++) {
    files[`level${level}.json`] = `{ "group": "Level ${level}", "pages": [${level + 1 < LEVELS ? `{ "$ref": "level${level + 1}.json" }` : '"intro"'}] }`;
  }
  const text = docsJson('{ "groups": [{ "$ref": "level0.json" }] }');
  const result = checkDocsJson(text, new DiskSiteHost(writeSite({ ...files, 'docs.json': text })));
  assert.deepEqual([...result.documents.values()].flatMap((document) => document.diagnostics.map((d) => d.code)), []);
});
