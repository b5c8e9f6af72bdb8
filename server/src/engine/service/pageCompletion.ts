import { posix } from 'node:path';
import { parseFrontmatter } from '../pages/frontmatter';
import { readFrontmatterBlock } from '../pages/scanPage';
import type { SiteGraph } from '../pages/siteGraph';
import { dirnameOf } from '../site/references';
import type { CompletionItem, Completions } from './completion';
import { best, FuzzyPattern } from './fuzzy';
import { linkContextAt, type LinkContext } from './linkContext';
import { plainParagraph } from './markdown';

/** Long lists are narrowed to the best matches of what is typed. */
const listLimit = 100;

const mediaFile = /\.(png|jpe?g|gif|svg|webp|avif|ico|bmp|mp4|webm|mov|pdf)$/i;

/**
 * Completions where a link target is typed in a page (`file`, with the text `text`): after `](`
 * or in `href`, the site's pages with their titles; in an image or `src`, its media files; after
 * `#`, the anchors of the page the link leads to. Nothing anywhere else.
 */
export function pageCompletions(graph: SiteGraph, file: string, text: string, offset: number): Completions | undefined {
  const context = linkContextAt(text, offset);
  if (!context) return undefined;
  if (context.kind === 'anchor') return anchorCompletions(graph, file, context);
  const media = context.form === 'image' || context.form === 'src';
  const candidates = media ? mediaCandidates(graph, file, context) : pageCandidates(graph, file, context);
  const pattern = new FuzzyPattern(context.typed);
  const scored = candidates.flatMap((item) => {
    const score = pattern.score(item.label);
    return score === undefined ? [] : [{ item, score }];
  });
  const kept = best(scored, listLimit, (a, b) => b.score - a.score || a.item.label.localeCompare(b.item.label));
  return {
    range: context.range,
    // Titles and descriptions are read for the items shown only: a site has thousands of pages.
    items: kept.map(({ item }, index) => ({ ...withPageDetails(graph, item), sortText: String(index).padStart(4, '0') })),
    isIncomplete: scored.length > kept.length,
  };
}

interface Candidate extends CompletionItem {
  /** The page file an item links to. */
  pageFile?: string;
}

function withPageDetails(graph: SiteGraph, { pageFile, ...item }: Candidate): CompletionItem {
  if (pageFile === undefined) return item;
  const fields = frontmatterOf(graph, pageFile);
  const description = fields.description;
  return { ...item, detail: fields.title ?? fields.sidebarTitle, documentation: description && plainParagraph(description) };
}

type TitleFields = Record<'title' | 'sidebarTitle' | 'description', string | undefined>;

/**
 * A page's title, sidebarTitle and description, from its frontmatter: the page's current text
 * when the graph has read it, else the file (read once per graph). The fields are kept by the
 * frontmatter as written, for every graph: a new check's graph finds them parsed.
 */
function frontmatterOf(graph: SiteGraph, file: string): TitleFields {
  const model = graph.loadedPage(file);
  if (model) return model.frontmatter ? fieldsOf(model.frontmatter.data) : noFields;
  let read = readFromDisk.get(graph);
  if (!read) readFromDisk.set(graph, (read = new Map()));
  let fields = read.get(file);
  if (!fields) read.set(file, (fields = titleFields(graph.host.readFile(file) ?? '')));
  return fields;
}

/**
 * Reads the titles of a site's pages ahead of completion, one page a step, so that no list
 * parses a frontmatter or reads a file: the language server runs the steps while it is idle.
 */
export function* readTitlesAhead(graph: SiteGraph): Generator<void> {
  for (const file of graph.routes.pages.values()) {
    frontmatterOf(graph, file);
    yield;
  }
}

const readFromDisk = new WeakMap<SiteGraph, Map<string, TitleFields>>();
const fieldsByFrontmatter = new Map<string, TitleFields>();
/** Far more than a site has pages: the cache is dropped when it holds more, which no real site reaches. */
const maxKeptFrontmatters = 50_000;
const noFields: TitleFields = { title: undefined, sidebarTitle: undefined, description: undefined };

function titleFields(text: string): TitleFields {
  const block = readFrontmatterBlock(text);
  if (!block) return noFields;
  let fields = fieldsByFrontmatter.get(block.raw);
  if (!fields) {
    fields = fieldsOf(parseFrontmatter(block).data);
    if (fieldsByFrontmatter.size >= maxKeptFrontmatters) fieldsByFrontmatter.clear();
    fieldsByFrontmatter.set(block.raw, fields);
  }
  return fields;
}

function fieldsOf(data: Record<string, unknown> | undefined): TitleFields {
  const field = (key: string) => {
    const value = data?.[key];
    return typeof value === 'string' && value.trim() !== '' ? value : undefined;
  };
  return { title: field('title'), sidebarTitle: field('sidebarTitle'), description: field('description') };
}

/** How a path to another file is written: from the root, or relative when the typed text starts with ".". */
function writtenPath(route: string, file: string, context: LinkContext): string {
  if (!context.typed.startsWith('.')) return `/${route}`;
  const relative = posix.relative(dirnameOf(file) || '.', route || '.') || '.';
  return relative.startsWith('.') ? relative : `./${relative}`;
}

function pageCandidates(graph: SiteGraph, file: string, context: LinkContext): Candidate[] {
  const items: Candidate[] = [];
  for (const [route, pageFile] of graph.routes.pages) {
    // An index page is offered as its folder, not as ".../index" too.
    if (/(^|\/)index$/.test(route) && graph.routes.pages.get(route.replace(/\/?index$/, '')) === pageFile) continue;
    const label = writtenPath(route, file, context);
    items.push({ label, kind: 'page', insertText: label, filterText: label, pageFile });
  }
  for (const [route, generated] of graph.routes.generated) {
    const label = writtenPath(route, file, context);
    const operation = generated.operation;
    items.push({ label, kind: 'operation', detail: `${operation.method} ${operation.path}`, insertText: label, filterText: label });
  }
  return items;
}

function mediaCandidates(graph: SiteGraph, file: string, context: LinkContext): CompletionItem[] {
  const items: CompletionItem[] = [];
  for (const path of graph.host.files.all()) {
    if (!mediaFile.test(path) || !graph.files.has(path)) continue;
    const label = writtenPath(path, file, context);
    items.push({ label, kind: 'file', insertText: label, filterText: label });
  }
  return items;
}

function anchorCompletions(graph: SiteGraph, file: string, context: LinkContext): Completions | undefined {
  let target = file;
  if (context.path !== '') {
    const resolved = graph.resolveLink(context.path, file);
    if (resolved.kind !== 'found' || resolved.route.kind !== 'page') return undefined;
    target = resolved.route.file;
  }
  const page = graph.page(target);
  if (!page) return undefined;
  const items: CompletionItem[] = [];
  const seen = new Set<string>();
  const add = (anchor: string, detail: string) => {
    if (seen.has(anchor)) return;
    seen.add(anchor);
    items.push({ label: `#${anchor}`, kind: 'anchor', detail, insertText: anchor, filterText: anchor, sortText: String(items.length).padStart(4, '0') });
  };
  for (const heading of page.headings) if (heading.anchor !== undefined) add(heading.anchor, `${'#'.repeat(heading.depth)} ${heading.text}`);
  for (const component of page.componentAnchors) add(component.anchor, `<${component.tag}>`);
  for (const anchor of graph.anchorsOf(target)) add(anchor, 'from an imported snippet');
  return { range: context.range, items, isIncomplete: false };
}
