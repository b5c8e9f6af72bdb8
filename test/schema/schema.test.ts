// Tests of schemas/docs.schema.json: a valid draft-07 schema, written in the keyword subset our
// engine interprets, documented on every property, accepting the real-world corpus and rejecting
// typical mistakes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv, { type ErrorObject } from 'ajv';
import { corpusDir } from '../support/corpus';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
type Schema = { [key: string]: unknown };

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const schemaPath = join(root, 'schemas/docs.schema.json');
const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as Schema;

const ALLOWED_KEYWORDS = new Set([
  'type', 'enum', 'const', 'properties', 'required', 'additionalProperties', 'items', 'anyOf', '$ref',
  'pattern', 'minLength', 'minItems', 'minimum', 'maximum', 'default', 'description',
  'markdownDescription', 'examples', 'deprecated', 'deprecationMessage', 'patternErrorMessage', 'title', '$schema', '$id',
  'definitions',
]);

const REQUIRED_DEFINITIONS = [
  'navigation', 'group', 'tab', 'anchor', 'dropdown', 'product', 'version', 'language', 'menuItem',
  'global', 'globalAnchor', 'globalTab', 'globalLanguage', 'globalVersion', 'globalDropdown',
  'globalProduct', 'pageEntry', 'icon', 'iconLibrary', 'iconStyle', 'openapi', 'asyncapi', 'href',
  'color', 'hexColor', 'languageCode', 'theme', 'directory',
];

// Child arrays each navigation element may hold (Hosted lists; menu items narrowed by the Spec).
const CHILDREN: Record<string, string[]> = {
  tab: ['languages', 'versions', 'dropdowns', 'anchors', 'products', 'groups', 'pages', 'menu'],
  anchor: ['languages', 'versions', 'dropdowns', 'tabs', 'products', 'groups', 'pages'],
  dropdown: ['languages', 'versions', 'tabs', 'anchors', 'products', 'groups', 'pages'],
  product: ['languages', 'versions', 'tabs', 'anchors', 'dropdowns', 'groups', 'pages', 'menu'],
  version: ['languages', 'tabs', 'dropdowns', 'anchors', 'products', 'groups', 'pages'],
  language: ['versions', 'tabs', 'dropdowns', 'anchors', 'products', 'groups', 'pages'],
  menuItem: ['groups', 'pages'],
  navigation: ['pages', 'groups', 'tabs', 'anchors', 'dropdowns', 'products', 'versions', 'languages'],
};
const CHILD_REF: Record<string, string> = {
  languages: 'language', versions: 'version', tabs: 'tab', dropdowns: 'dropdown', anchors: 'anchor',
  products: 'product', groups: 'group', pages: 'pageEntry', menu: 'menuItem',
};

// Real defects in corpus files, which the schema rightly rejects (Spec rule 4: a group needs `pages`;
// these groups have neither `pages` nor an `openapi`/`asyncapi` spec). Keyed by "<repo> <path>",
// valued by JSON pointers of the offending elements.
const KNOWN_DEFECTS: Record<string, string[]> = {
  'agno-agi/docs docs.json': ['/navigation/tabs/1/groups/1/pages/5/pages/4/pages/14/pages/1'],
};

function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Calls visit(schema, pointer) for every subschema reachable through schema-valued keywords. */
function walkSchema(node: unknown, pointer: string, visit: (s: Schema, pointer: string) => void): void {
  if (!isObject(node)) return;
  visit(node, pointer);
  for (const key of ['properties', 'definitions'] as const) {
    const map = node[key];
    if (isObject(map)) for (const [name, sub] of Object.entries(map)) walkSchema(sub, `${pointer}/${key}/${name}`, visit);
  }
  if (isObject(node.items)) walkSchema(node.items, `${pointer}/items`, visit);
  if (isObject(node.additionalProperties)) walkSchema(node.additionalProperties, `${pointer}/additionalProperties`, visit);
  if (Array.isArray(node.anyOf)) node.anyOf.forEach((sub, i) => walkSchema(sub, `${pointer}/anyOf/${i}`, visit));
}

