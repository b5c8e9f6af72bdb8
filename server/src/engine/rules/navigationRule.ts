import { capitalize, quoteList } from '../text';
import { childCursor, describeValue, isRecord } from '../model/cursor';
import {
  allowedCollections,
  collectionKinds,
  describeElement,
  disallowedOf,
  isReadableCollection,
  keptCollection,
  kindNoun,
  maxNavigationDepth,
  nameKeys,
  rootPatterns,
  withArticle,
  type CollectionKey,
  type ElementKind,
  type NavElement,
} from '../model/navigationModel';
import type { CheckContext } from '../checkContext';
import type { UnreadableEntry } from '../model/buildNavigation';
import type { DocsJsonRule } from './rule';
import { misspeltElementKey } from './schemaRule';

/**
 * The navigation's structure (the Spec's rules): one root pattern, one type of child per level,
 * which children each element may hold, required names and pages, entries of the right type,
 * `expanded` only where it works, global anchors linking out.
 */
export const navigationRule: DocsJsonRule = {
  codes: [
    'schema/type',
    'nav/no-root-pattern',
    'nav/multiple-root-patterns',
    'nav/too-deep',
    'nav/missing-name',
    'nav/child-not-allowed',
    'nav/menu-outside-tab',
    'nav/mixed-children',
    'nav/missing-pages',
    'nav/invalid-page-entry',
    'nav/invalid-child',
    'nav/expanded-no-effect',
    'nav/global-anchor-href',
  ],
  start: (ctx) => ({
    navigation(navigation) {
      if (!isRecord(navigation.value)) {
        ctx.report({ cursor: navigation, target: 'value', code: 'schema/type', message: `"navigation" must be an object, not ${describeValue(navigation.value)}` });
        return;
      }
      const present = Object.keys(navigation.value).filter((key) => (rootPatterns as readonly string[]).includes(key));
      if (present.length === 0) {
        ctx.report({ cursor: navigation, target: 'key', code: 'nav/no-root-pattern', message: `"navigation" needs one of ${quoteList(rootPatterns)} at its root` });
      } else if (present.length > 1) {
        for (const { key, consequence } of droppedCollections('navigation', present as CollectionKey[], navigation.value)) {
          ctx.report({
            cursor: navigation,
            subPath: [key],
            target: 'key',
            code: 'nav/multiple-root-patterns',
            message: `"navigation" holds ${quoteList(present, 'and')}: ${consequence}its root takes exactly one of them ("global" may stand beside it)`,
            data: { keys: present },
          });
        }
      }
    },
    element(element) {
      if (element.kind === 'globalEntry') {
        if (element.parentCollection === 'anchors') checkGlobalAnchorHref(ctx, element);
        return;
      }
      if (element.kind === 'navigation' || element.kind === 'global') return;
      if (element.kind === 'group') checkExpanded(ctx, element);
      if (element.depth > maxNavigationDepth) {
        ctx.report({
          cursor: element.cursor,
          target: 'start',
          code: 'nav/too-deep',
          message: `The navigation is nested more than ${maxNavigationDepth} levels deep here; deeper levels are not checked`,
        });
        return;
      }
      checkName(ctx, element);
      checkCollections(ctx, element);
      if (element.kind === 'group') checkGroupPages(ctx, element);
    },
    unreadableEntry(entry) {
      reportUnreadable(ctx, entry);
    },
  }),
};

function checkName(ctx: CheckContext, element: NavElement): void {
  const nameKey = nameKeys[element.kind];
  // A misspelt name key is told at the key by the schema rule.
  if (!nameKey || nameKey in element.value || misspeltElementKey(element, nameKey)) return;
  ctx.report({
    cursor: element.cursor,
    target: 'start',
    code: 'nav/missing-name',
    message: `${capitalize(withArticle(element.kind))}${parentSuffix(element)} is missing "${nameKey}"`,
  });
}

function checkCollections(ctx: CheckContext, element: NavElement): void {
  const { collections, childCollections } = element;
  if (collections.length !== childCollections.length) {
    for (const key of disallowedOf(collections, allowedCollections[element.kind])) reportDisallowedCollection(ctx, element, key);
  }
  if (childCollections.length < 2) return;
  for (const { key, consequence } of droppedCollections(element.kind, childCollections, element.value)) {
    ctx.report({
      cursor: element.cursor,
      subPath: [key],
      target: 'key',
      code: 'nav/mixed-children',
      message: `${capitalize(describeElement(element))} holds ${quoteList(childCollections, 'and')} side by side: ${consequence}each navigation level holds one type of child, so nest one inside the other`,
      data: { keys: childCollections },
    });
  }
}

/**
 * The kinds the site drops when an element holds several, each with what happens to it; when the
 * measured order does not cover the kinds, the second one written stands for them all.
 */
