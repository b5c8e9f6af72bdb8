import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkDocsJson, DiskSiteHost, SiteGraph } from '../../../server/src/engine';
import { docsJson, writeSite } from '../../support/site';

// Checked against the platform's own generation (@mintlify/prebuild generateOpenApiFromDocsConfig): the same routes.
const users = {
  openapi: '3.1.0',
  info: { title: 'Users', version: '1' },
  paths: {
    '/users': { get: { summary: 'List users', tags: ['Users'] }, post: { summary: 'Create user', tags: ['Users'], 'x-mint': { href: '/custom/Create' } } },
    '/users/{id}': { delete: { tags: ['Users'] } },
    '/health': { get: { summary: 'Health (v1.2)' } },
    '/health2': { get: { summary: 'Health (v1.2)' } },
  },
  webhooks: { 'user.created': { post: { tags: ['Events'] } } },
};
const other = { openapi: '3.0.0', info: { title: 'O', version: '1' }, paths: { '/orders': { get: { summary: 'List orders', tags: ['Orders'] } } } };

/** The generated routes of a site whose navigation is given, with the specs `users.json` and `other.json`. */
function generatedRoutes(navigation: string): string[] {
  const root = writeSite({ 'intro.mdx': '', 'users.json': JSON.stringify(users), 'other.json': JSON.stringify(other), 'docs.json': docsJson(navigation) });
  const host = new DiskSiteHost(root);
  return [...new SiteGraph(host, checkDocsJson(host.readFile('docs.json')!, host)).routes.generated.keys()].sort();
}

const allUsers = [
  'api-reference/events/usercreated',
  'api-reference/health-v12',
  'api-reference/health-v12-1',
  'api-reference/users/delete-users',
  'api-reference/users/list-users',
  'custom/create',
];

test('an element with a spec and no pages gets a page per operation, under api-reference/<tag>/<summary>', () => {
  assert.deepEqual(generatedRoutes('{ "groups": [ { "group": "API", "openapi": "users.json" } ] }'), allUsers);
});

test('an element with a spec that also lists pages still gets every operation page', () => {
  assert.deepEqual(generatedRoutes('{ "groups": [ { "group": "API", "openapi": "users.json", "pages": ["intro"] } ] }'), allUsers);
});

test('an element that lists an operation of its spec gets that page only', () => {
  assert.deepEqual(generatedRoutes('{ "groups": [ { "group": "API", "openapi": "users.json", "pages": ["intro", "GET /users"] } ] }'), ['api-reference/users/list-users']);
  assert.deepEqual(
    generatedRoutes('{ "groups": [ { "group": "API", "openapi": "users.json", "pages": [ { "group": "Nested", "pages": ["GET /users"] } ] } ] }'),
    ['api-reference/users/list-users'],
    'an operation entry in a nested group counts for the element that declares the spec',
  );
});

test('an operation entry that names its spec does not stop the element from getting every page', () => {
  assert.deepEqual(generatedRoutes('{ "groups": [ { "group": "API", "openapi": "users.json", "pages": ["users.json GET /users"] } ] }'), allUsers);
});

test('"directory" places the pages, inherited by operation entries below', () => {
  assert.deepEqual(
    generatedRoutes('{ "groups": [ { "group": "API", "openapi": { "source": "other.json", "directory": "/reference/" }, "pages": [ { "group": "G", "pages": ["GET /orders"] } ] } ] }'),
    ['reference/orders/list-orders'],
  );
  assert.deepEqual(generatedRoutes('{ "groups": [ { "group": "API", "openapi": [ { "source": "other.json", "directory": "ref" } ] } ] }'), ['ref/orders/list-orders']);
});

test('only the first spec of a list gives every page', () => {
  assert.deepEqual(generatedRoutes('{ "groups": [ { "group": "API", "openapi": ["other.json", "users.json"] } ] }'), ['api-reference/orders/list-orders']);
});

test('versions and languages each generate their specs', () => {
  assert.deepEqual(
    generatedRoutes(
      '{ "versions": [ { "version": "v1", "openapi": { "source": "other.json", "directory": "v1/api" }, "groups": [ { "group": "A", "pages": ["intro"] } ] }, { "version": "v2", "groups": [ { "group": "B", "openapi": { "source": "other.json", "directory": "v2/api" }, "pages": ["intro"] } ] } ] }',
    ),
    ['v1/api/orders/list-orders', 'v2/api/orders/list-orders'],
  );
  assert.deepEqual(
    generatedRoutes('{ "languages": [ { "language": "en", "openapi": "other.json", "groups": [ { "group": "A", "pages": ["intro"] } ] }, { "language": "fr", "groups": [ { "group": "B", "pages": ["intro"] } ] } ] }'),
    ['api-reference/orders/list-orders'],
  );
});

test('an operation marked x-excluded gets no page, listed or not, and takes no number from the others', () => {
  const excluded = structuredClone(users);
  Object.assign(excluded.paths['/health'].get, { 'x-excluded': true });
  Object.assign(excluded.paths['/users'].get, { 'x-excluded': true });
  const root = writeSite({ 'users.json': JSON.stringify(excluded), 'docs.json': docsJson('{ "groups": [ { "group": "API", "openapi": "users.json" }, { "group": "B", "openapi": "users.json", "pages": ["users.json GET /users"] } ] }') });
  const host = new DiskSiteHost(root);
  const routes = [...new SiteGraph(host, checkDocsJson(host.readFile('docs.json')!, host)).routes.generated.keys()].sort();
  assert.deepEqual(routes, ['api-reference/events/usercreated', 'api-reference/health-v12', 'api-reference/users/delete-users', 'custom/create']);
});

test('a folder of generated pages (an OpenAPI tag\'s) is a folder of the site: its first page, as for a folder of files', () => {
  const root = writeSite({ 'intro.mdx': '', 'users.json': JSON.stringify(users), 'docs.json': docsJson('{ "groups": [ { "group": "API", "openapi": "users.json" } ] }') });
  const host = new DiskSiteHost(root);
  const routes = new SiteGraph(host, checkDocsJson(host.readFile('docs.json')!, host)).routes;
  assert.equal(routes.firstPageIn('api-reference/users'), 'api-reference/users/delete-users');
  assert.equal(routes.firstPageIn('api-reference/orders'), undefined);
});
