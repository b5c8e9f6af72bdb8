// The extension's page in the Extensions view of a real VS Code (code-server + Chromium), as a
// user who installed the .vsix sees it: the README the package carries, with its screenshots
// loaded from the repository's tag and its links leading to https pages. The machine has no
// internet, so a local HTTPS server stands in for github.com (Chromium's host resolver sends
// github.com there) and serves the repository's files at the paths the packaged README names.
import assert from 'node:assert/strict';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadScaled } from '../support/loadScaled';
import { tempFolder } from '../support/tempFolder';
import { packVsix, readmeTargets } from '../support/vsix';
import { startVSCode, waitFor, type VSCodeSession } from './harness/browser';
import { INSTALL_TIMEOUT_MS, REPO_ROOT, ensureCodeServer, resultsDirFor } from './harness/codeServer';
import { startHttpsStandIn, type HttpsStandIn } from './harness/httpsStandIn';

const SCENARIO_TIMEOUT = loadScaled(120_000);
const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { displayName: string; version: string; repository: { url: string } };
const repository = manifest.repository.url.replace(/\.git$/, '');
const contentTypes: Record<string, string> = { '.png': 'image/png', '.gif': 'image/gif', '.jpg': 'image/jpeg', '.svg': 'image/svg+xml' };

interface ShownImage {
  src: string;
  alt: string;
  naturalWidth: number;
}

describe("the extension's page in the Extensions view, installed from the .vsix", () => {
  let session: VSCodeSession;
  let gitHub: HttpsStandIn;
  let packagedImages: string[];
  const cleanups: Array<() => unknown> = [];

  before(
    async () => {
      await ensureCodeServer();
      const vsix = packVsix(REPO_ROOT, tempFolder('docsjson-vsix-'));
      packagedImages = readmeTargets(new TextDecoder().decode(vsix.files['extension/readme.md'])).filter((target) => target.image).map((target) => target.url);
      // github.com/<owner>/<name>/raw/<tag>/<path>: the file at <path>, as the tag would hold it.
      const rawPrefix = `${new URL(repository).pathname}/raw/v${manifest.version}/`;
      gitHub = await startHttpsStandIn('github.com', (request, response) => {
        const path = decodeURIComponent(new URL(request.url!, 'https://github.com').pathname);
        const file = path.startsWith(rawPrefix) ? join(REPO_ROOT, path.slice(rawPrefix.length)) : undefined;
        if (!file || relative(REPO_ROOT, file).startsWith('..') || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
          response.writeHead(404).end();
          return;
        }
        response.writeHead(200, { 'content-type': contentTypes[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
      });
      cleanups.push(() => gitHub.close());
      // A folder with a file: the workbench counts as ready once the explorer shows a row.
      const workspace = tempFolder('docsjson-extension-page-');
      writeFileSync(join(workspace, 'notes.md'), '# Notes\n');
      session = await startVSCode(
        { name: 'extension-page', after: (fn) => cleanups.push(fn) },
        { extensionDirs: [], vsixFiles: [vsix.path], workspace, browser: { args: gitHub.browserArgs, ignoreHTTPSErrors: true } },
      );
    },
    { timeout: INSTALL_TIMEOUT_MS },
  );

  after(async () => {
    for (const fn of cleanups.reverse()) await fn();
  });

  it('shows every README image, loaded from the repository at the version tag, and links to https pages', { timeout: SCENARIO_TIMEOUT }, (t) =>
    session.step(t.name, async (wb) => {
      assert.ok(packagedImages.length >= 4, `images in the packaged README: ${packagedImages.join(', ')}`);
      await wb.runCommand('Extensions: Show Installed Extensions');
      await wb.page.locator('.extensions-viewlet .monaco-list-row').filter({ hasText: manifest.displayName }).first().click();
      await waitFor('the extension editor', () => wb.page.locator('.extension-editor .header .name').filter({ hasText: manifest.displayName }).isVisible());
      const readme = await wb.webviewFrame(async (frame) => (await frame.locator('h1').filter({ hasText: manifest.displayName }).count()) > 0, 30_000);
      // Images load as they come near the view: bring each into it, then read what it shows.
      let images: ShownImage[] = [];
      await waitFor(
        'every README image loaded',
        async () => {
          for (const image of await readme.locator('img').all()) await image.scrollIntoViewIfNeeded();
          images = await readme.locator('img').evaluateAll((els) => els.map((el) => ({ src: (el as HTMLImageElement).src, alt: (el as HTMLImageElement).alt, naturalWidth: (el as HTMLImageElement).naturalWidth })));
          return images.length === packagedImages.length && images.every((image) => image.naturalWidth > 0);
        },
        60_000,
      ).catch((error: Error) => {
        throw new Error(`${error.message}: the page shows ${JSON.stringify(images)}; the stand-in answered ${JSON.stringify(gitHub.requests)}`);
      });
      t.diagnostic(`${images.length} images, widths ${images.map((image) => image.naturalWidth).join(', ')}`);
      assert.deepEqual(images.map((image) => image.src), packagedImages);
      assert.ok(
        packagedImages.every((url) => gitHub.requests.includes(`GET ${new URL(url).pathname} 200`)),
        `each image fetched from the stand-in: ${JSON.stringify(gitHub.requests)}`,
      );

      const links = await readme.locator('a[href]').evaluateAll((els) => els.map((el) => el.getAttribute('href')!));
      const notHttps = links.filter((href) => !href.startsWith('https://') && !href.startsWith('#'));
      assert.deepEqual(notHttps, [], 'links that lead nowhere from the extension page');
      assert.ok(links.some((href) => href.startsWith(`${repository}/blob/v${manifest.version}/docs/`)), `a link into the repository's docs/ at the tag: ${links.join(', ')}`);

      await readme.locator('h1').first().scrollIntoViewIfNeeded();
      await readme.locator('img').first().scrollIntoViewIfNeeded();
      await wb.screenshot(join(resultsDirFor(t.name), 'extension-page.png'));
    }));
});
