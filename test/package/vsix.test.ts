// The .vsix as the VS Code Marketplace, Open VSX and VS Code's Extensions view get it: packed by
// `npm run vsix` from the built dist/, unzipped, and read as they read it. VS Code's page for an
// extension drops relative links and images and loads images from https only, and the registries
// have nothing but the package: every image and link of its README must be an absolute URL.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { tempFolder } from '../support/tempFolder';
import { packVsix, parseMarkdown, readmeTargets as targets, type MarkdownNode } from '../support/vsix';

const repo = join(__dirname, '..', '..');
const sourceManifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
/** The categories both registries list extensions under (Open VSX takes the Marketplace's). */
const registryCategories = [
  'AI', 'Azure', 'Chat', 'Data Science', 'Debuggers', 'Education', 'Extension Packs', 'Formatters', 'Keymaps',
  'Language Packs', 'Linters', 'Machine Learning', 'Notebooks', 'Other', 'Programming Languages', 'SCM Providers',
  'Snippets', 'Testing', 'Themes', 'Visualization',
];

/** The README's tree without its URLs and places: what a reader sees besides where links go. */
function withoutUrls(node: MarkdownNode): unknown {
  const { url: _url, position: _position, children, ...rest } = node;
  return children ? { ...rest, children: children.map(withoutUrls) } : rest;
}

describe('the .vsix', () => {
  let files: Record<string, Uint8Array>;
  const text = (path: string) => new TextDecoder().decode(files[path]);
  const manifest = () => JSON.parse(text('extension/package.json'));

  before(() => {
    assert.ok(existsSync(join(repo, 'dist', 'extension.js')), 'dist/ is not built: run `node esbuild.mjs` first');
    const out = tempFolder('docsjson-vsix-');
    files = packVsix(repo, out).files;
    assert.deepEqual(readdirSync(out), ['docsjson.vsix']);
  }, { timeout: 180_000 });

  it('has the manifest fields the Marketplace and Open VSX need: publisher, name, licence, repository, icon, categories', () => {
    const packed = manifest();
    for (const field of ['publisher', 'name', 'displayName', 'description', 'version']) assert.match(String(packed[field] ?? ''), /\S/, field);
    assert.equal(packed.license, 'MIT');
    assert.match(packed.repository?.url ?? '', /^https:\/\/github\.com\/[\w.-]+\/[\w.-]+\.git$/, 'repository: the GitHub URL of this repository');
    assert.equal(packed.bugs?.url, packed.repository.url.replace(/\.git$/, '/issues'));
    assert.match(packed.icon, /\.png$/, 'the registries take a PNG icon, not an SVG');
    assert.ok(files[`extension/${packed.icon}`], `the icon ${packed.icon} is in the package`);
    assert.ok(packed.categories.length > 0);
    assert.deepEqual(packed.categories.filter((category: string) => !registryCategories.includes(category)), [], 'categories the registries do not know');
    assert.match(packed.engines?.vscode ?? '', /^\^\d+\.\d+\.\d+$/);
    assert.match(text('extension.vsixmanifest'), /Id="Microsoft\.VisualStudio\.Services\.Links\.Source" Value="https:\/\/github\.com\//);
  });

  it('holds the licence (the MIT licence asks to be shipped with the software)', () => {
    assert.equal(text('extension/LICENSE.txt'), readFileSync(join(repo, 'LICENSE'), 'utf8'));
    assert.match(text('extension.vsixmanifest'), /<License>extension\/LICENSE\.txt<\/License>/);
  });

  it("its README's images and links are https URLs, those into the repository naming files of this version's tag", () => {
    const readme = text('extension/readme.md');
    const repository = String(manifest().repository?.url).replace(/\.git$/, '');
    const tag = `v${manifest().version}`;
    const all = targets(readme);
    assert.ok(all.filter((target) => target.image).length >= 4, `images in the packed README: ${all.map((target) => target.url).join(', ')}`);
    const problems: string[] = [];
    for (const { image, url } of all) {
      if (url.startsWith('#') || (!image && url.startsWith('mailto:'))) continue;
      if (!url.startsWith('https://')) {
        problems.push(`${url}: VS Code's extension page shows no ${image ? 'image that is not https' : 'relative link'}`);
        continue;
      }
      if (!url.startsWith(`${repository}/`)) continue;
      const file = new RegExp(`^${repository}/(raw|blob)/${tag}/([^?#]+)`).exec(url);
      if (!file) problems.push(`${url}: not a file of ${tag}`);
      else if (image && file[1] !== 'raw') problems.push(`${url}: an image is loaded from raw/, not from the file's page`);
      else if (!existsSync(join(repo, decodeURI(file[2])))) problems.push(`${url}: there is no ${file[2]} in the repository`);
    }
    assert.deepEqual(problems, []);
  });

  it('its README is README.md with only the URLs changed: code spans and text as written', () => {
    const readme = readFileSync(join(repo, 'README.md'), 'utf8');
    assert.deepEqual(withoutUrls(parseMarkdown(text('extension/readme.md'))), withoutUrls(parseMarkdown(readme)));
    assert.equal(targets(text('extension/readme.md')).length, targets(readme).length);
  });

  it('holds what the extension runs and shows, and no screenshot but the walkthrough\'s (the README loads them from the repository)', () => {
    const packed = Object.keys(files).filter((path) => path.startsWith('extension/'));
    const walkthroughImages = sourceManifest.contributes.walkthroughs.flatMap((walkthrough: { steps: { media: { image: string } }[] }) => walkthrough.steps.map((step) => `extension/${step.media.image}`));
    assert.deepEqual(packed.filter((path) => path.startsWith('extension/media/screenshots/')).sort(), [...new Set(walkthroughImages)].sort());
    for (const image of walkthroughImages) assert.ok(files[image].length < 80_000, `${image} is small (${files[image].length} bytes)`);
    for (const path of [sourceManifest.main, sourceManifest.icon, 'schemas/docs.schema.json', 'dist/server.js', 'dist/mdxWorker.js', 'dist/cli.js', 'dist/cliCommands.js']) {
      assert.ok(packed.includes(`extension/${path.replace(/^\.\//, '')}`), `${path} is in the package`);
    }
  });
});
