import { diagnosticsOf, type Finding, type Kind } from '../finding';

export const components: Kind = {
  name: 'components',
  title: 'components dropped (remarkMdxRemoveUnknownJsx, as getMdx runs it) vs component/unknown',
  ours(site) {
    const findings = new Map<string, Finding>();
    for (const { file, diagnostic } of diagnosticsOf(site, (code) => code === 'component/unknown')) {
      const name = site.textOf(file).slice(diagnostic.range.start, diagnostic.range.end);
      findings.set(`${file}\t${name}`, { file, target: name, note: diagnostic.severity });
    }
    return [...findings.values()];
  },
};
