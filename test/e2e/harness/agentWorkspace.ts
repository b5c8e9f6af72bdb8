// What the agent e2e files share: a site's git repository (a local bare "remote" that the dev API
// server can push the jobs' branches to, and the workspace as its clone) and the settings that
// point the extension at the dev server.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { DevApiServer } from '../../../agent/dev-server/server';

const identity = { GIT_AUTHOR_NAME: 'e2e', GIT_AUTHOR_EMAIL: 'e2e@example.com', GIT_COMMITTER_NAME: 'e2e', GIT_COMMITTER_EMAIL: 'e2e@example.com' };

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, ...identity } });
}

export interface SiteRepository {
  /** The bare repository, the workspace's origin. */
  remote: string;
  /** Another clone, where a test makes the commits it pushes as "the agent". */
  seed: string;
  /** The clone VS Code opens, on main. */
  workspace: string;
}

/** Writes files (path → text) into a clone. */
export function writeFiles(clone: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(clone, path)), { recursive: true });
    writeFileSync(join(clone, path), text);
  }
}

/** A bare repository under `root` with `files` on main, and the workspace as its clone. */
export function makeSiteRepository(root: string, files: Record<string, string>, remoteName = 'remote.git'): SiteRepository {
  const remote = join(root, remoteName);
  const seed = join(root, 'seed');
  const workspace = join(root, 'workspace');
  git(root, 'init', '-q', '--bare', '-b', 'main', remote);
  git(root, 'clone', '-q', remote, seed);
  writeFiles(seed, files);
  git(seed, 'add', '.');
  git(seed, 'commit', '-q', '-m', 'docs');
  git(seed, 'push', '-q', 'origin', 'main');
  git(root, 'clone', '-q', remote, workspace);
  return { remote, seed, workspace };
}

/** The extension's settings for the dev API server, with the built-in Git extension on (it serves "Show Changes" and "Check Out Branch"). */
export function agentSettings(dev: DevApiServer, projectId: string, more: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    'docsjson.agent.apiUrl': dev.url,
    'docsjson.agent.projectId': projectId,
    'docsjson.agent.pollIntervalSeconds': 0.5,
    'git.enabled': true,
    'git.autofetch': false,
    ...more,
  };
}
