import { isRecord } from '../model/cursor';
import type { Segment } from './platformValidation';
import type { ValueBudget } from './valueBudget';

/**
 * The platform's converter reduces every schema an operation reads to a list of options, each
 * `allOf` combined into one and each `oneOf`/`anyOf` spread out (`SchemaConverter`'s reduction in
 * `@mintlify/validation`). Two schemas it combines with different types (an integer narrows a
 * number) cannot both hold: the pair is dropped, and where none is left the converter throws.
 * This is that reduction, kept to what decides whether it throws, with its limits (depth 10,
 * 1,000 combinations) and its order; `$ref`s to the document are followed as the parser's
 * dereferencing does (the keys beside a `$ref` win).
 */

/** Why a schema cannot hold, where it is written. */
export interface Unsatisfiable {
  /** Where the schema whose parts conflict is written. */
  at: Segment[];
  /** What conflicts: an item of its allOf with the items before it; its own type with its compositions; none of its options holding. */
  kind: 'allOf' | 'own' | 'options';
  /** The allOf item (from 0) that conflicts with those before it, or the oneOf/anyOf whose options all fail. */
  member?: number;
  list?: 'oneOf' | 'anyOf';
  /** The two types that meet, and the way from the combined schemas to where they meet (`properties`, `k`). */
  types: [string, string];
  within: Segment[];
  /** The converter's path (`#/paths/…`), as it prints it. */
  converterPath: Segment[];
  /** The converter's words. */
  converterMessage: string;
}

/** Where a reduction failure is caught, which decides what it costs the page. */
export interface CaughtFailure {
  failure: Unsatisfiable;
  /** `schema` the whole schema (shown as any value; for a parameter, the operation fails); `property`, `items` shown as any value; `additionalProperties` dropped. */
  caughtAt: 'schema' | 'property' | 'items' | 'additionalProperties';
  /** Where the schema that is shown as any value (or loses its additional properties) is written. */
  shownAt: Segment[];
}

const maxDepth = 10;
const maxCombinations = 1000;
/** The most pairs of schemas a document's reductions combine (real specs of up to 1 MB combine 2,000 at most). */
const maxCombined = 50_000;

type Schema = Record<string, unknown>;
interface Reduced {
  oneOf: Schema[];
}

/** The reductions of a document went past `maxCombined`. */
class TooLarge extends Error {}

class Impossible extends Error {
  constructor(readonly failure: Unsatisfiable) {
    super(failure.converterMessage);
  }
}

/** A conflict met while combining two top-level schemas ("mismatched type in composition"), before it is known where it is reported. */
class Conflict {
  constructor(
    readonly types: [string, string],
    readonly within: Segment[],
  ) {}
}

/** How a place in the reduction is written in the document and printed by the converter. */
interface Place {
  written: Segment[];
  converter: Segment[];
}

/**
 * The converter's reductions of the schemas of one document. A schema's reduction depends only on
 * the schema, its depth, where it is read (request or response) and whether failures are caught:
 * each is kept, as every operation reading a shared schema reduces it again (its failures are
 * told with the converter's path of the first operation).
 */
export class SchemaReductions {
  private readonly kept = new WeakMap<object, Map<string, KeptReduction>>();
  /** The pairs of schemas combined so far; past `maxCombined`, nothing more is reduced (see `failures`). */
  private combined = 0;

  /** `budget`: the spec's, which every schema reduced or combined counts against (`ValuesSpent` past it). */
  constructor(
    private readonly document: Schema,
    readonly budget: ValueBudget,
  ) {}

  /** Counts a pair of schemas combined: a spec whose schemas combine past the limit (each option of each `oneOf` with each of the next) is not reduced further. */
  countCombined(): void {
    this.budget.spend();
    if (++this.combined > maxCombined) throw new TooLarge();
  }

  /**
   * Reduces one schema as the converter does for an operation's parameter (`strict`: any failure
   * fails the operation), request body or response (failures in properties and items are caught
   * there and shown as any value). Returns every failure the converter reports, each where it is
   * caught, in its order; `strict` stops at the first.
   */
  failures(schema: unknown, place: Place, location: 'request' | 'response' | undefined, strict: boolean): CaughtFailure[] {
    if (this.combined > maxCombined) return [];
    const reducer = new Reducer(this, location, strict);
    const followed = follow(this.document, schema, place.written);
    try {
      reducer.reduce({ written: followed.path, converter: place.converter }, asSchema(followed.value), 0);
    } catch (error) {
      // Past the limit, what the converter would find is not known: nothing is said of it.
      if (error instanceof TooLarge) return [];
      if (!(error instanceof Impossible)) throw error;
      reducer.caught.push({ failure: error.failure, caughtAt: 'schema', shownAt: place.written });
    }
    return reducer.caught;
  }