function droppedCollections(kind: ElementKind, keys: readonly CollectionKey[], value: Record<string, unknown>): { key: CollectionKey; consequence: string }[] {
  const outcome = keptCollection(kind, keys, value);
  if (!outcome) return [{ key: keys[1], consequence: '' }];
  const { kept } = outcome;
  // Measured: the root then matches no kind and the file is rejected; an element is kept without children.
  if (!kept) return [{ key: keys[1], consequence: `the platform can read none of them (${keys.map(entryNeeds).join(', ')}) and ${kind === 'navigation' ? 'rejects docs.json' : 'drops them all'}; ` }];
  return keys
    .filter((key) => key !== kept)
    .map((key) => ({
      key,
      consequence: isReadableCollection(key, value[key])
        ? `the site shows the ${kept} and drops these ${key}; `
        : `the site shows the ${kept} and drops these ${key}, which it cannot read (${entryNeeds(key)}); `,
    }));
}

/** What each entry of a collection needs for the platform to read it ("each anchor needs "anchor""). */
function entryNeeds(key: CollectionKey): string {
  if (key === 'pages') return '"pages" is a list';
  const kind = collectionKinds[key];
  return `each ${kindNoun(kind)} needs "${nameKeys[kind]}"`;
}

function reportDisallowedCollection(ctx: CheckContext, element: NavElement, key: CollectionKey): void {
  let message: string;
  let code: 'nav/child-not-allowed' | 'nav/menu-outside-tab' = 'nav/child-not-allowed';
  if (key === 'menu') {
    code = 'nav/menu-outside-tab';
    message = `"menu" is only allowed inside a tab or a product, not in ${describeElement(element)}`;
  } else if (element.kind === 'group' && key === 'groups') {
    message = `${capitalize(describeElement(element))} cannot hold "groups": put nested groups inside its "pages"`;
  } else if (element.kind === 'menuItem') {
    message = `Menu item "${element.name ?? ''}" cannot hold "${key}": a menu item holds only groups, pages and links`;
  } else {
    message = `${capitalize(describeElement(element))} cannot hold "${key}"; it may hold ${quoteList(allowedCollections[element.kind])}`;
  }
  ctx.report({ cursor: element.cursor, subPath: [key], target: 'key', code, message });
}

function checkGroupPages(ctx: CheckContext, group: NavElement): void {
  if ('pages' in group.value || group.openapi.length > 0) return;
  const named = 'group' in group.value;
  ctx.report({
    cursor: group.cursor,
    subPath: named ? ['group'] : undefined,
    target: named ? 'property' : 'start',
    code: 'nav/missing-pages',
    message: `${capitalize(describeElement(group))} is missing "pages"`,
  });
}

function checkExpanded(ctx: CheckContext, group: NavElement): void {
  if (!('expanded' in group.value) || group.parent?.kind === 'group') return;
  ctx.report({
    cursor: group.cursor,
    subPath: ['expanded'],
    target: 'property',
    code: 'nav/expanded-no-effect',
    message: `"expanded" has no effect on ${group.name ? `top-level group "${group.name}"` : 'a top-level group'}: top-level groups are always expanded. It only applies to groups nested in another group's "pages"`,
    unnecessary: true,
  });
}

function checkGlobalAnchorHref(ctx: CheckContext, anchor: NavElement): void {
  const href = anchor.value.href;
  if (typeof href !== 'string' || /^(https?:\/\/[^\s/]+|mailto:\S)/i.test(href)) return;
  ctx.report({
    cursor: childCursor(anchor.cursor, 'href', href),
    target: 'value',
    code: 'nav/global-anchor-href',
    message: `${capitalize(describeElement(anchor))} in "global" links to "${href}": global anchors need an external URL (https://… or mailto:); relative paths are not allowed`,
  });
}

function reportUnreadable(ctx: CheckContext, { cursor, owner, key, problem }: UnreadableEntry): void {
  const found = describeValue(cursor.value);
  if (owner.kind === 'global' || key === 'global') {
    if (problem === 'not-an-object' && key !== 'global') {
      ctx.report({ cursor, target: 'value', code: 'nav/invalid-child', message: `Each entry of "global.${key}" must be an object, not ${found}` });
    } else {
      const name = key === 'global' ? '"global"' : `"global.${key}"`;
      ctx.report({ cursor, target: 'value', code: 'schema/type', message: `${name} must be ${key === 'global' ? 'an object' : 'an array'}, not ${found}` });
    }
    return;
  }
  if (problem === 'not-a-list') {
    ctx.report({ cursor, target: 'value', code: 'schema/type', message: `"${key}" in ${describeElement(owner)} must be an array, not ${found}` });
  } else if (key === 'pages') {
    ctx.report({
      cursor,
      target: 'value',
      code: 'nav/invalid-page-entry',
      message: `Each entry of "pages" in ${describeElement(owner)} must be a page path or a group object, not ${found}`,
    });
  } else {
    const childKind = collectionKinds[key as CollectionKey];
    ctx.report({
      cursor,
      target: 'value',
      code: 'nav/invalid-child',
      message: `Each entry of "${key}" in ${describeElement(owner)} must be ${withArticle(childKind)} object, not ${found}`,
    });
  }
}

function parentSuffix(element: NavElement): string {
  return element.parent && element.parent.kind !== 'navigation' ? ` in ${describeElement(element.parent)}` : '';
}
