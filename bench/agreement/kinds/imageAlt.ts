import { LineIndex } from '../../../server/src/engine';
import { diagnosticsOf, type Kind } from '../finding';

export const imageAlt: Kind = {
  name: 'image-alt',
  title: 'image alt text (checkMdxAccessibility) vs a11y/image-alt',
  ours: (site) =>
    diagnosticsOf(site, (code) => code === 'a11y/image-alt').map(({ file, diagnostic }) => ({
      file,
      target: `line ${new LineIndex(site.textOf(file)).position(diagnostic.range.start).line + 1}`,
      note: diagnostic.severity,
    })),
};
