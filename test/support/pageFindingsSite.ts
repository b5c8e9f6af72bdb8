import { writeSite } from './site';

/** The codes the pages of `pageFindingsSite` give between them. */
export const pageFindingCodes = ['component/unknown', 'component/misplaced', 'component/prop-type', 'a11y/image-alt', 'mdx/syntax', 'link/missing-page'];

/** A page of every kind the tree-reading rules look at; `n` makes each page's findings its own. */
export function pageWithFindings(n: number): string {
  return [
    '---',
    `title: Page ${n}`,
    '---',
    '',
    `<Imaginary${n} foo="1" />`,
    '',
    '<Tab title="A">a</Tab>',
    '',
    `<Accordion title="x${n}" defaultOpen="false">y</Accordion>`,
    '',
    `![](/missing-${n}.png)`,
    '',
    n % 3 === 0 ? 'A line<br>' : `[next](/page-${n + 2})`,
    '',
  ].join('\n');
}

/** A site of `count` such pages, `page-N.mdx`, all in its navigation. */
export function pageFindingsSite(count: number): string {
  const pages = Object.fromEntries(Array.from({ length: count }, (_, n) => [`page-${n}.mdx`, pageWithFindings(n)]));
  const navigation = { pages: Object.keys(pages).map((file) => file.replace(/\.mdx$/, '')) };
  return writeSite({ 'docs.json': JSON.stringify({ theme: 'mint', name: 'A', colors: { primary: '#0B7A62' }, navigation }, null, 2), ...pages });
}

/** The codes of a `--format json` report. */
export function reportedCodes(json: string): Set<string> {
  return new Set((JSON.parse(json) as { files: { diagnostics: { code: string }[] }[] }).files.flatMap((file) => file.diagnostics.map((d) => d.code)));
}
