// The README the .vsix carries: README.md with its relative links and images turned into URLs of
// this version's tag in the repository (package.json's `repository`). VS Code's extension page
// drops relative paths and loads images from https only, and the Marketplace and Open VSX have
// nothing but the package, so a relative screenshot or `docs/…` link would show nothing there.
// `npm run vsix` packs the file this writes in place of README.md. vsce's own rewriting is not
// used: it rewrites link-like text inside code spans too (the messages the README quotes).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const packagedReadme = join('dist', 'README.md');

interface Manifest {
  version: string;
  repository?: string | { url?: string };
}

interface UrlNode {
  type: string;
  url?: string;
  position?: { start: { offset?: number }; end: { offset?: number } };
  children?: UrlNode[];
}

/** "owner/name" of the GitHub repository package.json names. */
function gitHubRepository(manifest: Manifest): string {
  const url = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
  const match = /^(?:git\+)?https:\/\/github\.com\/([\w.-]+\/[\w.-]+?)(?:\.git)?\/?$/.exec(url ?? '');
  if (!match) throw new Error(`package.json's repository must be a GitHub https URL, not ${JSON.stringify(url)}`);
  return match[1];
}

/** A URL that names a file of the repository by its path: no scheme, not only an #anchor. */
function isRelativeUrl(url: string): boolean {
  return !/^[a-z][a-z\d+.-]*:/i.test(url) && !url.startsWith('#') && !url.startsWith('//');
}

/** The README with every relative link and image made absolute at the tag `v<version>`. */
export function packageReadme(readme: string, manifest: Manifest): string {
  const base = `https://github.com/${gitHubRepository(manifest)}`;
  const tag = `v${manifest.version}`;
  const tree = fromMarkdown(readme, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }) as UrlNode;
  const edits: { at: number; length: number; text: string }[] = [];
  const visit = (node: UrlNode) => {
    if ((node.type === 'link' || node.type === 'image' || node.type === 'definition') && node.url && isRelativeUrl(node.url)) {
      const [path, suffix] = splitPath(node.url);
      if (!existsSync(join(root, decodeURI(path)))) throw new Error(`README.md links to ${node.url}: there is no ${path} in the repository`);
      const start = node.position!.start.offset!;
      const source = readme.slice(start, node.position!.end.offset!);
      const at = node.type === 'definition' ? source.indexOf(node.url, source.indexOf(']:')) : source.lastIndexOf(`](${node.url}`) + 2;
      if (at < 2) throw new Error(`README.md: cannot find the URL ${node.url} as written in ${source}`);
      const text = `${base}/${node.type === 'image' ? 'raw' : 'blob'}/${tag}/${path}${suffix}`;
      edits.push({ at: start + at, length: node.url.length, text });
    }
    node.children?.forEach(visit);
  };
  visit(tree);
  edits.sort((a, b) => a.at - b.at);
  return edits.reduceRight((text, edit) => text.slice(0, edit.at) + edit.text + text.slice(edit.at + edit.length), readme);
}

/** A relative URL's path from the repository root, and its ?query/#anchor as written. */
function splitPath(url: string): [string, string] {
  const cut = url.search(/[?#]/);
  const [path, suffix] = cut < 0 ? [url, ''] : [url.slice(0, cut), url.slice(cut)];
  const normalized = posix.normalize(path.replace(/^\/+/, ''));
  if (normalized.startsWith('..')) throw new Error(`README.md links to ${url}, outside the repository`);
  return [normalized, suffix];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;
  const out = join(root, packagedReadme);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, packageReadme(readFileSync(join(root, 'README.md'), 'utf8'), manifest));
}
