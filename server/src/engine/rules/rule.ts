import type { CheckContext } from '../checkContext';
import type { Code } from '../codes';
import type { DefinitionHook } from '../schema/definitionHook';
import type { DocsJsonHandlers, StartedRules } from './docsJsonHandlers';

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

type EventName = Exclude<keyof DocsJsonHandlers, 'definitions'>;

const eventNames: readonly EventName[] = ['document', 'root', 'topLevelMember', 'brokenReference', 'navigation', 'element', 'unreadableEntry', 'page', 'specs'];

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
