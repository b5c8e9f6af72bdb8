import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatReport, shortRef, type ReportedFile } from '../../cli/src/checkOutput';

const files: ReportedFile[] = [
  {
    path: 'docs.json',
    diagnostics: [
      { line: 2, column: 3, endLine: 2, endColumn: 9, severity: 'information', code: 'x/info', message: 'For your information' },
      { line: 4, column: 1, endLine: 5, endColumn: 2, severity: 'hint', code: 'x/hint', message: '100% sure' },
    ],
  },
];

test('information and hints are GitHub notices; the summary counts them as notes', () => {
  assert.equal(
    formatReport(files, 1, { format: 'github', colour: false, maxWarnings: Infinity }),
    '::notice file=docs.json,line=2,endLine=2,col=3,endColumn=9,title=x/info::For your information\n' +
      '::notice file=docs.json,line=4,endLine=5,col=1,endColumn=2,title=x/hint::100%25 sure\n' +
      '\n1 docs.json file checked: 0 errors, 0 warnings, 2 notes\n',
  );
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
