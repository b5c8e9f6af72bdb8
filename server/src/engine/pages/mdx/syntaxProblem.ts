// A syntax error of a page, told in a writer's words: what MDX read, why the platform stops, and
// the fix, with a quick fix where there is one obvious edit (close a void tag, turn an HTML comment
// into an MDX one, escape a brace or a `<`, quote an attribute value, turn an autolink into a link).
import type { Suggestion } from '../../diagnostic';
import type { OffsetRange } from '../../json/path';
import type { MdxSyntaxError } from './parseMdx';
import { isVoidElement } from './voidElements';

export interface SyntaxProblem {
  /** Where the writer acts: the tag, comment, brace or value at fault (it starts on the platform's line, but for the two errors at the end of the page named below). */
  range: OffsetRange;
  message: string;
  suggestions?: Suggestion[];
}

/** The parser's names of the blocks and spans a tag must close in (micromark's token types), in a writer's words. */
const blockNames: Record<string, string> = {
  paragraph: 'its paragraph',
  listItem: 'its list item',
  blockQuote: 'its quote',
  tableData: 'its table cell',
  tableHeader: 'its table cell',
  atxHeading: 'its heading',
  setextHeading: 'its heading',
  emphasis: 'the emphasis around it',
  strong: 'the bold text around it',
  link: 'the link around it',
  image: 'the image around it',
  strikethrough: 'the strikethrough around it',
};

const buildStops = 'the page does not build';

