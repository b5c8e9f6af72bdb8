// Our side of `npm run agreement`, for one site, in a process of its own: the engine checks the
// site as `docsjson check` does, and each kind's findings are written as JSON to the file named by
// the last argument. Arguments: the site's docs root, the kinds to run, the output file.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkDocsJson, DiskSiteHost, docsJsonSiteRules, pageRules, runSiteRules, SiteGraph, type Diagnostic } from '../../server/src/engine';
import type { Finding, OurSite } from './finding';
import { allKinds } from './kinds/all';

/** Our engine's diagnostics on a site, as `docsjson check` makes them. */
function ourSite(root: string): OurSite {
  const host = new DiskSiteHost(root);
  const check = checkDocsJson(readFileSync(join(root, 'docs.json'), 'utf8'), host);
  const graph = new SiteGraph(host, check);
  const diagnostics = new Map<string, Diagnostic[]>();
  for (const { document, diagnostics: found } of check.documents.values()) diagnostics.set(document.path, [...found]);
  for (const [file, found] of runSiteRules(graph, [...pageRules, ...docsJsonSiteRules])) diagnostics.set(file, [...(diagnostics.get(file) ?? []), ...found]);
  const textOf = (file: string) => graph.page(file)?.text ?? check.documents.get(file)?.document.json.text ?? host.readFile(file) ?? '';
  return { check, graph, diagnostics, textOf };
}

const [root, kindList, output] = process.argv.slice(2);
const site = ourSite(root);
const findings: Record<string, Finding[]> = {};
for (const kind of allKinds.filter((k) => kindList.split(',').includes(k.name))) findings[kind.name] = kind.ours(site);
writeFileSync(output, JSON.stringify(findings));
