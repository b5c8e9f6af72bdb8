import type { CheckResult } from '../checkResult';
import type { Diagnostic } from '../diagnostic';
import { loadSpec, type SpecStatus } from '../openapi/loadSpec';
import { runSiteRules } from '../pages/siteCheck';
import type { SiteGraph } from '../pages/siteGraph';
import { openapiSpecRule } from '../rules/openapiSpecRule';

/**
 * After edits of OpenAPI spec files alone, the check of a site and its site rules' findings, when
 * they still hold: each edited file is a local spec the check loaded, and loading it now gives the
 * same status (the same operations, in order, with the same summaries, tags and routes; the same
 * verdict: unknown yet, or valid both times). All the check
 * of docs.json, the site's routes, its pages and redirects read of a spec is that status; what
 * else changes is the spec's own problems, found again here. A refused spec is left to a full
 * check: its reference in docs.json quotes its first problem, which an edit can move or drop.
 * Returns the site rules' findings with the edited specs' own, or undefined when a full check is
 * needed.
 */
export function siteDiagnosticsAfterSpecEdits(result: CheckResult, graph: SiteGraph, siteDiagnostics: ReadonlyMap<string, Diagnostic[]>, edited: ReadonlySet<string>): Map<string, Diagnostic[]> | undefined {
  const { host, specCache, statuses } = result.basis;
  if (edited.size === 0 || result.basis.consumed) return undefined;
  for (const path of edited) {
    const declared = [...statuses].find(([, status]) => 'path' in status && status.path === path);
    if (!declared) return undefined;
    const [declaration, before] = declared;
    if (!sameStatus(before, loadSpec(host, specCache, declaration.reference))) return undefined;
  }
  const found = runSiteRules(graph, [openapiSpecRule], []);
  const diagnostics = new Map(siteDiagnostics);
  for (const path of edited) {
    const now = found.get(path);
    if (now) diagnostics.set(path, now);
    else diagnostics.delete(path);
  }
  return diagnostics;
}

function sameStatus(before: SpecStatus, now: SpecStatus): boolean {
  if (before.kind === 'invalid' && now.kind === 'invalid') return before.error === now.error;
  if (before.kind !== 'local' || now.kind !== 'local') return false;
  // A verdict still unknown, or valid both times: docs.json's reference to the spec says nothing.
  const verdictKept = before.verdict === now.verdict || (before.verdict?.valid === true && now.verdict?.valid === true);
  if (!verdictKept || (now.verdict && !now.verdict.valid)) return false;
  return JSON.stringify(before.operations) === JSON.stringify(now.operations);
}
