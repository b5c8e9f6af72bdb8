import assert from 'node:assert/strict';
import { test } from 'node:test';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import sarifSchema from '@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json';
import type * as Sarif from 'sarif';
import { formatReport, reportRoot, shortRef, type ReportedFile } from '../../cli/src/checkOutput';

const files: ReportedFile[] = [
  {
    path: 'docs.json',
    diagnostics: [
      { line: 2, column: 3, endLine: 2, endColumn: 9, severity: 'information', code: 'x/info', message: 'For your information' },
      { line: 4, column: 1, endLine: 5, endColumn: 2, severity: 'hint', code: 'x/hint', message: '100% sure' },
    ],
  },
];

test('information and hints are counted in one GitHub line, not annotated, unless notes are asked for: then they are notices', () => {
  assert.equal(
    formatReport(files, 1, { format: 'github', colour: false, maxWarnings: Infinity }),
    '2 notes not annotated (--annotate-notes shows them as notices)\n\n1 docs.json file checked: 0 errors, 0 warnings, 2 notes\n',
  );
  assert.equal(
    formatReport(files, 1, { format: 'github', colour: false, maxWarnings: Infinity, annotateNotes: true }),
    '::notice file=docs.json,line=2,endLine=2,col=3,endColumn=9,title=x/info::For your information\n' +
      '::notice file=docs.json,line=4,endLine=5,col=1,endColumn=2,title=x/hint::100%25 sure\n' +
      '\n1 docs.json file checked: 0 errors, 0 warnings, 2 notes\n',
  );
});

test('more annotations of a kind than GitHub shows on a pull request are said so, once', () => {
  const many = (count: number, severity: 'error' | 'warning' | 'information'): ReportedFile[] => [{ path: 'a.mdx', diagnostics: Array.from({ length: count }, () => diagnostic(severity)) }];
  const crowdedLine = /^GitHub shows the first 10 annotations of each kind on the pull request: the log above and the job summary list them all$/m;
  assert.doesNotMatch(formatReport(many(10, 'error'), 1, { ...text, format: 'github' }), crowdedLine);
  assert.match(formatReport(many(11, 'error'), 1, { ...text, format: 'github' }), crowdedLine);
  assert.match(formatReport(many(11, 'warning'), 1, { ...text, format: 'github' }), crowdedLine);
  assert.doesNotMatch(formatReport(many(11, 'information'), 1, { ...text, format: 'github' }), crowdedLine, 'notes counted in a line are not annotations');
  assert.match(formatReport(many(11, 'information'), 1, { ...text, format: 'github', annotateNotes: true }), crowdedLine);
});

test('text is coloured only when asked (a terminal), by severity', () => {
  const plain = formatReport(files, 1, { format: 'text', colour: false, maxWarnings: Infinity });
  assert.equal(plain.split('\n')[0], 'docs.json:2:3  information  For your information  x/info');
  const coloured = formatReport(files, 1, { format: 'text', colour: true, maxWarnings: Infinity });
  assert.equal(coloured.split('\n')[0], 'docs.json:2:3  \u001b[36minformation\u001b[0m  For your information  \u001b[90mx/info\u001b[0m');
});

const diagnostic = (severity: ReportedFile['diagnostics'][number]['severity'], message = 'A problem'): ReportedFile['diagnostics'][number] => ({ line: 1, column: 2, endLine: 1, endColumn: 5, severity, code: `x/${severity}`, message });
const mixed: ReportedFile[] = [
  { path: 'docs.json', diagnostics: [diagnostic('error'), diagnostic('warning'), diagnostic('error')] },
  { path: 'a.mdx', diagnostics: [diagnostic('warning'), diagnostic('hint')] },
];
const text = { format: 'text' as const, colour: false, maxWarnings: Infinity };

test('the summary counts errors, warnings and notes, and the pages checked', () => {
  assert.equal(formatReport(mixed, 2, { ...text, pages: 1 }).split('\n').at(-2), '2 docs.json files and 1 page checked: 2 errors, 2 warnings, 1 note');
  assert.equal(formatReport([mixed[0]], 1, text).split('\n').at(-2), '1 docs.json file checked: 2 errors, 1 warning');
});

test('with no problems the report is the summary alone', () => {
  assert.equal(formatReport([{ path: 'docs.json', diagnostics: [] }], 1, { ...text, pages: 3 }), '1 docs.json file and 3 pages checked: 0 errors, 0 warnings\n');
});

test('more warnings than --max-warnings allows are said so; as many as allowed are not', () => {
  assert.equal(formatReport(mixed, 2, { ...text, maxWarnings: 1 }).split('\n').at(-2), 'Too many warnings: 2, more than --max-warnings 1 allows');
  assert.ok(!formatReport(mixed, 2, { ...text, maxWarnings: 2 }).includes('Too many warnings'));
});

