// A site whose writers put its base path ("/docs") into redirects, links and a component's href,
// through the protocol: one problem names the cause at the first of them, with the others as related
// information, and its one quick fix removes the prefix everywhere (docs.json and pages).
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { copyOfFixtureSite } from '../support/fixtureSite';
import { LspTestClient } from './lspClient';

const told = '2 redirects and 3 links start with "/docs", which is not part of this site\'s paths: "/docs/quickstart" is "/quickstart". Remove the "/docs" prefix (the platform adds the base path a site is served under to every URL)';

/** Applies a quick fix's edits to the files on disk; the paths it changed, root-relative. */
function applyToDisk(client: LspTestClient, root: string, action: CodeAction, files: string[]): string[] {
  const changed: string[] = [];
  for (const file of files) {
    const edits = action.edit?.changes?.[client.uri(file)] as TextEdit[] | undefined;
    if (!edits) continue;
    const path = join(root, file);
    writeFileSync(path, TextDocument.applyEdits(TextDocument.create(client.uri(file), 'text', 0, readFileSync(path, 'utf8')), edits));
    changed.push(file);
  }
  return changed;
}

async function codeActions(client: LspTestClient, file: string, diagnostic: Diagnostic): Promise<CodeAction[]> {
  return client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: client.uri(file) }, range: diagnostic.range, context: { diagnostics: [diagnostic] } });
}

const files = ['docs.json', 'quickstart.mdx', 'guides/setup.mdx', 'guides/deploy.mdx'];

