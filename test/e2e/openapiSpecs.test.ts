// The platform's validation of a declared OpenAPI spec in a real VS Code (code-server + headless
// Chromium), on a copy of test/fixtures/sites/lsp-openapi: a $ref broken by typing in the YAML
// spec gets a squiggle at its line and a row in the Problems panel, and docs.json's reference to
// the spec says its operations get no pages. The screenshot (DOCSJSON_E2E_SCREENSHOTS) is
// "openapi-spec". Screenshots and logs of a failed step land in test-results/<step name>/.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { waitFor } from './harness/browser';
import { vscodeOnFixtureCopy } from './harness/fixtureSession';

const BROKEN = 'The 200 response schema of GET /users points to "#/components/xschemas/User", which the spec does not define. Did you mean "#/components/schemas/User"?';

describe('a declared OpenAPI spec in a real VS Code (code-server + Chromium)', () => {
  const vscode = vscodeOnFixtureCopy('openapi-specs', 'lsp-openapi');

  it('a $ref broken by typing in the YAML spec: a squiggle at its line, a problem in the spec and one on docs.json', { timeout: 180_000 }, (t) =>
    vscode.session.step(t.name, async (wb) => {
      await wb.openFile('api/openapi.yaml');
      // Line 17: `$ref: "#/components/schemas/User"`; typed after "#/components/".
      await wb.typeAt(17, 39, 'x');
      const markers = await wb.waitForProblems((ms) => ms.some((m) => m.message === BROKEN) && ms.some((m) => /^OpenAPI spec api\/openapi\.yaml does not validate/.test(m.message)), 60_000);
      t.diagnostic(JSON.stringify(markers));
      const inSpec = markers.find((m) => m.message === BROKEN)!;
      assert.equal(inSpec.severity, 'error');
      assert.match(inSpec.text, /openapi\/invalid-spec\)? ?\[Ln 17, Col 25\]/);
      const onDocsJson = markers.find((m) => /^OpenAPI spec api\/openapi\.yaml/.test(m.message))!;
      assert.match(onDocsJson.message, /does not validate, so its 2 operations get no pages\. The 200 response schema of GET \/users points to/);
      await waitFor('a squiggle in the spec', async () => ((await wb.squiggles()).errors > 0 ? true : undefined), 10_000);
      await wb.goTo(17, 30);
      await wb.showcase('openapi-spec', wb.page.locator('.part.editor'), wb.page.locator('.part.panel'));
    }));
});
