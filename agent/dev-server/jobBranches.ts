import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const identity = { GIT_AUTHOR_NAME: 'Docs agent (dev server)', GIT_AUTHOR_EMAIL: 'agent@dev.invalid', GIT_COMMITTER_NAME: 'Docs agent (dev server)', GIT_COMMITTER_EMAIL: 'agent@dev.invalid' };

/** The link a job adds when its prompt asks for a broken link: no page is there. */
export const BROKEN_LINK_TARGET = '/agent-written-guide';

/**
 * Real commits for the jobs' branches, pushed to a git repository (a local bare one in tests):
 * a job edits the first page of the repository's docs site on a branch made from the default
 * branch; with `brokenLink` the edit links to a page that does not exist. A later run of the same
 * job (a v2 follow-up) without `brokenLink` removes that link again.
 */
export class JobBranches {
  constructor(private readonly remote: string) {}

  push(branch: string, brokenLink: boolean): void {
    this.inClone(branch, (clone, page) => {
      const text = readFileSync(join(clone, page), 'utf8');
      let edited: string;
      let message: string;
      if (brokenLink) {
        edited = `${text.trimEnd()}\n\nThe docs agent added this paragraph. See [the agent's new guide](${BROKEN_LINK_TARGET}).\n`;
        message = `Update ${page}`;
      } else if (text.includes(`](${BROKEN_LINK_TARGET})`)) {
        edited = text.replace(/\n*The docs agent added this paragraph\. See \[[^\]]*\]\([^)]*\)\.\n/, '\n');
        message = `Remove the link to a missing page from ${page}`;
      } else {
        edited = `${text.trimEnd()}\n\nThe docs agent added this paragraph.\n`;
        message = `Update ${page}`;
      }
      writeFileSync(join(clone, page), edited);
      return message;
    });
  }

  private inClone(branch: string, edit: (clone: string, page: string) => string): void {
    const clone = mkdtempSync(join(tmpdir(), 'dev-api-job-'));
    const git = (...args: string[]) => execFileSync('git', args, { cwd: clone, encoding: 'utf8', env: { ...process.env, ...identity }, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      git('clone', '-q', this.remote, '.');
      const exists = git('ls-remote', '--heads', 'origin', branch).trim() !== '';
      git('checkout', '-q', '-B', branch, exists ? `origin/${branch}` : 'HEAD');
      const files = git('ls-files', '-z').split('\0').filter(Boolean);
      const docsJson = files.filter((file) => /(^|\/)docs\.json$/.test(file)).sort((a, b) => a.length - b.length)[0];
      if (docsJson === undefined) throw new Error(`no docs.json in ${this.remote}`);
      const folder = docsJson.slice(0, -'docs.json'.length);
      const page = files.filter((file) => file.startsWith(folder) && file.endsWith('.mdx') && !file.slice(folder.length).includes('/')).sort()[0];
      if (page === undefined) throw new Error(`no page beside ${docsJson}`);
      git('commit', '-q', '-a', '-m', edit(clone, page));
      git('push', '-q', 'origin', `HEAD:refs/heads/${branch}`);
    } finally {
      rmSync(clone, { recursive: true, force: true });
    }
  }
}
