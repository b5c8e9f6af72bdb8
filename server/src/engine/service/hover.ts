import { findIcon, isFontAwesomeProIcon, isIconLibrary, iconStyles, type IconLibrary } from '../icons/iconNames';
import type { OffsetRange } from '../json/path';
import { findNodeAtLocation } from 'jsonc-parser';
import { iconCheck, iconProblem, libraryTitle } from '../rules/iconRule';
import { markdownOf } from '../schema/schema';
import type { CheckedSite } from './checkedSite';
import { readFrontmatter } from './frontmatter';
import type { JsonText } from './jsonText';
import { languageNames } from './languageNames';
import { inlineCode, plainParagraph, plainText } from './markdown';
import { nodeLocation, rangeOf } from './location';
import { schemaAt, valueRole } from './siteSchema';
import { targetOf, type Target } from './target';

export interface Hover {
  range: OffsetRange;
  markdown: string;
}

/** What the key or value under the cursor means. */
export function hover(site: CheckedSite, text: JsonText, offset: number): Hover | undefined {
  const location = nodeLocation(text, offset);
  if (!location) return undefined;
  const sitePath = site.sitePath(text.path, location.path);
  if (!sitePath) return undefined;
  const range = rangeOf(location.node);
  const value = location.node.value;
  let markdown: string | undefined;
  if (location.target === 'value' && typeof value === 'string') {
    const target = targetOf(site, text.path, location.path, value);
    if (target) {
      markdown = targetMarkdown(site, target);
    } else if (valueRole(sitePath) === 'icon') {
      const own = location.path[location.path.length - 1] === 'name' && text.tree ? findNodeAtLocation(text.tree, [...location.path.slice(0, -1), 'library'])?.value : undefined;
      markdown = iconMarkdown(site, isIconLibrary(own) ? own : site.result.siteIconLibrary, value);
    } else if (valueRole(sitePath) === 'language' && languageNames[value]) {
      markdown = `${inlineCode(value)}: ${languageNames[value]}`;
    }
  }
  if (markdown === undefined) {
    const schema = schemaAt(sitePath);
    markdown = schema && markdownOf(schema);
  }
  return markdown ? { range, markdown } : undefined;
}

function targetMarkdown(site: CheckedSite, target: Target): string {
  switch (target.kind) {
    case 'page': {
      if (!target.file) return `No page file: neither ${inlineCode(`${target.page}.mdx`)} nor ${inlineCode(`${target.page}.md`)} exists`;
      const text = site.host.readFile(target.file);
      const { title, description } = text === undefined ? {} : readFrontmatter(text);
      return [title && `**${plainText(title)}**`, description && plainParagraph(description), inlineCode(target.file)].filter(Boolean).join('\n\n');
    }
    case 'operation': {
      const name = `${target.method} ${target.path}`;
      if (!target.operation) return target.spec ? `${inlineCode(name)} is not an operation of ${inlineCode(target.spec)}` : `${inlineCode(name)}: no OpenAPI spec is in force here`;
      const { summary, description } = target.operation;
      return [`**${plainText(name)}**${summary ? `: ${plainText(summary)}` : ''}`, description, target.spec && `Operation in ${inlineCode(target.spec)}`].filter(Boolean).join('\n\n');
    }
    case 'spec': {
      const text = site.host.readFile(target.file);
      const spec = text === undefined ? undefined : site.specs.get(target.file, text);
      if (!spec?.ok) return inlineCode(target.file);
      const count = spec.operations.length;
      return `${spec.title ? `**${plainText(spec.title)}**: ` : ''}OpenAPI ${plainText(spec.version)}, ${count} operation${count === 1 ? '' : 's'}\n\n${inlineCode(target.file)}`;
    }
    case 'ref':
      return `Content of ${inlineCode(target.file)}`;
  }
}

/** The icon's library entry, or what is wrong with it in the words of its diagnostic. */
function iconMarkdown(site: CheckedSite, library: IconLibrary, name: string): string | undefined {
  if (/[/.]/.test(name)) return undefined;
  const problem = iconProblem(iconCheck(site.host.files), library, name);
  if (!problem) return iconEntry(library, name);
  const said = plainParagraph(problem.message);
  const instead = problem.replacement === undefined ? undefined : iconEntry(library, problem.replacement);
  return instead ? `${said}\n\n${instead}` : said;
}

function iconEntry(library: IconLibrary, name: string): string | undefined {
  const canonical = findIcon(library, name);
  if (!canonical) return library === 'fontawesome' && isFontAwesomeProIcon(name) ? `**${plainText(name)}**: Font Awesome Pro icon` : undefined;
  const alias = canonical !== name.toLowerCase() ? ` (alias of ${inlineCode(canonical)})` : '';
  const styles = iconStyles(library, canonical);
  return `**${plainText(name)}**${alias}: ${libraryTitle[library]} icon${styles.length > 0 ? `\n\nStyles: ${styles.join(', ')}` : ''}`;
}
