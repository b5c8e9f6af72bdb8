import { getLocation } from 'jsonc-parser';
import { diagnosticsOf, type Finding, type Kind } from '../finding';

/** Our codes for a key the platform strips without a word. */
const droppedCodes = new Set(['schema/unknown-key', 'schema/dropped-key', 'nav/multiple-root-patterns', 'nav/mixed-children', 'nav/menu-outside-tab', 'nav/child-not-allowed']);

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
  /**
   * The platform validates docs.json with its `$ref`s resolved, so it names a finding of a `$ref`
   * file by its path in docs.json, once for each place the file is included: ours there is named
   * as each of the platform's findings whose path ends with ours.
   */
  align(ours, theirs) {
    return ours.flatMap((finding): Finding[] => {
      if (finding.file === 'docs.json') return [finding];
      const [verdict, path] = finding.target.split(': ');
      const same = theirs.filter((their) => their.file === 'docs.json' && their.target.startsWith(`${verdict}: `) && their.target.endsWith(`.${path}`));
      return same.length > 0 ? same.map((their) => ({ ...finding, file: their.file, target: their.target })) : [finding];
    });
  },
};
