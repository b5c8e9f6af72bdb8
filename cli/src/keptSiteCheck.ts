import { createHash } from 'node:crypto';
import type { GivenConfigFile } from '../../server/src/engine/config/projectConfig';
import { sha256 } from '../../server/src/engine/pages/mdx/pageFactsFile';
import { fail, integer, list, oneOf, optional, readAs, shaped, string, type Reader } from '../../server/src/engine/json/jsonShapes';
import type { FileIndex } from '../../server/src/engine/site/fileIndex';
import type { ReportedDiagnostic, ReportedFile } from './checkOutput';

/**
 * What `check --cache` reported on one site, kept in the page cache with what the check read: a
 * later check of a site with the same files, in which each of those reads the same text, reports
 * it again without checking (as a build cache replays a task whose inputs are unchanged).
 */
export interface KeptSiteCheck {
  /** The SHA-256 of docs.json's text. */
  docsJson: string;
  /** Each file the check read, by path from the site's root, with the SHA-256 of its text (null: it could not be read). */
  reads: [string, string | null][];
  pages: number;
  /** The files with problems (and docs.json), their paths and those of related places from the site's root. */
  files: ReportedFile[];
}

/** What the command line gives the check of a site besides its files: the config file read instead of the site's own, and each page's time limit. */
export interface SiteCheckOptions {
  configFile: GivenConfigFile | undefined;
  timeLimitMs: number;
}

/** The key of a site's kept check: its docs.json's name, the options, and every file of the site in the order of the walk. */
export function keptSiteCheckKey(docsJsonName: string, files: FileIndex, options: SiteCheckOptions): string {
  const hash = createHash('sha256').update(`site-check\0${docsJsonName}\0${options.timeLimitMs}\0`);
  hash.update(options.configFile ? `${options.configFile.path}\0${options.configFile.text}\0` : '\0');
  for (const path of files.all()) hash.update(`${path}\0`);
  hash.update('\0');
  for (const path of files.escapingLinks) hash.update(`${path}\0`);
  return hash.digest('base64url');
}

/** The SHA-256 of a text read (null: not read). */
export function readHash(text: string | undefined): string | null {
  return text === undefined ? null : sha256(text);
}

const related: Reader<NonNullable<ReportedDiagnostic['related']>[number]> = (value) => shaped(value, { path: string, line: integer, column: integer, message: string }) as never;

const diagnostic: Reader<ReportedDiagnostic> = (value) =>
  shaped(value, {
    line: integer,
    column: integer,
    endLine: integer,
    endColumn: integer,
    severity: oneOf(['error', 'warning', 'information', 'hint'] as const),
    code: string,
    message: string,
    platformMessage: optional(string),
    related: optional(list(related)),
  }) as never;

const file: Reader<ReportedFile> = (value) => shaped(value, { path: string, diagnostics: list(diagnostic) }) as never;

const read: Reader<[string, string | null]> = (value) => (Array.isArray(value) && value.length === 2 ? [string(value[0]), value[1] === null ? null : string(value[1])] : fail());

/** A kept site check read from its JSON; undefined when of another shape. */
export function keptSiteCheckFromJson(value: unknown): KeptSiteCheck | undefined {
  return readAs((kept) => shaped(kept, { docsJson: string, reads: list(read), pages: integer, files: list(file) }) as never, value);
}
