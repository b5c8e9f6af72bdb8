import type { CheckOptions } from './checkContext';
import type { Diagnostic } from './diagnostic';
import type { IconLibrary } from './icons/iconNames';
import type { NavigationModel } from './model/navigationModel';
import type { SourceDocument } from './model/sourceDocument';
import type { SpecStatuses } from './openapi/loadSpec';
import type { SpecCache } from './openapi/openapiSpec';
import type { UnitTable } from './recheck/units';
import type { SiteHost } from './site/siteHost';

export interface CheckedDocument {
  document: SourceDocument;
  diagnostics: Diagnostic[];
}

export interface CheckResult {
  /** The docs.json and every file it pulled in with "$ref", each with its own diagnostics. */
  documents: Map<string, CheckedDocument>;
  model: NavigationModel;
  siteIconLibrary: IconLibrary;
  /** What a re-check after an edit of the docs.json text builds on (see recheck/recheck.ts). */
  basis: CheckBasis;
}

export interface CheckBasis {
  /** Root-relative path of the docs.json. */
  mainPath: string;
  host: SiteHost;
  options: CheckOptions;
  specCache: SpecCache;
  /** Every spec declared in the navigation or in api.openapi, with what loading it found. */
  statuses: SpecStatuses;
  /** Set once a re-check has taken over this result: it changes the parsed value in place. */
  consumed: boolean;
  /** Where each re-checkable part of the docs.json is, built by the first re-check. */
  units?: UnitTable;
}
