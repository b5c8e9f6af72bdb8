// The component checks of pages: unknown components (block and inline), props, values, types,
// ParamField's location, nesting, repeated examples and icon props, each at its range.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { checkDocsJson, DiskSiteHost, runSiteRules, SiteGraph, type Diagnostic } from '../../../server/src/engine';
import { componentRule } from '../../../server/src/engine/rules/componentRule';
import { docsJson, extractMarkers, writeSite } from '../../support/site';

const baseSite: Record<string, string> = {
  'docs.json': docsJson('{ "groups": [ { "group": "G", "pages": ["index"] } ] }'),
  'index.mdx': '# Welcome\n',
  'snippets/widgets.jsx': 'export const Widget = () => <div />;\n',
  'snippets/panel.mdx': '<Tab title="From a snippet">A tab placed by the page that imports it</Tab>\n',
};

function check(marked: string, path = 'guide.mdx'): { diagnostics: Diagnostic[]; ranges: { start: number; end: number }[]; text: string } {
  const { text, ranges } = extractMarkers(marked);
  const root = writeSite({ ...baseSite, [path]: text });
  const host = new DiskSiteHost(root);
  const graph = new SiteGraph(host, checkDocsJson(readFileSync(join(root, 'docs.json'), 'utf8'), host));
  const all = runSiteRules(graph, [componentRule]);
  return { diagnostics: all.get(path) ?? [], ranges, text };
}

/** Each marked range has one diagnostic of the code, with a message matching, in order; nothing else. */
function expectFindings(marked: string, expected: [code: string, message: RegExp][], path?: string): Diagnostic[] {
  const { diagnostics, ranges, text } = check(marked, path);
  assert.deepEqual(diagnostics.map((d) => d.code), expected.map(([code]) => code), JSON.stringify(diagnostics, null, 1));
  diagnostics.forEach((d, i) => {
    assert.match(d.message, expected[i][1]);
    assert.deepEqual(d.range, ranges[i], `range covers ${JSON.stringify(text.slice(d.range.start, d.range.end))}`);
  });
  return diagnostics;
}

