// The page editor's component features on text with a cursor (|): completion after `<`, of props
// and values, hover, the closing tag after `>`, the outline and folding.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LineIndex } from '../../../server/src/engine';
import { readPage } from '../../../server/src/engine/pages/pageModel';
import { closingTagAt } from '../../../server/src/engine/service/closingTag';
import { componentCompletions } from '../../../server/src/engine/service/componentCompletion';
import { componentHover } from '../../../server/src/engine/service/componentHover';
import { componentFoldingRanges, pageOutline } from '../../../server/src/engine/service/pageOutline';

function at(marked: string): { text: string; offset: number } {
  const offset = marked.indexOf('|');
  return { text: marked.slice(0, offset) + marked.slice(offset + 1), offset };
}

function complete(marked: string) {
  const { text, offset } = at(marked);
  const result = componentCompletions(readPage('page.mdx', text), offset, 'fontawesome');
  return result && { ...result, replaced: text.slice(result.range.start, result.range.end) };
}

describe('component completion', () => {
  it('after <: the built-in components with their summaries, then the page imports and exports', () => {
    const result = complete("import { Widget } from '/snippets/widget.jsx';\n\nexport const Banner = () => <div />;\n\n<|\n")!;
    const labels = result.items.map((item) => item.label);
    assert.equal(labels[0], 'Accordion');
    assert.ok(labels.includes('Tabs') && labels.includes('Tree.Folder'));
    const sorted = [...result.items].sort((a, b) => a.sortText!.localeCompare(b.sortText!)).map((item) => item.label);
    assert.deepEqual(sorted.slice(-2), ['Banner', 'Widget']);
    assert.equal(result.items.find((item) => item.label === 'Widget')!.detail, 'Imported from /snippets/widget.jsx');
    assert.equal(result.items.find((item) => item.label === 'Accordion')!.detail, 'A collapsible section with a title; opens to show its content.');
    assert.equal(result.replaced, '');
  });

  it('replaces the whole name being typed, and offers nothing in code or after `< `', () => {
    assert.equal(complete('<Acc|ordion title="x">')!.replaced, 'Accordion');
    assert.equal(complete('```\n<|\n```\n'), undefined);
    assert.equal(complete('Write `<|` here'), undefined);
    assert.equal(complete('a <|5'), undefined);
  });

  it('inside a tag: the props not yet written, required first, as snippets', () => {
    const result = complete('<Accordion icon="x" |>')!;
    const sorted = [...result.items].sort((a, b) => a.sortText!.localeCompare(b.sortText!));
    assert.equal(sorted[0].label, 'title');
    assert.equal(sorted[0].detail, 'required · string');
    assert.equal(sorted[0].insertText, 'title="$1"');
    assert.ok(!result.items.some((item) => item.label === 'icon'));
    assert.equal(result.items.find((item) => item.label === 'defaultOpen')!.insertText, 'defaultOpen={$1}');
    assert.equal(complete('<Card\n  title="a"\n  hr|\n/>')!.replaced, 'hr');
  });

  it('in a value: the values the prop takes, and icon names of the library in force', () => {
    assert.deepEqual(complete('<Badge size="|">')!.items.map((item) => item.label), ['xs', 'sm', 'md', 'lg']);
    const icons = complete('<Card title="a" icon="rock|">')!;
    assert.equal(icons.items[0].label, 'rocket');
    assert.equal(icons.items[0].insertText, 'rocket');
    assert.equal(icons.replaced, 'rock');
    const lucide = complete('<Icon iconLibrary="lucide" icon="circle-ch|" />')!;
    assert.match(lucide.items[0].detail!, /^Lucide/);
  });
});

describe('component hover', () => {
  it('on a component name (opening or closing tag) and on a prop', () => {
    const text = '<Accordion title="x" defaultOpen>\n  y\n</Accordion>\n';
    const onName = componentHover(text, 3)!;
    assert.match(onName.markdown, /^`<Accordion>`\n\nA collapsible section/);
    assert.match(onName.markdown, /Props: `title\*`/);
    assert.deepEqual(onName.range, { start: 1, end: 10 });
    assert.match(componentHover(text, text.lastIndexOf('Accordion') + 2)!.markdown, /^`<Accordion>`/);
    const onProp = componentHover(text, text.indexOf('defaultOpen') + 3)!;
    assert.match(onProp.markdown, /^`defaultOpen` of `<Accordion>`\n\n`boolean` · default `false`\n\nWhether the Accordion is open by default./);
    assert.equal(componentHover('Plain text', 3), undefined);
  });
});

describe('closing tag', () => {
  it('after the > of an opening tag, not after a self-closing or closing tag', () => {
    const close = (marked: string) => closingTagAt(at(marked).text, at(marked).offset);
    assert.equal(close('<Card title="a > b" icon={x > 1 ? "a" : "b"}>|'), '</Card>');
    assert.equal(close('<Tabs>|'), '</Tabs>');
    assert.equal(close('<Card />|'), undefined);
    assert.equal(close('</Card>|'), undefined);
    assert.equal(close('a > b|'.replace('b|', '|b')), undefined);
    assert.equal(close('<Tabs>|</Tabs>'), undefined);
    assert.equal(close('Line<br>|'), undefined, 'a void element gets no closing tag');
    assert.equal(close('<img src="a.png">|'), undefined);
  });
});

describe('outline and folding', () => {
  it('headings nested by level, with the anchors of tabs, accordions and fields under them', () => {
    const text = '# Title\n\n## Install\n\n<Tabs>\n  <Tab title="npm">a</Tab>\n</Tabs>\n\n## API\n\n<ParamField path="id">x</ParamField>\n<Accordion title="More">y</Accordion>\n';
    const outline = pageOutline(readPage('page.mdx', text));
    const shape = (symbols: ReturnType<typeof pageOutline>): unknown => symbols.map((s) => [s.name, s.detail, shape(s.children)]);
    assert.deepEqual(shape(outline), [
      ['Title', 'h1', [
        ['Install', 'h2', [['npm', '<Tab> #npm', []]]],
        ['API', 'h2', [['id', '<ParamField> #param-id', []], ['More', '<Accordion> #more', []]]],
      ]],
    ]);
  });

  it('folds components that span lines, keeping the closing tag visible', () => {
    const text = '<Tabs>\n  <Tab title="a">\n    x\n  </Tab>\n</Tabs>\n<Card title="b">one line</Card>\n';
    const lines = new LineIndex(text);
    assert.deepEqual(componentFoldingRanges(readPage('page.mdx', text), (offset) => lines.position(offset).line), [
      { startLine: 0, endLine: 3 },
      { startLine: 1, endLine: 2 },
    ]);
  });
});
