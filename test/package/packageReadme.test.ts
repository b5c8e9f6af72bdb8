// The README the .vsix carries (scripts/package-readme.ts): relative links and images become URLs
// of the version's tag in the repository; everything else, code above all, stays as written.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { packageReadme } from '../../scripts/package-readme';

const manifest = { version: '1.2.3', repository: { type: 'git', url: 'https://github.com/owner/docsjson.git' } };
const blob = 'https://github.com/owner/docsjson/blob/v1.2.3';
const raw = 'https://github.com/owner/docsjson/raw/v1.2.3';

describe('the packed README', () => {
  it('points images at the raw file and links at the file page of the tag, keeping #anchors', () => {
    assert.equal(
      packageReadme('![Problems](media/icon.png) and [the server](docs/language-server.md#other-editors).\n', manifest),
      `![Problems](${raw}/media/icon.png) and [the server](${blob}/docs/language-server.md#other-editors).\n`,
    );
  });

  it('rewrites reference definitions, links in images and in table cells, and paths from the root', () => {
    const readme = '| a | b |\n|---|---|\n| [![icon](media/icon.png)](/LICENSE) | [x][ref] |\n\n[ref]: ./CONTRIBUTING.md "how"\n';
    assert.equal(
      packageReadme(readme, manifest),
      `| a | b |\n|---|---|\n| [![icon](${raw}/media/icon.png)](${blob}/LICENSE) | [x][ref] |\n\n[ref]: ${blob}/CONTRIBUTING.md "how"\n`,
    );
  });

  it('leaves code, anchors and absolute URLs as written', () => {
    const readme = [
      'Write `![what it shows](…)` or `[text](url)`; see [the CLI](#docsjson-check), [mail](mailto:a@b.c), <https://example.com>.',
      '',
      '```md',
      '![a screenshot](media/icon.png)',
      '```',
      '',
      '![remote](https://example.com/a.png)',
      '',
    ].join('\n');
    assert.equal(packageReadme(readme, manifest), readme);
  });

  it('refuses a link to a file the repository does not have, or outside it', () => {
    assert.throws(() => packageReadme('[gone](docs/gone.md)\n', manifest), /README\.md links to docs\/gone\.md: there is no docs\/gone\.md/);
    assert.throws(() => packageReadme('![up](../x.png)\n', manifest), /outside the repository/);
  });

  it('needs package.json to name a GitHub repository', () => {
    assert.throws(() => packageReadme('[x](LICENSE)\n', { version: '1.0.0' }), /repository must be a GitHub https URL/);
    assert.throws(() => packageReadme('[x](LICENSE)\n', { version: '1.0.0', repository: 'https://gitlab.com/a/b' }), /GitHub/);
  });
});
