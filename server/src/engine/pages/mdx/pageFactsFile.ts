import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { KeptSpec, SpecStore } from '../../openapi/keptSpecs';
import { keptSpecFromJson, keptSpecToJson } from '../../openapi/specFindingsJson';
import type { MdxFacts } from './mdxFacts';
import { factsFromJson, factsToJson } from './mdxFactsJson';

/** Where the facts of pages parsed in earlier runs are kept, by the page's text. */
export interface PageFactsStore {
  get(text: string): MdxFacts | undefined;
  set(text: string, facts: MdxFacts): void;
}

export interface PageFactsFileOptions {
  /** The file. */
  file: string;
  /** What made the facts (the parser's and this program's code, their versions): a file made by another is not read. */
  stack: string;
  /** The most the file may hold: the entries used longest ago are left out past it. */
  maxBytes: number;
}

const format = 'docsjson-page-facts';
/**
 * How stale an entry's "used" stamp may be before a hit stamps it anew in the file: a run that
 * only reads entries stamped more recently leaves the file as it is, so that the pages used
 * longest ago are still dropped first, to within a day.
 */
const restampAfterMs = 24 * 60 * 60 * 1000;
/** The version of the file's layout and of the facts' JSON (`mdxFactsJson.ts`). */
const formatVersion = 4;

interface Entry {
  /** When a run last used it (ms since the epoch). */
  used: number;
  /** The facts, as `factsToJson` wrote them. */
  json: string;
}

/**
 * The facts of pages kept in one file across runs, as ESLint's and Prettier's caches keep their
 * results: each page's by the SHA-256 of its text (and what the check needs of each OpenAPI spec with the findings on it, by
 * that of its path and text; and entries of other kinds by keys their users make, `keptEntry`). A header line names the format, its version,
 * the `stack` and the SHA-256 of the rest, one line per page: a file of another format, version or
 * stack, or whose rest does not hash to its header's, is read as empty, and an entry of
 * another shape is a miss, so that a bad file costs parses, never findings. Written whole to a
 * file of its own then renamed over the old one, so that a run reading it while another writes
 * reads one or the other; within `maxBytes`, the entries used longest ago left out.
 */
export class PageFactsFile implements PageFactsStore, SpecStore {
  /** The entries, those used longest ago first. */
  private readonly entries = new Map<string, Entry>();
  private changed = false;
  private readonly now = Date.now();

  private constructor(private readonly options: PageFactsFileOptions) {}

  /** The file's entries, none if it is missing, unreadable, too large, corrupt or another's. */
  static open(options: PageFactsFileOptions): PageFactsFile {
    const store = new PageFactsFile(options);
    store.read();
    return store;
  }

  get(text: string): MdxFacts | undefined {
    return this.lookUp(sha256(text), factsFromJson);
  }

  set(text: string, facts: MdxFacts): void {
    const json = factsToJson(facts);
    if (json !== undefined) this.keep(sha256(text), json);
  }

  keptSpec(text: string, fileName: string): KeptSpec | undefined {
    return this.lookUp(specKey(text, fileName), keptSpecFromJson);
  }

  keepSpec(text: string, fileName: string, kept: KeptSpec): void {
    this.keep(specKey(text, fileName), keptSpecToJson(kept));
  }

  /** An entry of another kind, kept by a key no page text or spec hashes to; `read` shape-checks it (undefined: a miss). */
  keptEntry<T>(key: string, read: (value: unknown) => T | undefined): T | undefined {
    return this.lookUp(key, read);
  }

  keepEntry(key: string, value: unknown): void {
    this.keep(key, JSON.stringify(value));
  }

  /** Whether the file held no entry (missing, or read as empty) and none was added since. */
  get empty(): boolean {
    return this.entries.size === 0;
  }

