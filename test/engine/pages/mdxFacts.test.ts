// The facts of a page after an edit, made from the earlier text's facts and the part read again
// (`factsAfterEdit`), against the facts of the same text parsed whole: at every line of a page of
// nested components, attributes, images, ESM and suppression comments, with text typed, deleted,
// and a component or a comment added.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { factsAfterEdit, mdxFactsOf, type MdxFacts } from '../../../server/src/engine/pages/mdx/mdxFacts';
import { parseMdx } from '../../../server/src/engine/pages/mdx/parseMdx';
import { reparseMdx } from '../../../server/src/engine/pages/mdx/reparse';

const page = [
  "import { Shared } from '/snippets/shared.mdx';",
  'export const version = 2;',
  '',
  '# Title',
  '',
  '![Logo](/images/logo.png)',
  '',
  '{/* docsjson-disable-next-line link/missing-page */}',
  '',
  '<Tabs>',
  '',
  '<Tab title="Zero">',
  'Zeroth tab.',
  '</Tab>',
  '',
  '<Tab title="One">',
  'First ![one](/one.png) tab.',
  '',
  '<Card title="Inner" href="/inner" icon={"star"}>',
  'Card text.',
  '',
  'More <b>card</b> text.',
  '',
  'Last card text.',
  '</Card>',
  '',
  'After the card {/* docsjson-disable-line */}.',
  '',
  'Last of the tab.',
  '</Tab>',
  '',
  '<Tab title="Two">',
  'Second tab.',
  '</Tab>',
  '',
  '</Tabs>',
  '',
  '{/* docsjson-disable a11y/image-alt */}',
  '',
  '<Note>Plain note with <b>bold</b>.</Note>',
  '',
  '{/* docsjson-enable */}',
  '',
  '- item with ![two](/two.png)',
  '- another item',
  '',
  '<Steps>',
  '  <Step title="A">Do a.</Step>',
  '  <Step title="B">Do b.</Step>',
  '</Steps>',
  '',
  'The end.',
  '',
].join('\n');

/** Facts as plain data: an element's parent named by its index. */
function shape(facts: MdxFacts): unknown {
  if (facts.error) return facts;
  return { ...facts, elements: facts.elements.map((element) => ({ ...element, parent: element.parent && facts.elements.indexOf(element.parent) })) };
}

function afterEdit(before: string, after: string): { edited: MdxFacts; whole: MdxFacts; inComponent: boolean } | undefined {
  const first = parseMdx(before);
  const parse = reparseMdx(after, { text: before, tree: first.tree! });
  if (!parse.tree || !parse.readAgain) return undefined;
  const facts = mdxFactsOf(before, first);
  const { start } = parse.readAgain;
  const inComponent = !facts.error && facts.elements.some((element) => element.range.start < start && element.range.end > start);
  return { edited: factsAfterEdit(facts, after, parse.tree, parse.readAgain), whole: mdxFactsOf(after, parseMdx(after)), inComponent };
}

test('facts made after an edit equal the facts of the text parsed whole, at every line of a page', () => {
  const lineStarts = [0, ...[...page.matchAll(/\n/g)].map((m) => m.index + 1)];
  const edits: [string, (text: string, at: number) => string][] = [
    ['a word typed', (text, at) => `${text.slice(0, at)}word ${text.slice(at)}`],
    ['a character deleted', (text, at) => text.slice(0, at) + text.slice(at + 1)],
    ['a component added', (text, at) => `${text.slice(0, at)}<Info title="New">x</Info>\n\n${text.slice(at)}`],
    ['an image added', (text, at) => `${text.slice(0, at)}![new](/new.png) ${text.slice(at)}`],
    ['a comment added', (text, at) => `${text.slice(0, at)}{/* docsjson-disable-line */} ${text.slice(at)}`],
  ];
  let compared = 0;
  let inComponent = 0;
  for (const [name, edit] of edits) {
    for (const at of lineStarts) {
      for (const column of [0, 2, 6]) {
        const after = edit(page, Math.min(at + column, page.length));
        const result = afterEdit(page, after);
        if (!result) continue;
        if (result.inComponent) inComponent++;
        assert.deepEqual(shape(result.edited), shape(result.whole), `${name} at ${at + column}: ${JSON.stringify(after.slice(at, at + 40))}`);
        compared++;
      }
    }
  }
  assert.ok(compared > 60, `only ${compared} edits were read in part`);
  assert.ok(inComponent > 10, `only ${inComponent} edits were read inside a component`);
});

test('after an edit of a page that did not parse, the facts are read from the whole new tree', () => {
  const broken = 'Text <Card title="x">\n';
  const fixed = 'Text <Card title="x" />\n';
  const parse = parseMdx(fixed);
  const facts = factsAfterEdit(mdxFactsOf(broken, parseMdx(broken)), fixed, parse.tree!, { start: 0, oldEnd: broken.length, delta: fixed.length - broken.length, nodes: parse.tree!.children });
  assert.deepEqual(shape(facts), shape(mdxFactsOf(fixed, parse)));
});
