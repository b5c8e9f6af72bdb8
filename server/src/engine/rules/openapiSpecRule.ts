import { parseOperation } from '../model/pageReference';
import type { Frontmatter } from '../pages/frontmatter';
import { fetchedSpecProblems } from '../openapi/fetchedSpecProblems';
import { remoteSpecPath } from '../openapi/loadSpec';
import type { SpecCache } from '../openapi/openapiSpec';
import type { SiteCheckContext, SiteRule } from '../pages/siteCheck';
import { resolveReference } from '../site/references';

/** The spec file (root-relative) a page's frontmatter `openapi` names first ("api/spec.yaml GET /users"), if it names one. */
export function specInFrontmatter(frontmatter: Frontmatter): string | undefined {
  const named = frontmatter.fields.get('openapi')?.value;
  const spec = typeof named === 'string' ? parseOperation(named.trim())?.spec : undefined;
  const resolved = spec === undefined ? undefined : resolveReference(spec, '');
  return resolved?.kind === 'file' ? resolved.path : undefined;
}

/**
 * In each spec the site declares (in docs.json, or first in a page's frontmatter `openapi`), every
 * reason the platform's validation refuses it, at its place in the spec; in a spec it accepts,
 * what its converter of operations into pages reports as errors. A fetched spec is no file of the
 * workspace: its converter's errors are told on its reference in docs.json, with where they are.
 */
export const openapiSpecRule: SiteRule = {
  codes: ['openapi/invalid-spec', 'openapi/converter-error'],
  start(ctx) {
    const specs = new Set<string>();
    for (const status of ctx.graph.check?.basis.statuses.values() ?? []) {
      if (status.kind === 'local' || status.kind === 'invalid') specs.add(status.path);
    }
    for (const path of ctx.graph.check?.basis.options.pageSpecs ?? []) if (ctx.graph.host.files.has(path)) specs.add(path);
    return {
      page(page) {
        const spec = page.frontmatter && specInFrontmatter(page.frontmatter);
        if (spec !== undefined && ctx.graph.host.files.has(spec)) specs.add(spec);
      },
      site() {
        const cache = ctx.graph.check?.basis.specCache;
        if (!cache) return;
        reportFetchedSpecs(ctx, cache);
        for (const path of specs) {
          const text = ctx.graph.host.readFile(path);
          if (text === undefined) continue;
          for (const { range, stage, message, platformMessage } of cache.problems(path, text)) {
            ctx.report(path, { range, code: stage === 'converter' ? 'openapi/converter-error' : 'openapi/invalid-spec', message, platformMessage });
          }
        }
      },
    };
  },
};

/** On each reference to a fetched spec the platform validates, what its converter reports, with where in the spec. */
function reportFetchedSpecs(ctx: SiteCheckContext, cache: SpecCache): void {
  for (const [declaration, status] of ctx.graph.check?.basis.statuses ?? []) {
    if (status.kind !== 'remote' || !status.fetched?.ok || !status.verdict?.valid) continue;
    const problems = cache.problems(remoteSpecPath(status.url), status.fetched.text);
    if (problems.length === 0) continue;
    const { cursor } = declaration;
    const [range] = cursor.document.json.locate([{ path: cursor.path, target: 'value' }]);
    ctx.report(cursor.document.path, {
      range: range ?? { start: 0, end: 0 },
      code: 'openapi/converter-error',
      message: `In the spec at ${status.url}: ${fetchedSpecProblems(status.url, status.fetched.text, problems)}`,
      platformMessage: problems[0].platformMessage,
    });
  }
}
