// Holds our converter checks (server/src/engine/openapi/converterChecks.ts) to the platform's
// converter itself: `@mintlify/validation`'s OpenApiToEndpointConverter, run on every operation of
// every OpenAPI spec of the shared corpus and sites that the platform validates, and of copies
// of them mutated with what the converter refuses (an allOf of conflicting types, in a response,
// a parameter and through $refs; a oneOf with no option that holds; a type it does not know; code
// samples that are not a list; a parameter with no schema). It compares, for each spec, the
// operations the converter fails on (no page) and every error it reports, each taken to the
// place in the spec it is written at, with ours; every disagreement is printed.
// `@mintlify/validation` is under the Elastic License 2.0, and so not a dependency of ours: this
// runs the copy the `mint` package installs into bench/.cache/platform (git-ignored, installed on
// first use by bench/agreement/platformPackages.ts). Run: npm run bench -- converterAgreement
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { platformFolder, platformPackages } from './agreement/platformPackages';
import { converterProblems } from '../server/src/engine/openapi/converterChecks';
import { parseSpec, platformVerdict } from '../server/src/engine/openapi/openapiSpec';
import { httpMethods } from '../server/src/engine/openapi/loadedSpec';
import { isRecord } from '../server/src/engine/model/cursor';
import { sitesDir } from '../test/support/sites';

const cache = join(platformFolder, 'node_modules', '@mintlify');
const shared = join(sitesDir, '..');

type Document = Record<string, unknown>;
interface Converter {
  convert(document: unknown, path: string, method: string, safeParse: boolean): unknown;
}
type Dereference = (document: unknown) => Promise<{ schema?: unknown }>;

/** What the converter says of one spec: the operations it fails on, and each error (thrown or logged) as `place: words`. */
interface Verdict {
  failing: Set<string>;
  errors: Set<string>;
}

/** The converter's path (`#/paths/\/users/get/…`) taken through the document as written (its $refs followed) to where the value is written. */
function writtenPlace(document: Document, converterPath: string): string {
  const segments = converterPath
    .split(/(?<!\\)\//)
    .slice(1)
    .map((segment) => segment.replaceAll('\\/', '/').replaceAll('\\\\', '\\'));
  let path: string[] = [];
  let value: unknown = document;
  const follow = () => {
    for (let hops = 0; hops < 16 && isRecord(value) && typeof value.$ref === 'string' && value.$ref.startsWith('#/'); hops++) {
      path = value.$ref.slice(2).split('/').map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
      value = path.reduce<unknown>((at, key) => (isRecord(at) || Array.isArray(at) ? (at as Document)[key] : undefined), document);
    }
  };
  for (const segment of segments) {
    follow();
    value = isRecord(value) || Array.isArray(value) ? (value as Document)[segment] : undefined;
    path = [...path, segment];
  }
  return path.join('/');
}

/** "<path>\n<words>" as the converter's errors are made, its path taken to where it is written. */
function placed(document: Document, error: string): string | undefined {
  const [path, words] = error.split('\n');
  if (words === undefined) return undefined;
  // A stack overflow in the converter's own recursion is not a finding about the spec.
  if (/Maximum call stack/.test(error)) return undefined;
  return `${writtenPlace(document, path)}: ${words.replace(/:$/, '')}`;
}

async function converterVerdict(document: Document, converter: Converter, dereference: Dereference): Promise<Verdict> {
  const { schema } = await dereference(structuredClone(document));
  const failing = new Set<string>();
  const errors = new Set<string>();
  const paths = isRecord(schema) && isRecord(schema.paths) ? schema.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    for (const method of httpMethods) {
      if (!isRecord(item) || !isRecord(item[method])) continue;
      const logged: string[] = [];
      const consoleError = console.error;
      console.error = (...parts: unknown[]) => {
        // handleExistingError logs where it caught the error, then the error: the error says where it is.
        const error = parts.find((part) => part instanceof Error);
        logged.push(error instanceof Error ? error.message : parts.map(String).join(' '));
      };
      try {
        converter.convert(schema, path, method, true);
      } catch (error) {
        failing.add(`${method.toUpperCase()} ${path}`);
        logged.push(error instanceof Error ? error.message : String(error));
      } finally {
        console.error = consoleError;
      }
      for (const error of logged) {
        // JSON content without a schema is reported by the converter but shown as any value: not ours to report.
        if (/\nschema undefined$/.test(error) && !/\/parameters\/\d+\/schema\n/.test(error)) continue;
        const place = placed(document, error);
        if (place) errors.add(place);
      }
    }
  }
  return { failing, errors };
}

