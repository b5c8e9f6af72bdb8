import { codes } from './codes';
import type { RemoteSpecs } from './openapi/loadedSpec';
import type { Problem, Severity } from './diagnostic';
import type { IconLibrary } from './icons/iconNames';
import { Cursor, isRecord } from './model/cursor';
import { sourceDocument, type SourceDocument } from './model/sourceDocument';
import type { SpecCache } from './openapi/openapiSpec';
import type { ProblemInput } from './problemInput';
import type { StartedRules } from './rules/docsJsonHandlers';
import { dirnameOf, resolveReference } from './site/references';
import type { SiteHost } from './site/siteHost';

export interface CheckOptions {
  /** Severity of a page entry with no file; 'off' skips the check. */
  missingPageSeverity?: Severity | 'off';
  /** Specs given by URL that the caller fetched (the CLI with --fetch-remote, the editor with docsjson.openapi.fetchRemote), by URL: their operations make pages. */
  remoteSpecs?: RemoteSpecs;
  /**
   * Spec files (root-relative) that pages name in their frontmatter `openapi`, for a site check
   * run over no page (the editor's): their problems are reported as the whole site's check does.
   */
  pageSpecs?: readonly string[];
}

/**
 * How much following `"$ref"`s may read in one check: a site's files are read once each, but
 * files that each refer twice to the next one fan out exponentially (30 levels: a billion
 * elements). Real sites follow a few hundred `"$ref"`s at most.
 */
export const REF_BUDGET = { follows: 5_000, bytes: 64 * 1024 * 1024 };

/**
 * Shared state of one check: the site, the JSON files loaded so far, the rules started for it,
 * the problems they found.
 */
export class CheckContext {
  readonly problems: Problem[] = [];
  readonly documents = new Map<string, SourceDocument>();
  private readonly documentBytes = new Map<string, number>();
  /** What following `"$ref"`s has read so far in this check (see REF_BUDGET). */
  private followed = { follows: 0, bytes: 0, exceeded: false };
  /** Set by the pipeline once the rules are started, before any event. */
  rules!: StartedRules;

  constructor(
    readonly host: SiteHost,
    readonly options: CheckOptions,
    readonly main: SourceDocument,
    /** The site-wide icon library ("icons.library", else Font Awesome). */
    readonly siteIconLibrary: IconLibrary,
    readonly specCache: SpecCache,
  ) {
    this.documents.set(main.path, main);
  }

  report(input: ProblemInput): void {
    const path = input.subPath ? [...input.cursor.path, ...input.subPath] : input.cursor.path;
    this.problems.push({
      document: input.cursor.document,
      path,
      target: input.target,
      range: input.range,
      severity: input.severity ?? codes[input.code].severity,
      code: input.code,
      message: input.message,
      suggestions: input.suggestions,
      unnecessary: input.unnecessary,
      data: input.data,
      platformMessage: input.platformMessage,
    });
  }

  /** Follows a `{"$ref": "file.json"}` value to the referenced file's content; undefined (and an event for the rules) when it cannot. */
  deref(cursor: Cursor): Cursor | undefined {
    let current = cursor;
    while (isRecord(current.value) && typeof current.value.$ref === 'string') {
      const next = this.followRef(current, current.value.$ref);
      if (!next) return undefined;
      current = next;
    }
    return current;
  }

  private followRef(cursor: Cursor, reference: string): Cursor | undefined {
    const resolved = resolveReference(reference, dirnameOf(cursor.document.path));
    if (resolved.kind !== 'file') {
      this.rules.brokenReference({ cursor, reference, ...(resolved.kind === 'url' ? { kind: 'url' } : resolved) });
      return undefined;
    }
    if (cursor.refChain.includes(resolved.path) || resolved.path === this.main.path) {
      this.rules.brokenReference({ cursor, reference, kind: 'cycle', path: resolved.path });
      return undefined;
    }
    const document = this.loadDocument(resolved.path);
    if (!document) {
      this.rules.brokenReference({ cursor, reference, kind: 'missing', path: resolved.path });
      return undefined;
    }
    if (!this.withinRefBudget(resolved.path)) {
      if (!this.followed.exceeded) this.rules.brokenReference({ cursor, reference, kind: 'budget', path: resolved.path, follows: this.followed.follows, bytes: this.followed.bytes });
      this.followed.exceeded = true;
      return undefined;
    }
    if (document.json.syntaxProblems.length > 0 && document.json.value === undefined) return undefined;
    return new Cursor(document.json.value, document, [...cursor.refChain, resolved.path]);
  }

  /** Counts one more following of a `"$ref"` to `path`; false once the check's budget is spent. */
  private withinRefBudget(path: string): boolean {
    if (this.followed.exceeded) return false;
    this.followed.follows++;
    this.followed.bytes += this.documentBytes.get(path) ?? 0;
    return this.followed.follows <= REF_BUDGET.follows && this.followed.bytes <= REF_BUDGET.bytes;
  }

  loadDocument(path: string): SourceDocument | undefined {
    const cached = this.documents.get(path);
    if (cached) return cached;
    if (this.host.files.escapingLinks.has(path)) return undefined;
    const text = this.host.readFile(path);
    if (text === undefined) return undefined;
    const document = sourceDocument(path, text);
    this.documents.set(path, document);
    this.documentBytes.set(path, text.length);
    this.rules.document(document);
    return document;
  }
}
