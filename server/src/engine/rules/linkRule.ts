import { shownLinks } from '../components/droppedElements';
import type { OffsetRange } from '../json/path';
import { pageOf } from '../site/fileIndex';
import { isLegacySnippet } from '../pages/siteFiles';
import type { Heading, PageModel } from '../pages/pageModel';
import { headingAnchor } from '../pages/slug';
import type { SiteCheckContext, SiteRule } from '../pages/siteCheck';
import type { SiteGraph } from '../pages/siteGraph';
import { siteLanguages } from '../pages/languages';
import type { PageReference } from '../pages/scanPage';
import { basePathGroup, isFirstUse, isToldOnce, linkWithoutBasePath, mayHoldBasePath, toldOnce } from '../pages/basePath';
import { quote } from '../text';

/** Attributes whose target is a file to show or play, not a page to open. */
const fileAttributes = new Set(['src', 'img', 'poster']);

/** Whether a reference asks for a file (an image, a video, a download) rather than a page. */
function wantsFile(reference: PageReference, path: string): boolean {
  if (reference.kind === 'image') return true;
  if (reference.kind === 'attribute' && fileAttributes.has(reference.attribute!)) return true;
  const name = path.slice(path.lastIndexOf('/') + 1);
  return /\.[A-Za-z\d]{1,8}$/.test(name) && pageOf(name) === undefined;
}

/**
 * Links, images and snippet imports lead somewhere: a page, a generated page, a file or a
 * redirect of the site, an anchor that the target page defines, a snippet file, never out of the
 * docs root.
 */
export const linkRule: SiteRule = {
  codes: ['link/missing-page', 'link/folder-without-index', 'link/missing-file', 'link/missing-anchor', 'link/outside-root', 'link/missing-snippet', 'link/base-path'],
  start(ctx) {
    return {
      page(page) {
        for (const reference of page.references) if (reference.kind === 'import') checkImport(ctx, page, reference);
        for (const reference of shownLinks(page)) checkLink(ctx, page, reference);
      },
    };
  },
};

function checkImport(ctx: SiteCheckContext, page: PageModel, reference: PageReference): void {
  const source = reference.target;
  if (!/^[./]/.test(source)) return;
  const imported = ctx.graph.resolveImport(source, page.file);
  if (imported && isLegacySnippet(imported)) {
    ctx.report(page.file, {
      range: reference.range,
      code: 'link/missing-snippet',
      message: `Snippet "${source}" is in _snippets/, the older snippet folder, which imports do not reach: the build warns "Could not find file" and what the import names shows nothing. Move the file to snippets/, or include it with <Snippet file="…" />`,
    });
    return;
  }
  if (imported) return;
  const suggestion = ctx.graph.suggestImport(source, page.file);
  ctx.report(page.file, {
    range: reference.range,
    code: 'link/missing-snippet',
    message: `Snippet "${source}" not found: the import names no file of the site (with .mdx, .md, .jsx, .js or no extension)${suggestion ? `. Did you mean "${suggestion}"?` : ''}`,
    suggestions: suggestion ? [{ title: `Change to "${suggestion}"`, replacement: suggestion }] : undefined,
  });
}

/**
 * A link that leads somewhere once a first segment that is no folder of the site is dropped: the
 * base path the site is served under. Told once for every redirect and link written with it when
 * they are many (at the first of them), else on its own. True when the link is one of them.
 */
function checkBasePath(ctx: SiteCheckContext, page: PageModel, reference: PageReference, file: boolean): boolean {
  const unprefixed = linkWithoutBasePath(ctx.graph, reference.target, page.file);
  if (!unprefixed) return false;
  const { prefix, fixed } = unprefixed;
  const group = basePathGroup(ctx, prefix);
  if (isToldOnce(group)) {
    if (isFirstUse(group, page.file, reference.range)) ctx.report(page.file, { range: reference.range, code: 'link/base-path', ...toldOnce(group) });
    return true;
  }
  const what = reference.kind === 'image' ? 'Image' : file ? 'File' : 'Link';
  ctx.report(page.file, {
    range: reference.range,
    code: file ? 'link/missing-file' : 'link/missing-page',
    message: `${what} "${reference.target}" leads nowhere, but "${fixed}" is ${file ? 'a file' : 'a page'} of the site: paths never hold the base path the site is served under ("${prefix}", set in the dashboard), so write "${fixed}"`,
    suggestions: [{ title: `Change to "${fixed}"`, replacement: fixed }],
  });
  return true;
}

/** A heading of a page that would make the anchor but gets no id (level 5 or 6, or a page in custom or frame mode). */
function idlessHeading(target: PageModel | undefined, fragment: string): Heading | undefined {
  return target?.headings.find((heading) => heading.anchor === undefined && headingAnchor(heading.text) === fragment);
}

