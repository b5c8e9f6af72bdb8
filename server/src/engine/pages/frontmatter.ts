import { isMap, isScalar, parseDocument } from 'yaml';
import type { OffsetRange } from '../json/path';
import type { FrontmatterBlock } from './scanPage';

export interface FrontmatterField {
  key: string;
  value: unknown;
  keyRange: OffsetRange;
  valueRange: OffsetRange;
}

export interface FrontmatterError {
  /** The YAML parser's code (BLOCK_AS_IMPLICIT_KEY, DUPLICATE_KEY…). */
  code: string;
  message: string;
  range: OffsetRange;
}

/** A page's frontmatter: the block as written, its fields with their ranges in the page, its YAML errors. */
export interface Frontmatter {
  block: FrontmatterBlock;
  /** The whole parsed value (undefined when the YAML is broken or not a mapping). */
  data?: Record<string, unknown>;
  fields: Map<string, FrontmatterField>;
  errors: FrontmatterError[];
  /** The YAML holds a value that is no mapping of keys (a list, a bare text). */
  notKeys?: boolean;
}

export function parseFrontmatter(block: FrontmatterBlock): Frontmatter {
  // A repeated key is an error, as it is for the site's own YAML reader. No warning is printed on the
  // process (a key that is a list or a mapping would print one on the CLI's output).
  const document = parseDocument(block.raw, { prettyErrors: false, uniqueKeys: true, logLevel: 'error' });
  const at = (range: readonly number[] | null | undefined): OffsetRange =>
    range ? { start: block.start + range[0], end: block.start + range[1] } : { start: block.start, end: block.start };
  const errors = document.errors.map((error) => ({ code: error.code, message: error.message.split('\n')[0], range: at(error.pos) }));
  const fields = new Map<string, FrontmatterField>();
  if (errors.length > 0) return { block, fields, errors };
  let value: unknown;
  try {
    value = document.toJS();
  } catch (thrown) {
    // An alias to no anchor, or aliases that would expand past the reader's bound: it throws.
    const message = thrown instanceof Error ? thrown.message : String(thrown);
    return { block, fields, errors: [{ code: 'BAD_ALIAS', message, range: at(document.contents?.range) }] };
  }
  if (!isMap(document.contents)) return { block, fields, errors, notKeys: value !== null && value !== undefined };
  const data = value as Record<string, unknown>;
  for (const pair of document.contents.items) {
    if (!isScalar(pair.key)) continue;
    const key = String(pair.key.value);
    const valueNode = pair.value as { range?: number[] } | null;
    fields.set(key, { key, value: data[key], keyRange: at(pair.key.range), valueRange: at(valueNode?.range ?? pair.key.range) });
  }
  return { block, data, fields, errors };
}