function ourVerdict(document: Document): Verdict {
  const failing = new Set<string>();
  const errors = new Set<string>();
  for (const problem of converterProblems(document)) {
    if (problem.failsOperation) failing.add(problem.failsOperation);
    const at = problem.platformMessage.indexOf(': ');
    errors.add(`${writtenPlace(document, problem.platformMessage.slice(0, at))}: ${problem.platformMessage.slice(at + 2)}`);
  }
  return { failing, errors };
}

/** Every JSON or YAML file under a folder that reads as an OpenAPI 3 spec the platform validates. */
function validSpecs(folder: string): { file: string; document: Document }[] {
  const found: { file: string; document: Document }[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        walk(path);
        continue;
      }
      if (!/\.(json|ya?ml)$/i.test(name)) continue;
      const text = readFileSync(path, 'utf8');
      if (!/openapi/.test(text.slice(0, 2000))) continue;
      const spec = parseSpec(text, name);
      if (!spec.ok || !/^3\./.test(spec.version) || !platformVerdict(spec).valid) continue;
      found.push({ file: relative(shared, path), document: spec.reading.document as Document });
    }
  };
  walk(folder);
  return found;
}

/** The spec cut down to its first operation with a response (and its components), changed by `mutate`. */
function mutated(document: Document, mutate: (operation: Document, document: Document) => void): Document | undefined {
  const paths = isRecord(document.paths) ? document.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isRecord(item)) continue;
    const method = httpMethods.find((m) => isRecord(item[m]) && isRecord((item[m] as Document).responses));
    if (!method) continue;
    const copy = structuredClone({ ...document, paths: { [path]: { [method]: item[method] } } }) as Document;
    const operation = ((copy.paths as Document)[path] as Document)[method] as Document;
    mutate(operation, copy);
    return copy;
  }
  return undefined;
}

const jsonResponse = (schema: unknown) => ({ '200': { description: 'OK', content: { 'application/json': { schema } } } });
const mutations: Record<string, (operation: Document, document: Document) => void> = {
  'allOf of a string and an object in a response': (operation) => {
    operation.responses = jsonResponse({ allOf: [{ type: 'string' }, { type: 'object' }] });
  },
  'allOf of conflicting types in a parameter': (operation) => {
    operation.parameters = [{ name: 'mutated', in: 'query', schema: { allOf: [{ type: 'integer' }, { type: 'boolean' }] } }];
  },
  'allOf of $refs whose property conflicts': (operation, document) => {
    const components = (document.components ??= {}) as Document;
    const schemas = (components.schemas ??= {}) as Document;
    schemas.MutatedNamed = { type: 'object', properties: { id: { type: 'string' } } };
    schemas.MutatedCounted = { type: 'object', properties: { id: { type: 'integer' } } };
    operation.responses = jsonResponse({ type: 'object', properties: { item: { allOf: [{ $ref: '#/components/schemas/MutatedNamed' }, { $ref: '#/components/schemas/MutatedCounted' }] } } });
  },
  'a type its oneOf cannot be': (operation) => {
    operation.responses = jsonResponse({ type: 'object', properties: { code: { type: 'string', oneOf: [{ type: 'integer' }] } } });
  },
  'oneOf with no option that holds': (operation) => {
    operation.responses = jsonResponse({ oneOf: [{ allOf: [{ type: 'string' }, { type: 'boolean' }] }] });
  },
  'unknown type in a property': (operation) => {
    operation.responses = jsonResponse({ type: 'object', properties: { name: { type: 'strng' } } });
  },
  'unknown type in a parameter': (operation) => {
    operation.parameters = [{ name: 'mutated', in: 'query', schema: { type: 'strng' } }];
  },
  'x-codeSamples not a list': (operation) => {
    operation['x-codeSamples'] = { lang: 'js', source: 'fetch()' };
  },
  'a code sample without source': (operation) => {
    operation['x-codeSamples'] = [{ lang: 'js' }];
  },
  'security naming a scheme the spec does not define': (operation) => {
    operation.security = [{ mutatedScheme: [] }];
  },
  'an HTTP scheme written "Bearer"': (operation, document) => {
    const components = (document.components ??= {}) as Document;
    const schemes = (components.securitySchemes ??= {}) as Document;
    schemes.MutatedBearer = { type: 'http', scheme: 'Bearer' };
    operation.security = [{ MutatedBearer: [] }];
  },
  'a parameter with content and no schema': (operation) => {
    operation.parameters = [{ name: 'mutated', in: 'query', content: { 'application/json': { schema: { type: 'object' } } } }];
  },
};

