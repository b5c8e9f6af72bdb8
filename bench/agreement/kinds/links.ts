import { isRecord } from '../../../server/src/engine/model/cursor';
import { redirectListOf } from '../../../server/src/engine/redirects/redirectList';
import { diagnosticsOf, type Finding, type Kind, type OurSite } from '../finding';

export const links: Kind = {
  name: 'links',
  title: 'links and redirects (link-rot getBrokenInternalLinks, getBrokenRedirects) vs the errors of link/* and redirect/*',
  // link-rot reports what is broken: our errors. Our warnings and information (a folder without an
  // index page, a redirect chain) say the link or redirect works, as link-rot does.
  ours: (site) =>
    diagnosticsOf(site, (code) => (code.startsWith('link/') && code !== 'link/missing-anchor') || code.startsWith('redirect/'))
      .filter(({ diagnostic }) => diagnostic.severity === 'error')
      .map(({ file, diagnostic }) =>
      diagnostic.code.startsWith('redirect/') ? redirectFinding(site, file, diagnostic.range) : referenceFinding(site, file, diagnostic.range, `${diagnostic.severity} ${diagnostic.code}`),
    ),
};

/** A link finding: the file and the target written where it is reported. */
export function referenceFinding(site: OurSite, file: string, range: { start: number; end: number }, note: string): Finding {
  const reference = site.graph.page(file)?.references.find((r) => r.range.start <= range.start && range.end <= r.range.end);
  return { file, target: reference?.target ?? site.textOf(file).slice(range.start, range.end), note };
}

/** A redirect finding: "source → destination" of the redirect the range is in, as link-rot names it. */
function redirectFinding(site: OurSite, file: string, range: { start: number; end: number }): Finding {
  const list = redirectListOf(site.check);
  const items = list?.items ?? [];
  const at = list ? list.document.json.locate(items.map((_, index) => ({ path: [...list.path, index], target: 'value' as const }))) : [];
  const index = at.findIndex((place) => place && place.start <= range.start && range.end <= place.end);
  const item = items[index];
  // link-rot reports every broken redirect against docs.json, wherever the list is kept.
  return { file: 'docs.json', target: isRecord(item) ? `${String(item.source)} → ${String(item.destination)}` : `? (in ${file})` };
}
