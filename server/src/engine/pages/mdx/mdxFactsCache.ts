import type { MdxFacts } from './mdxFacts';

/**
 * Each page's MDX facts with the text they were read from, kept across the checks of one site: a
 * page whose text is the same is not parsed again. One entry a file (no tree), so it holds about
 * the site's text once more, less where the texts are the same strings as the pages'.
 */
export class MdxFactsCache {
  private readonly byFile = new Map<string, { text: string; facts: MdxFacts }>();

  /** The facts of a file's text, if this text's were kept. */
  get(file: string, text: string): MdxFacts | undefined {
    const entry = this.byFile.get(file);
    if (entry?.text !== text) return undefined;
    // The same text, read again: the entry keeps the newer string, so that the older one can go.
    entry.text = text;
    return entry.facts;
  }

  set(file: string, text: string, facts: MdxFacts): void {
    this.byFile.set(file, { text, facts });
  }

  /** Forgets the files not given (deleted, renamed, no longer pages). */
  keepOnly(files: Iterable<string>): void {
    const kept = new Set(files);
    for (const file of this.byFile.keys()) if (!kept.has(file)) this.byFile.delete(file);
  }
}
