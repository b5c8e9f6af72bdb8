import type { Cursor } from '../model/cursor';
import type { UnreadableEntry } from '../model/buildNavigation';
import type { NavElement } from '../model/navigationModel';
import type { SourceDocument } from '../model/sourceDocument';
import type { SpecStatuses } from '../openapi/loadSpec';
import type { DefinitionHook } from '../schema/definitionHook';

/** A "$ref" the check could not follow, and why. */
export type BrokenReference = { cursor: Cursor; reference: string } & (
  | { kind: 'url' }
  | { kind: 'outside'; reason: string }
  | { kind: 'cycle'; path: string }
  | { kind: 'missing'; path: string }
  /** Following "$ref"s read more than a check allows (REF_BUDGET): reported once, at the "$ref" where it ran out. */
  | { kind: 'budget'; path: string; follows: number; bytes: number }
);

/** The events of a check of docs.json, in the order they come. Every handler is optional, and is called without `this`. */
export interface DocsJsonHandlers {
  /** A JSON file read for the check: the docs.json first, then each file a "$ref" pulls in. */
  document?(document: SourceDocument): void;
  /** The docs.json's top-level value (which may be of any type), before the navigation is walked. */
  root?(root: Cursor): void;
  /** One top-level member alone, in place of `root`, when a re-check replaces just that member. */
  topLevelMember?(root: Cursor, key: string): void;
  brokenReference?(reference: BrokenReference): void;
  /** "navigation", its "$ref" followed, before its elements are walked. */
  navigation?(navigation: Cursor): void;
  /** Each navigation element, parents before children. */
  element?(element: NavElement): void;
  unreadableEntry?(entry: UnreadableEntry): void;
  /** Each string of a "pages" list (an index into its owner's list, to make a cursor only when reporting). */
  page?(owner: NavElement, index: number, value: string): void;
  /**
   * The OpenAPI specs the walk declared, once loaded (a re-check: those its part declares), and
   * every spec in force in the site.
   */
  specs?(loaded: SpecStatuses, inForce: SpecStatuses): void;
  /** Checks run by the schema validation on values of a named definition ("icon"). */
  definitions?: Record<string, DefinitionHook>;
}

/** The started rules of one check, as one set of handlers, each present (a no-op when no rule listens). */
export type StartedRules = Required<DocsJsonHandlers>;
