import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { checkDocsJson, DiskSiteHost, recheckDocsJson } from '../../server/src/engine';
import { checkOutcome as outcome } from '../support/checkOutcome';
import { corpusSites, materialiseRepository } from '../support/corpus';
import { composeEdits, type TextEdit } from '../../server/src/engine/pages/textEdit';
import { applyEdit, applyEditWithSpan, typingEdit } from '../support/typingEdits';
import { PiecedText } from '../../server/src/lsp/piecedText';

function site(folder: string) {
  const entry = corpusSites().find((candidate) => candidate.folder === folder)!;
  const repository = materialiseRepository(folder);
  const path = join(repository, entry.docsJsonPath);
  const root = join(path, '..');
  return { text: readFileSync(path, 'utf8'), host: new DiskSiteHost(root) };
}

// Examples of each path of the re-check, which run in a moment: recheckEdits.test.ts.
describe('re-check after an edit', () => {
  const sites = ['mintlify+docs', 'Portkey-AI+docs-core', 'PrefectHQ+fastmcp', 'upstash+docs', 'CopilotKit+vnext_experimental'].map(site);

  it('gives the outcome of a full check after any series of edits told by their spans, as an editor tells them, several composed between re-checks, the text kept in pieces as the language server keeps it', () => {
    let local = 0;
    let composedLocal = 0;
    let total = 0;
    // Two times in three the re-check follows the edit; else the next edit comes first.
    const recheckNow = fc.nat(2).map((n) => n > 0);
    fc.assert(
      fc.property(fc.nat(sites.length - 1), fc.array(fc.tuple(typingEdit, recheckNow), { minLength: 1, maxLength: 8 }), (which, edits) => {
        const { host } = sites[which];
        let text = sites[which].text;
        let pieced = PiecedText.of(text);
        let result = checkDocsJson(text, host);
        let span: TextEdit | undefined;
        let composed = 0;
        for (const [e, now] of edits) {
          const edited = applyEditWithSpan(text, e);
          text = edited.text;
          pieced = pieced.edit(edited.span.start, edited.span.oldEnd, text.slice(edited.span.start, edited.span.newEnd));
          span = span ? composeEdits(span, edited.span) : edited.span;
          composed++;
          if (!now) continue;
          result = recheckDocsJson(result, pieced, span);
          total++;
          if (result.basis.units) local++;
          if (result.basis.units && composed > 1) composedLocal++;
          span = undefined;
          composed = 0;
          assert.deepEqual(outcome(result), outcome(checkDocsJson(text, host)));
        }
      }),
      { numRuns: 150 },
    );
    // Two edits composed are mostly in two parts of the file, which takes a full check.
    assert.ok(local > total / 3, `only ${local} of ${total} re-checks were local`);
    assert.ok(composedLocal > 0, 'no re-check of composed edits was local');
  });

  it('gives the outcome of a full check after any series of edits, on real sites', () => {
    let local = 0;
    let total = 0;
    fc.assert(
      fc.property(fc.nat(sites.length - 1), fc.array(typingEdit, { minLength: 1, maxLength: 6 }), (which, edits) => {
        const { host } = sites[which];
        let text = sites[which].text;
        let result = checkDocsJson(text, host);
        for (const e of edits) {
          text = applyEdit(text, e);
          result = recheckDocsJson(result, text);
          total++;
          if (result.basis.units) local++;
          assert.deepEqual(outcome(result), outcome(checkDocsJson(text, host)));
        }
      }),
      { numRuns: 150 },
    );
    // The property is only worth something if most edits took the local path.
    assert.ok(local > total / 2, `only ${local} of ${total} re-checks were local`);
  });
});
