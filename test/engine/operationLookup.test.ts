// An operation a page entry or a frontmatter names ("GET /users", "billing.yaml GET /invoices"):
// which of the specs in force it is looked up in, and what the lookup finds.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseOperation } from '../../server/src/engine/model/pageReference';
import type { SpecStatus } from '../../server/src/engine/openapi/loadSpec';
import { lookUpOperation, specsFor } from '../../server/src/engine/rules/openapiRule';

const local = (path: string, ...operations: string[]): SpecStatus => ({
  kind: 'local',
  path,
  operations: operations.map((operation) => ({ method: operation.split(' ')[0], path: operation.split(' ')[1] })),
  verdict: undefined,
});
const remote = (url: string): SpecStatus => ({ kind: 'remote', url });

const users = local('openapi.yaml', 'GET /users', 'POST /users');
const billing = local('billing/openapi.yaml', 'GET /invoices');
const hosted = remote('https://example.com/openapi.yaml');
const inForce = [users, billing, hosted];

function specsNamedBy(entry: string, specs = inForce): { specs: string[]; unlisted?: string } {
  const { specs: found, unlisted } = specsFor(parseOperation(entry)!, specs);
  const names = found.map((spec) => (spec.kind === 'local' ? spec.path : spec.kind === 'remote' ? spec.url : spec.kind));
  return unlisted === undefined ? { specs: names } : { specs: names, unlisted };
}

test('an operation without a spec is looked up in every spec in force', () => {
  assert.deepEqual(specsNamedBy('GET /users'), { specs: ['openapi.yaml', 'billing/openapi.yaml', 'https://example.com/openapi.yaml'] });
});

test('an operation that names its spec is looked up in that one alone, however its path is written', () => {
  for (const entry of ['billing/openapi.yaml GET /invoices', '/billing/openapi.yaml GET /invoices', './billing/openapi.yaml GET /invoices']) {
    assert.deepEqual(specsNamedBy(entry), { specs: ['billing/openapi.yaml'] }, entry);
  }
  assert.deepEqual(specsNamedBy('https://example.com/openapi.yaml GET /users'), { specs: ['https://example.com/openapi.yaml'] });
});

test('a spec file it names that is not in force is read on its own (unlisted); a URL not in force is not', () => {
  assert.deepEqual(specsNamedBy('other.yaml GET /users'), { specs: [], unlisted: 'other.yaml' });
  assert.deepEqual(specsNamedBy('https://example.com/other.yaml GET /users'), { specs: [] });
  assert.deepEqual(specsNamedBy('openapi.yaml GET /users', [hosted]), { specs: [], unlisted: 'openapi.yaml' }, 'a file is not a URL of the same name');
});

test('the lookup: found, missing with the closest operation and the files it looked in, unknowable with a remote spec, no spec at all', () => {
  const lookUp = (entry: string, specs: SpecStatus[]) => lookUpOperation(parseOperation(entry)!, specs);
  assert.deepEqual(lookUp('GET /users', [users, billing]), { kind: 'found' });
  assert.deepEqual(lookUp('GET /invoice', [users, billing]), {
    kind: 'missing',
    suggestion: 'GET /invoices',
    message: 'Operation "GET /invoice" is not in openapi.yaml, billing/openapi.yaml. Did you mean "GET /invoices"?',
  });
  assert.deepEqual(lookUp('GET /user', [users]), { kind: 'missing', suggestion: 'GET /users', message: 'Operation "GET /user" is not in openapi.yaml. Did you mean "GET /users"?' });
  assert.deepEqual(lookUp('GET /users/zzzzzz/qqqqqq', [users]), { kind: 'missing', suggestion: undefined, message: 'Operation "GET /users/zzzzzz/qqqqqq" is not in openapi.yaml' });
  assert.deepEqual(lookUp('GET /nowhere', [users, hosted]), { kind: 'unknowable' }, 'the remote spec may hold it');
  assert.deepEqual(lookUp('GET /users', []), { kind: 'no-spec' });
});
