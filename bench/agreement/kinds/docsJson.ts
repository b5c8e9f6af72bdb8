import { getLocation } from 'jsonc-parser';
import { diagnosticsOf, type Kind } from '../finding';

/** Our codes for a key the platform strips without a word. */
const droppedCodes = new Set(['schema/unknown-key', 'schema/dropped-key']);

export const docsJson: Kind = {
  name: 'docs-json',
  title: 'docs.json (validateDocsConfig: what it rejects, what it strips silently) vs schema/*, nav/*, json/syntax',
  ours: (site) =>
    diagnosticsOf(site, (code) => /^(schema|nav|json)\//.test(code))
      .filter(({ file, diagnostic }) => file.endsWith('.json') && (diagnostic.severity === 'error' || droppedCodes.has(diagnostic.code)))
      .map(({ file, diagnostic }) => {
        const path = getLocation(site.textOf(file), diagnostic.range.start).path.join('.');
        return { file, target: `${droppedCodes.has(diagnostic.code) ? 'dropped' : 'rejected'}: ${path}`, note: `${diagnostic.severity} ${diagnostic.code}` };
      }),
};
