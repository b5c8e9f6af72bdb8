// The site served as the platform serves it, through the protocol: a real client over stdio on a
// copy of the platform-routes fixture (redirects kept in a "$ref" file, a heading of level 5,
// OpenAPI pages of elements that also list pages, no index page).
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { copyOfFixtureSite } from '../support/fixtureSite';
import { LspTestClient } from './lspClient';

describe('platform routes over the protocol', () => {
  let client: LspTestClient;
  let root: string;

  before(async () => {
    root = copyOfFixtureSite('platform-routes');
    client = await LspTestClient.start({ root });
  });
  after(async () => {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  });

  test('redirects kept in a "$ref" file are checked there; those to "/", to generated pages and by ":slug?" are not reported', async () => {
    await client.open('redirects.json');
    const problems = (await client.diagnostics('redirects.json')).filter((d) => String(d.code).startsWith('redirect/'));
    assert.deepEqual(
      problems.map((d) => [d.range.start.line, d.code, d.message]),
      [
        [6, 'redirect/missing-destination', '"/guides/nowhere" is not a page, a file or another redirect\'s source: the redirect leads nowhere'],
        [7, 'redirect/folder-destination', '"/guides" is a folder with no index page: no page of the site is at /guides. Redirect to its first page, "/guides/start"'],
      ],
    );
  });

  test('in a page: a link to a heading of level 5 is broken and says why; "/blog" through "/blog/:slug?", "/" and generated pages resolve', async () => {
    await client.open('guides/start.mdx');
    const problems = await client.diagnostics('guides/start.mdx');
    assert.deepEqual(
      problems.map((d) => [d.range.start.line, d.code, d.message]),
      [[10, 'link/missing-anchor', '"#boot-modes" is not an anchor of guides/boot.mdx: its heading "Boot modes" is of level 5, and the platform gives ids to headings of level 1 to 4 only']],
    );
  });
});