function differences(label: string, theirs: Verdict, ours: Verdict): string[] {
  const lines: string[] = [];
  const only = (a: Set<string>, b: Set<string>) => [...a].filter((item) => !b.has(item));
  for (const operation of only(theirs.failing, ours.failing)) lines.push(`${label}: the converter fails on ${operation}; we do not say so`);
  for (const operation of only(ours.failing, theirs.failing)) lines.push(`${label}: we say ${operation} gets no page; the converter makes it`);
  for (const error of only(theirs.errors, ours.errors)) lines.push(`${label}: the converter only: ${error}`);
  for (const error of only(ours.errors, theirs.errors)) lines.push(`${label}: ours only: ${error}`);
  return lines;
}

async function main(): Promise<void> {
  platformPackages();
  const validation = (await import(pathToFileURL(join(cache, 'validation', 'dist', 'index.js')).href)) as { OpenApiToEndpointConverter: Converter };
  const parser = (await import(pathToFileURL(join(cache, 'openapi-parser', 'dist', 'index.js')).href)) as { dereference: Dereference };
  const version = (JSON.parse(readFileSync(join(cache, 'validation', 'package.json'), 'utf8')) as { version: string }).version;
  const specs = [...validSpecs(join(shared, 'corpus')), ...validSpecs(sitesDir)];
  console.log(`@mintlify/validation ${version}: ${specs.length} specs the platform validates (load average ${loadavg()[0].toFixed(1)})`);
  let compared = 0;
  let operations = 0;
  let failing = 0;
  let errors = 0;
  const disagreements: string[] = [];
  const compare = async (label: string, document: Document) => {
    const theirs = await converterVerdict(document, validation.OpenApiToEndpointConverter, parser.dereference);
    const ours = ourVerdict(document);
    compared++;
    operations += Object.values(isRecord(document.paths) ? document.paths : {}).reduce<number>((sum, item) => sum + httpMethods.filter((m) => isRecord(item) && isRecord(item[m])).length, 0);
    failing += theirs.failing.size;
    errors += theirs.errors.size;
    disagreements.push(...differences(label, theirs, ours));
  };
  for (const { file, document } of specs) {
    await compare(file, document);
    for (const [name, mutate] of Object.entries(mutations)) {
      const copy = mutated(document, mutate);
      if (copy) await compare(`${file} (${name})`, copy);
    }
  }
  console.log(`${compared} specs and mutated copies, ${operations} operations: the converter fails on ${failing} and reports ${errors} errors (each place once)`);
  console.log(disagreements.length === 0 ? 'no disagreement' : `${disagreements.length} disagreements:\n${disagreements.map((line) => `  ${line}`).join('\n')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
