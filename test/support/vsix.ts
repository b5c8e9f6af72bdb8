// The .vsix as `npm run vsix` packs it, and its README's images and links as a reader's client
// finds them: for the package test and the Extensions view's e2e test.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';

export interface MarkdownNode {
  type: string;
  url?: string;
  value?: string;
  children?: MarkdownNode[];
  position?: unknown;
}

/** Packs the built dist/ of the repository at `repo` into `<outDir>/docsjson.vsix`: its path and its files. */
export function packVsix(repo: string, outDir: string): { path: string; files: Record<string, Uint8Array> } {
  const path = join(outDir, 'docsjson.vsix');
  const pack = spawnSync('npm', ['run', '-s', 'vsix', '--', '--out', path], { cwd: repo, encoding: 'utf8' });
  assert.equal(pack.status, 0, `npm run vsix failed: ${pack.stdout}${pack.stderr}`);
  return { path, files: unzipSync(readFileSync(path)) };
}

export const parseMarkdown = (text: string) => fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }) as MarkdownNode;
const nodes = (node: MarkdownNode): MarkdownNode[] => [node, ...(node.children ?? []).flatMap(nodes)];

/** Every image and link target of a README: Markdown images, links and definitions, and HTML's src and href. */
export function readmeTargets(readme: string): { image: boolean; url: string }[] {
  return nodes(parseMarkdown(readme)).flatMap((node) => {
    if (node.type === 'html') return [...node.value!.matchAll(/\s(src|href)\s*=\s*["']([^"']*)["']/gi)].map(([, name, url]) => ({ image: name.toLowerCase() === 'src', url }));
    return node.url === undefined ? [] : [{ image: node.type === 'image', url: node.url }];
  });
}