  private lookUp<T>(key: string, read: (value: unknown) => T | undefined): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    let value: T | undefined;
    try {
      value = read(JSON.parse(entry.json));
    } catch {
      value = undefined;
    }
    // Last of all in this run's order, as it is dropped last if the file is written.
    this.entries.delete(key);
    if (value) this.entries.set(key, { used: this.now, json: entry.json });
    if (!value || this.now - entry.used >= restampAfterMs) this.changed = true;
    return value;
  }

  private keep(key: string, json: string): void {
    this.entries.delete(key);
    this.entries.set(key, { used: this.now, json });
    this.changed = true;
  }

  /** Whether `save` would write the file: this run added an entry, dropped one, or used one whose stamp is a day old. */
  get unsaved(): boolean {
    return this.changed;
  }

  /** Writes the file if it is `unsaved`; throws what the file system says. */
  save(): void {
    if (!this.changed) return;
    const kept: string[] = [];
    let bytes = 0;
    for (const [key, { used, json }] of [...this.entries].reverse()) {
      const line = `${key}\t${used}\t${json}\n`;
      bytes += Buffer.byteLength(line);
      if (bytes > this.options.maxBytes) break;
      kept.push(line);
    }
    const body = kept.reverse().join('');
    const header = JSON.stringify({ format, version: formatVersion, stack: this.options.stack, sha256: sha256(body) });
    const { file } = this.options;
    makeFolders(dirname(file));
    const temporary = `${file}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
    try {
      writeFileSync(temporary, `${header}\n${body}`);
      renameSync(temporary, file);
    } catch (error) {
      rmSync(temporary, { force: true });
      throw error;
    }
    this.changed = false;
  }

  private read(): void {
    let text: string;
    try {
      // A file far beyond the bound is not this store's: it is not read into memory.
      if (statSync(this.options.file).size > 2 * this.options.maxBytes) return;
      text = readFileSync(this.options.file, 'utf8');
    } catch {
      return;
    }
    const headerEnd = text.indexOf('\n');
    const body = text.slice(headerEnd + 1);
    let header: unknown;
    try {
      header = JSON.parse(text.slice(0, Math.max(headerEnd, 0)));
    } catch {
      return;
    }
    const { options } = this;
    if (!isHeader(header) || header.format !== format || header.version !== formatVersion || header.stack !== options.stack || header.sha256 !== sha256(body)) return;
    for (const line of body.split('\n')) {
      const [key, used, json] = line.split('\t', 3);
      if (json !== undefined) this.entries.set(key, { used: Number(used) || 0, json });
    }
    // Oldest first, as `get` and `set` keep them.
    const byAge = [...this.entries].sort(([, a], [, b]) => a.used - b.used);
    this.entries.clear();
    for (const [key, entry] of byAge) this.entries.set(key, entry);
  }
}

/** The most one page cache holds: the facts of about 20,000 pages of upstash's kind. */
export const pageCacheMaxBytes = 64 * 1024 * 1024;

/** The file of the page cache kept in a folder. */
export function pageCacheFile(folder: string): string {
  return join(folder, 'page-facts');
}

/**
 * The page cache kept in a folder, of the facts read by the worker script and the findings on
 * specs reached by the program's script (`scripts`), with this version of the program. What they
 * depend on besides a page's or spec's text: those scripts' code (the parser stack, the spec
 * validation, their versions and the platform's rewrites are bundled in them), the program's
 * version and the Node.js that runs it (its Unicode tables drive the parser's).
 */
export function openPageCache(folder: string, scripts: readonly string[], programVersion: string): PageFactsFile {
  const hash = createHash('sha256').update(`${programVersion}\0${process.version}\0`);
  for (const script of scripts) hash.update(readFileSync(script));
  return PageFactsFile.open({ file: pageCacheFile(folder), stack: hash.digest('base64url'), maxBytes: pageCacheMaxBytes });
}

/** Makes a folder and those above it one by one: Node's recursive `mkdirSync` never returns under /proc. */
function makeFolders(folder: string): void {
  const missing: string[] = [];
  for (let at = folder; !existsSync(at) && dirname(at) !== at; at = dirname(at)) missing.push(at);
  for (const at of missing.reverse()) mkdirSync(at);
}

function isHeader(value: unknown): value is { format: unknown; version: unknown; stack: unknown; sha256: unknown } {
  return typeof value === 'object' && value !== null;
}

/** The key of a spec's findings: its path says how its text is read (JSON or YAML). */
function specKey(text: string, fileName: string): string {
  return createHash('sha256').update(`openapi-spec\0${fileName}\0`).update(text).digest('base64url');
}

/** The SHA-256 of a text, as the cache's keys and header write it. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}
