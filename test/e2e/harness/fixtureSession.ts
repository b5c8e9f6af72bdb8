// A real VS Code (code-server + Chromium) with the built extension, on a copy of a fixture site (or
// of any site folder) in a temporary folder: set up before a suite's tests, closed and removed after them.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { after, before } from 'node:test';
import { startVSCode, type VSCodeSession } from './browser';
import { INSTALL_TIMEOUT_MS, REPO_ROOT, ensureCodeServer } from './codeServer';

export interface FixtureSession {
  /** The running VS Code, once the suite's set-up is done. */
  readonly session: VSCodeSession;
  /** The copy of the fixture site it has open. */
  readonly site: string;
}

/** Call inside `describe`: registers the suite's set-up and tear-down; `prepare` writes into the copy before VS Code opens it. */
export function vscodeOnFixtureCopy(name: string, fixture: string, prepare?: (site: string) => void): FixtureSession {
  return vscodeOnSiteCopy(name, join(REPO_ROOT, 'test', 'fixtures', 'sites', fixture), prepare);
}

/** `vscodeOnFixtureCopy` for a site folder anywhere (a real site, say): the copy is named as the folder. */
export function vscodeOnSiteCopy(name: string, source: string, prepare?: (site: string) => void): FixtureSession {
  let session: VSCodeSession | undefined;
  let tmp: string | undefined;
  let site = '';
  const cleanups: Array<() => unknown> = [];
  before(
    async () => {
      await ensureCodeServer();
      for (const file of ['extension.js', 'server.js']) {
        assert.ok(existsSync(join(REPO_ROOT, 'dist', file)), `dist/${file} is missing: run "node esbuild.mjs" first (npm test does)`);
      }
      tmp = mkdtempSync(join(tmpdir(), `docsjson-${name}-e2e-`));
      site = join(tmp, basename(source));
      cpSync(source, site, { recursive: true });
      prepare?.(site);
      session = await startVSCode({ name, after: (fn) => cleanups.push(fn) }, { extensionDirs: [REPO_ROOT], workspace: site });
    },
    { timeout: INSTALL_TIMEOUT_MS },
  );
  after(async () => {
    for (const fn of cleanups.reverse()) await fn();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });
  return {
    get session() {
      return session ?? assert.fail('VS Code did not start: see the set-up error above');
    },
    get site() {
      return site;
    },
  };
}
