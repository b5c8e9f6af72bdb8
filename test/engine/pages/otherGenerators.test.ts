// Pages the platform generates from AsyncAPI specs, GraphQL schemas and SDK references
// (@mintlify/prebuild generateAsyncApiFromDocsConfig, generateGraphqlDivisions, generateSdkDivisions):
// the check reads none of these sources, so links under their directories are not reported.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkDocsJson, DiskSiteHost, runSiteRules, SiteGraph } from '../../../server/src/engine';
import { linkRule } from '../../../server/src/engine/rules/linkRule';
import { remoteSpecRule } from '../../../server/src/engine/rules/remoteSpecRule';
import { docsJson, writeSite } from '../../support/site';

const navigation = `{ "tabs": [
  { "tab": "Events", "groups": [ { "group": "Channels", "asyncapi": "events/asyncapi.yaml" } ] },
  { "tab": "Moved", "groups": [ { "group": "C", "asyncapi": { "source": "events/moved.yaml", "directory": "/channels/" } } ] },
  { "tab": "GraphQL", "graphql": "schema.graphql" },
  { "tab": "Group graphql", "groups": [ { "group": "G", "graphql": "ignored.graphql", "pages": ["intro"] } ] },
  { "tab": "SDK", "sdk": { "format": "typedoc", "source": "sdk.json", "directory": "sdk" } },
  { "tab": "No format", "sdk": { "source": "nothing.json" }, "pages": ["intro"] }
] }`;

function graph(): SiteGraph {
  const text = docsJson(navigation);
  const host = new DiskSiteHost(writeSite({ 'docs.json': text, 'intro.mdx': '', 'events/asyncapi.yaml': 'asyncapi: 3.0.0\n', 'schema.graphql': 'type Query { a: Int }\n', 'sdk.json': '{}' }));
  return new SiteGraph(host, checkDocsJson(text, host));
}

test('each source of generated pages leaves its directory unknown: AsyncAPI on any element, GraphQL on a tab, an SDK with its format', () => {
  const { routes } = graph();
  assert.deepEqual(
    [...routes.uncheckedSpecs.values()].map(({ url, directory }) => [url, directory]),
    [['events/asyncapi.yaml', 'api-reference'], ['events/moved.yaml', 'channels'], ['schema.graphql', 'graphql-reference'], ['sdk.json', 'sdk']],
  );
  assert.equal(routes.uncheckedSpecAt('graphql-reference/queries/a')?.url, 'schema.graphql');
  assert.equal(routes.uncheckedSpecAt('sdk/classes/client')?.url, 'sdk.json');
  assert.equal(routes.uncheckedSpecAt('sdk-reference/classes/client'), undefined);
});

test('links under those directories are counted once on the source, not reported as missing pages; others still are', () => {
  const site = graph();
  site.setText('intro.mdx', '[a](/graphql-reference/queries/a) [b](/api-reference/channels/user) [c](/sdk/classes/client) [d](/nowhere)\n');
  const found = runSiteRules(site, [linkRule, remoteSpecRule]);
  assert.deepEqual(found.get('intro.mdx')?.map((d) => d.code), ['link/missing-page']);
  assert.deepEqual(
    found.get('docs.json')?.map((d) => d.message),
    [
      'Cannot check 1 link or redirect into /api-reference/, where the spec at events/asyncapi.yaml makes its pages: its pages are generated from the AsyncAPI spec, which the check does not read',
      'Cannot check 1 link or redirect into /graphql-reference/, where the spec at schema.graphql makes its pages: its pages are generated from the GraphQL schema, which the check does not read',
      'Cannot check 1 link or redirect into /sdk/, where the spec at sdk.json makes its pages: its pages are generated from the SDK reference, which the check does not read',
    ],
  );
});
