import { posix } from 'node:path';
import { pageOf, type FileIndex } from '../site/fileIndex';
import { dirnameOf } from '../site/references';
import type { FileRename } from './fileRename';

/** A link target written in a page, split into its parts. */
export interface LinkTarget {
  /** The path as written, without query and fragment ('' for a link to an anchor of the same page). */
  path: string;
  /** `?...` or ''. */
  query: string;
  /** The fragment without `#`, or undefined when there is no `#`. */
  fragment?: string;
}

/** The parts of an internal link target; undefined for URLs with a scheme, protocol-relative ones and mail or phone links. */
export function internalTarget(target: string): LinkTarget | undefined {
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(target) || target.startsWith('//')) return undefined;
  const hash = target.indexOf('#');
  const beforeHash = hash < 0 ? target : target.slice(0, hash);
  const fragment = hash < 0 ? undefined : target.slice(hash + 1);
  const question = beforeHash.indexOf('?');
  const path = question < 0 ? beforeHash : beforeHash.slice(0, question);
  const query = question < 0 ? '' : beforeHash.slice(question);
  return { path, query, fragment };
}

function decoded(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/**
 * The root-relative path a target path points at, before looking at files: `/x` from the root,
 * anything else from the folder of the page that holds it. Undefined when it leaves the root.
 */
export function targetLocation(path: string, page: string): string | undefined {
  const plain = decoded(path);
  const base = plain.startsWith('/') ? '/' : `/${dirnameOf(page)}`;
  const joined = posix.join(base, plain);
  if (!joined.startsWith('/') || joined.split('/').includes('..')) return undefined;
  return joined.slice(1).replace(/\/$/, '');
}

/** The file a target path stands for: a file as named, a page (`x` -> x.mdx or x.md), or a folder's index page. */
export function targetFile(files: FileIndex, path: string, page: string): string | undefined {
  if (path === '') return page;
  const location = targetLocation(path, page);
  if (location === undefined) return undefined;
  if (location !== '' && files.has(location)) return location;
  return files.pageFile(location) ?? files.pageFile(location === '' ? 'index' : `${location}/index`);
}

/** Where a file ends up after the moves (a move of the file itself or of a folder above it). */
export function movedFile(file: string, moves: FileRename[], isFile: (path: string) => boolean): string | undefined {
  for (const { from, to } of moves) {
    if (file === from) return to;
    if (file.startsWith(`${from}/`) && !isFile(from)) return to + file.slice(from.length);
  }
  return undefined;
}

/**
 * How to write a link to `file` in the style of `written`: from the root or relative to the folder
 * of `page`, with or without the extension, to the folder for an index page, with its trailing slash.
 */
export function writtenPath(written: string, file: string, page: string): string {
  const plain = decoded(written);
  const withExtension = /\.(mdx|md)$/i.test(plain.replace(/\/$/, '')) || pageOf(file) === undefined;
  let route = withExtension ? file : pageOf(file)!;
  const namesIndex = /(^|\/)index$/.test(plain.replace(/\.(mdx|md)$/i, '').replace(/\/$/, ''));
  if (!withExtension && !namesIndex && /(^|\/)index$/.test(route)) route = route.replace(/\/?index$/, '');
  let path: string;
  if (plain.startsWith('/')) {
    path = `/${route}`;
  } else {
    path = posix.relative(dirnameOf(page) || '.', route || '.') || '.';
    if (plain.startsWith('./') && !path.startsWith('.')) path = `./${path}`;
  }
  if (plain.endsWith('/') && !path.endsWith('/')) path += '/';
  return plain === written ? path : encodeURI(path);
}

export interface TargetChange {
  files: FileIndex;
  /** Files and folders that move (root-relative, as before the move). */
  moves: FileRename[];
  /** A heading whose anchor changes: links to `page#from` become `page#to`. */
  anchor?: { page: string; from: string; to: string };
}

/**
 * The new text of a link target in `page` after files move or an anchor changes; undefined when
 * the target stays as it is. Links from a page that moves are rewritten relative to its new folder.
 */
export function changedTarget(target: string, page: string, change: TargetChange): string | undefined {
  const parts = internalTarget(target);
  if (!parts) return undefined;
  const file = targetFile(change.files, parts.path, page);
  if (file === undefined) return undefined;
  const isFile = (path: string) => change.files.has(path);
  const newPage = movedFile(page, change.moves, isFile) ?? page;
  const newFile = movedFile(file, change.moves, isFile) ?? file;
  const anchor = change.anchor;
  const fragment = anchor && file === anchor.page && parts.fragment === anchor.from ? anchor.to : parts.fragment;
  const relative = parts.path !== '' && !decoded(parts.path).startsWith('/');
  const pathChanges = parts.path !== '' && (newFile !== file || (relative && newPage !== page));
  if (!pathChanges && fragment === parts.fragment) return undefined;
  const path = pathChanges ? writtenPath(parts.path, newFile, newPage) : parts.path;
  const changed = path + parts.query + (fragment === undefined ? '' : `#${fragment}`);
  return changed === target ? undefined : changed;
}
