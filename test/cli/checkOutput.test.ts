import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatReport, type ReportedFile } from '../../cli/src/checkOutput';

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