export function syntaxProblem(text: string, error: MdxSyntaxError): SyntaxProblem {
  const { reason } = error;
  const start = error.start.offset;
  const end = error.end && error.end.offset > start ? error.end.offset : undefined;
  const at = (rangeEnd = end ?? wordEnd(text, start)): OffsetRange => ({ start, end: Math.max(rangeEnd, start + 1) });

  let match = /^Expected a closing tag for `<([^`>]*)>` \([^)]*\)(?: before the end of `(\w+)`)?/.exec(reason);
  if (match) {
    const [, name, block] = match;
    const tag = text.slice(start, end ?? wordEnd(text, start));
    if (isVoidElement(name)) {
      const closed = tag.replace(/\s*>$/, ' />');
      return {
        range: at(),
        message: `\`<${name}>\` must be closed in MDX: write \`${closed}\` (${buildStops})`,
        suggestions: closed !== tag ? [{ title: `Write ${closed}`, replacement: closed }] : undefined,
      };
    }
    if (block) {
      return {
        range: at(),
        message: `\`<${name}>\` is not closed before the end of ${blockNames[block] ?? `the \`${block}\` around it`}, so ${buildStops}: close it there with \`</${name}>\`, or write \`<${name} … />\` if it has no content`,
      };
    }
    return { range: at(), message: `\`<${name}>\` is never closed, so ${buildStops}: add \`</${name}>\` where its content ends, or write \`<${name} … />\` if it has none` };
  }

  match = /^Unexpected closing tag `<\/([^`>]*)>`, expected corresponding closing tag for `<([^`>]*)>` \((\d+):/.exec(reason);
  if (match) {
    const [, closing, open] = match;
    return {
      range: at(),
      message: `\`</${closing}>\` is where \`<${open}>\` must be closed, so ${buildStops}: close \`<${open}>\` first with \`</${open}>\`, or fix the tag's name`,
    };
  }

  match = /^Expected the closing tag `<\/([^`>]*)>` either after the end of `(\w+)`/.exec(reason);
  if (match) {
    const [, name, block] = match;
    return {
      range: at(),
      message: `\`</${name}>\` closes a tag opened outside ${blockNames[block] ?? `this \`${block}\``}, so ${buildStops}: a tag written inside a paragraph opens and closes in that paragraph; put \`<${name}>\` and \`</${name}>\` on lines of their own to wrap blocks`,
    };
  }

  if (reason.startsWith('Unexpected closing slash `/` in tag, expected an open tag first')) {
    return { range: at(), message: `This closing tag closes no open tag, so ${buildStops}: remove it, or add the opening tag before it` };
  }

  if (reason.includes('(note: to create a comment in MDX, use `{/* text */}`)')) {
    const open = text.lastIndexOf('<!--', start);
    const close = open >= 0 ? text.indexOf('-->', open + 4) : -1;
    const comment = close >= 0 ? text.slice(open + 4, close) : undefined;
    return {
      range: open >= 0 ? { start: open, end: close >= 0 ? close + 3 : open + 4 } : at(),
      message: `HTML comments do not work in MDX (${buildStops}): write \`{/* … */}\``,
      suggestions: comment !== undefined && !comment.includes('*/') ? [{ title: 'Write it as an MDX comment {/* … */}', replacement: `{/*${comment}*/}` }] : undefined,
    };
  }

  if (reason.includes('(note: to create a link in MDX, use `[text](url)`)')) {
    const open = text.lastIndexOf('<', start);
    const close = open >= 0 ? text.indexOf('>', start) : -1;
    const inner = close >= 0 && !/[\s<]/.test(text.slice(open + 1, close)) ? text.slice(open + 1, close) : undefined;
    const url = inner && (/^[a-z][a-z\d+.-]*:/i.test(inner) ? inner : inner.includes('@') ? `mailto:${inner}` : undefined);
    return {
      range: inner !== undefined ? { start: open, end: close + 1 } : at(),
      message: `A link in angle brackets (\`<https://…>\`) is a tag in MDX, and not a valid one (${buildStops}): write \`[text](url)\``,
      suggestions: url ? [{ title: `Write [${inner}](${url})`, replacement: `[${inner}](${url})` }] : undefined,
    };
  }

  match = /^Unexpected character `(.+?)` \(U\+[\dA-F]+\) before name, /.exec(reason);
  if (match && text[start - 1] === '<') {
    const lessThan = start - 1;
    return {
      range: { start: lessThan, end: lessThan + 1 },
      message: `\`<\` starts a tag in MDX, and a tag name cannot start with \`${match[1]}\` (${buildStops}): write \`\\<\` for a less-than sign`,
      suggestions: [{ title: 'Escape it: \\<', replacement: '\\<' }],
    };
  }

  if (/^Unexpected character `.+?` \(U\+[\dA-F]+\) before attribute value/.test(reason)) {
    const value = /^[^\s"'{}<>/=`]+/.exec(text.slice(start));
    if (value) {
      return {
        range: { start, end: start + value[0].length },
        message: `Attribute values must be quoted in MDX (${buildStops}): write "${value[0]}"`,
        suggestions: [{ title: `Quote it: "${value[0]}"`, replacement: `"${value[0]}"` }],
      };
    }
    return { range: at(), message: `An attribute value in MDX is text in quotes ("…") or JavaScript in braces ({…}); an element goes in braces: {<Element />} (${buildStops})` };
  }

  match = /^Unexpected end of file in attribute value, expected a corresponding closing quote `(.)`/.exec(reason);
  if (match) {
    // The value runs to the end of the page, so the quote that opens it is the last one.
    const quote = text.lastIndexOf(match[1]);
    return {
      range: quote >= 0 ? { start: quote, end: quote + 1 } : at(),
      message: `This attribute value's quote ${match[1]} is never closed, so ${buildStops}${atEnd(text, quote, error)}: add the closing ${match[1]}`,
    };
  }

  if (reason.startsWith('Unexpected end of file in expression, expected a corresponding closing brace for `{`')) {
    const brace = unclosedBrace(text, text.length);
    return {
      range: brace >= 0 ? { start: brace, end: brace + 1 } : at(),
      message: `\`{\` starts a JavaScript expression in MDX and this one is never closed, so ${buildStops}${atEnd(text, brace, error)}: write \`\\{\` for a brace`,
      suggestions: brace >= 0 ? [{ title: 'Escape it: \\{', replacement: '\\{' }] : undefined,
    };
  }

  if (reason === 'Could not parse expression with acorn') {
    const brace = unclosedBrace(text, start);
    const closing = brace >= 0 ? closingBrace(text, brace) : -1;
    const why = error.acornReason ? ` (${error.acornReason.toLowerCase()})` : '';
    return {
      range: brace >= 0 ? { start: brace, end: closing >= 0 ? closing + 1 : brace + 1 } : at(),
      message: `\`{…}\` is JavaScript in MDX, and this is not valid JavaScript${why}, so ${buildStops}: write \`\\{\` for a brace, or fix the expression`,
      suggestions: brace >= 0 ? [{ title: 'Escape it: \\{', replacement: `\\${text.slice(brace, closing >= 0 ? closing + 1 : brace + 1)}` }] : undefined,
    };
  }

  if (reason === 'Could not parse import/exports with acorn' || reason.startsWith('Unexpected `') && error.rule.includes('esm')) {
    const why = error.acornReason ? ` (${error.acornReason.toLowerCase()})` : '';
    // The statement's first line: an error at the end of the page (a brace left open) is on a line after it.
    const lineStart = [...text.slice(0, start + 1).matchAll(/^(?:import|export)\b/gm)].at(-1)?.index ?? text.lastIndexOf('\n', start - 1) + 1;
    return {
      range: { start: lineStart, end: wordEnd(text, lineStart) },
      message: `A line starting with \`import\` or \`export\` is JavaScript in MDX, and this one is not valid${why}, so ${buildStops}: fix it, or reword the line so it does not start with \`import\` or \`export\``,
    };
  }

  if (reason.startsWith('Unexpected lazy line')) {
    return {
      range: at(),
      message: `Inside a list or a quote, every line of a tag or a \`{…}\` expression must keep the list's indent (or the quote's \`>\`), so ${buildStops}: indent this line`,
    };
  }

  match = /^Unexpected end of file (before name|in name|after name|(?:before|in|after) (?:member|local) name|(?:before|in|after) (?:local )?attribute name|before attribute value|after self-closing slash),/.exec(reason);
  if (match) return unfinishedTag(text, error, match[1]);

  // Other tag errors: the parser's words, shortened.
  const short = reason.replace(/ \(U\+[\dA-F]+\)/, '').replace(/, expected (.*)$/, ': MDX expects $1');
  return { range: at(), message: `${short} (${buildStops})` };
}

