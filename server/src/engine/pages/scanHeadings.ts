import type { OffsetRange } from '../json/path';
import { isParagraphLine, paragraphStart, paragraphText } from './paragraphLines';
import type { HeadingSource, StretchScan } from './stretchScan';
import { linesStartingWith } from './textSearch';

/** Groups: everything before the content, the `#` marks, the content. */
const atxHeading = /([ \t]*(#{1,6})(?:[ \t]+|(?=[ \t]*(?:\r?\n|$))))([^\n]*?)[ \t]*(?=\r?\n|$)/y;
const setextUnderline = /[ \t]*(=+|-+)[ \t]*(?=\r?\n|$)/y;

export function readHeadings(text: string, masked: string, scan: StretchScan): void {
  for (const lineStart of linesStartingWith(masked, '#')) {
    atxHeading.lastIndex = lineStart;
    const match = atxHeading.exec(masked);
    if (!match) continue;
    const end = lineStart + match[0].length;
    const written = match[3];
    const contentStart = lineStart + match[1].length;
    const content = text.slice(contentStart, contentStart + written.length).replace(/[ \t]+#+$/, '').replace(/^#+$/, '');
    scan.headings.push(heading(match[2].length, content, { start: lineStart, end }));
  }
  for (const underline of ['=', '-']) {
    for (const lineStart of linesStartingWith(masked, underline)) {
      setextUnderline.lastIndex = lineStart;
      if (lineStart === 0 || !setextUnderline.exec(masked)) continue;
      const previousStart = masked.lastIndexOf('\n', lineStart - 2) + 1;
      if (!isParagraphLine(masked.slice(previousStart, lineStart - 1))) continue;
      const start = paragraphStart(masked, previousStart);
      if (start < 0) continue;
      scan.headings.push(heading(underline === '=' ? 1 : 2, paragraphText(text.slice(start, lineStart - 1)), { start, end: lineStart - 1 }));
    }
  }
  scan.headings.sort((a, b) => a.range.start - b.range.start);
}

function heading(depth: number, written: string, range: OffsetRange): HeadingSource {
  const custom = customIdOf(written);
  return custom ? { depth, content: written.slice(0, custom.index), customId: custom.id, range } : { depth, content: written, range };
}

/**
 * A heading's trailing `{#id}` as the platform's rewrite reads it (`\s*\{\s*#([^}]+?)\s*\}\s*$`
 * after at least one character of title): the id, as written, and where the title ends. The id
 * holds no `}`, so its `{` comes after the last `}` but the closing one; the first such `{` with a
 * `#` after it and something between that and the `}` is the one. Read from that `}` on: a
 * pattern tried at every offset was quadratic.
 */
function customIdOf(written: string): { index: number; id: string } | undefined {
  const last = written.trimEnd().length - 1;
  if (written[last] !== '}') return undefined;
  for (let open = written.indexOf('{', written.lastIndexOf('}', last - 1) + 1); open >= 0 && open < last; open = written.indexOf('{', open + 1)) {
    let hash = open + 1;
    while (/\s/.test(written[hash])) hash++;
    if (written[hash] !== '#' || hash + 1 === last) continue;
    let index = open;
    while (index > 0 && /\s/.test(written[index - 1])) index--;
    if (index > 0) return { index, id: written.slice(hash + 1, last) };
  }
  return undefined;
}