function definition(name: string): Schema {
  const defs = schema.definitions;
  assert.ok(isObject(defs), 'schema has definitions');
  const def = defs[name];
  assert.ok(isObject(def), `definition ${name} exists`);
  return def;
}

/** Replaces every `{ "$ref": "file.json" }` with the parsed file (relative to the referencing file). */
function inlineRefs(value: Json, dir: string, seen: string[] = []): Json {
  if (Array.isArray(value)) return value.map((item) => inlineRefs(item, dir, seen));
  if (value === null || typeof value !== 'object') return value;
  const target = value.$ref;
  if (typeof target === 'string') {
    const file = resolve(dir, target);
    assert.ok(!seen.includes(file), `circular $ref to ${file}`);
    const loaded = inlineRefs(JSON.parse(readFileSync(file, 'utf8')) as Json, dirname(file), [...seen, file]);
    const { $ref: _ref, ...siblings } = value;
    void _ref;
    if (loaded !== null && typeof loaded === 'object' && !Array.isArray(loaded)) {
      return { ...loaded, ...(inlineRefs(siblings, dir, seen) as JsonObject) };
    }
    return loaded;
  }
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(value)) out[key] = inlineRefs(item, dir, seen);
  return out;
}

function removeAt(doc: Json, pointer: string): Json {
  const copy = structuredClone(doc);
  const parts = pointer.split('/').slice(1);
  const last = parts.pop();
  let node: Json = copy;
  for (const part of parts) node = Array.isArray(node) ? node[Number(part)] : (node as JsonObject)[part];
  if (Array.isArray(node)) node.splice(Number(last), 1);
  else delete (node as JsonObject)[last as string];
  return copy;
}

interface CorpusFile { key: string; file: string; json: Json }

function loadCorpus(): CorpusFile[] {
  const rows = readFileSync(join(corpusDir, 'INDEX.tsv'), 'utf8').trim().split('\n').map((line) => line.split('\t'));
  const header = rows[0];
  const repoCol = header.indexOf('repo');
  const pathCol = header.indexOf('docs_json_path');
  assert.ok(repoCol >= 0 && pathCol >= 0, 'INDEX.tsv has repo and docs_json_path columns');
  return rows.slice(1).map((row) => {
    const file = join(corpusDir, row[repoCol].replace('/', '+'), row[pathCol]);
    const json = inlineRefs(JSON.parse(readFileSync(file, 'utf8')) as Json, dirname(file));
    return { key: `${row[repoCol]} ${row[pathCol]}`, file, json };
  });
}

function compile() {
  const ajv = new Ajv({ strict: false, allErrors: true });
  return ajv.compile(schema);
}

function describeErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? []).slice(0, 8).map((e) => `${e.instancePath || '/'} ${e.message}`).join('\n');
}

test('schema is a valid draft-07 schema that ajv compiles', () => {
  assert.equal(schema.$schema, 'http://json-schema.org/draft-07/schema#');
  const ajv = new Ajv({ strict: false });
  assert.equal(ajv.validateSchema(schema), true, JSON.stringify(ajv.errors));
  assert.doesNotThrow(() => ajv.compile(schema));
});

test('schema uses only the keyword subset our engine interprets', () => {
  const bad: string[] = [];
  walkSchema(schema, '#', (node, pointer) => {
    for (const key of Object.keys(node)) if (!ALLOWED_KEYWORDS.has(key)) bad.push(`${pointer}: ${key}`);
    if (typeof node.additionalProperties === 'boolean' && node.additionalProperties === false) {
      bad.push(`${pointer}: additionalProperties false (unknown keys are reported by the engine)`);
    }
    if (typeof node.$ref === 'string') {
      const match = /^#\/definitions\/([A-Za-z0-9]+)$/.exec(node.$ref);
      if (!match) bad.push(`${pointer}: non-local $ref ${node.$ref}`);
      else definition(match[1]);
    }
  });
  assert.deepEqual(bad, []);
});

