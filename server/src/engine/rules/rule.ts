import type { CheckContext } from '../checkContext';
import type { Code } from '../codes';
import type { Cursor } from '../model/cursor';
import type { UnreadableEntry } from '../model/buildNavigation';
import type { NavElement } from '../model/navigationModel';
import type { SourceDocument } from '../model/sourceDocument';
import type { SpecStatuses } from '../openapi/loadSpec';
import type { DefinitionHook } from '../schema/validate';

/**
 * A rule: a family of related codes and the checks that report them. A check starts every rule
 * once with its context; each rule answers with handlers for the events of the check it needs,
 * and reports through the context. A rule keeps what it needs across events (the operation
 * entries it has seen, a cache of suggestions) in the closure `start` makes.
 *
 * Three checks run rules, each with its own context and events: docs.json's (`DocsJsonRule`,
 * below: pipeline.ts), the site's (`SiteRule`: pages/siteCheck.ts) and the config file's
 * (`ConfigRule`: config/configCheck.ts). Every rule is listed in rules/allRules.ts.
 */
export interface Rule<Context, Handlers> {
  /** Every code the rule can report (the invariant test holds it to them). */
  readonly codes: readonly Code[];
  start(ctx: Context): Handlers;
}

/** A rule of docs.json, started by each check and by each re-check of one part. */
export type DocsJsonRule = Rule<CheckContext, DocsJsonHandlers>;

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

type EventName = Exclude<keyof DocsJsonHandlers, 'definitions'>;

const eventNames: readonly EventName[] = ['document', 'root', 'topLevelMember', 'brokenReference', 'navigation', 'element', 'unreadableEntry', 'page', 'specs'];

/** The started rules of one check, as one set of handlers, each present (a no-op when no rule listens). */
export type StartedRules = Required<DocsJsonHandlers>;

type Handler = (a: never, b: never, c: never) => void;

/** Events come for every element and page of a large site: no argument lists are made per call. */
function join(handlers: Handler[]): Handler {
  if (handlers.length === 1) return handlers[0];
  if (handlers.length === 2) {
    const [first, second] = handlers;
    return (a, b, c) => {
      first(a, b, c);
      second(a, b, c);
    };
  }
  return (a, b, c) => {
    for (let i = 0; i < handlers.length; i++) handlers[i](a, b, c);
  };
}

/** Starts every rule for a check and joins their handlers: each event calls the rules that handle it, in the order given. */
export function startRules(ctx: CheckContext, rules: readonly DocsJsonRule[]): StartedRules {
  const started = rules.map((rule) => rule.start(ctx));
  const joined: Partial<Record<EventName, Handler>> = {};
  for (const name of eventNames) {
    const handlers = started.flatMap((handler) => {
      const fn = handler[name] as Handler | undefined;
      return fn ? [fn] : [];
    });
    joined[name] = join(handlers);
  }
  const definitions: Record<string, DefinitionHook> = {};
  for (const handler of started) Object.assign(definitions, handler.definitions);
  return { ...(joined as Required<Omit<DocsJsonHandlers, 'definitions'>>), definitions };
}