test('errors are red, warnings yellow and hints grey in a terminal, and the code grey', () => {
  const [error, warning, , , hint] = formatReport(mixed, 2, { ...text, colour: true }).split('\n');
  assert.equal(error, 'docs.json:1:2  \u001b[31merror\u001b[0m  A problem  \u001b[90mx/error\u001b[0m');
  assert.equal(warning, 'docs.json:1:2  \u001b[33mwarning\u001b[0m  A problem  \u001b[90mx/warning\u001b[0m');
  assert.equal(hint, 'a.mdx:1:2  \u001b[90mhint\u001b[0m  A problem  \u001b[90mx/hint\u001b[0m');
});

test('errors and warnings are GitHub errors and warnings; a path cannot end the annotation\'s properties, nor a message start another command', () => {
  const files: ReportedFile[] = [{ path: 'a:b,c%.mdx', diagnostics: [diagnostic('error', 'two\nlines 100%'), diagnostic('warning')] }];
  const [error, warning] = formatReport(files, 1, { ...text, format: 'github' }).split('\n');
  assert.equal(error, '::error file=a%3Ab%2Cc%25.mdx,line=1,endLine=1,col=2,endColumn=5,title=x/error::two\\u{a}lines 100%25');
  assert.equal(warning, '::warning file=a%3Ab%2Cc%25.mdx,line=1,endLine=1,col=2,endColumn=5,title=x/warning::A problem');
});

test('JSON is one object of the files, with the base when there is one', () => {
  assert.deepEqual(JSON.parse(formatReport(mixed, 2, { ...text, format: 'json' })), { files: mixed });
  const base = { ref: 'main', existing: 3 };
  const json = formatReport(mixed, 2, { ...text, format: 'json', base });
  assert.deepEqual(JSON.parse(json), { base, files: mixed });
  assert.ok(json.endsWith('}\n') && !json.slice(0, -1).includes('\n'), 'one line');
});

test('what the check left out by its limits is a note before the summary: a line of text, a GitHub notice, a list in JSON', () => {
  const notes = ['Only 20 specs were read', '50% of\nit'];
  assert.deepEqual(formatReport([], 1, { ...text, notes }).split('\n').slice(0, 2), ['Note: Only 20 specs were read', 'Note: 50% of\\u{a}it']);
  assert.deepEqual(formatReport([], 1, { ...text, format: 'github', notes }).split('\n').slice(0, 2), ['::notice title=docsjson::Only 20 specs were read', '::notice title=docsjson::50%25 of\\u{a}it']);
  assert.deepEqual(JSON.parse(formatReport(mixed, 2, { ...text, format: 'json', notes })), { files: mixed, notes });
});

test('against a base, the summary counts the new problems and says how many were already there', () => {
  const summaryLine = (files: ReportedFile[], base: { ref: string; existing: number; subject?: string }) => formatReport(files, 1, { ...text, pages: 2, base }).trimEnd().split('\n').at(-1);
  assert.equal(summaryLine(mixed, { ref: 'main', existing: 4 }), '5 new problems (4 already at main, not shown): 2 errors, 2 warnings, 1 note; 1 docs.json file and 2 pages checked');
  assert.equal(summaryLine([mixed[1]], { ref: 'main', existing: 0 }), '2 new problems: 0 errors, 1 warning, 1 note; 1 docs.json file and 2 pages checked');
  assert.equal(summaryLine([{ path: 'docs.json', diagnostics: [diagnostic('error')] }], { ref: 'main', existing: 0 }), '1 new problem: 1 error, 0 warnings; 1 docs.json file and 2 pages checked');
  assert.equal(summaryLine([], { ref: 'main', existing: 1 }), 'No new problems (1 already at main, not shown); 1 docs.json file and 2 pages checked');
  assert.equal(summaryLine([], { ref: 'main', existing: 0, subject: "The agent's changes add" }), "The agent's changes add no problems; 1 docs.json file and 2 pages checked");
  assert.equal(summaryLine([mixed[1]], { ref: 'main', existing: 0, subject: "The agent's changes add" }), "The agent's changes add 2 problems: 0 errors, 1 warning, 1 note; 1 docs.json file and 2 pages checked");
  assert.equal(summaryLine([mixed[1].diagnostics[0]].map((d) => ({ path: 'a.mdx', diagnostics: [d] })), { ref: 'main', existing: 0, subject: 'They add' }), 'They add 1 problem: 0 errors, 1 warning; 1 docs.json file and 2 pages checked');
});

