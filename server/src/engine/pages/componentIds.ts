import { shownAnchor } from './slug';

/**
 * Which components give their `id` to the page, as the platform's published code lists them
 * (its `COMPONENTS_WITHOUT_ID` and `COMPONENTS_WITH_CLEANED_ID`): a link to the `id` of a callout,
 * a card, a frame or a code group finds nothing on the published page.
 */
const componentsWithoutId = new Set([
  'Info', 'Warning', 'Note', 'Tip', 'Check', 'Danger', 'Callout', 'AccordionGroup', 'Card', 'CardGroup', 'Tabs', 'CodeGroup',
  'Column', 'Columns', 'CustomCode', 'CustomComponent', 'DynamicCustomComponent', 'Expandable', 'Frame', 'GitHub', 'Github',
  'Icon', 'Latex', 'Mermaid', 'Panel', 'Popup', 'Prompt', 'RequestExample', 'ResponseExample', 'SnippetGroup', 'Steps', 'Tile',
  'Tooltip', 'Tree', 'FileTree', 'Variation', 'Visibility', 'MDX', 'Badge', 'Color', 'ZoomImage',
]);
/** Components that show their `id` as a heading's: without punctuation and emoji. */
const componentsWithCleanedId = new Set(['Heading', 'Step', 'Update']);

/** The anchor an `id` written on a tag gives the page, if any. */
export function idAnchor(tag: string, id: string): string | undefined {
  if (id === '' || componentsWithoutId.has(tag)) return undefined;
  return componentsWithCleanedId.has(tag) ? cleanedAnchor(id) : id;
}

/**
 * An anchor as the platform compares it (its `safeCleanHeadingId`): percent-decoded (a lone "%"
 * kept), without `? , ; : ! ' " ( ) [ ] { }` and emoji; as written when it cannot be decoded.
 */
export function cleanedAnchor(id: string): string {
  try {
    return shownAnchor(decodeURIComponent(id.replace(/%(?![0-9A-Fa-f]{2})/g, '%25')));
  } catch {
    return id;
  }
}
