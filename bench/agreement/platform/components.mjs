// Components dropped: `remarkMdxRemoveUnknownJsx` (what `getMdx` runs) replaces a block component
// that is neither one of the platform's nor defined by the page with a comment naming it. `getMdx`
// first puts the snippets a page imports into it, which defines their components: here the names
// a page imports, and `Snippet` (the older way to put a snippet in, which `getMdx` replaces with
// the snippet), are given to the plugin as its allowlist instead. The comment keeps the dropped
// component's children (`unist-util-map` maps them onto it), but they never render (MDX compiles a
// comment from its estree alone): a component inside a dropped one is not counted as dropped.
export async function platformFindings(site) {
  const { remarkMdxRemoveUnknownJsx } = await site.load('@mintlify/common');
  const findings = [];
  for (const page of site.pages) {
    const { tree } = site.ast(page);
    if (!tree) continue;
    const dropped = new Set();
    const visit = (node) => {
      const comment = node.type === 'mdxFlowExpression' && /^\/\* {2}Component (.+) does not exist\. {2}\*\/$/.exec(node.value);
      if (comment) return void dropped.add(comment[1]);
      for (const child of node.children ?? []) visit(child);
    };
    visit(remarkMdxRemoveUnknownJsx({ allowlist: ['Snippet', ...importedNames(tree)] })(tree));
    for (const name of dropped) findings.push({ file: page.path, target: name });
  }
  return findings;
}

/** The names the page's `import` statements bring in. */
function importedNames(tree) {
  return (tree.children ?? [])
    .filter((node) => node.type === 'mdxjsEsm')
    .flatMap((node) => node.data?.estree?.body ?? [])
    .filter((statement) => statement.type === 'ImportDeclaration')
    .flatMap((statement) => statement.specifiers.map((specifier) => specifier.local.name));
}
