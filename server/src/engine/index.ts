export { checkDocsJson, type CheckResult, type CheckedDocument } from './check';
export { prepareRecheck, recheckDocsJson } from './recheck/recheck';
export type { CheckOptions } from './checkContext';
export type { Diagnostic, Severity, Suggestion } from './diagnostic';
export { LineIndex } from './json/lineIndex';
export { FileIndex } from './site/fileIndex';
export { DiskSiteHost, type SiteHost } from './site/siteHost';
