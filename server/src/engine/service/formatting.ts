import { format } from 'jsonc-parser';
import { lineEnd } from '../text';
import type { TextEdit } from './edits';

export interface FormattingOptions {
  tabSize: number;
  insertSpaces: boolean;
}

/** Edits that lay a JSON text out with the editor's indentation, keeping its line ends. */
export function formattingEdits(text: string, options: FormattingOptions): TextEdit[] {
  const eol = lineEnd(text);
  return format(text, undefined, { ...options, eol }).map((edit) => ({ range: { start: edit.offset, end: edit.offset + edit.length }, newText: edit.content }));
}
