import { childCursor, isRecord } from '../model/cursor';
import type { NavElement } from '../model/navigationModel';
import type { UncheckedSpec } from './uncheckedSpec';

/**
 * The pages the platform generates from sources other than OpenAPI specs, which the check does
 * not read: AsyncAPI channels (`asyncapi` on any element, under "api-reference"), a GraphQL
 * schema (`graphql` on a tab, under "graphql-reference") and an SDK reference (`sdk` with its
 * `format` and `source` on a tab or group, under "sdk-reference"), each under its `directory`
 * when set. Their pages' routes are unknown: links under their directories are not checked.
 */
export function otherGeneratedPages(elements: readonly NavElement[]): UncheckedSpec[] {
  const found: UncheckedSpec[] = [];
  for (const element of elements) {
    const { value } = element;
    for (const asyncapi of Array.isArray(value.asyncapi) ? value.asyncapi : [value.asyncapi]) {
      const source = sourceOf(asyncapi, 'api-reference');
      if (source) found.push(unread(element, 'asyncapi', source, 'AsyncAPI spec'));
    }
    if (element.kind === 'tab') {
      const source = sourceOf(value.graphql, 'graphql-reference');
      if (source) found.push(unread(element, 'graphql', source, 'GraphQL schema'));
    }
    if ((element.kind === 'tab' || element.kind === 'group') && isRecord(value.sdk) && typeof value.sdk.format === 'string') {
      const source = sourceOf(value.sdk, 'sdk-reference');
      if (source) found.push(unread(element, 'sdk', source, 'SDK reference'));
    }
  }
  return found;
}

/** Whether an element declares an AsyncAPI, GraphQL or SDK source, well written or not. */
export function declaresOtherSource(element: NavElement): boolean {
  return otherSourceKeys.some((key) => element.value[key] !== undefined);
}

const otherSourceKeys = ['asyncapi', 'graphql', 'sdk'];

/** A source written as text, or as `{ "source", "directory" }`. */
function sourceOf(value: unknown, defaultDirectory: string): { source: string; directory: string } | undefined {
  if (typeof value === 'string') return { source: value, directory: defaultDirectory };
  if (!isRecord(value) || typeof value.source !== 'string') return undefined;
  const directory = typeof value.directory === 'string' ? value.directory.replace(/^\/+|\/+$/g, '') : defaultDirectory;
  return { source: value.source, directory };
}

function unread(element: NavElement, key: string, { source, directory }: { source: string; directory: string }, what: string): UncheckedSpec {
  return {
    url: source,
    error: `its pages are generated from the ${what}, which the check does not read`,
    directory,
    declaration: { reference: source, cursor: childCursor(element.cursor, key, element.value[key]) },
  };
}
