// `docsjson check` reports the component and accessibility checks under the page's path, and the
// contrast of docs.json colours under docs.json, as CI sees them.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { writeSite } from '../support/site';

const cli = join(__dirname, '..', '..', 'dist', 'cli.js');

test('components, icons, images and colours are reported under the file they are in', () => {
  const root = writeSite({
    'docs.json': JSON.stringify({ theme: 'mint', name: 'A', colors: { primary: '#34D399' }, navigation: { pages: ['intro'] } }, null, 2),
    'intro.mdx': [
      '---',
      'title: Intro',
      '---',
      '',
      '<Imaginary foo="1" />',
      '',
      '<Tab title="A">a</Tab>',
      '',
      'See <Badg>this</Badg>.',
      '',
      '<Accordion title="x" defaultOpen="false">y</Accordion>',
      '',
      '![](/missing-alt.png)',
      '',
      '## Two',
      '',
      '#### Four',
      '',
    ].join('\n'),
    'missing-alt.png': '',
  });
  const result = spawnSync(process.execPath, [cli, 'check', '.'], { cwd: root, encoding: 'utf8' });
  assert.equal(result.status, 1, 'the inline unknown component is an error');
  const lines = result.stdout.trim().split('\n');
  assert.deepEqual(lines.slice(0, -2), [
    'docs.json:5:16  information  "colors.primary" #34D399 on the light background #ffffff has a contrast of 1.92:1, below the 4.5:1 that WCAG AA asks for text: choose a darker colour  a11y/contrast',
    'intro.mdx:5:2  warning  The site does not know the component <Imaginary>: it drops it silently, with its content (it is not built in, and the page neither exports nor imports it)  component/unknown',
    'intro.mdx:7:2  warning  <Tab> must sit directly in <Tabs>, not at the top of the page (the site warns about it in its build log and may not show it as one)  component/misplaced',
    'intro.mdx:9:6  error  The site does not know the component <Badg>: inside a line of text it makes the page fail to render (it is not built in, and the page neither exports nor imports it). Did you mean <Badge>?  component/unknown-inline',
    'intro.mdx:11:34  warning  "defaultOpen" of <Accordion> takes true or false, and any text counts as true, "false" too: write defaultOpen={false}  component/prop-type',
    'intro.mdx:13:1  information  This image has no alt text: screen readers cannot describe it. Write what it shows between the brackets: ![what it shows](…)  a11y/image-alt',
    'intro.mdx:17:1  information  This heading skips a level: h4 after h2. Use h3, so the outline reads in order for screen readers  a11y/heading-skip',
  ]);
  assert.equal(lines.at(-1), '1 docs.json file and 1 page checked: 1 error, 3 warnings, 3 notes');
});
