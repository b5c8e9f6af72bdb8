import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { isSkippedFolder } from '../../../server/src/engine/site/folderWalk';
import { UsageError } from '../usage';

/** What a base commit holds under one folder: each file's blob, by path from that folder. */
export interface GitTree {
  /** The commit the ref named, for messages. */
  readonly commit: string;
  readonly blobs: ReadonlyMap<string, string>;
}

/** A git repository, read through the git command without touching the working tree or the index. */
export class GitRepository {
  private constructor(
    /** A folder of the working tree inside the repository, where git runs. */
    private readonly cwd: string,
    /** The folder this object reads (the site's), as an absolute path (it need not be in the working tree). */
    readonly folder: string,
    /** That folder's path from the repository's top, with a trailing "/" (empty at the top). */
    readonly prefix: string,
  ) {}

  /** The same repository, reading a folder below this one. */
  below(path: string): GitRepository {
    return path === '' ? this : new GitRepository(this.cwd, join(this.folder, path), `${this.prefix}${path}/`);
  }

  /**
   * The repository holding `folder`; a usage error when there is none or git is missing, made of
   * why git is needed ("--base compares with a git commit") and what to do instead.
   */
  static at(folder: string, why: string, otherwise: string): GitRepository {
    const result = spawnSync('git', ['rev-parse', '--show-prefix'], { cwd: folder, encoding: 'utf8' });
    if (result.error) throw new UsageError(`${why}, and git could not be run (${(result.error as NodeJS.ErrnoException).code ?? result.error.message}): install git${otherwise}`);
    if (result.status !== 0) throw new UsageError(`${why}, but ${folder} is not in a git repository: run it inside a clone of the site's repository${otherwise}`);
    return new GitRepository(folder, folder, result.stdout.trim());
  }

