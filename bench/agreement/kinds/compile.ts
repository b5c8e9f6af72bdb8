import { filesWith, type Kind } from '../finding';

export const compile: Kind = {
  name: 'compile',
  title: 'pages that compile (getAST) vs mdx/syntax',
  ours: (site) => filesWith(site, ['mdx/syntax'], 'does not compile'),
};
