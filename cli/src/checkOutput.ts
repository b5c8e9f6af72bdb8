import type { Severity } from '../../server/src/engine';
import { plural } from '../../server/src/engine/text';
import { codeQualityReport } from './gitlabReport';
import { sarifLog } from './sarifReport';
import { terminalSafeLine } from './terminalSafe';

export interface ReportedDiagnostic {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: Severity;
  code: string;
  message: string;
  /** What the platform itself prints for the problem, where its words differ (JSON format only). */
  platformMessage?: string;
  /** The other places with the same cause, told with this one (JSON format only). */
  related?: { path: string; line: number; column: number; message: string }[];
}

export interface ReportedFile {
  path: string;
  /** With a base: how many of the file's problems were already there (not in `diagnostics`). */
  existing?: number;
  diagnostics: ReportedDiagnostic[];
}

export interface BaseSummary {
  ref: string;
  existing: number;
  /** Who added the new problems ("The agent's changes add"): the summary then counts them as theirs. */
  subject?: string;
}

export const outputFormats = ['text', 'json', 'github', 'sarif', 'gitlab'] as const;
export type OutputFormat = (typeof outputFormats)[number];

export interface ReportOptions {
  format: OutputFormat;
  /** Colours for a terminal (text format only). */
  colour: boolean;
  maxWarnings: number;
  /** How many pages the check read beside the docs.json files. */
  pages?: number;
  /** When only problems new since a git ref are reported: the ref, how many were left out, and who added the new ones. */
  base?: BaseSummary;
  /** GitHub format: notes (information) as annotations too, rather than counted in one line. */
  annotateNotes?: boolean;
  /** The version SARIF names the tool with. */
  toolVersion?: string;
  /** What the check left out by its limits, in a sentence each (a spec not fetched, a file not read). */
  notes?: readonly string[];
}

/**
 * The folder printed paths are relative to: the repository's on a CI runner, where annotations and
 * reports name files from the repository's root whichever folder the check ran in; otherwise the
 * current folder.
 */
export function reportRoot(format: OutputFormat, env: NodeJS.ProcessEnv, cwd: string): string {
  if (format === 'github' || format === 'sarif') return env.GITHUB_WORKSPACE || cwd;
  if (format === 'gitlab') return env.CI_PROJECT_DIR || cwd;
  return cwd;
}

/** GitHub shows this many annotations of each level of a step on the pull request; the log and the job summary keep the rest. */
const gitHubShownAnnotations = 10;

/**
 * What `docsjson check` prints for the files it checked. The text and GitHub formats end with a
 * summary, and say so when the warnings alone are more than allowed; JSON is one object.
 */
export function formatReport(files: ReportedFile[], checked: number, { format, colour, maxWarnings, pages, base, annotateNotes = false, toolVersion = 'unknown', notes = [] }: ReportOptions): string {
  if (format === 'json') return `${JSON.stringify({ ...(base ? { base } : {}), files, ...(notes.length > 0 ? { notes } : {}) })}\n`;
  if (format === 'sarif') return `${JSON.stringify(sarifLog(files, toolVersion, notes), null, 2)}\n`;
  if (format === 'gitlab') return `${JSON.stringify(codeQualityReport(files), null, 2)}\n`;
  const lines = format === 'github' ? githubAnnotations(files, annotateNotes) : files.flatMap((file) => file.diagnostics.map((d) => textLine(file.path, d, colour)));
  for (const note of notes) lines.push(format === 'github' ? `::notice title=docsjson::${escapeData(terminalSafeLine(note))}` : `Note: ${terminalSafeLine(note)}`);
  const total = base ? baseSummary(files, checked, pages, base) : summary(files, checked, pages);
  lines.push(lines.length > 0 ? `\n${total}` : total);
  const { warnings } = severityCounts(files);
  if (warnings > maxWarnings) lines.push(`Too many warnings: ${warnings}, more than --max-warnings ${maxWarnings} allows`);
  return `${lines.join('\n')}\n`;
}

