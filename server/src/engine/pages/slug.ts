/**
 * The anchor the platform gives a heading, as the real sites' links to their own headings show:
 * lower case, "&" read as "and", the apostrophe of "'s" and "'t" dropped, every run of other ASCII
 * characters (spaces and punctuation; "_" excepted) turned into one "-", trimmed. Characters
 * beyond ASCII are kept as they are ("方法 1：サインイン" -> "方法-1：サインイン", "CORS 配置" -> "cors-配置").
 */
export function slugOf(text: string): string {
  return text
    .replace(/&/g, ' and ')
    .toLowerCase()
    .replace(/([a-z\d])['\u2019]([ts])(?![a-z\d])/g, '$1$2')
    .replace(/[\x00-\x2f\x3a-\x40\x5b-\x5e\x60\x7b-\x7f\s]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Splits camelCase words: "expireAfterSecs" -> "expire After Secs" (parameter anchors are made so). */
export function decamelize(text: string): string {
  return text.replace(/([A-Z]{2})(\d+)/g, '$1 $2').replace(/([a-z\d])([A-Z])/g, '$1 $2').replace(/([A-Z])([A-Z][a-z\d]+)/g, '$1 $2');
}

/** Gives each slug of one page its anchor: the second "intro" is "intro-2", the third "intro-3". */
export class AnchorCounter {
  private readonly seen = new Map<string, number>();

  next(slug: string): string {
    const count = (this.seen.get(slug) ?? 0) + 1;
    this.seen.set(slug, count);
    return count === 1 ? slug : `${slug}-${count}`;
  }
}
