import { distance } from 'fastest-levenshtein';

/**
 * The closest candidate to a misspelt word, if it is close enough to be a plausible typo. A
 * candidate that starts with the word (the shortest one) comes before any other, as completion
 * ranks it first: "rock" suggests "rocket", not "lock".
 */
export function didYouMean(word: string, candidates: Iterable<string>): string | undefined {
  const lower = word.toLowerCase();
  const limit = word.length <= 3 ? 1 : word.length <= 6 ? 2 : 3;
  let best: string | undefined;
  let bestDistance = Infinity;
  let bestPrefix = -1;
  let completion: string | undefined;
  for (const candidate of candidates) {
    const candidateLower = candidate.toLowerCase();
    if (candidateLower === lower) return candidate;
    if (Math.abs(candidate.length - word.length) > limit) continue;
    if (word.length >= 3 && candidate.length > word.length && candidateLower.startsWith(lower)) {
      if (!completion || candidate.length < completion.length || (candidate.length === completion.length && candidate < completion)) completion = candidate;
      continue;
    }
    if (completion) continue;
    const d = distance(lower, candidateLower);
    if (d > bestDistance || d > limit) continue;
    const prefix = commonPrefixLength(lower, candidateLower);
    if (d < bestDistance || prefix > bestPrefix) {
      bestDistance = d;
      bestPrefix = prefix;
      best = candidate;
    }
  }
  return completion ?? best;
}

function commonPrefixLength(a: string, b: string): number {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i;
}
