import type { OffsetRange } from '../json/path';
import { internalTarget } from './linkTarget';

/** Where a link target is being written in a page, at the cursor. */
export interface LinkContext {
  /** `path` at the cursor: a page or file path is typed; `anchor`: the part after `#`. */
  kind: 'path' | 'anchor';
  /** What the link is: a Markdown link, an image, a reference definition or an `href`/`src` attribute. */
  form: 'link' | 'image' | 'definition' | 'href' | 'src';
  /** The path part of the target as written, whole (for an anchor: the page it is on, '' for this page). */
  path: string;
  /** The text between the start of the completed part and the cursor. */
  typed: string;
  /** The range a completion replaces: the whole path part, or the whole anchor. */
  range: OffsetRange;
}

const linkStart = /(!?)\[(?:[^[\]\\]|\\.|\[[^[\]]*\])*\]\(\s*<?([^\s()<>]*)$/;
const definitionStart = /^ {0,3}\[(?:[^\]\\]|\\.)+\]:\s*<?(\S*)$/;
const attributeStart = /<[A-Za-z][\w.]*\b[^<>]*?\s(href|src)\s*=\s*(?:\{\s*)?["']([^"']*)$/;

/**
 * The link target being typed at an offset of a page's text, if the cursor is in one: after `](`,
 * in a reference definition, or in an `href`/`src` attribute (HTML or a component). Nothing in
 * code (fenced or inline), and nothing for URLs with a scheme.
 */
export function linkContextAt(text: string, offset: number): LinkContext | undefined {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const newline = text.indexOf('\n', offset);
  const lineEnd = newline < 0 ? text.length : newline;
  const before = text.slice(lineStart, offset);
  const after = text.slice(offset, lineEnd);
  let form: LinkContext['form'];
  let written: string;
  let suffix: string;
  const attribute = attributeStart.exec(tagBefore(text, offset));
  const link = attribute ? undefined : linkStart.exec(before);
  const definition = attribute || link ? undefined : definitionStart.exec(before);
  if (attribute) {
    form = attribute[1] === 'src' ? 'src' : 'href';
    written = attribute[2];
    suffix = /^[^"'\s]*/.exec(after)![0];
  } else if (link) {
    form = link[1] ? 'image' : 'link';
    written = link[2];
    suffix = /^[^\s()<>]*/.exec(after)![0];
  } else if (definition) {
    form = 'definition';
    written = definition[1];
    suffix = /^[^\s>]*/.exec(after)![0];
  } else {
    return undefined;
  }
  if (inInlineCode(before) || inFencedCode(text, lineStart)) return undefined;
  const whole = written + suffix;
  const parts = internalTarget(whole);
  if (!parts) return undefined;
  const targetStart = offset - written.length;
  const hash = written.indexOf('#');
  if (hash >= 0) {
    const fragmentEnd = targetStart + whole.length;
    return { kind: 'anchor', form, path: parts.path, typed: written.slice(hash + 1), range: { start: targetStart + hash + 1, end: fragmentEnd } };
  }
  if (written.includes('?')) return undefined;
  return { kind: 'path', form, path: parts.path, typed: written, range: { start: targetStart, end: targetStart + parts.path.length } };
}

/** The text from the `<` of the tag the cursor is in (a tag may span lines), or ''. */
function tagBefore(text: string, offset: number): string {
  const open = text.lastIndexOf('<', offset - 1);
  if (open < 0 || offset - open > 4000) return '';
  const tag = text.slice(open, offset);
  return tag.includes('>') ? '' : tag;
}

export function inInlineCode(lineBefore: string): boolean {
  return ((lineBefore.match(/`+/g) ?? []).length & 1) === 1;
}

/** Whether a line starts inside a fenced code block (``` or ~~~), counting the fences above it. */
export function inFencedCode(text: string, lineStart: number): boolean {
  let fence: string | undefined;
  const fences = /^ {0,3}(`{3,}|~{3,})/gm;
  fences.lastIndex = 0;
  for (let match = fences.exec(text); match && match.index < lineStart; match = fences.exec(text)) {
    const marker = match[1];
    if (fence === undefined) fence = marker;
    else if (marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
  }
  return fence !== undefined;
}
