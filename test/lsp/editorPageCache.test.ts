// The editor's page cache is written a second after a run of uses that changed it, and only then:
// a start that finds every page in it sets no timer to write it.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { mdxFactsOf } from '../../server/src/engine/pages/mdx/mdxFacts';
import { parseMdx } from '../../server/src/engine/pages/mdx/parseMdx';
import { EditorPageCache } from '../../server/src/lsp/editorPageCache';
import { tempFolder } from '../support/tempFolder';

const pages = ['# One\n\n<Card title="1">text</Card>\n', '# Two\n'];
const factsOf = (text: string) => mdxFactsOf(text, parseMdx(text));

test('a run that only finds pages sets no timer to write the cache; one that adds a page does', (t) => {
  const folder = tempFolder('docsjson-editor-cache-');
  const workerScript = join(folder, 'worker.js');
  writeFileSync(workerScript, '// the parse worker\n');
  const opened = () => {
    const cache = new EditorPageCache(workerScript, (message) => assert.fail(message));
    cache.keepIn(folder);
    return cache;
  };
  const first = opened();
  first.set(pages[0], factsOf(pages[0]));
  first.save();

  const setTimeout = t.mock.method(globalThis, 'setTimeout');
  const next = opened();
  assert.deepStrictEqual(next.get(pages[0]), factsOf(pages[0]));
  assert.equal(next.get(pages[1]), undefined);
  assert.equal(setTimeout.mock.callCount(), 0, 'a hit and a miss change nothing to write');
  next.set(pages[1], factsOf(pages[1]));
  assert.equal(setTimeout.mock.callCount(), 1, 'a page added is written a second later');
  next.save();
});
