// The findings on OpenAPI specs kept in the page cache's file across runs (`check --cache`): found
// again by the spec's path and text in the next run, equal to a validation's, and not validated
// again; another text or path, or an entry of another shape, is a miss.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { keptSpecValidator, type SpecFindingsStore } from '../../server/src/engine/openapi/keptSpecValidator';
import { parseSpec, SpecCache, specFindings } from '../../server/src/engine/openapi/openapiSpec';
import { PageFactsFile, type PageFactsFileOptions } from '../../server/src/engine/pages/mdx/pageFactsFile';
import { tempFolder } from '../support/tempFolder';
import { usersSpec } from '../support/usersSpec';

const spec = (ref: string, operation?: string) => usersSpec(ref, { operation });

/** Refused for a reference, for an external reference, for a value the schema refuses; and a valid one. */
const specs = [spec('#/components/schema/User'), spec('./user.yaml'), spec('#/components/schemas/User', 'deprecated: "yes"\n      '), spec('#/components/schemas/User')];

/** A store that counts the findings put in it: those of the specs validated. */
function counted(store: SpecFindingsStore): SpecFindingsStore & { validated: number } {
  const counting = {
    validated: 0,
    specFindings: (text: string, fileName: string) => store.specFindings(text, fileName),
    setSpecFindings(text: string, fileName: string, findings: Parameters<SpecFindingsStore['setSpecFindings']>[2]) {
      counting.validated++;
      store.setSpecFindings(text, fileName, findings);
    },
  };
  return counting;
}

const options = (): PageFactsFileOptions => ({ file: join(tempFolder('docsjson-specs-'), 'page-facts'), stack: 'stack-1', maxBytes: 1024 * 1024 });

/** The findings of a run with the store kept in the file, which is written after it. */
function run(at: PageFactsFileOptions, texts: readonly string[], path = 'openapi.yaml') {
  const file = PageFactsFile.open(at);
  const store = counted(file);
  const cache = new SpecCache(keptSpecValidator(store));
  const found = texts.map((text) => ({ verdict: cache.verdict(path, text), problems: cache.problems(path, text) }));
  file.save();
  return { found, validated: store.validated };
}

test("a spec's findings are found again by its path and text in the next run, as a validation finds them", () => {
  const at = options();
  const expected = specs.map((text) => specFindings(text, 'openapi.yaml', parseSpec(text, 'openapi.yaml')));
  assert.deepEqual(
    expected.map(({ verdict }) => [verdict.valid, verdict.problems.map((problem) => problem.kind)]),
    [[false, ['reference']], [false, ['external-ref']], [false, ['schema']], [true, []]],
    'the specs have findings of every kind',
  );
  const first = run(at, specs);
  assert.deepStrictEqual(first.found, expected);
  assert.equal(first.validated, specs.length);
  const second = run(at, specs);
  assert.deepStrictEqual(second.found, expected);
  assert.equal(second.validated, 0, 'none validated again');
  assert.equal(run(at, specs, 'other.yaml').validated, specs.length, 'another path');
  assert.equal(run(at, specs.map((text) => `${text}\n`)).validated, specs.length, 'another text');
});

test('an entry of findings of another shape is a miss, and the spec is validated again', () => {
  const at = options();
  run(at, specs.slice(0, 1));
  const text = readFileSync(at.file, 'utf8');
  const [header, line] = text.split('\n');
  const [key, used] = line.split('\t');
  const body = `${key}\t${used}\t{"verdict":{"valid":"no","problems":[]},"problems":[]}\n`;
  writeFileSync(at.file, `${JSON.stringify({ ...JSON.parse(header), sha256: createHash('sha256').update(body).digest('base64url') })}\n${body}`);
  const again = run(at, specs.slice(0, 1));
  assert.equal(again.validated, 1);
  assert.deepStrictEqual(again.found, [specFindings(specs[0], 'openapi.yaml', parseSpec(specs[0], 'openapi.yaml'))]);
});
