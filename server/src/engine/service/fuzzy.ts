/**
 * A typed pattern to rank candidates by: its characters must appear in order (case-insensitive).
 * Runs of consecutive characters, matches at word starts ("/", "-", "_", ".", " ") and prefixes
 * score more.
 */
export class FuzzyPattern {
  private readonly lower: string;

  constructor(pattern: string) {
    this.lower = pattern.toLowerCase();
  }

  /** Higher is better; undefined when the candidate does not match. */
  score(candidate: string, lowerCandidate = candidate.toLowerCase()): number | undefined {
    const pattern = this.lower;
    if (pattern === '') return 0;
    let score = 0;
    let from = 0;
    let previous = -2;
    for (let i = 0; i < pattern.length; i++) {
      const found = lowerCandidate.indexOf(pattern[i], from);
      if (found < 0) return undefined;
      score += 1;
      if (found === previous + 1) score += 3;
      if (found === 0 || isWordSeparator(lowerCandidate.charCodeAt(found - 1))) score += 2;
      previous = found;
      from = found + 1;
    }
    if (lowerCandidate.startsWith(pattern)) score += 10;
    else if (lowerCandidate.includes(pattern)) score += 5;
    return score - candidate.length / 1000;
  }
}

function isWordSeparator(code: number): boolean {
  return code === 47 || code === 45 || code === 95 || code === 46 || code === 32;
}

/** The best `limit` candidates by a comparison, without sorting all of them. */
export function best<T>(candidates: Iterable<T>, limit: number, compare: (a: T, b: T) => number): T[] {
  const kept: T[] = [];
  if (limit <= 0) return kept;
  for (const candidate of candidates) {
    if (kept.length === limit && compare(candidate, kept[limit - 1]) >= 0) continue;
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (compare(candidate, kept[mid]) < 0) high = mid;
      else low = mid + 1;
    }
    kept.splice(low, 0, candidate);
    if (kept.length > limit) kept.pop();
  }
  return kept;
}
