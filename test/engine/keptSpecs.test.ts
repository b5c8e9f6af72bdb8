// OpenAPI specs kept in the page cache's file across runs (`check --cache`): what the check needs
// of a spec (its operations, what its reading said) and the findings on it, found again by the
// spec's path and text in the next run, equal to a reading's and a validation's, the text neither
// read nor validated again; another text or path, or an entry of another shape, is a miss.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { keptSummary, readsAsOpenapi, type SpecStore } from '../../server/src/engine/openapi/keptSpecs';
import type { LoadedSpec } from '../../server/src/engine/openapi/loadedSpec';
import { parseSpec, SpecCache, specFindings, validateAtOnce } from '../../server/src/engine/openapi/openapiSpec';
import { PageFactsFile, type PageFactsFileOptions } from '../../server/src/engine/pages/mdx/pageFactsFile';
import { tempFolder } from '../support/tempFolder';
import { usersSpec } from '../support/usersSpec';

const spec = (ref: string, operation?: string) => usersSpec(ref, { operation });

/**
 * Refused for a reference, for an external reference, for a value the schema refuses; a valid
 * one; one that does not parse; a Swagger 2 one (no `openapi` key), a webhook, and no spec at all.
 */
const specs = [
  spec('#/components/schema/User'),
  spec('./user.yaml'),
  spec('#/components/schemas/User', 'deprecated: "yes"\n      '),
  spec('#/components/schemas/User'),
  `${spec('#/components/schemas/User')}  bad: [\n`,
  'swagger: "2.0"\ninfo: { title: Old, version: "1" }\npaths:\n  /old:\n    get:\n      x-excluded: true\n      responses: { "200": { description: ok } }\n',
  'openapi: 3.1.0\ninfo: { title: Hooks, version: "1" }\nwebhooks:\n  newUser:\n    post:\n      summary: A user\n      tags: [Users]\n      x-mint: { href: /hooks/new-user }\n',
  'title: not a spec\n',
];

/** A store that counts the specs put in it: those read and validated. */
function counted(store: SpecStore): SpecStore & { validated: number } {
  const counting = {
    validated: 0,
    keptSpec: (text: string, fileName: string) => store.keptSpec(text, fileName),
    keepSpec(text: string, fileName: string, kept: Parameters<SpecStore['keepSpec']>[2]) {
      counting.validated++;
      store.keepSpec(text, fileName, kept);
    },
  };
  return counting;
}

const options = (): PageFactsFileOptions => ({ file: join(tempFolder('docsjson-specs-'), 'page-facts'), stack: 'stack-1', maxBytes: 1024 * 1024 });

/** What a check needs of each spec in a run with the store kept in the file, which is written after it: its findings, and whether the text was read. */
function run(at: PageFactsFileOptions, texts: readonly string[], path = 'openapi.yaml') {
  const file = PageFactsFile.open(at);
  const store = counted(file);
  const cache = new SpecCache(validateAtOnce, store);
  const read: LoadedSpec[] = [];
  const found = texts.map((text) => {
    read.push(cache.get(path, text));
    return { verdict: cache.verdict(path, text), problems: cache.problems(path, text) };
  });
  file.save();
  return { found, validated: store.validated, summaries: read.map(keptSummary), textsRead: read.filter((spec) => !(spec.reading && 'kept' in spec.reading)).length };
}

/** What the check needs of a spec read now. */
const readNow = (text: string) => keptSummary(parseSpec(text, 'openapi.yaml'));

test("a spec's findings are found again by its path and text in the next run, as a validation finds them", () => {
  const at = options();
  const expected = specs.map((text) => specFindings(text, 'openapi.yaml', parseSpec(text, 'openapi.yaml')));
  assert.deepEqual(
    expected.map(({ verdict }) => [verdict.valid, verdict.problems.map((problem) => problem.kind)]),
    [[false, ['reference']], [false, ['external-ref']], [false, ['schema']], [true, []], [false, []], [false, ['swagger2']], [true, []], [false, ['no-version']]],
    'the specs have findings of every kind',
  );
  const summaries = specs.map(readNow);
  assert.deepEqual(
    summaries.map((summary) => [summary.ok, summary.openapiKey, summary.syntax !== undefined, summary.ok ? summary.operations.length : 0]),
    [[true, true, false, 1], [true, true, false, 1], [true, true, false, 1], [true, true, false, 1], [false, false, true, 0], [true, false, false, 1], [true, true, false, 1], [false, false, false, 0]],
    'the specs read in every way',
  );
  const first = run(at, specs);
  assert.deepStrictEqual(first.found, expected);
  assert.deepStrictEqual(first.summaries, summaries);
  assert.equal(first.validated, specs.length);
  assert.equal(first.textsRead, specs.length);
  const second = run(at, specs);
  assert.deepStrictEqual(second.found, expected);
  assert.deepStrictEqual(second.summaries, summaries, 'the same operations and readings');
  assert.equal(second.validated, 0, 'none validated again');
  assert.equal(second.textsRead, 0, 'no text read again');
  assert.equal(run(at, specs, 'other.yaml').validated, specs.length, 'another path');
  assert.equal(run(at, specs.map((text) => `${text}\n`)).validated, specs.length, 'another text');
});

test('an entry of findings of another shape is a miss, and the spec is validated again', () => {
  const at = options();
  run(at, specs.slice(0, 1));
  const text = readFileSync(at.file, 'utf8');
  const [header, line] = text.split('\n');
  const [key, used] = line.split('\t');
  const kept = JSON.parse(line.split('\t')[2]) as { spec: unknown; findings: unknown };
  const body = `${key}\t${used}\t${JSON.stringify({ ...kept, findings: { verdict: { valid: 'no', problems: [] }, problems: [] } })}\n`;
  writeFileSync(at.file, `${JSON.stringify({ ...JSON.parse(header), sha256: createHash('sha256').update(body).digest('base64url') })}\n${body}`);
  const again = run(at, specs.slice(0, 1));
  assert.equal(again.validated, 1);
  assert.equal(again.textsRead, 1);
  assert.deepStrictEqual(again.found, [specFindings(specs[0], 'openapi.yaml', parseSpec(specs[0], 'openapi.yaml'))]);
});

test('a kept spec is found by the platform as the spec read now is (an `openapi` key, no syntax error)', () => {
  const at = options();
  run(at, specs);
  const cache = new SpecCache(validateAtOnce, PageFactsFile.open(at));
  assert.ok(specs.every((text) => 'kept' in (cache.get('openapi.yaml', text).reading ?? {})), 'every spec kept, none read');
  assert.deepEqual(
    specs.map((text) => readsAsOpenapi(cache.get('openapi.yaml', text).reading)),
    specs.map((text) => readsAsOpenapi(parseSpec(text, 'openapi.yaml').reading)),
  );
});
