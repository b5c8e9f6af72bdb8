// The architecture invariants of ARCHITECTURE.md, checked (like rust-analyzer's tidy tests):
// which folder may import what, and that the codes table, the rules and the README agree.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { codesTable, tableEnd, tableStart } from '../../scripts/codes-table';
import { codes } from '../../server/src/engine/codes';
import { allRules } from '../../server/src/engine/rules/allRules';

const root = fileURLToPath(new URL('../..', import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder)).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

interface Import {
  /** A package name ("vscode", "node:fs", "jsonc-parser"), or a repository path for a relative import. */
  target: string;
  relative: boolean;
}

function importsOf(file: string): Import[] {
  const text = readFileSync(join(root, file), 'utf8');
  return ts.preProcessFile(text, true, true).importedFiles.map(({ fileName }) => {
    if (!fileName.startsWith('.')) return { target: fileName.split('/').slice(0, fileName.startsWith('@') ? 2 : 1).join('/'), relative: false };
    return { target: relative(root, resolve(root, dirname(file), fileName)), relative: true };
  });
}

/**
 * The code map: for each folder, the repository folders and files it may import (besides its
 * own) and the packages it must not. The first folder that holds a file is the one that counts.
 */
const codeMap: { folder: string; mayImport: (string | RegExp)[]; mustNotImport: string[] }[] = [
  { folder: 'server/src/engine/', mayImport: ['schemas/', 'server/data/'], mustNotImport: ['vscode', 'vscode-languageserver', 'vscode-languageclient', 'vscode-languageserver-protocol', 'vscode-languageserver-types'] },
  { folder: 'server/src/lsp/', mayImport: ['server/src/engine/', 'server/src/settings'], mustNotImport: ['vscode', 'vscode-languageclient'] },
  { folder: 'server/src/', mayImport: ['server/src/engine/', 'server/src/lsp/'], mustNotImport: ['vscode', 'vscode-languageclient'] },
  { folder: 'agent/src/', mayImport: [], mustNotImport: ['vscode', 'vscode-languageclient', 'vscode-languageserver'] },
  { folder: 'agent/dev-server/', mayImport: ['agent/src/'], mustNotImport: ['vscode', 'vscode-languageclient', 'vscode-languageserver'] },
  { folder: 'cli/src/', mayImport: ['agent/src/', 'server/src/engine/', 'server/src/lsp/remoteFetch'], mustNotImport: ['vscode', 'vscode-languageclient', 'vscode-languageserver'] },
  { folder: 'client/webview/', mayImport: ['agent/src/'], mustNotImport: ['vscode', 'vscode-languageclient', 'vscode-languageserver'] },
  {
    folder: 'client/src/',
    mayImport: [
      'agent/src/',
      'client/webview/',
      'server/src/settings',
      'server/src/launch',
      /^server\/src\/lsp\/(customMessages|\w*[pP]rotocol)$/,
      'server/src/engine/text',
      'server/src/engine/codes',
    ],
    mustNotImport: ['vscode-languageserver'],
  },
];

function mayImport(allowed: string | RegExp, target: string): boolean {
  if (typeof allowed !== 'string') return allowed.test(target);
  return target.startsWith(allowed) || `${target}/` === allowed;
}

function folderOf(file: string) {
  return codeMap.find((entry) => file.startsWith(entry.folder));
}

test('each folder imports only what the code map in ARCHITECTURE.md allows', () => {
  const files = ['server/src', 'agent', 'cli/src', 'client/src', 'client/webview'].flatMap(sourceFiles);
  assert.ok(files.length > 100, `found the sources (${files.length} files)`);
  const broken: string[] = [];
  for (const file of files) {
    const entry = folderOf(file);
    assert.ok(entry, `${file} is in a folder of the code map (test/architecture/invariants.test.ts and ARCHITECTURE.md)`);
    for (const { target, relative: isRelative } of importsOf(file)) {
      if (isRelative) {
        if (target.startsWith(entry.folder) || entry.mayImport.some((allowed) => mayImport(allowed, target))) continue;
        broken.push(`${file} imports ${target}`);
      } else if (entry.mustNotImport.includes(target)) {
        broken.push(`${file} imports the package ${target}`);
      }
    }
  }
  assert.deepEqual(broken, [], 'imports across folders the code map does not allow (change the code, or the map in ARCHITECTURE.md and this test, with a reason)');
});

