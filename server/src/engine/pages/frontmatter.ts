import { safeLoad, YAMLException } from 'js-yaml-3';
import { isMap, isScalar, parseDocument, type Document } from 'yaml';
import type { OffsetRange } from '../json/path';
import type { FrontmatterBlock } from './scanPage';

export interface FrontmatterField {
  readonly key: string;
  readonly value: unknown;
  /** Whether the key was found in the text (the `yaml` package's reading, or a line that starts with it); when not, the ranges are the whole block's. */
  readonly placed: boolean;
  readonly keyRange: OffsetRange;
  readonly valueRange: OffsetRange;
}

export interface FrontmatterError {
  /** The code of the `yaml` package's error at the same place (BLOCK_AS_IMPLICIT_KEY, DUPLICATE_KEY…), when it has one. */
  code?: string;
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

/**
 * Reads the frontmatter as the platform does: the `front-matter` package, which trims the YAML and
 * reads it with js-yaml 3's `safeLoad`. Only what that rejects is an error. js-yaml tells no places
 * but its error's, so the places of keys and values (and the plainer code of an error) come from
 * the `yaml` package's reading of the same text, which rejects some YAML js-yaml reads.
 */
export function parseFrontmatter(block: FrontmatterBlock): Frontmatter {
  const at = (start: number, end: number): OffsetRange => ({ start: block.start + start, end: block.start + end });
  const fields = new Map<string, FrontmatterField>();
  const yaml = block.raw.trim();
  const lead = block.raw.length - block.raw.trimStart().length;
  let value: unknown;
  try {
    value = readFrontmatterYaml(block.raw);
  } catch (thrown) {
    if (!(thrown instanceof YAMLException)) throw thrown;
    return { block, fields, errors: [located(thrown, block, lead, yaml.length)] };
  }
  const notKeys = value !== null && value !== undefined && (typeof value !== 'object' || Array.isArray(value));
  if (notKeys || value === null || value === undefined) return { block, fields, errors: [], notKeys };
  const data = value as Record<string, unknown>;
  let places: ReadonlyMap<string, FieldPlace> | undefined;
  const placesOf = () => (places ??= fieldPlaces(block, data));
  const blockRange = at(0, block.raw.length);
  for (const key of Object.keys(data)) fields.set(key, new LazilyPlacedField(key, data[key], placesOf, blockRange));
  return { block, data, fields, errors: [] };
}

interface FieldPlace {
  key: OffsetRange;
  value: OffsetRange;
}

/** A field whose places are read (for every field of its frontmatter at once) when a finding first asks for one. */
class LazilyPlacedField implements FrontmatterField {
  constructor(
    readonly key: string,
    readonly value: unknown,
    private readonly places: () => ReadonlyMap<string, FieldPlace>,
    private readonly blockRange: OffsetRange,
  ) {}

  get placed(): boolean {
    return this.places().has(this.key);
  }

  get keyRange(): OffsetRange {
    return this.places().get(this.key)?.key ?? this.blockRange;
  }

  get valueRange(): OffsetRange {
    return this.places().get(this.key)?.value ?? this.blockRange;
  }
}

let placesRead = 0;

/** How many frontmatters this process read the places of its keys in. */
export function frontmatterPlacesRead(): number {
  return placesRead;
}

/** The places of the keys of `data` in the page: from the `yaml` package's reading, else the line that starts with the key. */
function fieldPlaces(block: FrontmatterBlock, data: Record<string, unknown>): Map<string, FieldPlace> {
  placesRead++;
  const at = (start: number, end: number): OffsetRange => ({ start: block.start + start, end: block.start + end });
  const places = new Map<string, FieldPlace>();
  const document = readPlaces(block.raw);
  if (isMap(document.contents)) {
    for (const pair of document.contents.items) {
      if (!isScalar(pair.key)) continue;
      const key = String(pair.key.value);
      if (!Object.hasOwn(data, key)) continue;
      const keyRange = pair.key.range!;
      const valueRange = (pair.value as { range?: number[] } | null)?.range ?? keyRange;
      places.set(key, { key: at(keyRange[0], keyRange[1]), value: at(valueRange[0], valueRange[1]) });
    }
  }
  // Keys the `yaml` package lost after a line it could not read: at the line that starts with them.
  for (const key of Object.keys(data)) {
    const line = places.has(key) ? undefined : keyLine(block.raw, key);
    if (line) places.set(key, { key: at(...line.key), value: at(...line.value) });
  }
  return places;
}

/** Where a line of the YAML starts with a key (as written plain) and a colon: the key's place, and its value's up to the line's end (the key's when it has none on the line). */
function keyLine(raw: string, key: string): { key: [number, number]; value: [number, number] } | undefined {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`^(${escaped})[ \\t]*:(?:[ \\t]+(\\S.*?))?[ \\t]*\\r?$`, 'md').exec(raw);
  const places = match?.indices;
  if (!places) return undefined;
  const keyPlace = places[1]!;
  return { key: keyPlace, value: places[2] ?? keyPlace };
}

/** The value of a frontmatter's YAML as the platform reads it (`front-matter`: trimmed, js-yaml 3's `safeLoad`); throws a `YAMLException`. */
export function readFrontmatterYaml(raw: string): unknown {
  return safeLoad(raw.trim());
}

/** The `yaml` package's reading, for places only. It prints no warning on the process (the CLI's output). */
function readPlaces(raw: string): Document {
  return parseDocument(raw, { prettyErrors: false, uniqueKeys: true, logLevel: 'error' });
}

/**
 * js-yaml's error, placed: the `yaml` package's error on the same line (or its last one when js-yaml
 * ran out of text, as for an unclosed quote) with its plainer code and range; else js-yaml's own words
 * from its mark to the end of the line.
 */
function located(error: YAMLException, block: FrontmatterBlock, lead: number, length: number): FrontmatterError {
  const raw = block.raw;
  const mark = lead + Math.min(error.mark?.position ?? 0, length);
  const line = (offset: number) => raw.slice(0, offset).split('\n').length;
  const others = readPlaces(raw).errors;
  const other = mark >= lead + length ? others.at(-1) : others.find((candidate) => line(candidate.pos[0]) === line(mark));
  if (other) return { code: other.code, message: other.message.split('\n')[0], range: { start: block.start + other.pos[0], end: block.start + other.pos[1] } };
  const start = mark >= lead + length ? raw.lastIndexOf('\n', lead + length - 1) + 1 : mark;
  const lineEnd = raw.indexOf('\n', start);
  const end = Math.max(lineEnd < 0 ? raw.length : lineEnd, start);
  return { message: error.reason, range: { start: block.start + start, end: block.start + end } };
}
