import type { LoadedSpec } from './loadedSpec';
import { specFindings } from './openapiSpec';
import type { SpecFindings, SpecValidator } from './specValidator';

/** Where the findings on specs validated in earlier runs are kept, by the spec's path and text. */
export interface SpecFindingsStore {
  specFindings(text: string, fileName: string): SpecFindings | undefined;
  setSpecFindings(text: string, fileName: string, findings: SpecFindings): void;
}

/** Validates each spec at once, unless its findings on the same text are kept in the store; keeps those it reaches. */
export function keptSpecValidator(store: SpecFindingsStore): SpecValidator {
  return {
    findings(text: string, fileName: string, spec: LoadedSpec): SpecFindings {
      const kept = store.specFindings(text, fileName);
      if (kept) return kept;
      const found = specFindings(text, fileName, spec);
      store.setSpecFindings(text, fileName, found);
      return found;
    },
  };
}
