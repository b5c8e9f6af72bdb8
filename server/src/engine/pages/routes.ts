import type { CheckResult } from '../checkResult';
import { isRecord } from '../model/cursor';
import type { NavElement } from '../model/navigationModel';
import type { Operation } from '../openapi/loadedSpec';
import { parseOperation } from '../model/pageReference';
import { dirnameOf } from '../site/references';
import { pageOf } from '../site/fileIndex';
import { slugOf } from './slug';
import type { SiteFiles } from './siteFiles';

export interface Redirect {
  source: string;
  destination: string;
  /** Its position in docs.json's "redirects". */
  index: number;
  /** Matches a root-relative path (no leading "/") when the source has `:param` or `*`. */
  pattern?: RegExp;
}

/** A page generated from an OpenAPI operation. */
export interface GeneratedPage {
  route: string;
  operation: Operation;
  spec: string;
}

/** What a root-relative path (no leading "/", no fragment) is in the site. */
export type Route =
  | { kind: 'page'; file: string }
  | { kind: 'generated'; page: GeneratedPage }
  | { kind: 'file'; path: string }
  | { kind: 'redirect'; redirect: Redirect };

/**
 * The paths a site serves: its page files (`x.mdx`, `x.md`, `x/index.mdx`), pages generated
 * from OpenAPI operations, static files and redirect sources.
 */
export class Routes {
  /** Route -> page file. */
  readonly pages: ReadonlyMap<string, string>;
  readonly generated = new Map<string, GeneratedPage>();
  readonly redirects: Redirect[] = [];
  private readonly exactRedirects = new Map<string, Redirect>();

  constructor(
    readonly files: SiteFiles,
    check?: CheckResult,
    /** Routes of an earlier check of the same files, whose page routes still hold. */
    previous?: Routes,
  ) {
    this.pages = previous?.files === files ? previous.pages : pageRoutes(files);
    if (check) {
      this.addGeneratedPages(check);
      this.addRedirects(check);
    }
  }

  /** What a root-relative path (without "/" at either end) names, if anything. */
  lookup(path: string): Route | undefined {
    const page = this.pages.get(path);
    if (page !== undefined) return { kind: 'page', file: page };
    const generated = this.generated.get(path);
    if (generated) return { kind: 'generated', page: generated };
    if (path !== '' && this.files.has(path)) return { kind: 'file', path };
    const redirect = this.redirectFor(path);
    if (redirect) return { kind: 'redirect', redirect };
    return undefined;
  }

  /** The redirect whose source matches a path: an exact source first, then the first pattern. */
  redirectFor(path: string): Redirect | undefined {
    const exact = this.exactRedirects.get(path);
    if (exact) return exact;
    return this.redirects.find((redirect) => redirect.pattern?.test(path));
  }

  private addRedirects(check: CheckResult): void {
    const main = check.documents.get(check.basis.mainPath)?.document.json.value;
    if (!isRecord(main) || !Array.isArray(main.redirects)) return;
    main.redirects.forEach((entry, index) => {
      if (!isRecord(entry) || typeof entry.source !== 'string' || typeof entry.destination !== 'string') return;
      const source = trimSlashes(entry.source.split(/[?#]/)[0]);
      const redirect: Redirect = { source: entry.source, destination: entry.destination, index, pattern: sourcePattern(source) };
      this.redirects.push(redirect);
      if (!redirect.pattern && !this.exactRedirects.has(source)) this.exactRedirects.set(source, redirect);
    });
  }

  /** Operation entries ("POST /chat-messages") and elements with `openapi` and no pages each give a page. */
  private addGeneratedPages(check: CheckResult): void {
    const { statuses } = check.basis;
    if (![...statuses.values()].some((status) => status.kind === 'local')) return;
    const operationsOf = (element: NavElement) =>
      element.openapi.flatMap((declaration) => {
        const status = statuses.get(declaration);
        return status?.kind === 'local' ? [{ path: status.path, operations: status.operations }] : [];
      });
    const add = (element: NavElement, spec: string, operation: Operation) => {
      const route = generatedRoute(baseFolder(element, spec), operation);
      if (!this.generated.has(route)) this.generated.set(route, { route, operation, spec });
    };
    for (const element of check.model.elements) {
      if (element.ownOpenapi && element.value.pages === undefined && element.value.groups === undefined) {
        for (const spec of operationsOf(element)) for (const operation of spec.operations) add(element, spec.path, operation);
      }
    }
    for (const entry of check.model.pages) {
      const reference = typeof entry.value === 'string' ? parseOperation(entry.value) : undefined;
      if (!reference) continue;
      const { method, path } = reference;
      for (const spec of operationsOf(entry.element)) {
        const operation = spec.operations.find((o) => o.method === method && o.path === path);
        if (operation) add(entry.element, spec.path, operation);
      }
    }
  }
}

/** Route -> page file: `x.mdx` (before `x.md`) at "x", and `x/index.mdx` at "x" too unless a page is there. */
function pageRoutes(files: SiteFiles): Map<string, string> {
  const pages = new Map<string, string>();
  for (const file of files.pageFiles) {
    const page = pageOf(file)!;
    if (!pages.has(page) || file.endsWith('.mdx')) pages.set(page, file);
    if (page === 'index' || page.endsWith('/index')) {
      const folder = page.slice(0, -'index'.length).replace(/\/$/, '');
      if (!pages.has(folder)) pages.set(folder, file);
    }
  }
  return pages;
}

function baseFolder(element: NavElement, spec: string): string {
  for (let at: NavElement | undefined = element; at; at = at.parent) {
    const openapi = at.value.openapi;
    if (isRecord(openapi) && typeof openapi.directory === 'string') return trimSlashes(openapi.directory);
    if (openapi !== undefined) break;
  }
  return dirnameOf(spec);
}

/** The route of an operation's page: its `x-mint.href`, else `<base>/<tag slug>/<summary slug>`. */
export function generatedRoute(base: string, operation: Operation): string {
  if (operation.href !== undefined) return trimSlashes(operation.href.split(/[?#]/)[0]);
  const title = operation.summary ?? operation.operationId ?? `${operation.method} ${operation.path}`;
  return [base, operation.tag && slugOf(operation.tag), slugOf(title)].filter(Boolean).join('/');
}

/** A pattern for a source with `:param`, `:param*` or `*`; undefined for a plain path. */
function sourcePattern(source: string): RegExp | undefined {
  if (!/[:*]/.test(source)) return undefined;
  const body = source
    .split('/')
    .map((segment) => {
      if (segment === '*' || /^:\w+[*+]$/.test(segment)) return '.*';
      if (/^:\w+\??$/.test(segment)) return '[^/]+';
      return segment.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
    })
    .join('/');
  return new RegExp(`^${body}$`);
}

export function trimSlashes(path: string): string {
  return path.replace(/^\/+|\/+$/g, '');
}
