import type { SiteRule } from '../pages/siteCheck';

/**
 * A spec given by URL that was not read (not fetched, or unreadable) makes pages nobody can
 * know: the links and redirects that lead where they may be are not reported one by one, but
 * counted, in one line at the spec's declaration.
 */
export const remoteSpecRule: SiteRule = {
  codes: ['ref/remote-unread'],
  start(ctx) {
    return {
      site() {
        for (const spec of ctx.graph.routes.uncheckedSpecs.values()) {
          const count = ctx.uncheckedIntoSpec.get(spec.url) ?? 0;
          if (count === 0) continue;
          const { cursor } = spec.declaration;
          const [range] = cursor.document.json.locate([{ path: cursor.path, target: 'value' }]);
          const what = count === 1 ? '1 link or redirect' : `${count} links and redirects`;
          const why = spec.error ?? 'it was not fetched. Run docsjson check with --fetch-remote (in the editor, turn on docsjson.openapi.fetchRemote)';
          ctx.report(cursor.document.path, {
            range: range ?? { start: 0, end: 0 },
            code: 'ref/remote-unread',
            message: `Cannot check ${what} into /${spec.directory}/, where the spec at ${spec.url} makes its pages: ${why}`,
          });
        }
      },
    };
  },
};