test('every property has a description and a markdownDescription', () => {
  const missing: string[] = [];
  let count = 0;
  walkSchema(schema, '#', (node, pointer) => {
    if (!isObject(node.properties)) return;
    for (const [name, prop] of Object.entries(node.properties)) {
      count++;
      if (!isObject(prop)) { missing.push(`${pointer}/properties/${name}: not a schema`); continue; }
      if (typeof prop.markdownDescription !== 'string' || prop.markdownDescription.trim() === '') {
        missing.push(`${pointer}/properties/${name}: markdownDescription`);
      }
      if (typeof prop.description !== 'string' || prop.description.trim() === '') {
        missing.push(`${pointer}/properties/${name}: description`);
      }
    }
  });
  assert.ok(count > 200, `walked ${count} properties`);
  assert.deepEqual(missing, []);
});

test('definitions the engine looks up by name exist, with their child arrays', () => {
  for (const name of REQUIRED_DEFINITIONS) definition(name);
  for (const [name, kids] of Object.entries(CHILDREN)) {
    const props: unknown = definition(name).properties;
    assert.ok(isObject(props), `${name} has properties`);
    for (const kid of kids) {
      const prop: unknown = props[kid];
      assert.ok(isObject(prop), `${name}.${kid} is listed`);
      assert.equal(prop.type, 'array', `${name}.${kid} is an array`);
      assert.deepEqual(prop.items, { $ref: `#/definitions/${CHILD_REF[kid]}` }, `${name}.${kid} items`);
    }
  }
  const menuProps = definition('menuItem').properties as Schema;
  for (const forbidden of ['tabs', 'anchors', 'dropdowns', 'products', 'versions', 'languages']) {
    assert.equal(menuProps[forbidden], undefined, `menuItem must not list ${forbidden} (Spec: only groups, pages, links)`);
  }
  const languages = definition('languageCode').enum as string[];
  for (const code of ['ua', 'zh-Hant', 'pt-BR', 'ja-JP', 'fr-ca', 'uk', 'hu']) assert.ok(languages.includes(code), code);
});

test('every corpus docs.json validates (with $ref files inlined)', () => {
  const validate = compile();
  const corpus = loadCorpus();
  assert.ok(corpus.length >= 43, `found ${corpus.length} corpus files`);
  const inlined = corpus.filter((c) => c.key.startsWith('mintlify/docs') || c.key.startsWith('PrefectHQ/fastmcp'));
  assert.equal(inlined.length, 2);
  for (const c of inlined) assert.ok(!JSON.stringify(c.json).includes('"$ref"'), `${c.key}: all $ref inlined`);

  const failures: string[] = [];
  for (const { key, json } of corpus) {
    const defects = KNOWN_DEFECTS[key];
    if (defects) {
      assert.equal(validate(json), false, `${key}: known defect is still rejected`);
      const fixed = defects.reduceRight((doc, pointer) => removeAt(doc, pointer), json);
      if (!validate(fixed)) failures.push(`${key} (defects removed):\n${describeErrors(validate.errors)}`);
    } else if (!validate(json)) {
      failures.push(`${key}:\n${describeErrors(validate.errors)}`);
    }
  }
  assert.deepEqual(failures, []);
});

const VALID: JsonObject = {
  $schema: 'https://mintlify.com/docs.json',
  theme: 'mint',
  name: 'Acme',
  colors: { primary: '#0B7A62' },
  navigation: { groups: [{ group: 'Start', icon: 'rocket', pages: ['index', { group: 'More', pages: ['more'] }] }] },
};

function variant(edit: (doc: JsonObject) => void): JsonObject {
  const doc = structuredClone(VALID);
  edit(doc);
  return doc;
}

