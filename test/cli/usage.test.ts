// `docsjson --version` and `docsjson --help`, as a user runs them (the bundled CLI).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const root = join(__dirname, '..', '..');
const cli = join(root, 'dist', 'cli.js');

function run(...args: string[]) {
  const result = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

test('--version prints the version of package.json and exits 0', () => {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const result = run('--version');
  assert.equal(result.code, 0, result.stderr);
  assert.equal(result.stdout, `${version}\n`);
  assert.equal(result.stderr, '');
});

test('--help lists every command, the job commands of "docsjson job --help" included, and exits 0', () => {
  const help = run('--help');
  assert.equal(help.code, 0, help.stderr);
  const jobHelp = run('job', '--help');
  assert.equal(jobHelp.code, 0, jobHelp.stderr);
  const jobCommands = [...new Set([...jobHelp.stdout.matchAll(/^ {2}docsjson job (\w+)/gm)].map((match) => match[1]))];
  assert.deepEqual(jobCommands.sort(), ['check', 'create', 'get', 'list', 'send', 'watch']);
  for (const command of ['check', 'mv', ...jobCommands.map((name) => `job ${name}`), '--version']) {
    assert.match(help.stdout, new RegExp(`^ {2}docsjson ${command}\\b`, 'm'), `"docsjson ${command}" in: ${help.stdout}`);
  }
  assert.deepEqual(run('-h').stdout, help.stdout);
});

test('no command prints the usage and exits 2; an unknown one says so', () => {
  const none = run();
  assert.equal(none.code, 2);
  assert.match(none.stdout, /^Usage:/);
  const unknown = run('--versions');
  assert.equal(unknown.code, 2);
  assert.equal(unknown.stderr, 'docsjson: unknown command "--versions": did you mean "--version"? ("docsjson help" lists the commands)\n');
  const far = run('deploy');
  assert.equal(far.stderr, 'docsjson: unknown command "deploy" ("docsjson help" lists the commands)\n');
});

test('"docsjson help" prints the usage, "docsjson help COMMAND" that command\'s options, both exit 0', () => {
  const help = run('help');
  assert.equal(help.code, 0);
  assert.equal(help.stdout, run('--help').stdout);
  for (const command of ['check', 'mv', 'job']) {
    const own = run('help', command);
    assert.equal(own.code, 0, own.stderr);
    assert.equal(own.stdout, run(command, '--help').stdout, command);
  }
  assert.equal(run('chek').stderr, 'docsjson: unknown command "chek": did you mean "check"? ("docsjson help" lists the commands)\n');
});

test('a misspelt option gets the closest one, a value-less option says so, in the command\'s own words', () => {
  const cases: [string[], string][] = [
    [['check', '--frmat', 'json'], 'unknown option --frmat: did you mean --format? ("docsjson check --help" lists its options)'],
    [['check', '--format'], '--format needs a value ("docsjson check --help" lists its options)'],
    [['check', '--offline=yes'], '--offline takes no value ("docsjson check --help" lists its options)'],
    [['check', '--colour'], 'unknown option --colour ("docsjson check --help" lists its options)'],
    [['mv', 'a', 'b', '--redirct'], 'unknown option --redirct: did you mean --redirect? ("docsjson mv --help" lists its options)'],
    [['job', 'create', '--mesage', 'hi'], 'unknown option --mesage: did you mean --message? ("docsjson job create --help" lists its options)'],
    [['job', 'craete'], 'unknown job command "craete": did you mean "create"? (create, send, get, watch, list, check)'],
  ];
  for (const [args, message] of cases) {
    const result = run(...args);
    assert.equal(result.code, 2, args.join(' '));
    assert.equal(result.stderr, `docsjson: ${message}\n`, args.join(' '));
  }
});
