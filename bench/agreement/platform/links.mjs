// Links and redirects: `@mintlify/link-rot`, as `mint broken-links --check-snippets
// --check-redirects` runs it. A link's finding is the page and the target as written; a
// redirect's is docs.json and "source → destination".
import { brokenLinks } from './linkGraph.mjs';

export async function platformFindings(site) {
  const { graph, withoutAnchors } = await brokenLinks(site);
  return [
    ...withoutAnchors,
    ...graph.getBrokenRedirects().map(({ source, destination }) => ({ file: 'docs.json', target: `${source} → ${destination}` })),
  ];
}
