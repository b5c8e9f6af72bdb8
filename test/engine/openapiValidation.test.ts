// The platform's verdict on every OpenAPI spec of the corpus and the real sites, and on mutated
// copies, held to @mintlify/openapi-parser's own (asynchronous) `validate`: the same verdict, the
// same words, and the problem on the line where the mutation put it.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import test from 'node:test';
import { validate } from '@mintlify/openapi-parser';
import { dump, load } from 'js-yaml-4';
import { LineIndex } from '../../server/src/engine';
import { parseSpec, platformVerdict } from '../../server/src/engine/openapi/openapiSpec';
import { specFileProblems } from '../../server/src/engine/openapi/specProblems';
import { corpusDir } from '../support/corpus';
import { sitesDir } from '../support/sites';

interface Verdict {
  valid: boolean;
  message?: string;
}

/**
 * What the platform does with a spec file's text, written from its code: read with js-yaml 4;
 * refuse any `$ref` not starting with `#` (searching string values parsed as JSON or YAML too);
 * validate with the parser; refuse Swagger 2.0; print the errors as `path: message` lines.
 */
async function platform(text: string): Promise<Verdict> {
  let document: unknown;
  try {
    document = load(text);
  } catch (error) {
    return { valid: false, message: `Invalid JSON or YAML syntax: ${(error as Error).message}` };
  }
  const external = externalRefs(document);
  if (external.length > 0) {
    return { valid: false, message: `External $ref references are not allowed. Found ${external.length} external reference(s):\n${external.map((r) => `  - ${r}`).join('\n')}` };
  }
  let result: Awaited<ReturnType<typeof validate>>;
  try {
    result = await validate(structuredClone(document) as Record<string, unknown>);
  } catch (error) {
    // The parser throws outside its own error handling: the platform's check fails with that.
    return { valid: false, message: (error as Error).message };
  }
  if (result.version === '2.0') return { valid: false, message: 'OpenAPI versions prior to 3.0 not supported' };
  if (result.valid) return { valid: true };
  const lines = (result.errors ?? []).map((error) => {
    const path = 'path' in error ? String(error.path).replace('/paths/', '').replaceAll('~1', '/').replaceAll('~2', '~') : 'Unknown path';
    return `${path}: ${error.message}`;
  });
  return { valid: false, message: `Failed to validate OpenAPI schema:${lines.join('\n')}` };
}

function externalRefs(input: unknown, path = '', found: string[] = [], seen = new WeakSet<object>()): string[] {
  if (typeof input === 'string') {
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(input);
    } catch {
      try {
        const value = load(input);
        parsed = typeof value === 'object' ? value : null;
      } catch {
        parsed = null;
      }
    }
    if (parsed) externalRefs(parsed, path, found, seen);
    return found;
  }
  if (!input || typeof input !== 'object' || seen.has(input)) return found;
  seen.add(input);
  if (Array.isArray(input)) input.forEach((item, index) => externalRefs(item, `${path}[${index}]`, found, seen));
  else {
    for (const [key, value] of Object.entries(input)) {
      const at = path ? `${path}.${key}` : key;
      if (key === '$ref' && typeof value === 'string' && !value.startsWith('#')) found.push(`${at}: ${value}`);
      else externalRefs(value, at, found, seen);
    }
  }
  return found;
}

function ours(text: string, fileName: string): Verdict & { lines: number[] } {
  const spec = parseSpec(text, fileName);
  const verdict = platformVerdict(spec);
  const lines = new LineIndex(text);
  const problems = specFileProblems(text, fileName, spec, verdict);
  return { valid: verdict.valid, message: verdict.message, lines: problems.map((problem) => lines.position(problem.range.start).line + 1) };
}

