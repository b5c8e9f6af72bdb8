import type { CheckContext } from '../checkContext';
import { childCursor } from '../model/cursor';
import { collectionKinds, describeElement, type NavElement } from '../model/navigationModel';
import { capitalize } from '../model/buildNavigation';
import { definition } from '../schema/schema';
import { validate, type DefinitionHook } from '../schema/validate';

const skippedKeys = new Set<string>([...Object.keys(collectionKinds), 'global']);

const globalDefinitions: Record<string, string> = {
  anchors: 'globalAnchor',
  tabs: 'globalTab',
  languages: 'globalLanguage',
  versions: 'globalVersion',
  dropdowns: 'globalDropdown',
  products: 'globalProduct',
};

/** Each element's own keys: known, of the right type; plus the Spec rules on single keys. */
export function elementChecker(ctx: CheckContext, hooks: Record<string, DefinitionHook>): (element: NavElement) => void {
  const options = { hooks, skipKeys: skippedKeys };
  return (element) => {
    const definitionName = element.kind === 'globalEntry' ? globalDefinitions[String(element.parentCollection)] : element.kind;
    if (definitionName) validate(ctx, element.cursor, definition(definitionName), { owner: element }, options);
    if (element.kind === 'group') checkExpanded(ctx, element);
    if (element.kind === 'globalEntry' && element.parentCollection === 'anchors') checkGlobalAnchorHref(ctx, element);
  };
}

function checkExpanded(ctx: CheckContext, group: NavElement): void {
  if (!('expanded' in group.value) || group.parent?.kind === 'group') return;
  ctx.report({
    cursor: group.cursor,
    subPath: ['expanded'],
    target: 'property',
    severity: 'warning',
    code: 'nav/expanded-no-effect',
    message: `"expanded" has no effect on top-level ${describeElement(group)}: top-level groups are always expanded. It only applies to groups nested in another group's "pages"`,
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
