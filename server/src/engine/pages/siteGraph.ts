import type { CheckResult } from '../checkResult';
import { pageOf } from '../site/fileIndex';
import { dirnameOf, resolveReference } from '../site/references';
import type { SiteHost } from '../site/siteHost';
import { didYouMean, Suggestions } from '../suggest';
import { MdxFactsCache } from './mdx/mdxFactsCache';
import { ownAnchors, readPage, type PageModel } from './pageModel';
import { Routes, trimSlashes, type Route, type UncheckedSpec } from './routes';
import { SiteFiles } from './siteFiles';
import { cleanedAnchor } from './componentIds';
import { headingAnchor } from './slug';

/** Where a link in a page leads, or why it leads nowhere. */
export type LinkResolution =
  /** A URL with a scheme (`https:`, `mailto:`) or protocol-relative: not ours to check. */
  | { kind: 'external' }
  /** A target made at build time (`{{variable}}`, `${...}`), or where the pages of a spec not read may be (`spec`): cannot be checked. */
  | { kind: 'unchecked'; spec?: UncheckedSpec }
  | { kind: 'outside'; reason: string }
  | { kind: 'missing'; path: string }
  | { kind: 'found'; path: string; route: Route; fragment?: string };

/** Whether an anchor is defined by the page a link leads to. */
export type AnchorResolution = { kind: 'defined' } | { kind: 'unknown' } | { kind: 'missing'; suggestion?: string };

const snippetExtensions = ['', '.mdx', '.md', '.jsx', '.js', '.tsx', '.ts'];

/**
 * The site as a graph: its page and snippet files read into page models on demand, the routes it
 * serves, and where each link, anchor and snippet import of a page leads.
 */
export class SiteGraph {
  readonly files: SiteFiles;
  readonly routes: Routes;
  /** The pages' MDX facts by text, for this graph and the next ones of the site. */
  readonly mdxFacts: MdxFactsCache;
  /** Page models by file, shared with the graphs of later checks of the same files until one of them sets a text (copied then). */
  private models: Map<string, PageModel | undefined>;
  private modelsShared = false;
  /** Files whose text was set (an editor's copy): their trees are kept, for the next edit's parse to read only what changed. */
  private readonly edited: Set<string>;
  private readonly anchorSets = new Map<string, Set<string>>();
  private routeSuggestions?: ReturnType<typeof routeSuggestions>;
  private fileSuggestions?: FileSuggestions;

  constructor(
    readonly host: SiteHost,
    readonly check?: CheckResult,
    /** The graph of an earlier check of the same site: its file lists, page routes and the pages it read are kept while the files stay the same. */
    previous?: SiteGraph,
    /** The site's facts kept from earlier checks (else the previous graph's, else none yet). */
    mdxFacts?: MdxFactsCache,
  ) {
    this.mdxFacts = mdxFacts ?? previous?.mdxFacts ?? new MdxFactsCache();
    const sameFiles = previous?.host === host && previous.files.isCurrent();
    this.files = sameFiles ? previous.files : new SiteFiles(host);
    this.models = sameFiles ? previous.models : new Map();
    if (sameFiles) previous.modelsShared = this.modelsShared = true;
    this.edited = sameFiles ? new Set(previous.edited) : new Set();
    this.routes = Routes.of(this.files, check, previous?.routes);
  }

  /** The model of a page or snippet file, read once; undefined when it cannot be read. */
  page(file: string): PageModel | undefined {
    if (this.models.has(file)) return this.models.get(file);
    const text = this.files.has(file) ? this.host.readFile(file) : undefined;
    const model = text === undefined ? undefined : readPage(file, text, undefined, this.mdxFacts);
    this.models.set(file, model);
    return model;
  }

  /** The model of a page or snippet file if it has been read already (nothing is read). */
  loadedPage(file: string): PageModel | undefined {
    return this.models.get(file);
  }

