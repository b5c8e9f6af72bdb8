// Pages that compile: the platform parses each page with `getAST` (remark with MDX, GFM,
// frontmatter and math, after its own preprocessing); a page it cannot parse fails the build.
export async function platformFindings(site) {
  return site.pages.flatMap((page) => {
    const { error } = site.ast(page);
    return error ? [{ file: page.path, target: 'does not compile', note: String(error?.message ?? error).split('\n')[0] }] : [];
  });
}
