import { diagnosticsOf, type Finding, type Kind } from '../finding';

export const openapi: Kind = {
  name: 'openapi',
  title: 'operations of pages (categorizeFilePaths, getOpenApiOperationMethodAndEndpoint, getMatchingOpenApiFile) vs ref/* and openapi/* on pages',
  ours(site) {
    const findings = new Map<string, Finding>();
    const onPage = diagnosticsOf(site, (code) => code.startsWith('ref/') || code.startsWith('openapi/')).filter(({ file }) => /\.mdx?$/.test(file));
    for (const { file, diagnostic } of onPage) {
      const value = site.textOf(file).slice(diagnostic.range.start, diagnostic.range.end).replace(/^(["'])(.*)\1$/s, '$2').trim();
      const key = `${file}\t${value}`;
      if (!findings.has(key)) findings.set(key, { file, target: value, note: `${diagnostic.severity} ${diagnostic.code}` });
    }
    return [...findings.values()];
  },
};
