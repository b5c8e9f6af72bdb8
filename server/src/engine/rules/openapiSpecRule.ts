import { parseOperation } from '../model/pageReference';
import type { SiteRule } from '../pages/siteCheck';
import { resolveReference } from '../site/references';

/**
 * In each spec the site declares (in docs.json, or first in a page's frontmatter `openapi`), every
 * reason the platform's validation refuses it, at its place in the spec.
 */
export const openapiSpecRule: SiteRule = {
  codes: ['openapi/invalid-spec'],
  start(ctx) {
    const specs = new Set<string>();
    for (const status of ctx.graph.check?.basis.statuses.values() ?? []) {
      if (status.kind === 'local' || status.kind === 'invalid') specs.add(status.path);
    }
    return {
      page(page) {
        const named = page.frontmatter?.fields.get('openapi')?.value;
        const spec = typeof named === 'string' ? parseOperation(named.trim())?.spec : undefined;
        const resolved = spec === undefined ? undefined : resolveReference(spec, '');
        if (resolved?.kind === 'file' && ctx.graph.host.files.has(resolved.path)) specs.add(resolved.path);
      },
      site() {
        const cache = ctx.graph.check?.basis.specCache;
        if (!cache) return;
        for (const path of specs) {
          const text = ctx.graph.host.readFile(path);
          if (text === undefined) continue;
          for (const { range, message, platformMessage } of cache.problems(path, text)) {
            ctx.report(path, { range, code: 'openapi/invalid-spec', message, platformMessage });
          }
        }
      },
    };
  },
};
