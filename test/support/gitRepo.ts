import { execFileSync } from 'node:child_process';

const identity = { GIT_AUTHOR_NAME: 'Writer', GIT_AUTHOR_EMAIL: 'writer@example.com', GIT_COMMITTER_NAME: 'Writer', GIT_COMMITTER_EMAIL: 'writer@example.com' };

/** Runs git in a folder (with a fixed identity and no user or system config) and returns its output; throws on failure. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, ...identity, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' }, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Makes `folder` a repository on branch main with everything in it committed; returns the commit. */
export function commitAll(folder: string, message: string, init = false): string {
  if (init) git(folder, 'init', '-q', '-b', 'main');
  git(folder, 'add', '-A');
  git(folder, 'commit', '-q', '--allow-empty', '-m', message);
  return git(folder, 'rev-parse', 'HEAD').trim();
}
