const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/**
 * The text a heading shows, from its Markdown: code spans as written, and elsewhere link and
 * emphasis marks, tags and images removed, escapes and entities read. Its slug is its anchor.
 */
export function headingText(markdown: string): string {
  let text = '';
  let at = 0;
  const runs = /`+/g;
  let run: RegExpExecArray | null;
  while ((run = runs.exec(markdown))) {
    const closing = new RegExp(`(?<!\`)${run[0]}(?!\`)`, 'g');
    closing.lastIndex = run.index + run[0].length;
    const close = closing.exec(markdown);
    if (!close) continue;
    const code = markdown.slice(run.index + run[0].length, close.index);
    text += markdownText(markdown.slice(at, run.index)) + (/^ .* $/.test(code) ? code.slice(1, -1) : code);
    at = runs.lastIndex = close.index + run[0].length;
  }
  return (text + markdownText(markdown.slice(at))).trim();
}

/** The characters every mark below starts with or holds: text without them is plain already. */
const markChars = /[[<{*_~\\&]/;

/** Stands for an escaped character while the marks are removed: an escaped `*` or `_` marks nothing. */
const escapedMark = /\uE000(\d+)\uE001/g;

function markdownText(markdown: string): string {
  if (!markChars.test(markdown)) return markdown;
  const escaped: string[] = [];
  return markdown
    .replace(/\\([!-/:-@[-`{-~])/g, (_, char: string) => `\uE000${escaped.push(char) - 1}\uE001`)
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/<\/?[A-Za-z][^<>]*>/g, '')
    .replace(/\{\s*(["'`])([^"'`]*)\1\s*\}/g, '$2')
    .replace(/(\*\*|__|~~)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/\*(?=\S)([^*]*?\S)\*/g, '$1')
    .replace(/(^|[^\w])_(?=\S)([^_]*?\S)_(?!\w)/g, '$1$2')
    .replace(/&(#39|amp|lt|gt|quot|apos|nbsp);/g, (_, name: string) => entities[name])
    .replace(escapedMark, (_, index: string) => escaped[Number(index)]);
}
