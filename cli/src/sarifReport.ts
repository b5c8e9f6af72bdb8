import type * as Sarif from 'sarif';
import type { Severity } from '../../server/src/engine';
import { codeInfo } from '../../server/src/engine/codes';
import type { ReportedDiagnostic, ReportedFile } from './checkOutput';

const levels: Record<Severity, Sarif.ReportingConfiguration.level> = { error: 'error', warning: 'warning', information: 'note', hint: 'note' };

/**
 * The problems as one SARIF 2.1.0 log (what GitHub code scanning uploads): a rule for each code
 * reported, with its summary and default severity, and a result for each problem at its file's
 * path relative to the repository (`%SRCROOT%`).
 */
export function sarifLog(files: ReportedFile[], version: string, notes: readonly string[] = []): Sarif.Log {
  const codes = [...new Set(files.flatMap((file) => file.diagnostics.map((d) => d.code)))].sort();
  const rules = codes.map((code): Sarif.ReportingDescriptor => {
    const info = codeInfo(code);
    return {
      id: code,
      shortDescription: { text: info?.summary ?? code },
      ...(info ? { defaultConfiguration: { level: levels[info.severity] } } : {}),
    };
  });
  const ruleIndex = new Map(codes.map((code, index) => [code, index]));
  const results = files.flatMap((file) => file.diagnostics.map((d) => result(file.path, d, ruleIndex.get(d.code)!)));
  return {
    version: '2.1.0',
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    runs: [
      {
        tool: { driver: { name: 'docsjson', version, informationUri: 'https://www.npmjs.com/package/docsjson', rules } },
        // What the check left out by its limits (a spec not fetched, a file not read).
        ...(notes.length > 0 ? { invocations: [{ executionSuccessful: true, toolExecutionNotifications: notes.map((text) => ({ level: 'note' as const, message: { text } })) }] } : {}),
        results,
      },
    ],
  };
}

function result(path: string, d: ReportedDiagnostic, ruleIndex: number): Sarif.Result {
  return {
    ruleId: d.code,
    ruleIndex,
    level: levels[d.severity],
    message: { text: d.message },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: path.split(/[\\/]/).map(encodeURIComponent).join('/'), uriBaseId: '%SRCROOT%' },
          region: { startLine: d.line, startColumn: d.column, endLine: d.endLine, endColumn: d.endColumn },
        },
      },
    ],
  };
}
