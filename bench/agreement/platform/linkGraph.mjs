// The link graph of `@mintlify/link-rot`, built once per site for the links and anchors kinds.
import { posix } from 'node:path';

let built;

export function brokenLinks(site) {
  built ??= (async () => {
    const { buildGraph } = await site.load('@mintlify/link-rot');
    const graph = await buildGraph(site.root, { checkSnippets: true }).catch((error) => {
      // link-rot stops at the first page it cannot parse, and reports nothing else of the site.
      const page = /^Syntax error - Unable to parse (.+?) - /s.exec(String(error?.message));
      if (page) Object.assign(error, { stoppedAt: page[1].replace(/^\/+/, '') });
      throw error;
    });
    graph.precomputeFileResolutions();
    const withoutAnchors = graph.getBrokenInternalLinks().map(linkFinding);
    return { graph, withoutAnchors };
  })();
  return built;
}

/** A broken link as a finding: the file it is written in and its target as written. */
export function linkFinding(mdxPath) {
  return { file: posix.normalize(posix.join(mdxPath.relativeDir, mdxPath.filename)), target: mdxPath.originalPath };
}
