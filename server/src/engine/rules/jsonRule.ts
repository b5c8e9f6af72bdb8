import { Cursor } from '../model/cursor';
import type { DocsJsonRule } from './rule';

/** Broken JSON, in the docs.json and in each file a "$ref" pulls in (the rest is still checked). */
export const jsonRule: DocsJsonRule = {
  codes: ['json/syntax'],
  start: (ctx) => ({
    document(document) {
      if (document.json.syntaxProblems.length === 0) return;
      const cursor = new Cursor(document.json.value, document, []);
      for (const problem of document.json.syntaxProblems) {
        ctx.report({ cursor, target: 'value', range: problem.range, code: 'json/syntax', message: problem.message });
      }
    },
  }),
};