/** Every OpenAPI or Swagger file of the corpus and the sites, one of each content. */
function realSpecs(): { name: string; text: string }[] {
  const specs = new Map<string, { name: string; text: string }>();
  const walk = (root: string, dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(root, path);
      else if (/\.(json|ya?ml)$/i.test(entry) && entry !== 'docs.json') {
        const text = readFileSync(path, 'utf8');
        if (!/^\s*["']?(openapi|swagger)["']?\s*:/m.test(text)) continue;
        const hash = createHash('sha1').update(text).digest('hex');
        if (!specs.has(hash)) specs.set(hash, { name: relative(join(root, '..'), path), text });
      }
    }
  };
  walk(corpusDir, corpusDir);
  walk(sitesDir, sitesDir);
  return [...specs.values()].sort((a, b) => a.text.length - b.text.length);
}

const specs = realSpecs();

test('the corpus and the sites hold OpenAPI specs in JSON and YAML', () => {
  assert.ok(specs.filter((spec) => spec.name.endsWith('.json')).length >= 5, specs.map((s) => s.name).join(', '));
  assert.ok(specs.filter((spec) => /\.ya?ml$/.test(spec.name)).length >= 5, specs.map((s) => s.name).join(', '));
});

for (const spec of specs) {
  test(`the platform's verdict on ${spec.name}`, async () => {
    const expected = await platform(spec.text);
    const actual = ours(spec.text, spec.name);
    assert.equal(actual.valid, expected.valid, `${expected.message ?? 'valid'}`);
    assert.equal(actual.message, expected.message);
    if (!expected.valid) assert.ok(actual.lines.length > 0);
  });
}

/** Line (1-based) of the first line of `text` that contains `needle` at or after line `from`. */
function lineOf(text: string, needle: string, from = 1): number {
  const lines = text.split('\n');
  for (let index = from - 1; index < lines.length; index++) if (lines[index].includes(needle)) return index + 1;
  throw new Error(`"${needle}" is not in the text`);
}

type Spec = Record<string, unknown> & { info?: Record<string, unknown>; paths?: Record<string, Record<string, Record<string, unknown>>> };

interface Mutation {
  name: string;
  /** Changes the spec; returns false where it does not apply. */
  change(spec: Spec): boolean | undefined;
  /** The text of the line where the problem is (found in the mutated text). */
  line?: (json: boolean) => string;
}

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
function operationsOf(spec: Spec): Record<string, unknown>[] {
  return Object.values(spec.paths ?? {}).flatMap((item) => methods.map((method) => item?.[method]).filter((op): op is Record<string, unknown> => !!op && typeof op === 'object'));
}

function firstLocalRef(value: unknown, seen = new Set<unknown>()): Record<string, unknown> | undefined {
  if (!value || typeof value !== 'object' || seen.has(value)) return undefined;
  seen.add(value);
  const record = value as Record<string, unknown>;
  if (typeof record.$ref === 'string' && record.$ref.startsWith('#/components/')) return record;
  for (const item of Object.values(record)) {
    const found = firstLocalRef(item, seen);
    if (found) return found;
  }
  return undefined;
}

const mutations: Mutation[] = [
  {
    name: 'a $ref into a components section the spec does not have',
    change: (spec) => {
      const ref = firstLocalRef(spec.paths);
      if (!ref) return false;
      ref.$ref = '#/components/missingSection/Missing';
      return true;
    },
    line: () => '#/components/missingSection/Missing',
  },
  { name: 'info without its title', change: (spec) => void delete spec.info?.title, line: (json) => (json ? '"info":' : 'info:') },
  { name: 'a title that is a number', change: (spec) => void (spec.info!.title = 424242), line: (json) => (json ? '"title": 424242' : 'title: 424242') },
  { name: 'an openapi version that is not a full version', change: (spec) => void (spec.openapi = String(spec.openapi).slice(0, 3)), line: (json) => (json ? '"openapi":' : 'openapi:') },
  { name: 'an openapi version the platform does not know', change: (spec) => void (spec.openapi = '4.0.0'), line: (json) => (json ? '"openapi":' : 'openapi:') },
  { name: 'OpenAPI 3.2, newer than the platform\'s parser', change: (spec) => void (spec.openapi = '3.2.0'), line: (json) => (json ? '"openapi":' : 'openapi:') },
  {
    name: 'an unknown field in an operation',
    change: (spec) => {
      const [operation] = operationsOf(spec);
      if (!operation) return false;
      operation.summaryy = 'Typo';
      return true;
    },
    line: (json) => (json ? '"summaryy":' : 'summaryy:'),
  },
  {
    // The parser's error formatter fails on an enum error: the platform prints that failure.
    name: 'a parameter "in" a place OpenAPI does not have',
    change: (spec) => {
      const [operation] = operationsOf(spec);
      if (!operation) return false;
      operation.parameters = [{ name: 'q', in: 'bodyy', schema: { type: 'string' } }];
      return true;
    },
    line: () => 'bodyy',
  },
  {
    name: 'a duplicate operationId (the platform accepts it)',
    change: (spec) => {
      const operations = operationsOf(spec);
      if (operations.length < 2) return false;
      operations[0].operationId = 'sameId';
      operations[1].operationId = 'sameId';
      return true;
    },
  },
  {
    name: 'a $ref to another file',
    change: (spec) => {
      const ref = firstLocalRef(spec.paths);
      if (!ref) return false;
      ref.$ref = './schemas/user.yaml#/User';
      return true;
    },
    line: () => './schemas/user.yaml#/User',
  },
  { name: 'a description that reads as a $ref to a file', change: (spec) => void (spec.info!.description = '$ref: ./elsewhere.yaml'), line: () => './elsewhere.yaml' },
  { name: 'an info that is a string (the parser throws)', change: (spec) => void (spec.info = 'About' as unknown as Record<string, unknown>), line: (json) => (json ? '"info": "About"' : 'info: About') },
  { name: 'Swagger 2.0', change: (spec) => void (delete spec.openapi, (spec.swagger = '2.0')), line: (json) => (json ? '"swagger":' : 'swagger:') },
];

/** The smallest JSON and YAML specs that have components, operations and references: the mutations' material. */
const material = ['json', 'yaml'].flatMap((format) =>
  specs
    .filter((spec) => (format === 'json' ? spec.name.endsWith('.json') : /\.ya?ml$/.test(spec.name)))
    .filter((spec) => {
      const value = load(spec.text) as Spec;
      return typeof value.openapi === 'string' && firstLocalRef(value.paths) && operationsOf(value).length >= 2;
    })
    .slice(0, 2),
);

test('the mutations have JSON and YAML specs to work on', () => {
  assert.equal(material.length, 4, material.map((spec) => spec.name).join(', '));
});

for (const spec of material) {
  const json = spec.name.endsWith('.json');
  for (const mutation of mutations) {
    test(`${mutation.name}, in ${spec.name}`, async () => {
      const value = load(spec.text) as Spec;
      assert.notEqual(mutation.change(value), false, 'the mutation applies');
      const text = json ? JSON.stringify(value, null, 2) : dump(value, { noRefs: true, lineWidth: -1 });
      const expected = await platform(text);
      const actual = ours(text, spec.name);
      assert.equal(actual.valid, expected.valid, expected.message ?? 'valid');
      assert.equal(actual.message, expected.message);
      if (mutation.line) {
        assert.equal(expected.valid, false, 'the platform refuses it');
        assert.ok(actual.lines.includes(lineOf(text, mutation.line(json))), `problems on lines ${actual.lines.join(', ')}, expected ${lineOf(text, mutation.line(json))}`);
      }
    });
  }

  test(`a YAML syntax error, in ${spec.name}`, async () => {
    const lines = spec.text.split('\n');
    const at = Math.floor(lines.length / 2);
    lines.splice(at, 0, json ? '  "broken": [1, 2,,' : 'broken: [unclosed');
    const text = lines.join('\n');
    const expected = await platform(text);
    const actual = ours(text, spec.name);
    assert.equal(actual.valid, false);
    assert.equal(actual.message, expected.message);
    let mark: number | undefined;
    try {
      load(text);
    } catch (error) {
      mark = (error as { mark: { line: number } }).mark.line + 1;
    }
    assert.deepEqual(actual.lines, [mark]);
  });
}

test('a JSON spec with a repeated key: JSON.parse takes it, the platform does not', async () => {
  const text = '{\n  "openapi": "3.1.0",\n  "info": { "title": "A", "version": "1" },\n  "paths": {},\n  "paths": {}\n}\n';
  const expected = await platform(text);
  const actual = ours(text, 'openapi.json');
  assert.equal(expected.valid, false);
  assert.equal(actual.valid, false);
  assert.equal(actual.message, expected.message);
  assert.deepEqual(actual.lines, [5]);
});

test('a JSON spec with a trailing comma: JSON.parse refuses it, the platform reads it', async () => {
  const text = '{\n  "openapi": "3.1.0",\n  "info": { "title": "A", "version": "1" },\n  "paths": {},\n}\n';
  const expected = await platform(text);
  assert.equal(expected.valid, true);
  assert.equal(ours(text, 'openapi.json').valid, true);
});

test('a reference into a section that exists: the platform does not check the last step', async () => {
  const text = JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'A', version: '1' },
    paths: { '/a': { get: { responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/Missing' } } } } } } } },
    components: { schemas: { Present: { type: 'string' } } },
  });
  assert.equal((await platform(text)).valid, true);
  assert.equal(ours(text, 'openapi.json').valid, true);
});

test('a YAML spec whose aliases repeat values into billions is not validated: no hang, no verdict', () => {
  const lines = ['openapi: 3.1.0', 'info: { title: T, version: "1" }', 'paths: {}', 'x-a: &a [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]'];
  for (let level = 1; level <= 9; level++) {
    const name = String.fromCharCode(97 + level);
    lines.push(`x-${name}: &${name} [${Array(10).fill(`*${String.fromCharCode(96 + level)}`).join(', ')}]`);
  }
  const verdict = platformVerdict(parseSpec(lines.join('\n'), 'openapi.yaml'));
  assert.deepEqual(verdict, { valid: true, problems: [] });
});

test('OpenAPI 3.2: refused as the platform\'s parser refuses it, in words that say why', () => {
  const text = ['openapi: 3.2.0', 'info:', '  title: Users', '  version: 1.0.0', 'paths: {}', ''].join('\n');
  const spec = parseSpec(text, 'openapi.yaml');
  const verdict = platformVerdict(spec);
  assert.equal(verdict.valid, false);
  const [problem, ...others] = specFileProblems(text, 'openapi.yaml', spec, verdict);
  assert.deepEqual(others, []);
  assert.equal(text.slice(problem.range.start, problem.range.end), '3.2.0');
  assert.equal(problem.message, 'OpenAPI 3.2 is newer than the platform\'s OpenAPI parser, which reads 3.0 and 3.1 only: it refuses the spec. Write "openapi": "3.1.0" if the spec uses nothing new in 3.2');
  assert.equal(problem.platformMessage, 'Can’t find supported Swagger/OpenAPI version in specification, version must be a string.');
});