test('a minimal valid document and common valid shapes are accepted', () => {
  const validate = compile();
  const docs: JsonObject[] = [
    VALID,
    variant((d) => { d.colors = { primary: '#abc', light: '#ABCDEF', dark: '#000' }; }),
    variant((d) => { d.navigation = { groups: [{ group: 'API', openapi: 'openapi.json' }] }; }),
    variant((d) => {
      d.navigation = {
        global: { anchors: [{ anchor: 'Blog', href: 'https://acme.com/blog', icon: { name: 'blog', style: 'duotone' } }] },
        languages: [{ language: 'en', default: true, tabs: [{ tab: 'Docs', menu: [{ item: 'SDKs', pages: ['sdk'] }] }] },
          { language: 'zh-Hant', groups: [{ group: 'G', icon: { name: 'house', library: 'lucide' }, pages: ['zh/index'] }] }],
      };
    }),
  ];
  for (const doc of docs) assert.equal(validate(doc), true, describeErrors(validate.errors));
});

test('invalid documents are rejected at the right place', () => {
  const validate = compile();
  const cases: { name: string; doc: JsonObject; path: string }[] = [
    { name: 'unknown theme', doc: variant((d) => { d.theme = 'solarized'; }), path: '/theme' },
    { name: 'missing name', doc: variant((d) => { delete d.name; }), path: '' },
    { name: 'empty name', doc: variant((d) => { d.name = ''; }), path: '/name' },
    { name: 'bad primary colour', doc: variant((d) => { d.colors = { primary: '#12345' }; }), path: '/colors/primary' },
    { name: 'colour name instead of hex', doc: variant((d) => { d.colors = { primary: 'green' }; }), path: '/colors/primary' },
    { name: 'missing colors.primary', doc: variant((d) => { d.colors = { light: '#fff' }; }), path: '/colors' },
    { name: 'missing navigation', doc: variant((d) => { delete d.navigation; }), path: '' },
    { name: 'group without pages', doc: variant((d) => { d.navigation = { groups: [{ group: 'Empty' }] }; }), path: '/navigation/groups/0' },
    {
      name: 'icon library not in the enum',
      doc: variant((d) => { d.navigation = { groups: [{ group: 'G', icon: { name: 'x', library: 'material' }, pages: ['a'] }] }; }),
      path: '/navigation/groups/0/icon',
    },
    {
      name: 'unknown icon style',
      doc: variant((d) => { d.navigation = { groups: [{ group: 'G', icon: { name: 'x', style: 'bold' }, pages: ['a'] }] }; }),
      path: '/navigation/groups/0/icon',
    },
    {
      name: 'unknown language code',
      doc: variant((d) => { d.navigation = { languages: [{ language: 'xx', groups: [{ group: 'G', pages: ['a'] }] }] }; }),
      path: '/navigation/languages/0/language',
    },
    {
      name: 'global anchor without href',
      doc: variant((d) => { (d.navigation as JsonObject).global = { anchors: [{ anchor: 'Blog' }] }; }),
      path: '/navigation/global/anchors/0',
    },
    {
      name: 'tab without a name',
      doc: variant((d) => { d.navigation = { tabs: [{ groups: [{ group: 'G', pages: ['a'] }] }] }; }),
      path: '/navigation/tabs/0',
    },
    { name: 'unknown eyebrows value', doc: variant((d) => { d.styling = { eyebrows: 'trail' }; }), path: '/styling/eyebrows' },
    { name: 'pages is not an array', doc: variant((d) => { d.navigation = { pages: 'index' }; }), path: '/navigation/pages' },
  ];
  for (const { name, doc, path } of cases) {
    assert.equal(validate(doc), false, `${name}: rejected`);
    const paths = (validate.errors ?? []).map((e) => e.instancePath);
    assert.ok(paths.includes(path), `${name}: an error at "${path}", got ${JSON.stringify(paths)}`);
  }
});
