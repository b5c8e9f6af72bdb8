import { fromMarkdown } from 'mdast-util-from-markdown';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { mdxFromMarkdown } from 'mdast-util-mdx';
import { toString } from 'mdast-util-to-string';
import { frontmatter } from 'micromark-extension-frontmatter';
import { mdxjs } from 'micromark-extension-mdxjs';
import { slugOf } from '../../server/src/engine/pages/slug';

/** What a page holds, read by the MDX parser (micromark with the MDX extensions, the parser MDX itself uses). */
export interface ParsedPage {
  /** "depth slug" of each heading, in order. */
  headings: string[];
  /** "kind target @line" of each link, image, definition, attribute and import. */
  references: string[];
  /** "tag.attribute=value" of each id and anchor-giving attribute. */
  anchorAttributes: string[];
}

interface Node {
  type: string;
  depth?: number;
  url?: string;
  identifier?: string;
  name?: string | null;
  attributes?: { type: string; name: string; value?: unknown; position?: { start: { line: number } } }[];
  children?: Node[];
  position?: { start: { line: number; offset?: number }; end: { line: number } };
  data?: { estree?: { body: { type: string; source?: { value: unknown; loc?: { start: { line: number } } } }[] } };
  value?: string;
}

const linkAttributes = new Set(['href', 'src', 'img', 'poster']);
const anchorAttributeNames: Record<string, readonly string[]> = {
  ParamField: ['path', 'query', 'body', 'header', 'name'],
  ResponseField: ['name'],
  Tab: ['title'],
  Accordion: ['title'],
  Update: ['label'],
};

/** Parses a page as MDX; throws the parser's error when the page is no valid MDX. */
export function parseWithMdx(text: string): ParsedPage {
  const tree = fromMarkdown(text, {
    extensions: [frontmatter(['yaml']), mdxjs()],
    mdastExtensions: [frontmatterFromMarkdown(['yaml']), mdxFromMarkdown()],
  }) as unknown as Node;
  const page: ParsedPage = { headings: [], references: [], anchorAttributes: [] };
  const definitions = new Map<string, string>();
  const visitDefinitions = (node: Node) => {
    if (node.type === 'definition' && !definitions.has(node.identifier!)) definitions.set(node.identifier!, node.url!);
    node.children?.forEach(visitDefinitions);
  };
  visitDefinitions(tree);
  const visit = (node: Node) => {
    const line = node.position?.start.line;
    switch (node.type) {
      case 'heading':
        page.headings.push(`${node.depth} ${slugOf(toString(node, { includeImageAlt: false }))}`);
        break;
      case 'link':
      case 'image':
        page.references.push(`${node.type} ${node.url} @${node.position?.end.line}`);
        break;
      case 'linkReference':
      case 'imageReference':
        if (definitions.has(node.identifier!)) page.references.push(`${node.type === 'linkReference' ? 'link' : 'image'} ${definitions.get(node.identifier!)} @${node.position?.end.line}`);
        break;
      case 'definition':
        page.references.push(`definition ${node.url} @${line}`);
        break;
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement':
        for (const attribute of node.attributes ?? []) {
          if (attribute.type !== 'mdxJsxAttribute') continue;
          const value = stringValue(attribute.value);
          if (value === undefined) continue;
          if (linkAttributes.has(attribute.name)) page.references.push(`attribute ${value} @${attribute.position?.start.line ?? line}`);
          else if (attribute.name === 'id' || anchorAttributeNames[node.name ?? '']?.includes(attribute.name)) page.anchorAttributes.push(`${node.name}.${attribute.name}=${value}`);
        }
        break;
      case 'mdxjsEsm':
        for (const statement of node.data?.estree?.body ?? []) {
          if (statement.type === 'ImportDeclaration') page.references.push(`import ${statement.source!.value} @${statement.source!.loc?.start.line ?? line}`);
        }
        break;
    }
    node.children?.forEach(visit);
  };
  visit(tree);
  return page;
}

/** A string attribute, or an expression that is one string literal. */
function stringValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'value' in value) {
    const literal = /^\s*(["'`])([^"'`\\$]*)\1\s*$/.exec(String((value as { value: unknown }).value));
    return literal?.[2];
  }
  return undefined;
}
