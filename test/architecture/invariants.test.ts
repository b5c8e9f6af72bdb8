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
import { pageRules } from '../../server/src/engine/pages/allPageRules';
import { rules as docsJsonRules } from '../../server/src/engine/rules/allRules';

/** The rules of docs.json and those of pages, each in the shape of its own events. */
const rules: readonly { codes: readonly string[] }[] = [...docsJsonRules, ...pageRules];

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
  { folder: 'cli/src/', mayImport: ['agent/src/', 'server/src/engine/'], mustNotImport: ['vscode', 'vscode-languageclient', 'vscode-languageserver'] },
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

test('the code map in ARCHITECTURE.md names every folder this test knows', () => {
  const architecture = readFileSync(join(root, 'ARCHITECTURE.md'), 'utf8');
  for (const { folder } of codeMap) assert.ok(architecture.includes(`\`${folder}\``), `ARCHITECTURE.md describes ${folder}`);
});

/** The string literals of a file that name a diagnostic code, besides the lists of codes rules declare. */
function codeLiterals(file: string): Set<string> {
  const text = readFileSync(join(root, file), 'utf8').replace(/\bcodes:\s*\[[^\]]*\]/g, '');
  const found = new Set<string>();
  for (const [, literal] of text.matchAll(/['"`]([a-z]+\/[a-z][a-z-]*)['"`]/g)) if (Object.hasOwn(codes, literal)) found.add(literal);
  return found;
}

/** Files that report codes for a rule besides its own file: the schema rule's validator. */
const reportsFor: Record<string, string[]> = { schemaRule: ['server/src/engine/schema/validate.ts'] };

/** Checks of other files than docs.json, outside rules/, with the codes they report. */
const otherChecks = ['server/src/engine/config/projectConfig.ts'];

test('every code in codes.ts is reported by some check, and each check declares exactly the codes it reports', async () => {
  const declared = new Set<string>();
  for (const file of sourceFiles('server/src/engine/rules')) {
    const name = file.replace(/^.*\//, '').replace(/\.ts$/, '');
    const exports = (await import(join(root, file))) as Record<string, unknown>;
    const rule = rules.find((candidate) => candidate === exports[name]);
    // Checks of pages and of the site as a whole declare their codes in a list beside their function.
    const list = exports[`${name.replace(/Rule$/, '')}Codes`] as readonly string[] | undefined;
    const codesOfFile = rule?.codes ?? list;
    if (!codesOfFile) {
      assert.deepEqual([...codeLiterals(file)], [], `${file} reports codes, so it declares them: a Rule, or a list ${name.replace(/Rule$/, '')}Codes`);
      continue;
    }
    const reported = new Set([file, ...(reportsFor[name] ?? [])].flatMap((path) => [...codeLiterals(path)]));
    assert.deepEqual([...codesOfFile].sort(), [...reported].sort(), `${name} declares the codes ${file} reports`);
    codesOfFile.forEach((code) => declared.add(code));
  }
  assert.ok(rules.every((rule) => rule.codes.every((code) => declared.has(code))), 'every rule in allRules.ts is exported from a file of its name in rules/');
  for (const file of otherChecks) codeLiterals(file).forEach((code) => declared.add(code));
  assert.deepEqual([...declared].sort(), Object.keys(codes).sort(), 'the checks report every code of codes.ts and no other');
  const elsewhere = sourceFiles('server/src/engine').filter(
    (file) => !file.startsWith('server/src/engine/rules/') && file !== 'server/src/engine/codes.ts' && !otherChecks.includes(file) && !Object.values(reportsFor).flat().includes(file),
  );
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
