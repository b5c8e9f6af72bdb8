import type { Problem, Severity } from './diagnostic';
import type { JsonPath, RangeTarget } from './json/path';
import { Cursor, isRecord } from './model/cursor';
import { sourceDocument, type SourceDocument } from './model/sourceDocument';
import { dirnameOf, resolveReference } from './site/references';
import type { SiteHost } from './site/siteHost';

export interface CheckOptions {
  /** Severity of a page entry with no file; 'off' skips the check. */
  missingPageSeverity?: Severity | 'off';
  /** Whether icon names are checked against the known lists. */
  checkIconNames?: boolean;
}

export interface ProblemInput {
  cursor: Cursor;
  /** A path below the cursor's own, when the problem is about one of its keys. */
  subPath?: JsonPath;
  target: RangeTarget;
  severity?: Severity;
  code: string;
  message: string;
  suggestions?: Problem['suggestions'];
  unnecessary?: boolean;
  data?: Record<string, unknown>;
}

/** Shared state of one check: the site, the JSON files loaded so far, the problems found. */
export class CheckContext {
  readonly problems: Problem[] = [];
  readonly documents = new Map<string, SourceDocument>();

  constructor(
    readonly host: SiteHost,
    readonly options: CheckOptions,
    readonly main: SourceDocument,
  ) {
    this.documents.set(main.path, main);
  }

  report(input: ProblemInput): void {
    const path = input.subPath ? [...input.cursor.path, ...input.subPath] : input.cursor.path;
    this.problems.push({
      document: input.cursor.document,
      path,
      target: input.target,
      severity: input.severity ?? 'error',
      code: input.code,
      message: input.message,
      suggestions: input.suggestions,
      unnecessary: input.unnecessary,
      data: input.data,
    });
  }

  reportSyntaxProblems(document: SourceDocument): void {
    for (const problem of document.json.syntaxProblems) {
      this.problems.push({
        document,
        path: [],
        target: 'value',
        range: problem.range,
        severity: 'error',
        code: 'json/syntax',
        message: problem.message,
      });
    }
  }

  /** Follows a `{"$ref": "file.json"}` value to the referenced file's content. */
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
    const at = { cursor, subPath: ['$ref'], target: 'value' as const };
    if (resolved.kind === 'url') {
      this.report({ ...at, code: 'ref/remote', message: `"$ref" must be a file in the docs folder, not a URL: ${reference}` });
      return undefined;
    }
    if (resolved.kind === 'outside') {
      this.report({ ...at, code: 'ref/outside-root', message: `"$ref" points outside the docs root (${resolved.reason}); it is not read` });
      return undefined;
    }
    if (cursor.refChain.includes(resolved.path) || resolved.path === this.main.path) {
      this.report({ ...at, code: 'ref/cycle', message: `"$ref" to ${resolved.path} makes a cycle: ${[...cursor.refChain, resolved.path].join(' → ')}` });
      return undefined;
    }
    const document = this.loadDocument(resolved.path);
    if (!document) {
      this.report({ ...at, code: 'ref/missing-file', message: `"$ref" file not found: ${resolved.path}` });
      return undefined;
    }
    if (document.json.syntaxProblems.length > 0 && document.json.value === undefined) return undefined;
    return new Cursor(document.json.value, document, [...cursor.refChain, resolved.path]);
  }

  loadDocument(path: string): SourceDocument | undefined {
    const cached = this.documents.get(path);
    if (cached) return cached;
    if (this.host.files.escapingLinks.has(path)) return undefined;
    const text = this.host.readFile(path);
    if (text === undefined) return undefined;
    const document = sourceDocument(path, text);
    this.documents.set(path, document);
    this.reportSyntaxProblems(document);
    return document;
  }
}
