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

interface TrieNode {
  next: Map<string, TrieNode>;
  /** The candidates (in lower case) that end here, in the order given. */
  ends: { candidate: string; order: number }[];
}

/**
 * Candidates read once for many `didYouMean` questions, with the same answers: a word is compared
 * only with the candidates it may be close to (a trie of them, walked as far as the distance can
 * stay within the limit), not with each, so that suggesting for every missing link of a site is
 * not links × pages.
 */
export class Suggestions {
  private readonly exact = new Map<string, string>();
  private readonly root: TrieNode = { next: new Map(), ends: [] };
  /** Candidates whose lower case is not as long as they are ("İ"), compared with each word as `didYouMean` does. */
  private readonly unusual: string[] = [];
  private readonly all: string[] = [];

  constructor(candidates: Iterable<string>) {
    for (const candidate of candidates) {
      this.all.push(candidate);
      const lower = candidate.toLowerCase();
      if (!this.exact.has(lower)) this.exact.set(lower, candidate);
      if (lower.length !== candidate.length) {
        this.unusual.push(candidate);
        continue;
      }
      let node = this.root;
      for (const char of lower) {
        let next = node.next.get(char);
        if (!next) node.next.set(char, (next = { next: new Map(), ends: [] }));
        node = next;
      }
      node.ends.push({ candidate, order: this.all.length - 1 });
    }
  }

  /** `didYouMean(word, candidates)`. */
  closest(word: string): string | undefined {
    const lower = word.toLowerCase();
    const exact = this.exact.get(lower);
    if (exact !== undefined) return exact;
    if (lower.length !== word.length || this.unusual.length > 0) return didYouMean(word, this.all);
    const limit = word.length <= 3 ? 1 : word.length <= 6 ? 2 : 3;
    if (word.length >= 3) {
      const completion = this.completion(lower, limit);
      if (completion !== undefined) return completion;
    }
    // The nearest first: a walk within one edit stops far sooner than one within three.
    for (let edits = 1; edits <= limit; edits++) {
      let best: { candidate: string; prefix: number; order: number } | undefined;
      this.within(lower, edits, (candidate, order) => {
        const prefix = commonPrefixLength(lower, candidate.toLowerCase());
        if (!best || prefix > best.prefix || (prefix === best.prefix && order < best.order)) best = { candidate, prefix, order };
      });
      if (best) return best.candidate;
    }
    return undefined;
  }

  /** The shortest candidate (then the first in code order) that starts with the word and is at most `limit` longer. */
  private completion(lower: string, limit: number): string | undefined {
    let node: TrieNode | undefined = this.root;
    for (const char of lower) node = node?.next.get(char);
    if (!node) return undefined;
    let found: string | undefined;
    let level: TrieNode[] = [node];
    for (let extra = 1; extra <= limit && level.length > 0 && found === undefined; extra++) {
      level = level.flatMap((at) => [...at.next.values()]);
      for (const at of level) for (const { candidate } of at.ends) if (found === undefined || candidate < found) found = candidate;
    }
    return found;
  }

  /** Calls `found` with each candidate exactly `limit` edits from the word (none is nearer), and its order. */
  private within(lower: string, limit: number, found: (candidate: string, order: number) => void): void {
    const pending: { node: TrieNode; char?: string; above: number[] }[] = [{ node: this.root, above: [] }];
    while (pending.length > 0) {
      const { node, char, above } = pending.pop()!;
      // The distances of the word's beginnings to the candidates' beginning that leads here.
      const row = char === undefined ? Array.from({ length: lower.length + 1 }, (_, index) => index) : [above[0] + 1];
      for (let index = row.length; index <= lower.length; index++) row.push(Math.min(row[index - 1] + 1, above[index] + 1, above[index - 1] + (lower[index - 1] === char ? 0 : 1)));
      if (row[lower.length] <= limit) for (const { candidate, order } of node.ends) found(candidate, order);
      if (Math.min(...row) <= limit) for (const [next, child] of node.next) pending.push({ node: child, char: next, above: row });
    }
  }
}
