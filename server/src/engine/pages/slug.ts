/**
 * A slug as the platform makes one for accordions: lower case, "&" read as
 * "and", the apostrophe of "'s" and "'t" dropped, every run of other ASCII characters (spaces and
 * punctuation; "_" excepted) turned into one "-", trimmed. Characters beyond ASCII are kept.
 */
export function slugOf(text: string): string {
  return text
    .replace(/&/g, ' and ')
    .toLowerCase()
    .replace(/([a-z\d])['\u2019]([ts])(?![a-z\d])/g, '$1$2')
    .replace(/[\x00-\x2f\x3a-\x40\x5b-\x5e\x60\x7b-\x7f\s]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The anchor of a heading (or a tab, or an update) as the published page has it. The platform
 * lower-cases the text, turns whitespace into "-" and percent-encodes it as a URL component. When
 * something was encoded (non-ASCII, "&", ":", "/"...), every encoded character stays (decoded in
 * the page: "CORS 配置" -> "cors-配置", "Setup & Go" -> "setup-&-go") and only the URL-safe marks
 * `. ! ~ * ' ( )` separate words; otherwise every run of characters other than letters, digits
 * and "_" is one "-". A word "-s" or "-t" joins the word before it ("it's" -> "its"); runs of "-"
 * collapse and the ends are trimmed. The page then drops `? , ; : ! ' " ( ) [ ] { }` and emoji
 * from the id without collapsing again ("Step 1 : Go" -> "step-1--go").
 */
export function headingAnchor(text: string): string {
  const dashed = text.toLowerCase().trim().replace(/\s+/g, '-');
  // Most headings are plain words: nothing to encode, nothing for the page to drop.
  const plain = /^[a-z\d_-]*$/.test(dashed);
  let encoded: string;
  try {
    encoded = plain ? dashed : encodeURIComponent(dashed);
  } catch {
    return shownAnchor(dashed); // a lone surrogate cannot be encoded
  }
  const slug = encoded
    .replace(/[^a-zA-Z\d%_]+/g, '-')
    .replace(/([a-zA-Z\d]+)-([ts])(-|$)/g, '$1$2$3')
    .replace(/^-|-$/g, '');
  return plain ? slug : shownAnchor(decodeURIComponent(slug));
}

/**
 * The id the platform gives a `## Title {#raw}` heading (its `normalizeCustomId`): trimmed, without
 * `< > " & ? , ; : ! ' ( ) [ ] { }` and emoji, each run of white space one "-".
 */
export function customHeadingId(raw: string): string {
  return shownAnchor(raw.trim().replace(/[<>&]/g, '')).replace(/\s+/g, '-');
}

/** An id as the page shows it: without `? , ; : ! ' " ( ) [ ] { }` and emoji. */
export function shownAnchor(id: string): string {
  return id.replace(/[?,;:!'"()[\]{}]|\p{Emoji_Modifier}|\p{Emoji_Modifier_Base}|\p{Emoji_Presentation}|\p{Extended_Pictographic}|\u200D|\uFE0E|\uFE0F/gu, '');
}

/**
 * The anchor of a parameter or response field named `name` (its `count`-th repeat when above 0):
 * "param-" and the name with camelCase words split ("expireAfterSecs" -> "param-expire-after-secs",
 * "APIKey" -> "param-api-key"), "&" read as "and", "`" and "^" dropped, every run of characters
 * other than ASCII letters and digits one "-" ("user_id" -> "param-user-id"), a word "-s" or "-t"
 * joined to the one before; a repeat ends "-1", "-2"... Characters beyond ASCII are kept (the
 * platform transliterates them).
 */
export function fieldAnchor(name: string, count = 0): string {
  return `param-${name}${count > 0 ? `_${count}` : ''}`
    .replace(/&/g, ' and ')
    .replace(/[`^]/g, '')
    .replace(/([A-Z]{2,})(\d+)/g, '$1 $2')
    .replace(/([a-z\d]+)([A-Z]{2,})/g, '$1 $2')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-rt-z\d]+)/g, '$1 $2')
    .toLowerCase()
    .replace(/[\x00-\x2f\x3a-\x60\x7b-\x7f]+/g, '-')
    .replace(/([a-zA-Z\d]+)-([ts])(-|$)/g, '$1$2$3')
    .replace(/^-|-$/g, '');
}

/**
 * Gives each anchor of one page its own: the second "intro" is "intro-2", the third "intro-3",
 * skipping a number another anchor already took.
 */
export class AnchorCounter {
  private readonly seen = new Map<string, number>();

  next(slug: string): string {
    const count = this.seen.get(slug) ?? 0;
    this.seen.set(slug, count + 1);
    if (count === 0) return slug;
    let suffix = count + 1;
    while (this.seen.has(`${slug}-${suffix}`)) suffix++;
    this.seen.set(`${slug}-${suffix}`, 1);
    return `${slug}-${suffix}`;
  }
}