  /** The commit a ref names; a usage error that says what to do when it cannot be found. */
  commitOf(ref: string): string {
    if (ref.startsWith('-')) throw new UsageError(`--base takes a git ref (a branch, a tag or a commit), not "${ref}"`);
    const found = this.git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`], false);
    if (found !== undefined) return found.trim();
    const shallow = this.git(['rev-parse', '--is-shallow-repository'], false)?.trim() === 'true';
    if (shallow) throw new UsageError(`the base "${ref}" is not in this shallow clone: fetch it (git fetch origin ${ref}), or clone with the whole history (in GitHub Actions, actions/checkout with fetch-depth: 0)`);
    throw new UsageError(`no commit "${ref}" in this repository: name a branch, tag or commit that exists (git fetch origin first if it is a remote branch)`);
  }

  /** The files of this folder at `commit`, by path from it; undefined when the folder did not exist there. */
  treeAt(commit: string): GitTree | undefined {
    const listing = this.git(['ls-tree', '--full-tree', '-r', '-z', `${commit}:${this.prefix}`], false);
    if (listing === undefined) return undefined;
    const blobs = new Map<string, string>();
    for (const entry of listing.split('\0')) {
      // <mode> SP <type> SP <object> TAB <path>; only plain files count (links and submodules are not followed).
      const tab = entry.indexOf('\t');
      if (tab < 0) continue;
      const [mode, type, object] = entry.slice(0, tab).split(' ');
      if (type === 'blob' && mode !== '120000') blobs.set(entry.slice(tab + 1), object);
    }
    return { commit, blobs };
  }

  /** The sizes of many blobs in one run of git, nothing read of their contents; missing ones are left out. */
  blobSizes(objects: readonly string[]): Map<string, number> {
    const sizes = new Map<string, number>();
    if (objects.length === 0) return sizes;
    const output = execFileSync('git', ['cat-file', '--batch-check'], { cwd: this.cwd, input: `${objects.join('\n')}\n`, encoding: 'latin1', maxBuffer: 1024 * 1024 * 1024, stdio: ['pipe', 'pipe', 'ignore'] });
    for (const line of output.split('\n')) {
      const [object, type, size] = line.split(' ');
      if (type === 'blob' && size !== undefined) sizes.set(object, Number(size));
    }
    return sizes;
  }

  /** The contents of many blobs in one run of git, as much as their sizes (`blobSizes`) add up to; missing ones are left out. */
  readBlobs(objects: readonly string[], totalBytes: number): Map<string, Buffer> {
    const contents = new Map<string, Buffer>();
    if (objects.length === 0) return contents;
    // Each answer is a header line ("<object> blob <size>"), the content and a line break.
    const output = execFileSync('git', ['cat-file', '--batch'], { cwd: this.cwd, input: `${objects.join('\n')}\n`, maxBuffer: totalBytes + objects.length * 128, stdio: ['pipe', 'pipe', 'ignore'] });
    let at = 0;
    while (at < output.length) {
      const headerEnd = output.indexOf(10, at);
      if (headerEnd < 0) break;
      const [object, type, size] = output.toString('latin1', at, headerEnd).split(' ');
      at = headerEnd + 1;
      if (type === 'missing' || size === undefined) continue;
      const length = Number(size);
      contents.set(object, output.subarray(at, at + length));
      at += length + 1;
    }
    return contents;
  }

  /** Files of this folder renamed since `commit` (in the working tree, or at commit `to`), old path to new; git's rename detection. */
  renames(commit: string, to?: string): Map<string, string> {
    const relative = this.prefix === '' ? [] : [`--relative=${this.prefix}`];
    const output = this.git(['diff', '--name-status', '-M', '-z', ...relative, commit, ...(to ? [to] : []), '--'], true)!;
    const renames = new Map<string, string>();
    const fields = output.split('\0');
    for (let i = 0; i < fields.length; ) {
      const status = fields[i++];
      if (!status) continue;
      if (status.startsWith('R') || status.startsWith('C')) {
        const from = fields[i++];
        const to = fields[i++];
        if (status.startsWith('R')) renames.set(from, to);
      } else i++;
    }
    return renames;
  }

  /** Fetches a branch of a remote into its remote-tracking ref; returns the commit. */
  fetchBranch(remote: string, branch: string): string {
    const tracking = `refs/remotes/${remote}/${branch}`;
    const fetched = spawnSync('git', ['fetch', '-q', '--no-tags', '--end-of-options', remote, `+refs/heads/${branch}:${tracking}`], { cwd: this.cwd, encoding: 'utf8' });
    if (fetched.status !== 0) {
      const reason = fetched.stderr.trim().split('\n').find((line) => /fatal|error/.test(line)) ?? fetched.stderr.trim().split('\n')[0] ?? '';
      throw new UsageError(`could not fetch branch "${branch}" from ${remote}: ${reason.replace(/^(fatal|error): /, '')}`);
    }
    return this.git(['rev-parse', '--verify', `${tracking}^{commit}`], true)!.trim();
  }

  /** The branch a remote's HEAD names (its default branch), if the remote says. */
  defaultBranch(remote: string): string | undefined {
    const listing = this.git(['ls-remote', '--symref', '--end-of-options', remote, 'HEAD'], false) ?? '';
    return /^ref: refs\/heads\/(\S+)\tHEAD$/m.exec(listing)?.[1];
  }

  /** The last commit two commits share: where a branch started from another. */
  mergeBase(a: string, b: string): string | undefined {
    return this.git(['merge-base', a, b], false)?.trim();
  }

  /** Whether the repository has a remote of that name. */
  hasRemote(remote: string): boolean {
    return this.remoteUrl(remote) !== undefined;
  }

  /** The URL (or path) of a remote, if the repository has it. */
  remoteUrl(remote: string): string | undefined {
    return this.git(['remote', 'get-url', '--end-of-options', remote], false)?.trim();
  }

  /** The folders (from this one, "" for itself) that hold a docs.json at a commit, dependencies and dot folders left out. */
  docsJsonFoldersAt(commit: string): string[] {
    const listing = this.git(['ls-tree', '--full-tree', '-r', '-z', '--name-only', `${commit}:${this.prefix}`], false) ?? '';
    return listing
      .split('\0')
      .filter((path) => path === 'docs.json' || path.endsWith('/docs.json'))
      .map((path) => path.slice(0, -'docs.json'.length).replace(/\/$/, ''))
      .filter((folder) => !folder.split('/').some((name) => name !== '' && isSkippedFolder(name)));
  }

  private git(args: string[], required: boolean): string | undefined {
    // No optional locks: a status-like command would otherwise refresh the index, and the check only reads.
    const result = spawnSync('git', ['--no-optional-locks', ...args], { cwd: this.cwd, encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024 });
    if (result.status === 0) return result.stdout;
    if (required) throw new UsageError(`git ${args[0]} failed: ${result.stderr.trim().split('\n')[0] ?? ''}`);
    return undefined;
  }
}