describe('component rule', () => {
  it('accepts built-in components used as documented, HTML tags, and what the page exports or imports', () => {
    const page = [
      "import { Widget } from '/snippets/widgets.jsx';",
      "import Panel from '/snippets/panel.mdx';",
      '',
      'export const Banner = ({ children }) => <div>{children}</div>;',
      '',
      '<Tabs>',
      '  <Tab title="One" icon="rocket">',
      '    <Accordion title="More" defaultOpen>Text with <Badge color="blue">new</Badge> and <Tooltip tip="hi">this</Tooltip>.</Accordion>',
      '  </Tab>',
      '</Tabs>',
      '',
      '<Steps>',
      '  <Step title="Install">Run it</Step>',
      '</Steps>',
      '',
      '<Widget />',
      '<Banner>Hello</Banner>',
      '<Panel />',
      '<ParamField path="id" type="string" required>The id</ParamField>',
      '<Columns cols={2}>',
      '  <Column>a</Column>',
      '</Columns>',
      '<Tree>',
      '  <Tree.Folder name="app" defaultOpen>',
      '    <Tree.File name="page.tsx" />',
      '  </Tree.Folder>',
      '</Tree>',
      '<Card {...props} />',
      '<div className="x">raw HTML</div>',
      'Inline <strong>HTML</strong> is rendered as written.',
      '',
    ].join('\n');
    expectFindings(page, []);
  });

  it('warns that an unknown block-level component is dropped, with a did-you-mean and the closing tag to rename', () => {
    const [unknown] = expectFindings('<⟦Accordian⟧ title="x">\n  text\n</Accordian>\n', [['component/unknown', /The site does not know the component <Accordian>: it drops it silently, with its content .*Did you mean <Accordion>\?/]]);
    assert.equal(unknown.severity, 'warning');
    const text = '<Accordian title="x">\n  text\n</Accordian>\n';
    const closing = text.lastIndexOf('Accordian');
    assert.deepEqual(unknown.suggestions, [{ title: 'Change to <Accordion>', replacement: 'Accordion', alsoAt: [{ start: closing, end: closing + 'Accordian'.length }] }]);
  });

  it('reports an unknown component inline as an error: the page fails to render', () => {
    const [inline] = expectFindings('Some text with <⟦Badg⟧>new</Badg> in it.\n', [['component/unknown-inline', /inside a line of text it makes the page fail to render.*Did you mean <Badge>\?/]]);
    assert.equal(inline.severity, 'error');
  });

  it('reports only the outermost of unknown blocks: what it holds is dropped with it', () => {
    expectFindings('<⟦CheckList⟧>\n  <CheckListItem id="a">\n    x\n  </CheckListItem>\n</CheckList>\n', [['component/unknown', /<CheckList>/]]);
  });

  it('checks nothing at any depth inside a dropped block, and everything inside a component the page imports', () => {
    expectFindings('<⟦CheckList⟧>\n  <div>\n    <Card titel="x">y</Card>\n  </div>\n</CheckList>\n', [['component/unknown', /<CheckList>/]]);
    expectFindings("import { Widget } from '/snippets/widgets.jsx';\n\n<Widget>\n  <div>\n    <Card ⟦titel⟧=\"x\">y</Card>\n  </div>\n</Widget>\n", [['component/unknown-prop', /titel/]]);
  });

  it('warns about an HTML tag the platform drops at block level', () => {
    expectFindings('<⟦details⟧>\n  <summary>More</summary>\n\n  text\n</details>\n', [['component/unknown', /the HTML tag <details> at block level: it drops it silently/]]);
  });

  it('reports an unknown prop with a did-you-mean as a warning, and without one as information', () => {
    const found = expectFindings('<Card ⟦titel⟧="x" ⟦style⟧={{}}>y</Card>\n', [
      ['component/unknown-prop', /<Card> has no prop "titel": it is ignored. Did you mean "title"\?/],
      ['component/unknown-prop', /<Card> has no prop "style": it is ignored$/],
    ]);
    assert.deepEqual(found.map((d) => d.severity), ['warning', 'information']);
    assert.deepEqual(found[0].suggestions, [{ title: 'Change to "title"', replacement: 'title' }]);
  });

  it('notes a missing required prop', () => {
    const [missing] = expectFindings('<⟦Accordion⟧>text</Accordion>\n', [['component/missing-prop', /<Accordion> needs a "title"/]]);
    assert.equal(missing.severity, 'information');
  });

  it('reports a value outside the allowed ones, with a did-you-mean', () => {
    const [value] = expectFindings('Text <Badge color="⟦purpel⟧">x</Badge>\n', [['component/invalid-value', /"purpel" is not a color of <Badge>: use "gray", .*Did you mean "purple"\?/]]);
    assert.deepEqual(value.suggestions, [{ title: 'Change to "purple"', replacement: 'purple' }]);
    expectFindings('<Columns cols=⟦{7}⟧>\n  <Column>a</Column>\n</Columns>\n', [['component/invalid-value', /"7" is not a cols of <Columns>: use "1", "2", "3" or "4"/]]);
  });

  it('takes every icon style the site fetches Font Awesome icons in, the four sharp ones its docs do not list too', () => {
    for (const style of ['sharp-light', 'sharp-regular', 'sharp-thin', 'sharp-duotone-solid']) expectFindings(`<Card title="x" icon="rocket" iconType="${style}">y</Card>\n`, []);
    expectFindings('<Card title="x" icon="github" iconType="⟦brand⟧">y</Card>\n', [['component/invalid-value', /"brand" is not a iconType of <Card>: .*Did you mean "brands"\?/]]);
  });

  it('reports "false" written as text where a boolean is expected (it counts as true), and a string where a number is', () => {
    const [flag] = expectFindings('<Accordion title="x" defaultOpen=⟦"false"⟧>y</Accordion>\n', [
      ['component/prop-type', /"defaultOpen" of <Accordion> takes true or false, and any text counts as true, "false" too: write defaultOpen=\{false\}/],
    ]);
    assert.deepEqual(flag.suggestions, [{ title: 'Change to {false}', replacement: '{false}' }]);
    expectFindings('<Accordion title="x" defaultOpen=⟦"False"⟧>y</Accordion>\n', [['component/prop-type', /"False" too: write defaultOpen=\{false\}/]]);
    expectFindings('<Columns cols=⟦"3"⟧>\n  <Column>a</Column>\n</Columns>\n', [['component/prop-type', /"cols" of <Columns> takes a number: write cols=\{3\}/]]);
  });

  it('takes any other text where a boolean is expected as true, which is what the writer meant', () => {
    for (const text of ['true', 'True', 'TRUE', 'yes', 'open']) expectFindings(`<Accordion title="x" defaultOpen="${text}">y</Accordion>\n`, []);
  });

  it('wants exactly one of query, path, body and header on ParamField', () => {
    expectFindings('<⟦ParamField⟧ type="string">x</ParamField>\n', [['component/param-location', /<ParamField> needs one of "query", "path", "body" or "header"/]]);
    expectFindings('<⟦ParamField⟧ query="a" body="b">x</ParamField>\n', [['component/param-location', /takes exactly one of .* not "query" and "body"/]]);
  });

  it('reports Tab outside Tabs, Step outside Steps and the documented parents of Column, Tree and Color', () => {
    expectFindings('<Card title="c">\n  <⟦Tab⟧ title="A">a</Tab>\n</Card>\n', [['component/misplaced', /<Tab> must sit directly in <Tabs>, not in <Card> \(the site warns about it in its build log/]]);
    expectFindings('<⟦Step⟧ title="A">a</Step>\n', [['component/misplaced', /<Step> must sit directly in <Steps>, not at the top of the page/]]);
    expectFindings('<⟦Column⟧>a</Column>\n', [['component/misplaced', /<Column> must sit directly in <Columns>/]]);
    expectFindings('<Tree>\n  <Tree.Folder name="a">\n    <Tree.File name="b" />\n  </Tree.Folder>\n</Tree>\n<⟦Tree.File⟧ name="c" />\n', [['component/misplaced', /<Tree.File> must sit directly in <Tree> or <FileTree> or <Tree.Folder>/]]);
    expectFindings('<Color variant="table">\n  <⟦Color.Item⟧ value="#fff" />\n</Color>\n<Color variant="compact">\n  <Color.Row title="r">\n    <Color.Item value="#000" />\n  </Color.Row>\n</Color>\n', []);
  });

  it('leaves the top-level components of a snippet to the pages that place it', () => {
    expectFindings('<Tab title="x">a</Tab>\n', [], 'snippets/tab.mdx');
  });

  it('reports a second RequestExample or ResponseExample on a page', () => {
    const page = '<RequestExample>\n```bash\ncurl a\n```\n</RequestExample>\n\n<⟦RequestExample⟧>\n```bash\ncurl b\n```\n</RequestExample>\n';
    expectFindings(page, [['component/duplicate-example', /This page already has a <RequestExample> \(line 1\)/]]);
  });

  it('checks icon props against the site icon library with the docs.json icon messages', () => {
    const found = expectFindings('<Card title="a" icon="⟦rockt⟧" />\n<Card title="b" icon="⟦fa-rocket⟧" />\n<Card title="c" icon="https://x.test/i.svg" />\n<Icon icon="⟦circle-chek⟧" iconLibrary="lucide" />\n', [
      ['icon/unknown', /^Unknown Font Awesome icon "rockt" in <Card>. Did you mean "rocket"\?$/],
      ['icon/fa-prefix', /^Icon "fa-rocket" does not need the "fa-" prefix: write "rocket"$/],
      ['icon/unknown', /^Unknown Lucide icon "circle-chek" in <Icon>. Did you mean "circle-check"\?$/],
    ]);
    assert.deepEqual(found[0].suggestions, [{ title: 'Change to "rocket"', replacement: 'rocket' }]);
    assert.deepEqual(
      found.map((d) => d.severity),
      ['warning', 'warning', 'warning'],
      'an icon the page names with "fa-" is not found and not shown: nothing fails',
    );
  });

  it('checks nothing in a page the platform cannot parse, and nothing in code', () => {
    expectFindings('<Accordian title="x">\n\nbroken {\n', []);
    expectFindings('```mdx\n<Accordian />\n```\n\n`<Badg>`\n', []);
  });

  it('tells an unknown component in full: what the site does with it and why it is unknown; a self-closing one has no closing tag to rename', () => {
    const [block] = expectFindings('<⟦Accordian⟧ title="x" />\n', [['component/unknown', /./]]);
    assert.equal(block.message, 'The site does not know the component <Accordian>: it drops it silently, with its content (it is not built in, and the page neither exports nor imports it). Did you mean <Accordion>?');
    assert.deepEqual(block.suggestions, [{ title: 'Change to <Accordion>', replacement: 'Accordion', alsoAt: undefined }]);
    const [inline] = expectFindings('Text <⟦Zqxwv⟧ /> here.\n', [['component/unknown-inline', /./]]);
    assert.equal(inline.message, 'The site does not know the component <Zqxwv>: inside a line of text it makes the page fail to render (it is not built in, and the page neither exports nor imports it)');
    assert.equal(inline.suggestions, undefined);
    const [tag] = expectFindings('<⟦marquee⟧>\n  text\n</marquee>\n', [['component/unknown', /./]]);
    assert.equal(tag.message, 'The site does not know the HTML tag <marquee> at block level: it drops it silently, with its content');
    expectFindings('Some <details>inline</details> text, and <⟦Widget⟧ /> not imported.\n', [['component/unknown-inline', /<Widget>/]]);
  });

  it('tells an unknown component alone on its line with its text that the text makes it inline, with fixes that make the page render', () => {
    const marked = '# Guide\n\n<Card title="A">\n  <⟦Foo⟧ kind="x">Some **text**</Foo>\n</Card>\n';
    const [inline] = expectFindings(marked, [['component/unknown-inline', /./]]);
    assert.equal(
      inline.message,
      'The site does not know the component <Foo>: the text on the same line as its tags makes it an inline element in MDX, and an unknown inline component makes the page fail to render (it is not built in, and the page neither exports nor imports it)',
    );
    const { text } = extractMarkers(marked);
    const applied = (index: number) => {
      const { range, replacement } = inline.suggestions![index];
      return text.slice(0, range!.start) + replacement + text.slice(range!.end);
    };
    assert.deepEqual(inline.suggestions!.map((suggestion) => suggestion.title), [
      'Put the text on its own line between the tags (the site then drops <Foo> and its text)',
      'Remove <Foo>, keep its text',
    ]);
    const ownLine = applied(0);
    assert.equal(ownLine, '# Guide\n\n<Card title="A">\n  <Foo kind="x">\n  Some **text**\n  </Foo>\n</Card>\n');
    // Read as a block, the page renders: the site drops the component (a warning), it no longer fails.
    expectFindings(ownLine.replace('<Foo', '<⟦Foo⟧'), [['component/unknown', /it drops it silently/]]);
    assert.equal(applied(1), '# Guide\n\n<Card title="A">\n  Some **text**\n</Card>\n');
    expectFindings(applied(1), []);
    // Inside a sentence, the text around it is the cause, and putting the tags on lines of their own is no fix.
    const [sentence] = expectFindings('Some <⟦Foo⟧>text</Foo> here.\n', [['component/unknown-inline', /inside a line of text it makes the page fail to render/]]);
    assert.deepEqual(sentence.suggestions!.map((suggestion) => suggestion.title), ['Remove <Foo>, keep its text']);
  });

  it('wraps a run of components that need a parent in it: the <Tab>s written one after another in <Tabs>, a <Step> in a card in <Steps>', () => {
    const marked = [
      '# Install',
      '',
      '<⟦Tab⟧ title="npm">',
      '  npm i',
      '</Tab>',
      '<⟦Tab⟧ title="yarn">yarn add</Tab>',
      '',
      'Between.',
      '',
      '<Card title="c">',
      '  <⟦Step⟧ title="One">Do it</Step>',
      '</Card>',
      '',
      'See <⟦Tab⟧ title="x">this</Tab> in a sentence.',
      '',
    ].join('\n');
    const findings = expectFindings(marked, [['component/misplaced', /<Tab> must sit directly in <Tabs>/], ['component/misplaced', /<Tab>/], ['component/misplaced', /<Step> must sit directly in <Steps>, not in <Card>/], ['component/misplaced', /<Tab>/]]);
    const { text } = extractMarkers(marked);
    const fixed = (index: number) => {
      const [fix] = findings[index].suggestions!;
      assert.equal(fix.alsoEdits!.length, 1);
      const [after] = fix.alsoEdits!;
      assert.equal(after.file, 'guide.mdx');
      return text.slice(0, fix.range!.start) + fix.replacement + text.slice(fix.range!.end, after.range.start) + after.newText + text.slice(after.range.end);
    };
    assert.deepEqual(findings.map((finding) => finding.suggestions?.map((suggestion) => suggestion.title)), [['Wrap in <Tabs>'], ['Wrap in <Tabs>'], ['Wrap in <Steps>'], undefined]);
    const tabs = fixed(0);
    assert.equal(fixed(1), tabs, 'each tab of the run wraps the whole run');
    assert.equal(tabs.split('\n\nBetween')[0], '# Install\n\n<Tabs>\n<Tab title="npm">\n  npm i\n</Tab>\n<Tab title="yarn">yarn add</Tab>\n</Tabs>');
    const steps = fixed(2);
    assert.match(steps, /<Card title="c">\n {2}<Steps>\n {2}<Step title="One">Do it<\/Step>\n {2}<\/Steps>\n<\/Card>/);
    const [crlf] = check('<Tab title="a">\r\n  x\r\n</Tab>\r\n').diagnostics[0].suggestions!;
    assert.deepEqual([crlf.replacement, crlf.alsoEdits![0].newText], ['<Tabs>\r\n', '\r\n</Tabs>'], 'a page written with CRLF line ends keeps them');
    // Both fixes applied one after the other: only the tab in a sentence is left.
    const afterTabs = check(tabs);
    assert.deepEqual(afterTabs.diagnostics.map((d) => afterTabs.text.slice(d.range.start, d.range.end)), ['Step', 'Tab']);
    const [stepFix] = afterTabs.diagnostics[0].suggestions!;
    const [stepClose] = stepFix.alsoEdits!;
    const both = tabs.slice(0, stepFix.range!.start) + stepFix.replacement + tabs.slice(stepFix.range!.end, stepClose.range.start) + stepClose.newText + tabs.slice(stepClose.range.end);
    expectFindings(both.replace('See <Tab', 'See <⟦Tab⟧'), [['component/misplaced', /<Tab>/]]);
  });

  it('tells a missing prop, a value not of the type and a repeated example in full', () => {
    const [missing] = expectFindings('<⟦Accordion⟧>text</Accordion>\n', [['component/missing-prop', /./]]);
    assert.equal(missing.message, '<Accordion> needs a "title" (its docs mark it required)');
    const [count] = expectFindings('<Columns cols=⟦"many"⟧>\n  <Column>a</Column>\n</Columns>\n', [['component/prop-type', /./]]);
    assert.equal(count.message, '"cols" of <Columns> takes a number: write cols={…}');
    assert.equal(count.suggestions, undefined);
    const [expression] = expectFindings('<Columns cols=⟦{ 7 }⟧>\n  <Column>a</Column>\n</Columns>\n', [['component/invalid-value', /./]]);
    assert.equal(expression.message, '"7" is not a cols of <Columns>: use "1", "2", "3" or "4". Did you mean "1"?');
    assert.equal(expression.suggestions, undefined, 'an expression is not replaced by text');
    const page = '# Examples\n\n<ResponseExample>\n```json\n{}\n```\n</ResponseExample>\n\n<⟦ResponseExample⟧>\n```json\n[]\n```\n</ResponseExample>\n';
    const [again] = expectFindings(page, [['component/duplicate-example', /./]]);
    assert.equal(again.message, 'This page already has a <ResponseExample> (line 3): the site shows one per page in its side panel; put every example in that one');
  });

  it('offers no rename to a prop already written, and takes React\'s key on any component', () => {
    const [unknown] = expectFindings('<Card title="a" ⟦titel⟧="b" key="k">y</Card>\n', [['component/unknown-prop', /Did you mean "title"\?/]]);
    assert.equal(unknown.suggestions, undefined);
    const [location] = expectFindings('<⟦ParamField⟧ query="a" path="b" body="c">x</ParamField>\n', [['component/param-location', /./]]);
    assert.equal(location.message, '<ParamField> takes exactly one of "query", "path", "body" or "header", not "query", "path" and "body": keep the one that says where the parameter goes');
  });

  it('takes the icon library a component names for its icon', () => {
    expectFindings('<Card title="a" icon="circle-check" iconLibrary="lucide" />\n', []);
    expectFindings('<Card title="a" icon="⟦circle-chek⟧" iconLibrary="tabler" />\n', [['icon/unknown', /^Unknown Tabler icon "circle-chek" in <Card>/]]);
  });
});

describe('component rule, numbers and places', () => {
  it('a number written as text is offered as a number only when it is one, spaces around it dropped', () => {
    const offered = (written: string) => check(`<Columns cols="${written}">\n  <Column>a</Column>\n</Columns>\n`).diagnostics[0]?.suggestions?.[0].replacement;
    assert.deepEqual(['3x', ' 2 ', '1.5', '-2', 'x3', '2.'].map(offered), [undefined, '{2}', '{1.5}', '{-2}', undefined, undefined]);
  });

  it('an expression is read as a value only when it is a whole number', () => {
    expectFindings('<Columns cols={ 3 }>\n  <Column>a</Column>\n</Columns>\n<Columns cols={count}>\n  <Column>b</Column>\n</Columns>\n<Columns cols={3 + x}>\n  <Column>c</Column>\n</Columns>\n', []);
  });

  it('only a misplaced <Tab> or <Step> tells of the build log', () => {
    const [column] = expectFindings('<⟦Column⟧>a</Column>\n', [['component/misplaced', /./]]);
    assert.equal(column.message, '<Column> must sit directly in <Columns>, not at the top of the page');
    const [step] = expectFindings('<⟦Step⟧ title="A">a</Step>\n', [['component/misplaced', /./]]);
    assert.equal(step.message, '<Step> must sit directly in <Steps>, not at the top of the page (the site warns about it in its build log and may not show it as one)');
  });
});