  follow(value: unknown, path: Segment[]): { value: unknown; path: Segment[] } {
    return follow(this.document, value, path);
  }

  /** A schema's reduction by `reduce` the first time, and after as it was then: its result or failure, and the failures caught in it. */
  keep(schema: Schema, key: string, caught: CaughtFailure[], reduce: () => Reduced): Reduced {
    let byKey = this.kept.get(schema);
    if (!byKey) this.kept.set(schema, (byKey = new Map()));
    let kept = byKey.get(key);
    if (!kept) {
      const before = caught.length;
      try {
        kept = { reduced: reduce(), caught: [] };
      } catch (error) {
        if (!(error instanceof Impossible)) throw error;
        kept = { failure: error, caught: [] };
      }
      kept.caught = caught.splice(before);
      byKey.set(key, kept);
    }
    caught.push(...kept.caught);
    if (kept.failure) throw kept.failure;
    return kept.reduced as Reduced;
  }
}

interface KeptReduction {
  reduced?: Reduced;
  failure?: Impossible;
  caught: CaughtFailure[];
}

/** A value with its `$ref` to the document followed (keys beside the `$ref` kept over the target's), and where its keys are written. */
function follow(document: Schema, value: unknown, path: Segment[]): { value: unknown; path: Segment[] } {
  for (let hops = 0; hops < 16 && isRecord(value) && typeof value.$ref === 'string' && value.$ref.startsWith('#'); hops++) {
    const { $ref, ...beside } = value;
    const pointer = ($ref as string).slice(2);
    const targetPath = (pointer === '' ? [] : pointer.split('/')).map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
    const target = targetPath.reduce<unknown>((at, segment) => (isRecord(at) || Array.isArray(at) ? (at as Schema)[segment] : undefined), document);
    if (!isRecord(target)) return { value: Object.keys(beside).length > 0 ? beside : value, path };
    value = Object.keys(beside).length > 0 ? { ...target, ...beside } : target;
    path = targetPath;
  }
  return { value, path };
}

class Reducer {
  readonly caught: CaughtFailure[] = [];

  constructor(
    private readonly reductions: SchemaReductions,
    private readonly location: 'request' | 'response' | undefined,
    private readonly strict: boolean,
  ) {}

  private follow(value: unknown, path: Segment[]) {
    return this.reductions.follow(value, path);
  }

  private child(schema: Schema, key: string | number, at: Place): { value: unknown; place: Place } {
    const followed = this.follow(schema[key], [...at.written, key]);
    return { value: followed.value, place: { written: followed.path, converter: [...at.converter, String(key)] } };
  }

  reduce(at: Place, schema: Schema, depth: number): Reduced {
    return this.reductions.keep(schema, `${this.location ?? ''} ${this.strict} ${depth}`, this.caught, () => this.reduceComposed(at, schema, depth));
  }

