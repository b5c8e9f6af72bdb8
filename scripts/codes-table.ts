// The README's table of diagnostic codes, made from server/src/engine/codes.ts.
// `npm run codes-table` writes it into README.md; the invariant test checks it is there.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { codes, type CodeInfo } from '../server/src/engine/codes';

export const tableStart = '<!-- codes table: made by `npm run codes-table` from server/src/engine/codes.ts -->';
export const tableEnd = '<!-- end of codes table -->';

export function codesTable(): string {
  const rows = Object.entries(codes as Record<string, CodeInfo>).map(([code, info]) => {
    const severity = info.setting ? `${info.severity} (\`${info.setting}\`)` : info.severity;
    return `| \`${code}\` | ${severity} | ${escapeBars(info.summary)} |${info.example ? ` ${escapeBars(inlineCode(info.example))} ` : ' '}|`;
  });
  return [tableStart, '| code | severity | what | example message |', '|---|---|---|---|', ...rows, tableEnd].join('\n');
}

/** Code text in Markdown, with a longer fence when the text holds backticks. */
function inlineCode(text: string): string {
  return text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``;
}

function escapeBars(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** The README with its table replaced by the one made from codes.ts. */
export function withCodesTable(readme: string): string {
  const start = readme.indexOf(tableStart);
  const end = readme.indexOf(tableEnd);
  if (start < 0 || end < start) throw new Error(`README.md has no codes table between "${tableStart}" and "${tableEnd}"`);
  return readme.slice(0, start) + codesTable() + readme.slice(end + tableEnd.length);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const path = fileURLToPath(new URL('../README.md', import.meta.url));
  writeFileSync(path, withCodesTable(readFileSync(path, 'utf8')));
}
