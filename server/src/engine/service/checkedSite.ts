import type { CheckResult, CheckedDocument } from '../checkResult';
import { pathKey, type JsonPath, type OffsetRange, type RangeTarget } from '../json/path';
import { isRecord } from '../model/cursor';
import type { NavElement } from '../model/navigationModel';
import type { LoadedSpec, Operation, RemoteSpecs } from '../openapi/loadedSpec';
import type { SpecCache } from '../openapi/openapiSpec';
import { pagePath } from '../model/pageReference';
import { dirnameOf, resolveReference } from '../site/references';
import type { SiteHost } from '../site/siteHost';

export interface PageCatalog {
  /** Paths of the .mdx and .md files without extension, sorted. */
  pages: string[];
  /** The same, lower-cased, for matching. */
  lowerCased: string[];
  /** Whether the navigation lists each page. */
  listed: boolean[];
}

export interface SpecOperation {
  /** Root-relative path of the spec file, or its URL. */
  spec: string;
  operation: Operation;
}

/** A `{"$ref": ...}` object: its file, its path there, and the file it pulls in. */
export interface FileReference {
  document: string;
  path: JsonPath;
  file: string;
}

/**
 * The outcome of one check of a docs site, with the indexes the editor features need, each built
 * on first use. Paths are root-relative; JSON paths are relative to their own file.
 */
export class CheckedSite {
  private elementIndex?: Map<string, NavElement>;
  private referenceList?: FileReference[];
  private referrerIndex?: Map<string, FileReference>;
  private catalog?: PageCatalog;
  private readonly operationsBySpec = new Map<string, SpecOperation[]>();

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

  /** Every page of the site, with what completion needs to rank them. */
  pageCatalog(): PageCatalog {
    if (!this.catalog) {
      const pages = new Set(this.host.files.allPages());
      const listedPages = new Set<string>();
      for (const entry of this.result.model.pages) {
        const page = pagePath(entry.value);
        if (page.kind === 'page') listedPages.add(page.path);
      }
      const sorted = [...pages].sort();
      this.catalog = { pages: sorted, lowerCased: sorted.map((page) => page.toLowerCase()), listed: sorted.map((page) => listedPages.has(page)) };
    }
    return this.catalog;
  }

  /** The page file a page path names, if it exists. */
  pageFile(page: string): string | undefined {
    return this.host.files.pageFile(page);
  }

  /** The operations of the specs in force on an element (its own, inherited, or the site's). */
  operationsOf(element: NavElement | undefined): SpecOperation[] {
    const declarations = element?.openapi ?? [];
    return declarations.flatMap((declaration) => this.specOperations(declaration.reference));
  }

  /** The operations of one spec, named as in docs.json (a path from the root, or a URL). */
  specOperations(reference: string): SpecOperation[] {
    let operations = this.operationsBySpec.get(reference);
    if (!operations) {
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
      operations = spec?.ok ? spec.operations.map((operation) => ({ spec: name, operation })) : [];
      // A remote spec may arrive later; only what is known for good is kept.
      if (resolved.kind !== 'url' || spec) this.operationsBySpec.set(reference, operations);
    }
    return operations;
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

  /** Every "$ref" in the site's files. */
  fileReferences(): FileReference[] {
    if (!this.referenceList) {
      const list: FileReference[] = [];
      for (const { document } of this.result.documents.values()) {
        if (!document.json.text.includes('"$ref"')) continue;
        collectReferences(document.json.value, [], (reference, path) => {
          const resolved = resolveReference(reference, dirnameOf(document.path));
          if (resolved.kind === 'file') list.push({ document: document.path, path, file: resolved.path });
        });
      }
      this.referenceList = list;
    }
    return this.referenceList;
  }

  /** Where each "$ref" file is pulled in (the first place, if several). */
  private referrers(): Map<string, FileReference> {
    if (!this.referrerIndex) {
      this.referrerIndex = new Map();
      for (const reference of this.fileReferences()) {
        if (!this.referrerIndex.has(reference.file)) this.referrerIndex.set(reference.file, reference);
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
