import { distance } from 'fastest-levenshtein';

/** The closest candidate to a misspelt word, if it is close enough to be a plausible typo. */
export function didYouMean(word: string, candidates: Iterable<string>): string | undefined {
  const lower = word.toLowerCase();
  const limit = word.length <= 3 ? 1 : word.length <= 6 ? 2 : 3;
  let best: string | undefined;
  let bestDistance = Infinity;
  let bestPrefix = -1;
  for (const candidate of candidates) {
    const candidateLower = candidate.toLowerCase();
    if (candidateLower === lower) return candidate;
    if (Math.abs(candidate.length - word.length) > limit) continue;
    const d = distance(lower, candidateLower);
    if (d > bestDistance || d > limit) continue;
    const prefix = commonPrefixLength(lower, candidateLower);
    if (d < bestDistance || prefix > bestPrefix) {
      bestDistance = d;
      bestPrefix = prefix;
      best = candidate;
    }
  }
  return best;
}

function commonPrefixLength(a: string, b: string): number {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i;
}
