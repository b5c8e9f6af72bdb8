import type { CheckResult, CheckedDocument } from '../check';
import { pathKey, type JsonPath, type OffsetRange, type RangeTarget } from '../json/path';
import { isRecord } from '../model/cursor';
import type { NavElement } from '../model/navigationModel';
import type { LoadedSpec, Operation, SpecCache } from '../openapi/openapiSpec';
import { pageExtensions, pagePath } from '../rules/pageRule';
import { dirnameOf, resolveReference } from '../site/references';
import type { SiteHost } from '../site/siteHost';

/** Specs fetched from the network, when the user allows it; the check itself never fetches. */
export interface RemoteSpecs {
  get(url: string): LoadedSpec | undefined;
}

export interface SpecOperation {
  /** Root-relative path of the spec file, or its URL. */
  spec: string;
  operation: Operation;
}

/** Where a "$ref" file is pulled in: the `{"$ref": ...}` object's file and path. */
interface Referrer {
  document: string;
  path: JsonPath;
}

/**
 * The outcome of one check of a docs site, with the indexes the editor features need, each built
 * on first use. Paths are root-relative; JSON paths are relative to their own file.
 */
export class CheckedSite {
  private elementIndex?: Map<string, NavElement>;
  private referrerIndex?: Map<string, Referrer>;
  private pageList?: string[];
  private usedPageSet?: Set<string>;

  constructor(
    readonly host: SiteHost,
    readonly result: CheckResult,
    readonly specs: SpecCache,
    /** Root-relative path of the docs.json. */
    readonly mainPath: string,
    readonly remoteSpecs?: RemoteSpecs,
  ) {}

  document(path: string): CheckedDocument | undefined {
    return this.result.documents.get(path);
  }

  /** Ranges of JSON paths in a checked file, as the check read it. */
  locate(documentPath: string, requests: { path: JsonPath; target: RangeTarget }[]): (OffsetRange | undefined)[] {
    const checked = this.document(documentPath);
    return checked ? checked.document.json.locate(requests) : requests.map(() => undefined);
  }

  /** A path in one of the site's files as a path from the docs.json root, through "$ref" files. */
  sitePath(documentPath: string, path: JsonPath, depth = 0): JsonPath | undefined {
    if (documentPath === this.mainPath) return path;
    const referrer = this.referrers().get(documentPath);
    if (!referrer || depth > 16) return undefined;
    const base = this.sitePath(referrer.document, referrer.path, depth + 1);
    return base && [...base, ...path];
  }

  /** The innermost navigation element that holds a path of a file. */
  elementAt(documentPath: string, path: JsonPath, depth = 0): NavElement | undefined {
    const index = this.elements();
    for (let length = path.length; length >= 0; length--) {
      const element = index.get(elementKey(documentPath, path.slice(0, length)));
      if (element) return element;
    }
    const referrer = this.referrers().get(documentPath);
    return referrer && depth < 16 ? this.elementAt(referrer.document, referrer.path, depth + 1) : undefined;
  }

  /** Every page of the site: the paths of .mdx and .md files without extension, sorted. */
  pagePaths(): string[] {
    if (!this.pageList) {
      const pages = new Set<string>();
      for (const file of this.host.files.all()) {
        const extension = pageExtensions.find((ext) => file.endsWith(ext));
        if (extension) pages.add(file.slice(0, -extension.length));
      }
      this.pageList = [...pages].sort();
    }
    return this.pageList;
  }

  /** Pages that the navigation lists. */
  usedPages(): Set<string> {
    if (!this.usedPageSet) {
      this.usedPageSet = new Set();
      for (const entry of this.result.model.pages) {
        const page = pagePath(entry.value);
        if (page.kind === 'page') this.usedPageSet.add(page.path);
      }
    }
    return this.usedPageSet;
  }

  /** The page file a page path names, if it exists. */
  pageFile(page: string): string | undefined {
    return pageExtensions.map((extension) => page + extension).find((file) => this.host.files.has(file));
  }

  /** The operations of the specs in force on an element (its own, inherited, or the site's). */
  operationsOf(element: NavElement | undefined): SpecOperation[] {
    const declarations = element?.openapi ?? [];
    return declarations.flatMap((declaration) => this.specOperations(declaration.reference));
  }

  /** The operations of one spec, named as in docs.json (a path from the root, or a URL). */
  specOperations(reference: string): SpecOperation[] {
    const resolved = resolveReference(reference, '');
    let spec: LoadedSpec | undefined;
    let name = reference;
    if (resolved.kind === 'url') {
      spec = this.remoteSpecs?.get(resolved.url);
    } else if (resolved.kind === 'file') {
      name = resolved.path;
      const text = this.host.files.has(resolved.path) ? this.host.readFile(resolved.path) : undefined;
      spec = text === undefined ? undefined : this.specs.get(resolved.path, text);
    }
    return spec?.ok ? spec.operations.map((operation) => ({ spec: name, operation })) : [];
  }

  private elements(): Map<string, NavElement> {
    if (!this.elementIndex) {
      this.elementIndex = new Map();
      for (const element of this.result.model.elements) {
        this.elementIndex.set(elementKey(element.cursor.document.path, element.cursor.path), element);
      }
    }
    return this.elementIndex;
  }

  private referrers(): Map<string, Referrer> {
    if (!this.referrerIndex) {
      this.referrerIndex = new Map();
      for (const { document } of this.result.documents.values()) {
        if (!document.json.text.includes('"$ref"')) continue;
        collectReferences(document.json.value, [], (reference, path) => {
          const resolved = resolveReference(reference, dirnameOf(document.path));
          if (resolved.kind === 'file' && !this.referrerIndex!.has(resolved.path)) {
            this.referrerIndex!.set(resolved.path, { document: document.path, path });
          }
        });
      }
    }
    return this.referrerIndex;
  }
}

function elementKey(documentPath: string, path: JsonPath): string {
  return `${documentPath}\n${pathKey(path)}`;
}

function collectReferences(value: unknown, path: JsonPath, found: (reference: string, path: JsonPath) => void): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      if (typeof item === 'object' && item !== null) collectReferences(item, [...path, index], found);
    });
  } else if (isRecord(value)) {
    if (typeof value.$ref === 'string') found(value.$ref, path);
    for (const [key, item] of Object.entries(value)) {
      if (typeof item === 'object' && item !== null) collectReferences(item, [...path, key], found);
    }
  }
}
