// Line endings as the platform's parser reads them: LF, CRLF, and a CR alone.

export const loneCr = /\r(?!\n)/;

/** Where the lines of a text start: after each LF, and unless `atLfOnly`, after each CR alone too. */
export function lineStartsOf(text: string, atLfOnly = false): number[] {
  const starts = [0];
  if (atLfOnly || !loneCr.test(text)) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    return starts;
  }
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10 || (code === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
  }
  return starts;
}

/** How many lines end before `offset`. */
export function linesBefore(text: string, offset: number): number {
  let lines = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) lines++;
  for (let i = text.indexOf('\r'); i >= 0 && i < offset; i = text.indexOf('\r', i + 1)) if (text[i + 1] !== '\n') lines++;
  return lines;
}

/** Where the text's last line starts. */
export function lastLineStart(text: string): number {
  return Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r')) + 1;
}
