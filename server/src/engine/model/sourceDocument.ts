import { parseJsonDocument, type JsonDocument } from '../json/jsonDocument';

/** A JSON file of the site: the docs.json itself or a file it pulls in with "$ref". */
export interface SourceDocument {
  /** Root-relative path with forward slashes. */
  readonly path: string;
  /** Replaced by a re-check of the docs.json (recheck.ts), so that the cursors of the parts it keeps read the current text. */
  json: JsonDocument;
}

export function sourceDocument(path: string, text: string): SourceDocument {
  return { path, json: parseJsonDocument(text) };
}
