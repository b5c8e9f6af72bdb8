import type { LoadedSpec } from './loadedSpec';
import type { PlatformVerdict } from './platformValidation';
import type { SpecFileProblem } from './specProblems';

/** What validating a spec's text as the platform does finds: its verdict, and its reasons (or its converter's) at their places in the text. */
export interface SpecFindings {
  verdict: PlatformVerdict;
  problems: SpecFileProblem[];
}

/**
 * How a spec cache reaches its findings on a text: at once (the CLI), or elsewhere (the language
 * server, off the request path), the check going on meanwhile without them.
 */
export interface SpecValidator {
  /** The findings on a spec's text, or undefined while they are being reached elsewhere. */
  findings(text: string, fileName: string, spec: LoadedSpec): SpecFindings | undefined;
}
