// A page the platform cannot parse as MDX: one diagnostic, with where the platform puts the error.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDocsJson, DiskSiteHost, runSiteRules, SiteGraph } from '../../../server/src/engine';
import { mdxSyntaxRule } from '../../../server/src/engine/rules/mdxSyntaxRule';
import { docsJson, writeSite } from '../../support/site';

describe('MDX syntax rule', () => {
  it('reports a page the platform cannot parse once, with where the platform puts the error', () => {
    const text = docsJson('{ "pages": ["index", "broken"] }');
    const host = new DiskSiteHost(writeSite({ 'docs.json': text, 'index.mdx': '# Fine\n', 'broken.mdx': '# Broken\n\n<Card>\n' }));
    const found = runSiteRules(new SiteGraph(host, checkDocsJson(text, host)), [mdxSyntaxRule]);
    assert.deepEqual([...found.keys()], ['broken.mdx']);
    const [d] = found.get('broken.mdx')!;
    assert.equal(d.code, 'mdx/syntax');
    assert.deepEqual(Object.keys(d.data ?? {}).sort(), ['platformColumn', 'platformLine', 'platformReason']);
    assert.equal(typeof d.data?.platformReason, 'string');
    assert.equal(d.data?.platformLine, 3);
  });
});
