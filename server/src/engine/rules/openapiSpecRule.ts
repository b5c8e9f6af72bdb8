import { parseOperation } from '../model/pageReference';
import type { SiteRule } from '../pages/siteCheck';
import { resolveReference } from '../site/references';

/**
 * In each spec the site declares (in docs.json, or first in a page's frontmatter `openapi`), every
 * reason the platform's validation refuses it, at its place in the spec; in a spec it accepts,
 * what its converter of operations into pages reports as errors.
 */
export const openapiSpecRule: SiteRule = {
  codes: ['openapi/invalid-spec', 'openapi/converter-error'],
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
          for (const { range, stage, message, platformMessage } of cache.problems(path, text)) {
            ctx.report(path, { range, code: stage === 'converter' ? 'openapi/converter-error' : 'openapi/invalid-spec', message, platformMessage });
          }
        }
      },
    };
  },
};