  /**
   * Sets a file's text (an editor's copy, saved or not): a new text is read again from the last
   * one's reading, and the anchors built on it are dropped. The page's tree is kept from then on.
   */
  setText(file: string, text: string): PageModel {
    const before = this.models.get(file);
    this.edited.add(file);
    if (before?.text === text) return before;
    if (this.modelsShared) {
      this.models = new Map(this.models);
      this.modelsShared = false;
    }
    const model = readPage(file, text, before, this.mdxFacts);
    this.models.set(file, model);
    this.anchorSets.clear();
    return model;
  }

  /** Whether a file's text was set by `setText` rather than read from the site. */
  isEdited(file: string): boolean {
    return this.edited.has(file);
  }

  /** Every anchor of a page: its headings, its ids, and those of the snippets it imports. */
  anchorsOf(file: string): Set<string> {
    const cached = this.anchorSets.get(file);
    if (cached) return cached;
    const anchors = new Set<string>();
    this.anchorSets.set(file, anchors);
    const page = this.page(file);
    if (!page) return anchors;
    for (const anchor of ownAnchors(page)) anchors.add(anchor);
    for (const imported of page.imports) {
      const snippet = this.resolveImport(imported.source, file);
      if (snippet && pageOf(snippet) !== undefined) for (const anchor of this.anchorsOf(snippet)) anchors.add(anchor);
    }
    return anchors;
  }

  /** The file a snippet import names (extension optional), or undefined. */
  resolveImport(source: string, fromFile: string): string | undefined {
    const resolved = resolveReference(source, dirnameOf(fromFile));
    if (resolved.kind !== 'file') return undefined;
    for (const extension of snippetExtensions) {
      const candidate = resolved.path + extension;
      if (this.files.has(candidate)) return candidate;
    }
    return undefined;
  }

  /** A snippet file close to an import that names none, written as an import from the root ("/snippets/note.mdx"), or undefined. */
  suggestImport(source: string, fromFile: string): string | undefined {
    const resolved = resolveReference(source, dirnameOf(fromFile));
    if (resolved.kind !== 'file') return undefined;
    const withoutExtension = (file: string) => file.replace(/\.[^./]+$/, '');
    const written = resolved.path;
    const keepsExtension = withoutExtension(written) !== written;
    const candidates = this.files.snippetFiles.map((file) => (keepsExtension ? file : withoutExtension(file)));
    const near = didYouMean(written, candidates);
    return near === undefined ? undefined : `/${near}`;
  }

