import { readFileSync } from 'node:fs';
import { dirname, relative, basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { checkDocsJson, DiskSiteHost, LineIndex, type Severity } from '../../server/src/engine';
import { findDocsJsonFiles } from './findDocsJson';
import { UsageError } from './usage';

interface ReportedDiagnostic {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: Severity;
  code: string;
  message: string;
}

interface ReportedFile {
  path: string;
  diagnostics: ReportedDiagnostic[];
}

export async function runCheck(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        format: { type: 'string', default: 'text' },
        'max-warnings': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write('Usage: docsjson check [PATH...] [--format text|json] [--max-warnings N]\n');
    return 0;
  }
  const format = values.format;
  if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be "text" or "json", not "${format}"`);
  const maxWarningsText = values['max-warnings'];
  const maxWarnings = maxWarningsText === undefined ? Infinity : Number(maxWarningsText);
  if (!Number.isInteger(maxWarnings) && maxWarnings !== Infinity) throw new UsageError('--max-warnings takes a whole number');

  const docsJsonFiles = findDocsJsonFiles(positionals.length > 0 ? positionals : ['.']);
  const reported: ReportedFile[] = [];
  for (const file of docsJsonFiles) reported.push(...checkFile(file));

  const all = reported.flatMap((file) => file.diagnostics);
  const errors = all.filter((d) => d.severity === 'error').length;
  const warnings = all.filter((d) => d.severity === 'warning').length;
  if (format === 'json') {
    process.stdout.write(`${JSON.stringify({ files: reported })}\n`);
  } else {
    process.stdout.write(formatText(reported, docsJsonFiles.length, errors, warnings, process.stdout.isTTY === true));
  }
  return errors > 0 || warnings > maxWarnings ? 1 : 0;
}

function checkFile(file: string): ReportedFile[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const root = dirname(file);
  const result = checkDocsJson(text, new DiskSiteHost(root), {}, basename(file));
  const reported: ReportedFile[] = [];
  for (const { document, diagnostics } of result.documents.values()) {
    if (document.path !== basename(file) && diagnostics.length === 0) continue;
    const lines = new LineIndex(document.json.text);
    reported.push({
      path: relative(process.cwd(), join(root, document.path)) || document.path,
      diagnostics: diagnostics.map((diagnostic) => {
        const start = lines.position(diagnostic.range.start);
        const end = lines.position(diagnostic.range.end);
        return {
          line: start.line + 1,
          column: start.character + 1,
          endLine: end.line + 1,
          endColumn: end.character + 1,
          severity: diagnostic.severity,
          code: diagnostic.code,
          message: diagnostic.message,
        };
      }),
    });
  }
  return reported;
}

const colours: Record<Severity, string> = { error: '31', warning: '33', information: '36', hint: '90' };

function formatText(files: ReportedFile[], checked: number, errors: number, warnings: number, colour: boolean): string {
  const paint = (code: string, text: string) => (colour ? `\u001b[${code}m${text}\u001b[0m` : text);
  const lines: string[] = [];
  for (const file of files) {
    for (const d of file.diagnostics) {
      lines.push(`${file.path}:${d.line}:${d.column}  ${paint(colours[d.severity], d.severity)}  ${d.message}  ${paint('90', d.code)}`);
    }
  }
  const others = files.flatMap((f) => f.diagnostics).length - errors - warnings;
  const total = `${plural(checked, 'docs.json file')} checked: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}${others > 0 ? `, ${plural(others, 'note')}` : ''}`;
  lines.push(lines.length > 0 ? `\n${total}` : total);
  return `${lines.join('\n')}\n`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
