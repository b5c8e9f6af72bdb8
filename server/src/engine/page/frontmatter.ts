import { isMap, isScalar, parseDocument, type Document, type Node as YamlNode } from 'yaml';
import type { OffsetRange } from '../json/path';

/** One top-level key of the frontmatter, with page offsets. */
export interface FrontmatterEntry {
  key: string;
  keyRange: OffsetRange;
  /** Where the value is written; an empty value sits right after the colon. */
  valueRange: OffsetRange;
  value: unknown;
  /** Whether the value is a quoted or plain scalar, a list, or a mapping (for fixes). */
  style: 'plain' | 'quoted' | 'list' | 'mapping' | 'empty';
}

export interface FrontmatterError {
  range: OffsetRange;
  /** The YAML parser's error code, e.g. BLOCK_AS_IMPLICIT_KEY. */
  code: string;
  message: string;
}

/** The YAML block between `---` lines at the top of a page. */
export interface Frontmatter {
  /** The YAML text's range in the page (between the two `---` lines). */
  range: OffsetRange;
  entries: FrontmatterEntry[];
  errors: FrontmatterError[];
  /** Set when the YAML is valid but not a mapping of keys to values (a list, or a bare text). */
  notAMapping?: OffsetRange;
}

const opening = /^\uFEFF?---[ \t]*\r?\n/;
const closing = /^---[ \t]*\r?$/m;

/** The page's frontmatter, or undefined when the page has none (or never closes it). */
export function parseFrontmatter(text: string): Frontmatter | undefined {
  const open = opening.exec(text);
  if (!open) return undefined;
  const start = open[0].length;
  const close = closing.exec(text.slice(start));
  if (!close) return undefined;
  const yamlText = text.slice(start, start + close.index);
  const document = parseDocument(yamlText, { prettyErrors: false, uniqueKeys: true });
  /** A range of the YAML text as page offsets, without the trailing line breaks a block value holds. */
  const shift = (range: readonly number[] | undefined): OffsetRange => {
    const from = range?.[0] ?? 0;
    let to = range?.[1] ?? from;
    while (to > from + 1 && /\s/.test(yamlText[to - 1])) to--;
    return { start: start + from, end: start + to };
  };
  const errors = document.errors.map((error) => ({ range: shift(error.pos), code: error.code, message: error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '') }));
  const frontmatter: Frontmatter = { range: { start, end: start + yamlText.length }, entries: [], errors };
  const contents = document.contents;
  if (contents === null || (isScalar(contents) && contents.value === null)) return frontmatter;
  if (!isMap(contents)) {
    frontmatter.notAMapping = shift(contents.range);
    return frontmatter;
  }
  for (const pair of contents.items) {
    if (!isScalar(pair.key) || typeof pair.key.value !== 'string') continue;
    const keyRange = shift(pair.key.range);
    const value = pair.value as YamlNode | null;
    frontmatter.entries.push({
      key: pair.key.value,
      keyRange,
      valueRange: value?.range ? shift(value.range) : { start: keyRange.end + 1, end: keyRange.end + 1 },
      value: valueOf(value, document),
      style: styleOf(value),
    });
  }
  return frontmatter;
}

function valueOf(node: YamlNode | null, document: Document): unknown {
  try {
    return node ? node.toJS(document, { maxAliasCount: 100 }) : null;
  } catch {
    return undefined; // an unresolvable or exploding alias, reported by the parser
  }
}

function styleOf(node: YamlNode | null): FrontmatterEntry['style'] {
  if (!node || (isScalar(node) && node.value === null && node.range && node.range[0] === node.range[1])) return 'empty';
  if (isScalar(node)) return node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE' ? 'quoted' : 'plain';
  return isMap(node) ? 'mapping' : 'list';
}