  /** Where a link written in a file leads: `/x`, `./x`, `../x`, `x`, each with an optional `#anchor` and `?query`. */
  resolveLink(target: string, fromFile: string): LinkResolution {
    const written = target.trim();
    if (/^[a-zA-Z][a-zA-Z\d+.-]*:/.test(written) || written.startsWith('//')) return { kind: 'external' };
    if (written === '' || /\{\{|\$\{|\{[^}]*\}/.test(written)) return { kind: 'unchecked' };
    const hash = written.indexOf('#');
    const fragment = hash >= 0 ? decode(written.slice(hash + 1)) : undefined;
    const pathPart = (hash >= 0 ? written.slice(0, hash) : written).split('?')[0];
    if (pathPart === '') {
      const own = pageOf(fromFile);
      return { kind: 'found', path: own ?? fromFile, route: { kind: 'page', file: fromFile }, fragment };
    }
    const resolved = resolveReference(decode(pathPart), dirnameOf(fromFile));
    if (resolved.kind === 'outside') return { kind: 'outside', reason: resolved.reason };
    if (resolved.kind === 'url') return { kind: 'external' };
    const path = trimSlashes(resolved.path);
    // "/quickstart.mdx" is tolerated: the page, not its source file.
    const page = pageOf(path);
    const route = (page !== undefined ? this.routes.lookup(page) : undefined) ?? this.routes.lookup(path);
    if (route) return { kind: 'found', path, route, fragment };
    // Images and files written relative ("img/a.png") are served from the root when the page's folder has none.
    const fromRoot = pathPart.startsWith('/') ? undefined : resolveReference(decode(pathPart), '');
    if (fromRoot?.kind === 'file' && this.files.has(fromRoot.path)) return { kind: 'found', path: fromRoot.path, route: { kind: 'file', path: fromRoot.path }, fragment };
    const spec = this.routes.uncheckedSpecAt(path);
    if (spec) return { kind: 'unchecked', spec };
    return { kind: 'missing', path };
  }

  /** Whether the page a link found defines its anchor. */
  resolveAnchor(route: Route, fragment: string): AnchorResolution {
    if (route.kind !== 'page' || fragment === '') return { kind: 'unknown' };
    const anchors = this.anchorsOf(route.file);
    if (anchors.has(fragment) || anchors.has(cleanedAnchor(fragment))) return { kind: 'defined' };
    // An API page also shows its operation's parameters and responses, each with an anchor made from the spec ("#body-messages"), which is not read here.
    if (isApiPage(this.page(route.file))) return { kind: 'unknown' };
    return { kind: 'missing', suggestion: nearestAnchor(fragment, anchors) };
  }

  /** A file close to a missing one: the same name in another folder, else the nearest spelling in its folder. */
  suggestFile(path: string): string | undefined {
    const slash = path.lastIndexOf('/');
    const name = path.slice(slash + 1);
    const folder = slash < 0 ? '' : path.slice(0, slash + 1);
    const index = (this.fileSuggestions ??= new FileSuggestions(this.host.files.all()));
    const found = index.named(name).filter((file) => this.files.has(file));
    if (found.length === 1) return found[0];
    const near = index.inFolder(folder)?.closest(name);
    return near === undefined || !this.files.has(folder + near) ? undefined : folder + near;
  }

  /** A page or generated route close to a missing path: the same name in another folder, else the nearest spelling. */
  suggestRoute(path: string): string | undefined {
    const { byName, near } = (this.routeSuggestions ??= routeSuggestions([...this.routes.pages.keys(), ...this.routes.generated.keys()]));
    const sameName = byName.get(lastSegment(path)) ?? [];
    if (sameName.length === 1) return sameName[0];
    return near.closest(path);
  }
}

/** Frontmatter keys that make a page an API page: the operation, the schema or the channel it shows. */
const apiPageKeys = ['openapi', 'api', 'openapi-schema', 'asyncapi'];

function isApiPage(page: PageModel | undefined): boolean {
  const data = page?.frontmatter?.data;
  return data !== undefined && apiPageKeys.some((key) => typeof data[key] === 'string' && data[key] !== '');
}


/** The routes by their last segment, and indexed for the nearest spelling: read once for every missing link of a check. */
function routeSuggestions(routes: string[]): { byName: Map<string, string[]>; near: Suggestions } {
  const byName = new Map<string, string[]>();
  for (const route of routes) push(byName, lastSegment(route), route);
  return { byName, near: new Suggestions(routes) };
}

const lastSegment = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** The site's files by name and by folder, read once for every missing file of a check; each folder's names indexed for the nearest spelling when first asked. */
class FileSuggestions {
  private readonly byName = new Map<string, string[]>();
  private readonly namesIn = new Map<string, string[]>();
  private readonly nearIn = new Map<string, Suggestions>();

  constructor(files: Iterable<string>) {
    for (const file of files) {
      const slash = file.lastIndexOf('/');
      const name = file.slice(slash + 1);
      const folder = file.slice(0, slash + 1);
      push(this.byName, name, file);
      push(this.namesIn, folder, name);
    }
  }

  /** The files of that name, in any folder. */
  named(name: string): string[] {
    return this.byName.get(name) ?? [];
  }

  /** The names of a folder's files (a folder with its trailing "/", "" for the root), indexed. */
  inFolder(folder: string): Suggestions | undefined {
    const names = this.namesIn.get(folder);
    if (!names) return undefined;
    let near = this.nearIn.get(folder);
    if (!near) this.nearIn.set(folder, (near = new Suggestions(names)));
    return near;
  }
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function nearestAnchor(fragment: string, anchors: Set<string>): string | undefined {
  const slug = headingAnchor(fragment);
  if (anchors.has(slug)) return slug;
  return didYouMean(fragment, anchors);
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
