// Searches over a page's text that the scanner repeats: each linear in the text however often it runs.

/** The next offset of a character (or of a global pattern's match) from an offset on, remembered per search: searches that move forward cost one pass. */
export class NextIndex {
  private readonly found = new Map<string | RegExp, { from: number; at: number }>();

  constructor(private readonly text: string) {}

  next(search: string | RegExp, from: number): number {
    const last = this.found.get(search);
    if (last && from >= last.from && (last.at < 0 || from <= last.at)) return last.at;
    let at: number;
    if (typeof search === 'string') at = this.text.indexOf(search, from);
    else {
      search.lastIndex = from;
      at = search.exec(this.text)?.index ?? -1;
    }
    this.found.set(search, { from, at });
    return at;
  }
}

/**
 * The starts of the lines whose first character other than spaces and tabs is `char`: found by
 * searching for the character, which is much faster than a multi-line pattern over every line.
 */
export function* linesStartingWith(text: string, char: string): Generator<number> {
  for (let at = text.indexOf(char); at >= 0; at = text.indexOf(char, at + 1)) {
    let start = at;
    while (start > 0 && (text[start - 1] === ' ' || text[start - 1] === '\t')) start--;
    if (start !== 0 && text[start - 1] !== '\n') continue;
    yield start;
    const lineEnd = text.indexOf('\n', at);
    if (lineEnd < 0) return;
    at = lineEnd;
  }
}

export function isLineEnd(text: string, offset: number): boolean {
  return offset === text.length || text[offset] === '\n' || (text[offset] === '\r' && text[offset + 1] === '\n');
}
