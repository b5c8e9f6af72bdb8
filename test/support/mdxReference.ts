// The reference the product's MDX verdict is held to: the plain unified pipeline the platform's
// `getAST` builds (remark-parse, then remark-mdx, remark-gfm, remark-frontmatter for YAML and
// TOML, remark-math, at the platform's versions), on the text the platform's two rewrites make.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { parseMdx } from '../../server/src/engine/pages/mdx/parseMdx';
import { rewriteAsPlatform } from '../../server/src/engine/pages/mdx/platformRewrites';

const processor = unified()
  .use(remarkParse)
  .use(remarkMdx)
  .use(remarkGfm)
  .use(remarkFrontmatter, ['yaml', 'toml'])
  .use(remarkMath)
  .freeze();

/** "accepted", or "rejected at line N" (the line of the page as written). */
export type Verdict = 'accepted' | `rejected at line ${number}`;

/** The reference's verdict on a page. */
export function referenceVerdict(page: string): Verdict {
  const { text, map } = rewriteAsPlatform(page);
  try {
    processor.parse(text);
    return 'accepted';
  } catch (thrown) {
    const error = thrown as { reason?: string; line?: number; column?: number };
    // The unclosed tag: the platform's place is the tag, named only in the message.
    const tag = /^Expected a closing tag for `[^`]*` \((\d+):(\d+)-/.exec(error.reason ?? '');
    const [line, column] = tag ? [+tag[1], +tag[2]] : [error.line ?? 1, error.column ?? 1];
    return `rejected at line ${map.rewritten ? map.toSource(line, column).line : line}`;
  }
}

/** The product's verdict on a page. */
export function productVerdict(page: string): Verdict {
  const { error } = parseMdx(page);
  return error ? `rejected at line ${error.start.line}` : 'accepted';
}

/** Every .mdx and .md file under a folder. */
export function pagesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return pagesUnder(path);
    return /\.mdx?$/i.test(name) ? [path] : [];
  });
}

export function readPage(path: string): string {
  return readFileSync(path, 'utf8');
}
