import { filesWith, type Kind } from '../finding';

export const frontmatter: Kind = {
  name: 'frontmatter',
  title: 'frontmatter (parseFrontmatter) vs frontmatter/syntax',
  ours: (site) => filesWith(site, ['frontmatter/syntax'], 'frontmatter does not parse'),
};
