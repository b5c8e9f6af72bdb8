import type { CheckResult } from '../../server/src/engine';

/** Everything a check tells: each file's diagnostics, the navigation in document order, and the specs in force where they are declared. */
export function checkOutcome(result: CheckResult) {
  return {
    documents: [...result.documents].map(([path, { document, diagnostics }]) => ({ path, text: document.json.text, diagnostics })),
    elements: result.model.elements.map((element) => `${element.kind} ${element.name ?? ''} ${element.cursor.path.join('/')}`),
    pages: result.model.pages.map((page) => `${page.value} @${page.cursor.path.join('/')} in ${page.element.name ?? page.element.kind}`),
    specs: [...result.basis.statuses].map(([declaration, status]) => `${declaration.reference} @${declaration.cursor.path.join('/')}: ${status.kind}`).sort(),
  };
}
