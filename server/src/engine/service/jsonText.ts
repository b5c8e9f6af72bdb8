import { parseTree, type Node } from 'jsonc-parser';
import { LineIndex } from '../json/lineIndex';

/**
 * One version of a JSON file of the site as the editor holds it, with its syntax tree parsed on
 * first use. Keep one per document version: requests on an unchanged text reuse the tree.
 */
export class JsonText {
  private parsedTree?: Node | null;
  private lineIndex?: LineIndex;

  constructor(
    /** Root-relative path with forward slashes. */
    readonly path: string,
    readonly text: string,
  ) {}

  get tree(): Node | undefined {
    if (this.parsedTree === undefined) this.parsedTree = parseTree(this.text, [], { allowTrailingComma: true }) ?? null;
    return this.parsedTree ?? undefined;
  }

  get lines(): LineIndex {
    return (this.lineIndex ??= new LineIndex(this.text));
  }
}
