// Anchors: `@mintlify/link-rot` with `checkAnchors` (the ids its page pass makes with the
// platform's `remarkComponentIds` and `remarkExtractTableOfContents`), the broken links it adds
// to those it reports without anchors.
import { brokenLinks, linkFinding } from './linkGraph.mjs';

export async function platformFindings(site) {
  const { graph, withoutAnchors } = await brokenLinks(site);
  const known = new Set(withoutAnchors.map((finding) => `${finding.file}\t${finding.target}`));
  return graph
    .getBrokenInternalLinks({ checkAnchors: true })
    .map(linkFinding)
    .filter((finding) => !known.has(`${finding.file}\t${finding.target}`));
}

