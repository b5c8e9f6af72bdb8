// Image alt text: `checkMdxAccessibility`, what `mint a11y` runs (images and videos; its check of
// links without text is another kind).
export async function platformFindings(site) {
  const { checkMdxAccessibility } = await site.load('@mintlify/cli/bin/mdxAccessibility.js');
  const { missingAltAttributes } = await checkMdxAccessibility(site.root);
  return missingAltAttributes
    .filter((issue) => issue.element !== 'a')
    .map((issue) => ({ file: site.relative(issue.filePath), target: `line ${issue.line}`, note: issue.tagName }));
}