  private reduceComposed(at: Place, schema: Schema, depth: number): Reduced {
    this.reductions.budget.spend();
    if (depth > maxDepth || this.tooLarge(schema)) return { oneOf: [truncated(schema)] };
    let options: Schema[] = [];
    if (Array.isArray(schema.oneOf) && schema.oneOf.length > 0) options = this.reduceOptions(at, 'oneOf', schema, depth);
    const anyOf = Array.isArray(schema.anyOf) && schema.anyOf.length > 0 ? this.reduceOptions(at, 'anyOf', schema, depth) : undefined;
    if (Array.isArray(schema.allOf) && schema.allOf.length > 0) {
      const members = schema.allOf.map((_, index) => {
        const member = this.child(schema.allOf as unknown as Schema, index, { written: [...at.written, 'allOf'], converter: [...at.converter, 'allOf'] });
        return { reduced: this.reduce(member.place, asSchema(member.value), depth + 1), place: member.place };
      });
      const combined = members.reduce<Reduced>(
        (sum, member, index) => ({
          oneOf: this.multiply({ written: [...at.written, 'allOf', index], converter: [...at.converter, 'allOf', String(index)] }, sum.oneOf, member.reduced.oneOf, { kind: 'allOf', member: index, at: at.written }),
        }),
        { oneOf: [] },
      );
      options = this.multiply(at, options, combined.oneOf, { kind: 'own', at: at.written });
    }
    const reducedProperties: Record<string, Reduced> = {};
    if (isRecord(schema.properties)) {
      for (const key of Object.keys(schema.properties)) {
        this.reductions.budget.spend();
        const property = this.child(schema.properties, key, { written: [...at.written, 'properties'], converter: [...at.converter, 'properties'] });
        const value = asSchema(property.value);
        if ((value.readOnly && this.location === 'request') || (value.writeOnly && this.location === 'response')) continue;
        reducedProperties[key] = this.caughtOr([...at.written, 'properties', key], 'property', () => this.reduce(property.place, value, depth + 1));
      }
      schema = { ...schema, properties: reducedProperties };
    }
    if ('items' in schema && schema.items) {
      const items = this.child(schema, 'items', at);
      schema = { ...schema, items: this.caughtOr([...at.written, 'items'], 'items', () => this.reduce(items.place, asSchema(items.value), depth + 1)) };
    }
    if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
      const additional = this.child(schema, 'additionalProperties', at);
      try {
        schema = { ...schema, additionalProperties: this.reduce(additional.place, asSchema(additional.value), depth + 1) };
      } catch (error) {
        if (!(error instanceof Impossible)) throw error;
        this.caught.push({ failure: error.failure, caughtAt: 'additionalProperties', shownAt: at.written });
        schema = { ...schema, additionalProperties: false };
      }
    }
    if (anyOf) options = this.multiply(at, options, anyOf, { kind: 'own', at: at.written });
    return { oneOf: this.multiply(at, options, topLevelOptions(schema), { kind: 'own', at: at.written }) };
  }

  /** A property's or items' reduction; its failure caught, reported and shown as any value, but in a strict reduction. */
  private caughtOr(shownAt: Segment[], caughtAt: 'property' | 'items', reduce: () => Reduced): Reduced {
    try {
      return reduce();
    } catch (error) {
      if (this.strict || !(error instanceof Impossible)) throw error;
      this.caught.push({ failure: error.failure, caughtAt, shownAt });
      return { oneOf: [{}] };
    }
  }

  private reduceOptions(at: Place, list: 'oneOf' | 'anyOf', schema: Schema, depth: number): Schema[] {
    const items = schema[list] as unknown[];
    const listPlace = { written: [...at.written, list], converter: [...at.converter, list] };
    let first: Impossible | undefined;
    const options = items.flatMap((_, index) => {
      const option = this.child(items as unknown as Schema, index, listPlace);
      try {
        return this.reduce(option.place, asSchema(option.value), depth + 1).oneOf;
      } catch (error) {
        if (!(error instanceof Impossible)) throw error;
        first ??= error;
        return [];
      }
    });
    if (options.length === 0 && first) {
      const { types, within } = first.failure;
      throw new Impossible({ at: at.written, kind: 'options', list, types, within, converterPath: listPlace.converter, converterMessage: 'no valid options in schema' });
    }
    return options;
  }

  /** Every pair of options that can hold together, combined; throws where none can. */
  private multiply(at: Place, a: Schema[], b: Schema[], reported: { kind: 'allOf' | 'own'; member?: number; at: Segment[] }): Schema[] {
    if (a.length * b.length > maxCombinations) return [{}];
    if (a.length === 0 && b.length === 0) return [{}];
    if (a.length === 0) return b;
    if (b.length === 0) return a;
    let first: Conflict | undefined;
    const product = a.flatMap((left) =>
      b.flatMap((right) => {
        const combined = this.combine(left, right);
        if (!(combined instanceof Conflict)) return [combined];
        first ??= combined;
        return [];
      }),
    );
    if (product.length === 0 && first) {
      throw new Impossible({ ...reported, types: first.types, within: first.within, converterPath: at.converter, converterMessage: 'impossible schema combination' });
    }
    return product;
  }

  private combineReduced(within: Segment[], a: unknown, b: unknown): Reduced | Conflict {
    try {
      return { oneOf: this.multiply({ written: [], converter: [] }, reducedOptions(a), reducedOptions(b), { kind: 'own', at: [] }) };
    } catch (error) {
      if (error instanceof Impossible) return new Conflict(error.failure.types, [...within, ...error.failure.within]);
      throw error;
    }
  }

  /** Two top-level schemas combined, as far as their types, properties, items and additional properties go. */
  private combine(left: Schema, right: Schema): Schema | Conflict {
    this.reductions.countCombined();
    let type1 = left.type;
    let type2 = right.type;
    if (type1 === 'integer' && type2 === 'number') type2 = 'integer';
    else if (type1 === 'number' && type2 === 'integer') type1 = 'integer';
    if (type1 && type2 && type1 !== type2) return new Conflict([String(type1), String(type2)], []);
    const type = type1 ?? type2;
    if (type === 'array') {
      const items = this.combineReduced(['items'], 'items' in left && left.items ? left.items : {}, 'items' in right && right.items ? right.items : {});
      return items instanceof Conflict ? items : { type, items };
    }
    const combined: Schema = { type };
    if (isRecord(left.properties) && isRecord(right.properties)) {
      const properties: Schema = { ...left.properties };
      for (const [name, schema] of Object.entries(right.properties)) {
        this.reductions.budget.spend();
        const property = name in properties && properties[name] ? this.combineReduced(['properties', name], properties[name], schema) : schema;
        if (property instanceof Conflict) return property;
        properties[name] = property;
      }
      combined.properties = properties;
    } else if (left.properties || right.properties) {
      combined.properties = { ...asSchema(left.properties), ...asSchema(right.properties) };
    }
    if (left.additionalProperties === false || right.additionalProperties === false) combined.additionalProperties = false;
    else if (isRecord(left.additionalProperties) && isRecord(right.additionalProperties)) {
      const additional = this.combineReduced(['additionalProperties'], left.additionalProperties, right.additionalProperties);
      if (additional instanceof Conflict) return additional;
      combined.additionalProperties = additional;
    } else if (isRecord(left.additionalProperties)) combined.additionalProperties = left.additionalProperties;
    else if (isRecord(right.additionalProperties)) combined.additionalProperties = right.additionalProperties;
    return combined;
  }

  /** The converter's guess that a schema's combinations may explode: the sizes of its lists and maps three levels down, multiplied. */
  private tooLarge(schema: Schema): boolean {
    const sizeOf = (list: unknown) => (Array.isArray(list) ? list.length : 1);
    const sizes = [sizeOf(schema.oneOf), sizeOf(schema.anyOf), sizeOf(schema.allOf)];
    const keys = ['properties', 'additionalProperties', 'items', 'oneOf', 'anyOf', 'allOf'];
    const at = (value: unknown, key: string) => (isRecord(value) || Array.isArray(value) ? this.follow((value as Schema)[key], []).value : undefined);
    for (const key of keys) {
      const sub = at(schema, key);
      if (!sub) continue;
      sizes.push(Object.keys(sub).length);
      for (const subKey of keys) {
        const subSub = at(sub, subKey);
        if (!subSub) continue;
        sizes.push(Object.keys(subSub).length);
        for (const subSubKey of keys) {
          const subSubSub = at(subSub, subSubKey);
          if (subSubSub) sizes.push(Object.keys(subSubSub).length);
        }
      }
    }
    return sizes.reduce((product, size) => product * size, 1) > maxCombinations;
  }
}

