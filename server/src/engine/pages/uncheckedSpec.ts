import type { SpecDeclaration } from '../model/navigationModel';

/** A spec given by URL that the check was not given (not fetched, or unreadable), or another source of generated pages the check does not read (otherGenerators.ts): the pages it makes under its directory are unknown. */
export interface UncheckedSpec {
  url: string;
  /** Why it is not known: not fetched (when undefined), or why it could not be read. */
  error?: string;
  /** Where its pages go ("api-reference"). */
  directory: string;
  /** Where docs.json declares it (its first declaration). */
  declaration: SpecDeclaration;
}