/** The cycles of the import graph of the files under `folder`, each as its files in import order. */
function importCycles(folder: string): string[][] {
  const files = sourceFiles(folder);
  const known = new Set(files);
  const edges = new Map(files.map((file) => {
    const targets = importsOf(file).filter((entry) => entry.relative).map(({ target }) => [`${target}.ts`, `${target}/index.ts`, target].find((path) => known.has(path)));
    return [file, [...new Set(targets.filter((target): target is string => target !== undefined))]];
  }));
  // Tarjan's strongly connected components: a component of more than one file, or a file importing itself, holds a cycle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    for (const target of edges.get(file)!) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (stack.includes(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component = stack.splice(stack.indexOf(file));
    if (component.length > 1 || edges.get(file)!.includes(file)) cycles.push(component);
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return cycles;
}

test("the engine's imports form no cycle (type imports included)", () => {
  const cycles = importCycles('server/src/engine');
  assert.deepEqual(cycles.map((files) => files.join(' ↔ ')), [], 'files of the engine that import each other, directly or through others: move what they share (a type, a context) into a file of its own that both import');
});

test('the code map in ARCHITECTURE.md names every folder this test knows', () => {
  const architecture = readFileSync(join(root, 'ARCHITECTURE.md'), 'utf8');
  for (const { folder } of codeMap) assert.ok(architecture.includes(`\`${folder}\``), `ARCHITECTURE.md describes ${folder}`);
});

/** The string literals of a file that name a diagnostic code, besides the lists of codes rules declare. */
function codeLiterals(file: string): Set<string> {
  const source = ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest);
  const found = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAssignment(node) && node.name.getText(source) === 'codes') return;
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && Object.hasOwn(codes, node.text)) found.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Files that report codes for a rule besides its own file: the schema rule's validator. */
const reportsFor: Record<string, string[]> = { schemaRule: ['server/src/engine/schema/validate.ts'] };

test('every code of codes.ts is declared by a rule of allRules.ts, and each rule declares exactly the codes its file reports', async () => {
  const declaredBy = new Map<string, string[]>();
  const found = new Set<unknown>();
  for (const file of sourceFiles('server/src/engine/rules')) {
    const name = file.replace(/^.*\//, '').replace(/\.ts$/, '');
    const exports = (await import(join(root, file))) as Record<string, unknown>;
    const rule = allRules.find((candidate) => candidate === exports[name]);
    if (!rule) {
      assert.deepEqual([...codeLiterals(file)], [], `${file} reports codes, so it exports a rule named ${name}, listed in rules/allRules.ts`);
      continue;
    }
    found.add(rule);
    const reported = new Set([file, ...(reportsFor[name] ?? [])].flatMap((path) => [...codeLiterals(path)]));
    assert.deepEqual([...rule.codes].sort(), [...reported].sort(), `${name} declares the codes ${file} reports`);
    for (const code of rule.codes) declaredBy.set(code, [...(declaredBy.get(code) ?? []), name]);
  }
  assert.equal(found.size, allRules.length, 'every rule of allRules.ts is exported from a file of its name in rules/');
  // A code may be reported by several rules (ref/outside-root: a page, a "$ref", a spec or an icon file outside the root); each declares it.
  assert.deepEqual(Object.keys(codes).filter((code) => !declaredBy.has(code)), [], 'every code of codes.ts is declared by a rule');
  assert.deepEqual([...declaredBy.keys()].filter((code) => !Object.hasOwn(codes, code)), [], 'rules declare only codes of codes.ts');
  const elsewhere = sourceFiles('server/src/engine').filter((file) => !file.startsWith('server/src/engine/rules/') && file !== 'server/src/engine/codes.ts' && !Object.values(reportsFor).flat().includes(file));
  for (const file of elsewhere) assert.deepEqual([...codeLiterals(file)], [], `${file} names no diagnostic code: codes belong to rules and codes.ts`);
});

test("the README's table of codes is the one codes.ts makes", () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const start = readme.indexOf(tableStart);
  const end = readme.indexOf(tableEnd);
  assert.ok(start >= 0 && end > start, 'README.md has the codes table markers');
  assert.equal(readme.slice(start, end + tableEnd.length), codesTable(), 'README.md is out of date: run `npm run codes-table`');
});

test("the missing-page severity setting's default in package.json is the code's default severity", () => {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const properties = Object.assign({}, ...manifest.contributes.configuration.map((section: { properties: object }) => section.properties));
  assert.equal(properties['docsjson.missingPages.severity'].default, codes['ref/missing-page'].severity);
});