function asSchema(value: unknown): Schema {
  return isRecord(value) ? value : {};
}

function reducedOptions(value: unknown): Schema[] {
  return isRecord(value) && Array.isArray(value.oneOf) ? (value.oneOf as Schema[]) : [];
}

/** A schema past the converter's limits: its compositions, properties and items left out. */
function truncated(schema: Schema): Schema {
  const { oneOf: _oneOf, anyOf: _anyOf, allOf: _allOf, ...rest } = schema;
  if (rest.type === 'array') rest.items = {};
  else if (rest.type === 'object') {
    rest.properties = {};
    if (rest.additionalProperties && typeof rest.additionalProperties === 'object') rest.additionalProperties = {};
  }
  return rest;
}

/** A schema's own options: one per type of a type list, or with null beside it when `nullable`. */
function topLevelOptions(schema: Schema): Schema[] {
  const { oneOf: _oneOf, ...own } = schema;
  if (own.nullable) {
    const { nullable: _nullable, ...typed } = own;
    return [typed, { ...typed, type: 'null' }];
  }
  if (Array.isArray(own.type)) {
    if (own.type.length === 0) {
      const { type: _type, ...untyped } = own;
      return [untyped];
    }
    return own.type.map((type) => ({ ...own, type }));
  }
  return [own];
}