/** A tag the page ends in before its `>` (as when `<` is typed at the end of a page). */
function unfinishedTag(text: string, error: MdxSyntaxError, phase: string): SyntaxProblem {
  const start = unfinishedTagStart(text, error.start.offset);
  if (start < 0) return { range: { start: error.start.offset, end: error.start.offset + 1 }, message: `A tag is not finished before the end of the page, so ${buildStops}: end it with \`>\`` };
  const name = /^<\/?[^\s/>{}"'=<]*/.exec(text.slice(start))![0];
  const closing = name.startsWith('</');
  const more = text.slice(start + name.length, error.start.offset).trim() !== '';
  const tag = `\`${name}${more ? ' …' : ''}\``;
  const range = { start, end: start + name.length };
  const stops = `${buildStops}${atEnd(text, start, error)}`;
  if (phase === 'before name' && !closing) {
    return {
      range,
      message: `The tag ${tag} is not finished, so ${stops}: write its name and end it with \`>\`, or write \`\\<\` for a less-than sign`,
      suggestions: [{ title: 'Escape it: \\<', replacement: '\\<' }],
    };
  }
  const advice = closing
    ? phase === 'before name'
      ? 'write the name of the tag it closes and `>`'
      : 'end it with `>`'
    : phase === 'before attribute value'
      ? 'give the attribute a value in quotes ("…") or braces ({…}), and end the tag with `>`'
      : phase === 'after self-closing slash'
        ? 'end it with `>` after its `/`'
        : isVoidElement(name.slice(1))
          ? 'end it with `/>`'
          : 'end it with `>`, or `/>` if it has no content';
  return { range, message: `The ${closing ? 'closing ' : ''}tag ${tag} is not finished, so ${stops}: ${advice}` };
}

/**
 * Where the tag that runs to `end` opens: the last `<` from which no `>` ends a tag before `end`,
 * a quote or brace of an attribute ending before it too (a `<` inside a value is no tag's).
 */
function unfinishedTagStart(text: string, end: number): number {
  for (let candidate = text.lastIndexOf('<', end - 1), tries = 0; candidate >= 0 && tries < 20; candidate = text.lastIndexOf('<', candidate - 1), tries++) {
    if (runsToEnd(text, candidate, end)) return candidate;
  }
  return -1;
}

function runsToEnd(text: string, open: number, end: number): boolean {
  let quote = '';
  let depth = 0;
  for (let i = open + 1; i < end; i++) {
    const char = text[i];
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '{') depth++;
    else if (char === '}') depth--;
    else if (depth === 0 && (char === '"' || char === "'")) quote = char;
    else if (depth === 0 && char === '>') return false;
    if (depth < 0) return false;
  }
  return quote === '' && depth === 0;
}

/** For an error the platform places at the end of the page, on another line than its cause. */
function atEnd(text: string, cause: number, error: MdxSyntaxError): string {
  const causeLine = text.slice(0, cause).split('\n').length;
  return causeLine === error.start.line ? '' : ` (the platform reports it at the end of the page, line ${error.start.line})`;
}

/** The end of the word or tag at `offset` (a `<…>` tag, else the run of non-space characters), on its line. */
function wordEnd(text: string, offset: number): number {
  const lineEnd = text.indexOf('\n', offset);
  const limit = lineEnd < 0 ? text.length : lineEnd;
  if (text[offset] === '<') {
    const close = text.indexOf('>', offset);
    if (close >= 0 && close < limit) return close + 1;
  }
  let end = offset;
  while (end < limit && !/\s/.test(text[end])) end++;
  return Math.max(end, Math.min(offset + 1, text.length));
}

/** The `{` that opens the expression holding `offset`: braces count as MDX counts them, with no regard to strings. */
function unclosedBrace(text: string, offset: number): number {
  let depth = 0;
  for (let i = offset - 1; i >= 0; i--) {
    if (text[i] === '}') depth++;
    else if (text[i] === '{') {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return -1;
}