test('a commit\'s full hash is shown in short, any other ref as it is', () => {
  const hash = '0123456789abcdefABCDEF0123456789abcdef01';
  assert.equal(shortRef(hash), '0123456');
  assert.equal(shortRef('main'), 'main');
  assert.equal(shortRef(`${hash}2`), `${hash}2`, '41 characters');
  assert.equal(shortRef(hash.slice(1)), hash.slice(1), '39 characters');
  assert.equal(shortRef(`x${hash.slice(1)}`), `x${hash.slice(1)}`, 'not all hexadecimal');
  assert.equal(shortRef(`${hash.slice(0, -1)}g`), `${hash.slice(0, -1)}g`, 'ends in a letter past f');
  assert.equal(formatReport([], 1, { ...text, base: { ref: hash, existing: 2 } }).trimEnd(), 'No new problems (2 already at 0123456, not shown); 1 docs.json file checked');
});

const sarifValidator = (() => {
  const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
  addFormats(ajv);
  return ajv.compile(sarifSchema);
})();

test('SARIF is a valid SARIF 2.1.0 log: a rule per code with its summary and default level, a result per problem at its path and range', () => {
  const reported: ReportedFile[] = [
    { path: 'docs/docs.json', diagnostics: [{ line: 3, column: 5, endLine: 3, endColumn: 9, severity: 'error', code: 'ref/missing-page', message: 'Page "x" not found' }] },
    { path: 'docs/my page.mdx', diagnostics: [{ ...diagnostic('warning'), code: 'link/missing-anchor' }, { ...diagnostic('information'), code: 'a11y/heading-skip' }] },
  ];
  const log = JSON.parse(formatReport(reported, 1, { ...text, format: 'sarif', toolVersion: '1.2.3' })) as Sarif.Log;
  assert.ok(sarifValidator(log), JSON.stringify(sarifValidator.errors));
  const [run] = log.runs;
  const rules = run.tool.driver.rules!;
  const results = run.results!;
  assert.equal(run.tool.driver.name, 'docsjson');
  assert.equal(run.tool.driver.version, '1.2.3');
  assert.deepEqual(
    rules.map((rule) => [rule.id, rule.defaultConfiguration?.level]),
    [['a11y/heading-skip', 'note'], ['link/missing-anchor', 'warning'], ['ref/missing-page', 'error']],
  );
  assert.match(rules[2].shortDescription!.text, /page/);
  assert.deepEqual(results[0], {
    ruleId: 'ref/missing-page',
    ruleIndex: 2,
    level: 'error',
    message: { text: 'Page "x" not found' },
    locations: [{ physicalLocation: { artifactLocation: { uri: 'docs/docs.json', uriBaseId: '%SRCROOT%' }, region: { startLine: 3, startColumn: 5, endLine: 3, endColumn: 9 } } }],
  });
  assert.equal(results[1].locations![0].physicalLocation!.artifactLocation!.uri, 'docs/my%20page.mdx');
  assert.deepEqual(results.map((result) => result.level), ['error', 'warning', 'note']);
  assert.ok(!sarifValidator({ ...log, version: '2.0.0' }), 'the schema check can fail');
});

test('a GitLab Code Quality report: an issue per problem, its severity mapped, a fingerprint that ignores lines and tells repeats apart', () => {
  const report = (line: number): { fingerprint: string; severity: string; check_name: string; description: string; location: unknown }[] =>
    JSON.parse(formatReport([{ path: 'docs\\a.mdx', diagnostics: [{ ...diagnostic('error'), line }, { ...diagnostic('error'), line: line + 1 }, diagnostic('warning'), diagnostic('information')] }], 1, { ...text, format: 'gitlab' }));
  const issues = report(1);
  assert.deepEqual(issues.map((issue) => issue.severity), ['major', 'major', 'minor', 'info']);
  assert.deepEqual(issues[0], { description: 'A problem', check_name: 'x/error', fingerprint: issues[0].fingerprint, severity: 'major', location: { path: 'docs/a.mdx', lines: { begin: 1, end: 1 } } });
  assert.match(issues[0].fingerprint, /^[0-9a-f]{32}$/);
  assert.equal(new Set(issues.map((issue) => issue.fingerprint)).size, 4, 'two equal problems in a file get two fingerprints');
  assert.deepEqual(report(7).map((issue) => issue.fingerprint), issues.map((issue) => issue.fingerprint), 'moved lines keep the fingerprints');
});

test('paths are from the repository on a CI runner (GitHub annotations and SARIF, GitLab), from the current folder otherwise', () => {
  const env = { GITHUB_WORKSPACE: '/runner/work/repo', CI_PROJECT_DIR: '/builds/group/repo' };
  assert.equal(reportRoot('github', env, '/runner/work/repo/docs'), '/runner/work/repo');
  assert.equal(reportRoot('sarif', env, '/runner/work/repo/docs'), '/runner/work/repo');
  assert.equal(reportRoot('gitlab', env, '/builds/group/repo/docs'), '/builds/group/repo');
  assert.equal(reportRoot('text', env, '/here'), '/here');
  assert.equal(reportRoot('json', env, '/here'), '/here');
  assert.equal(reportRoot('github', {}, '/here'), '/here');
  assert.equal(reportRoot('gitlab', {}, '/here'), '/here');
});
