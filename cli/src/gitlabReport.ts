import { createHash } from 'node:crypto';
import type { Severity } from '../../server/src/engine';
import type { ReportedFile } from './checkOutput';

/** An issue of a GitLab Code Quality report (the merge request widget reads these). */
export interface CodeQualityIssue {
  description: string;
  check_name: string;
  /** The same problem keeps its fingerprint when lines above it move: GitLab matches issues between the two branches by it. */
  fingerprint: string;
  severity: 'info' | 'minor' | 'major' | 'critical' | 'blocker';
  location: { path: string; lines: { begin: number; end: number } };
}

const severities: Record<Severity, CodeQualityIssue['severity']> = { error: 'major', warning: 'minor', information: 'info', hint: 'info' };

/** The problems as a GitLab Code Quality report (`artifacts: reports: codequality`). */
export function codeQualityReport(files: ReportedFile[]): CodeQualityIssue[] {
  const seen = new Map<string, number>();
  return files.flatMap((file) =>
    file.diagnostics.map((d) => {
      const identity = `${file.path}\0${d.code}\0${d.message}`;
      // The same problem twice in a file (two equal links) gets two fingerprints, each stable.
      const occurrence = seen.get(identity) ?? 0;
      seen.set(identity, occurrence + 1);
      return {
        description: d.message,
        check_name: d.code,
        fingerprint: createHash('sha256').update(`${identity}\0${occurrence}`).digest('hex').slice(0, 32),
        severity: severities[d.severity],
        location: { path: file.path.split('\\').join('/'), lines: { begin: d.line, end: d.endLine } },
      };
    }),
  );
}