/** Errors and warnings as annotations (notes too when asked), then a line for the notes left out and one where GitHub will not show them all. */
function githubAnnotations(files: ReportedFile[], annotateNotes: boolean): string[] {
  const annotated = (d: ReportedDiagnostic) => annotateNotes || d.severity === 'error' || d.severity === 'warning';
  const lines = files.flatMap((file) => file.diagnostics.filter(annotated).map((d) => githubAnnotation(file.path, d)));
  const notes = files.reduce((sum, file) => sum + file.diagnostics.filter((d) => !annotated(d)).length, 0);
  if (notes > 0) lines.push(`${plural(notes, 'note')} not annotated (--annotate-notes shows them as notices)`);
  const { errors, warnings, others } = severityCounts(files);
  const crowded = [errors, warnings, annotateNotes ? others : 0].some((count) => count > gitHubShownAnnotations);
  if (crowded) lines.push(`GitHub shows the first ${gitHubShownAnnotations} annotations of each kind on the pull request: the log above and the job summary list them all`);
  return lines;
}

const colours: Record<Severity, string> = { error: '31', warning: '33', information: '36', hint: '90' };

/** `file:line:col  severity  message  code`. A docs.json's own strings in messages stay inert, on one line. */
function textLine(path: string, d: ReportedDiagnostic, colour: boolean): string {
  const paint = (code: string, text: string) => (colour ? `\u001b[${code}m${text}\u001b[0m` : text);
  return `${terminalSafeLine(path)}:${d.line}:${d.column}  ${paint(colours[d.severity], d.severity)}  ${terminalSafeLine(d.message)}  ${paint('90', d.code)}`;
}

const annotationLevels: Record<Severity, string> = { error: 'error', warning: 'warning', information: 'notice', hint: 'notice' };

/**
 * A GitHub Actions workflow command that shows the diagnostic on the pull request's diff. Text
 * from the docs.json is escaped so that it cannot end the command or start another.
 */
function githubAnnotation(path: string, d: ReportedDiagnostic): string {
  const properties = [`file=${escapeProperty(path)}`, `line=${d.line}`, `endLine=${d.endLine}`, `col=${d.column}`, `endColumn=${d.endColumn}`, `title=${escapeProperty(d.code)}`];
  return `::${annotationLevels[d.severity]} ${properties.join(',')}::${escapeData(terminalSafeLine(d.message))}`;
}

/** Line breaks are already shown as `\u{a}` (terminalSafeLine): only `%` is left to escape. */
function escapeData(text: string): string {
  return text.replace(/%/g, '%25');
}

function escapeProperty(text: string): string {
  return escapeData(terminalSafeLine(text)).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export function severityCounts(files: ReportedFile[]): { errors: number; warnings: number; others: number } {
  const all = files.flatMap((file) => file.diagnostics);
  const errors = all.filter((d) => d.severity === 'error').length;
  const warnings = all.filter((d) => d.severity === 'warning').length;
  return { errors, warnings, others: all.length - errors - warnings };
}

function summary(files: ReportedFile[], checked: number, pages: number | undefined): string {
  return `${checkedFiles(checked, pages)} checked: ${severities(files)}`;
}

/** "2 new problems (461 already at main, not shown): 1 error, 1 warning; 1 docs.json file and 3 pages checked" */
function baseSummary(files: ReportedFile[], checked: number, pages: number | undefined, base: BaseSummary): string {
  const added = files.reduce((sum, file) => sum + file.diagnostics.length, 0);
  const left = base.existing > 0 ? ` (${base.existing} already at ${terminalSafeLine(shortRef(base.ref))}, not shown)` : '';
  const counts = added > 0 ? `: ${severities(files)}` : '';
  const count = base.subject ? `${base.subject} ${added === 0 ? 'no problems' : plural(added, 'problem')}` : added === 0 ? 'No new problems' : plural(added, 'new problem');
  return `${count}${left}${counts}; ${checkedFiles(checked, pages)} checked`;
}

/** A commit's full hash is shown as git shows it in short. */
export function shortRef(ref: string): string {
  return /^[0-9a-f]{40}$/i.test(ref) ? ref.slice(0, 7) : ref;
}

function checkedFiles(checked: number, pages: number | undefined): string {
  return `${plural(checked, 'docs.json file')}${pages === undefined ? '' : ` and ${plural(pages, 'page')}`}`;
}

function severities(files: ReportedFile[]): string {
  const { errors, warnings, others } = severityCounts(files);
  return `${plural(errors, 'error')}, ${plural(warnings, 'warning')}${others > 0 ? `, ${plural(others, 'note')}` : ''}`;
}
