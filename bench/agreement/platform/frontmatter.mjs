// Frontmatter: the platform reads it with `parseFrontmatter` (the `front-matter` package, js-yaml).
export async function platformFindings(site) {
  const { parseFrontmatter } = await site.load('@mintlify/common');
  const findings = [];
  for (const page of site.pages) {
    try {
      parseFrontmatter(page.text);
    } catch (error) {
      findings.push({ file: page.path, target: 'frontmatter does not parse', note: String(error?.message ?? error).split('\n')[0] });
    }
  }
  return findings;
}
