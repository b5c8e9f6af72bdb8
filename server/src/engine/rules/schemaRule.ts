import { isRecord } from '../model/cursor';
import { collectionKinds, nameKeys, type ElementKind, type NavElement } from '../model/navigationModel';
import { definition, docsSchema } from '../schema/schema';
import type { DefinitionHook } from '../schema/definitionHook';
import { misspeltKeyFor, subjectOwner, validate, validateTopMember, type ValidationOptions } from '../schema/validate';
import { legacyTopLevelKeys } from './legacyKeys';
import type { DocsJsonRule } from './rule';

/** Keys of an element that the navigation walk reads: its children. */
const elementSkippedKeys = new Set<string>([...Object.keys(collectionKinds), 'global']);

const topLevelSkippedKeys = new Set(['navigation']);

const globalDefinitions: Record<string, string> = {
  anchors: 'globalAnchor',
  tabs: 'globalTab',
  languages: 'globalLanguage',
  versions: 'globalVersion',
  dropdowns: 'globalDropdown',
  products: 'globalProduct',
};

/**
 * Every value against the schema (schemas/docs.schema.json): known keys, types, enums, patterns;
 * the navigation's elements each against their own definition, their children left to the walk.
 */
export const schemaRule: DocsJsonRule = {
  codes: ['schema/type', 'schema/required', 'schema/enum', 'schema/pattern', 'schema/empty', 'schema/range', 'schema/deprecated', 'schema/unknown-key', 'schema/legacy-key'],
  start(ctx) {
    const hooks = () => ctx.rules.definitions;
    const topLevel = (): ValidationOptions => ({ hooks: hooks(), skipKeys: topLevelSkippedKeys, legacyKeys: legacyTopLevelKeys });
    const elementOptions = new Map<ElementKind, ValidationOptions>();
    const optionsFor = (kind: ElementKind): ValidationOptions => {
      let options = elementOptions.get(kind);
      if (!options) {
        const nameKey = nameKeys[kind];
        // A missing name key is the navigation rule's to tell (nav/missing-name, with where the element is).
        options = { hooks: hooks(), skipKeys: elementSkippedKeys, requiredToldElsewhere: nameKey ? new Set([nameKey]) : undefined };
        elementOptions.set(kind, options);
      }
      return options;
    };
    return {
      root(root) {
        const value = root.value;
        if (value === undefined) return;
        if (!isRecord(value)) {
          ctx.report({ cursor: root, target: 'start', code: 'schema/type', message: 'docs.json must hold a JSON object' });
          return;
        }
        validate(ctx, root, docsSchema, {}, topLevel());
        if (!('navigation' in value)) {
          ctx.report({ cursor: root, target: 'start', code: 'schema/required', message: 'docs.json is missing "navigation"' });
        }
      },
      topLevelMember(root, key) {
        validateTopMember(ctx, root, docsSchema, topLevel(), key);
      },
      element(element) {
        const name = element.kind === 'globalEntry' ? globalDefinitions[String(element.parentCollection)] : element.kind;
        if (name) validate(ctx, element.cursor, definition(name), { owner: element }, optionsFor(element.kind));
      },
      definitions: { languageCode: checkLanguageCode },
    };
  },
};

/** The element's key this rule reports as a misspelling of its required `key`, one finding that tells both ("grop" for "group"). */
export function misspeltElementKey(element: NavElement, key: string): string | undefined {
  return misspeltKeyFor(definition(element.kind), element.value, key, elementSkippedKeys);
}

/** `ua`, the Spec's code for Ukrainian, which the platform does not know (it knows `uk`): it drops the element's languages silently. */
const checkLanguageCode: DefinitionHook = (cursor, subject, out) => {
  if (cursor.value !== 'ua') return;
  const owner = subjectOwner(subject);
  out.push({
    cursor,
    target: 'value',
    code: 'schema/deprecated',
    message: `"ua"${owner ? ` in ${owner}` : ''} is the Spec's code for Ukrainian, but the site knows Ukrainian as "uk" and silently drops a language it does not know: write "uk"`,
    suggestions: [{ title: 'Change to "uk"', replacement: '"uk"' }],
  });
};
