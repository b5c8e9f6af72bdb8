import { diagnosticsOf, type Kind } from '../finding';
import { referenceFinding } from './links';

export const anchors: Kind = {
  name: 'anchors',
  title: 'anchors (link-rot checkAnchors, with the ids of remarkComponentIds and remarkExtractTableOfContents) vs link/missing-anchor',
  ours: (site) => diagnosticsOf(site, (code) => code === 'link/missing-anchor').map(({ file, diagnostic }) => referenceFinding(site, file, diagnostic.range, diagnostic.severity)),
};