test('redirects and links written with the base path: told once in docs.json, the others related; one fix removes the prefix in docs.json and the pages', async () => {
  const root = copyOfFixtureSite('base-path');
  const client = await LspTestClient.start({ root });
  try {
    await client.open('docs.json');
    const docsJson = await client.diagnostics('docs.json');
    assert.deepEqual(docsJson.map((d) => d.code), ['link/base-path'], JSON.stringify(docsJson));
    const [problem] = docsJson;
    assert.equal(problem.message, told);
    assert.deepEqual(problem.range.start, client.position('docs.json', '"/docs/quickstart"'));
    assert.deepEqual(
      problem.relatedInformation?.map(({ location, message }) => [location.uri.slice(client.uri('docs.json').length - 'docs.json'.length), location.range.start.line, message]),
      [
        ['docs.json', 11, '"/docs/getting-started" is "/getting-started"'],
        ['docs.json', 12, '"/docs/guides/setup" is "/guides/setup"'],
        ['guides/setup.mdx', 6, '"/docs/quickstart#first-steps" is "/quickstart#first-steps"'],
        ['quickstart.mdx', 4, '"/docs/guides/setup" is "/guides/setup"'],
        ['quickstart.mdx', 6, '"/docs/guides/deploy" is "/guides/deploy"'],
      ],
    );

    // The pages' links with the prefix are told in docs.json, not one by one.
    await client.open('quickstart.mdx');
    assert.deepEqual((await client.diagnostics('quickstart.mdx')).map((d) => d.code), []);

    const actions = await codeActions(client, 'docs.json', problem);
    const fix = actions.find((action) => action.title === 'Remove "/docs" from the 5 redirects and links');
    assert.ok(fix, JSON.stringify(actions.map((action) => action.title)));
    assert.deepEqual(applyToDisk(client, root, fix, files), ['docs.json', 'quickstart.mdx', 'guides/setup.mdx']);
    const fixedDocsJson = readFileSync(join(root, 'docs.json'), 'utf8');
    assert.match(fixedDocsJson, /"source": "\/getting-started", "destination": "\/quickstart"/);
    assert.match(fixedDocsJson, /"source": "\/setup-guide", "destination": "\/guides\/setup"/);
    assert.doesNotMatch(fixedDocsJson, /\/docs\//);
    assert.match(readFileSync(join(root, 'quickstart.mdx'), 'utf8'), /\[setup guide\]\(\/guides\/setup\)[^]*<Card title="Deploy" href="\/guides\/deploy">/);
    assert.match(readFileSync(join(root, 'guides/setup.mdx'), 'utf8'), /\[quickstart\]\(\/quickstart#first-steps\)/);

    // The site checked again from disk: the one link that is broken for another cause is all that is left.
    await client.close('quickstart.mdx');
    await client.close('docs.json');
    const restarted = await LspTestClient.start({ root });
    try {
      await restarted.open('docs.json');
      assert.deepEqual((await restarted.diagnostics('docs.json')).map((d) => d.code), []);
      await restarted.open('guides/setup.mdx');
      assert.deepEqual((await restarted.diagnostics('guides/setup.mdx')).map((d) => `${d.code} ${d.message}`), ['link/missing-page Link "/guides/faq" leads nowhere: no page, generated page, file or redirect is at /guides/faq']);
    } finally {
      await restarted.stop();
    }
  } finally {
    await client.stop();
  }
});

test('links alone written with the base path: told once at the first of them in the pages, and the fix from the page edits every page', async () => {
  const root = copyOfFixtureSite('base-path');
  const docsJsonPath = join(root, 'docs.json');
  writeFileSync(docsJsonPath, readFileSync(docsJsonPath, 'utf8').replace(/,\n {2}"redirects": \[[^\]]*\]/, ''));
  const client = await LspTestClient.start({ root });
  try {
    await client.open('guides/setup.mdx');
    const found = await client.diagnostics('guides/setup.mdx');
    const problem = found.find((d) => d.code === 'link/base-path');
    assert.ok(problem, JSON.stringify(found));
    assert.equal(problem.message, '3 links start with "/docs", which is not part of this site\'s paths: "/docs/quickstart#first-steps" is "/quickstart#first-steps". Remove the "/docs" prefix (the platform adds the base path a site is served under to every URL)');
    assert.deepEqual(problem.range.start, client.position('guides/setup.mdx', '/docs/quickstart'));
    assert.equal(problem.relatedInformation?.length, 2);

    const fix = (await codeActions(client, 'guides/setup.mdx', problem)).find((action) => action.title === 'Remove "/docs" from the 3 links');
    assert.ok(fix);
    assert.deepEqual(applyToDisk(client, root, fix, files), ['quickstart.mdx', 'guides/setup.mdx']);
    assert.doesNotMatch(readFileSync(join(root, 'quickstart.mdx'), 'utf8') + readFileSync(join(root, 'guides/setup.mdx'), 'utf8'), /\/docs\//);
  } finally {
    await client.stop();
  }
});

test('after an edit of a page moves its links, the fix from docs.json edits the page where its links are now', async () => {
  const root = copyOfFixtureSite('base-path');
  const client = await LspTestClient.start({ root });
  try {
    await client.open('docs.json');
    const [problem] = await client.diagnostics('docs.json');
    assert.equal(problem.code, 'link/base-path');
    await client.open('quickstart.mdx');
    await client.edit('quickstart.mdx', 0, 0, 'A new first line.\n\n');
    // Asked at once: the site is checked again first, so the fix edits the link where it is now.
    const fix = (await codeActions(client, 'docs.json', problem)).find((action) => action.title.startsWith('Remove "/docs"'));
    assert.ok(fix, 'the fix is offered');
    const edits = fix.edit?.changes?.[client.uri('quickstart.mdx')] as TextEdit[];
    const fixed = TextDocument.applyEdits(TextDocument.create(client.uri('quickstart.mdx'), 'mdx', 0, client.text('quickstart.mdx')), edits);
    assert.ok(fixed.startsWith('A new first line.\n\n'), fixed);
    assert.match(fixed, /\[setup guide\]\(\/guides\/setup\)[^]*<Card title="Deploy" href="\/guides\/deploy">/);
    assert.doesNotMatch(fixed, /\/docs\//);
  } finally {
    await client.stop();
  }
});
