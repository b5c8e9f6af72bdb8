import ignore, { type Ignore } from 'ignore';
import { pageOf } from '../site/fileIndex';
import type { SiteHost } from '../site/siteHost';

/**
 * What the platform always leaves out of a site, `.mintignore` or not: tool folders, and the
 * repository's README, LICENSE, CHANGELOG and CONTRIBUTING files (in any folder, any case).
 */
const defaultIgnores = ['.git', '.github', '.claude', '.agents', '.idea', '.vscode', '.cursor', '.mintlify/**', '!.mintlify/**/', '!.mintlify/skills/**', '!.mintlify/**/*.json', '!.mintlify/**/*.yaml', '!.mintlify/**/*.yml', 'node_modules', 'README.md', 'LICENSE.md', 'CHANGELOG.md', 'CONTRIBUTING.md'];

/** The files that make up a site: every file of the docs folder that the platform's default ignores and `.mintignore` do not exclude. */
export class SiteFiles {
  /** Page files (.mdx/.md outside the snippet folders), by root-relative path. */
  readonly pageFiles: string[] = [];
  /** Snippet files: everything under snippets/ or _snippets/. */
  readonly snippetFiles: string[] = [];
  private readonly ignored: Ignore;
  /** What the lists were made of: the file index's generation and the text of `.mintignore`. */
  private readonly generation: number;
  private readonly ignoreRules: string | undefined;

  constructor(readonly host: SiteHost) {
    this.generation = host.files.generation;
    this.ignoreRules = readIgnoreRules(host);
    this.ignored = ignore().add(defaultIgnores).add(this.ignoreRules ?? '');
    for (const file of host.files.all()) {
      if (this.isIgnored(file)) continue;
      if (isSnippet(file)) this.snippetFiles.push(file);
      else if (pageOf(file) !== undefined) this.pageFiles.push(file);
    }
    this.pageFiles.sort();
    this.snippetFiles.sort();
  }

  /** Whether the site's files and `.mintignore` are still what these lists were made of. */
  isCurrent(): boolean {
    return this.host.files.generation === this.generation && readIgnoreRules(this.host) === this.ignoreRules;
  }

  /** Whether the default ignores or `.mintignore` leave this root-relative path out of the site. */
  isIgnored(path: string): boolean {
    return path !== '' && this.ignored.ignores(path);
  }

  /** Whether a root-relative file is part of the site. */
  has(path: string): boolean {
    return this.host.files.has(path) && !this.isIgnored(path);
  }
}

function readIgnoreRules(host: SiteHost): string | undefined {
  return host.files.has('.mintignore') ? host.readFile('.mintignore') : undefined;
}

/**
 * Whether a root-relative path is in one of the platform's snippet folders at the root of the
 * site, `snippets/` or the older `_snippets/`, in any case: a snippet, never a page.
 */
export function isSnippet(file: string): boolean {
  return /^_?snippets\//i.test(file);
}

/**
 * Whether a root-relative path is in `_snippets/`, the older snippet folder: its files are shown
 * by `<Snippet file="…">`, and an import does not find them (the platform resolves imports
 * against the other snippets only).
 */
export function isLegacySnippet(file: string): boolean {
  return /^_snippets\//i.test(file);
}
