// `docsjson check` on pages whose frontmatter names an API operation, in a site whose docs.json
// declares no spec: the specs are found among its files as the platform finds them.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { writeSite } from '../support/site';
import { billingSpec, chatSpec } from '../support/operationSpecs';

const cli = join(__dirname, '..', '..', 'dist', 'cli.js');


test('operations in undeclared specs, a spec named by its stem, another spec\'s operation a warning, an operation no spec has an error', () => {
  const pages = ['api/send', 'api/stem', 'api/other', 'api/none'];
  const root = writeSite({
    'docs.json': JSON.stringify({ theme: 'mint', name: 'A', colors: { primary: '#000' }, navigation: { groups: [{ group: 'API', pages }] } }, null, 2),
    'api-reference/openapi.yml': chatSpec,
    'billing/billing.json': billingSpec,
    'api/send.mdx': '---\nopenapi: POST /chat-messages\n---\n',
    'api/stem.mdx': '---\nopenapi: "openapi POST /chat-messages"\n---\n',
    'api/other.mdx': '---\nopenapi: billing POST /chat-messages\n---\n',
    'api/none.mdx': '---\nopenapi: POST /chat-message\n---\n',
  });
  const { status, stdout } = spawnSync(process.execPath, [cli, 'check', '.'], { cwd: root, encoding: 'utf8' });
  assert.deepEqual(stdout.trim().split('\n'), [
    'api/none.mdx:2:10  error  Operation "POST /chat-message" is not in api-reference/openapi.yml, billing/billing.json. Did you mean "POST /chat-messages"?  ref/unknown-operation',
    'api/other.mdx:2:10  warning  Operation "POST /chat-messages" is not in billing/billing.json: the page shows "POST /chat-messages" of api-reference/openapi.yml instead  ref/unknown-operation',
    '',
    '1 docs.json file and 4 pages checked: 1 error, 1 warning',
  ]);
  assert.equal(status, 1);
});