function checkLink(ctx: SiteCheckContext, page: PageModel, reference: PageReference): void {
  const { graph } = ctx;
  const written = reference.target;
  const resolution = graph.resolveLink(written, page.file);
  const what = reference.kind === 'image' ? 'Image' : 'Link';
  if (resolution.kind === 'unchecked' && resolution.spec) {
    ctx.countUncheckedInto(resolution.spec);
    return;
  }
  if (resolution.kind === 'outside') {
    ctx.report(page.file, {
      range: reference.range,
      code: 'link/outside-root',
      message: `${what} "${written}" leaves the docs root (${resolution.reason}): the site cannot serve it`,
    });
    return;
  }
  if (resolution.kind === 'missing') {
    const file = wantsFile(reference, resolution.path);
    if (mayHoldBasePath(ctx, reference, page.file)) return;
    if (checkBasePath(ctx, page, reference, file)) return;
    const folderPage = file ? undefined : graph.routes.firstPageIn(resolution.path);
    const suggestion = file ? graph.suggestFile(resolution.path) : (folderPage ?? graph.suggestRoute(resolution.path));
    const rest = written.slice(written.search(/[?#]|$/));
    const replacement = suggestion === undefined ? undefined : `/${suggestion}${file ? '' : rest}`;
    ctx.report(page.file, {
      range: reference.range,
      code: file ? 'link/missing-file' : folderPage ? 'link/folder-without-index' : 'link/missing-page',
      message: file
        ? `${what === 'Image' ? 'Image' : 'File'} ${quote(written)} not found: there is no file ${resolution.path} in the site${suggestion ? `. Did you mean "/${suggestion}"?` : ''}`
        : folderPage
          ? `Link ${quote(written)} leads to the folder /${resolution.path}, which has no index page: no page of the site is at /${resolution.path}. Link to its first page, "/${folderPage}"`
          : `Link ${quote(written)} leads nowhere: no page, generated page, file or redirect is at /${resolution.path}${suggestion ? `. Did you mean "/${suggestion}"?` : ''}`,
      suggestions: replacement ? [{ title: `Change to "${replacement}"`, replacement }] : undefined,
      // A page to create, for the "create page" fix: a link to a page, not to a file.
      data: file ? { path: resolution.path } : { path: resolution.path, page: pageOf(resolution.path) ?? resolution.path, file: `${pageOf(resolution.path) ?? resolution.path}.mdx` },
    });
    return;
  }
  if (resolution.kind !== 'found' || resolution.fragment === undefined || resolution.fragment === '') return;
  const anchor = graph.resolveAnchor(resolution.route, resolution.fragment);
  if (anchor.kind !== 'missing') return;
  const target = resolution.route.kind === 'page' ? resolution.route.file : resolution.path;
  const hash = page.text.lastIndexOf('#', reference.range.end);
  const range: OffsetRange = hash >= reference.range.start ? { start: hash, end: reference.range.end } : reference.range;
  const samePage = target === page.file;
  const idless = resolution.route.kind === 'page' ? idlessHeading(graph.page(resolution.route.file), resolution.fragment) : undefined;
  const translated = resolution.route.kind === 'page' && !idless ? translatedHeading(graph, resolution.route.file, resolution.fragment) : undefined;
  const why = idless
    ? `its heading "${idless.text}" is of level ${idless.depth}, and the platform gives ids to headings of level 1 to 4 only${idless.depth <= 4 ? ' (none on a page in custom or frame mode)' : ''}`
    : translated
      ? `the heading that makes it on ${translated.original}, the page in the default language, was translated ${samePage ? 'here' : 'there'}, which gives it another anchor${translated.anchor ? `: the heading in its place ${samePage ? 'here' : 'there'} is "#${translated.anchor}"` : ''}`
      : 'no heading or id there makes it';
  const suggestion = translated ? translated.anchor : anchor.suggestion;
  ctx.report(page.file, {
    range,
    code: 'link/missing-anchor',
    message: `"#${resolution.fragment}" is not an anchor of ${samePage ? 'this page' : target}: ${why}${suggestion && !translated ? `. Did you mean "#${suggestion}"?` : ''}`,
    // The heading in the same place is a guess the writer confirms: headings may have been added or moved in translation.
    suggestions: suggestion && range !== reference.range ? [{ title: `Change to "#${suggestion}"`, replacement: `#${suggestion}`, ...(translated ? { preferred: false as const } : {}) }] : undefined,
    data: { page: target, anchor: resolution.fragment },
  });
}

/**
 * Where a page of a language other than the default misses an anchor that its version in the
 * default language has: a translated heading. The heading in the same place among the page's
 * headings, when both have as many, is the likely one.
 */
function translatedHeading(graph: SiteGraph, file: string, fragment: string): { original: string; anchor?: string } | undefined {
  const languages = siteLanguages(graph);
  const language = languages?.languageOfFile(file);
  if (!languages || language === undefined || language === languages.defaultLanguage.code) return undefined;
  const original = languages.counterpartFile(file, languages.defaultLanguage.code);
  if (original === undefined || graph.resolveAnchor({ kind: 'page', file: original }, fragment).kind !== 'defined') return undefined;
  const anchored = (model: PageModel | undefined) => model?.headings.filter((heading) => heading.anchor !== undefined) ?? [];
  const originalHeadings = anchored(graph.page(original));
  const headings = anchored(graph.page(file));
  const index = originalHeadings.findIndex((heading) => heading.anchor === fragment);
  return { original, anchor: index >= 0 && headings.length === originalHeadings.length ? headings[index].anchor : undefined };
}
