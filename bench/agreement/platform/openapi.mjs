// Specs discovered and their operations. `categorizeFilePaths` finds the site's specs (every
// spec file, declared in docs.json or not); for a page's `openapi` frontmatter,
// `getOpenApiOperationMethodAndEndpoint` finds its operation (the page's title and fields), and
// `getMatchingOpenApiFile` the spec the page is rendered from, falling back to the first spec
// that has the operation. A page neither finds is an empty API page; one only the fallback finds
// renders another spec's operation. A spec given by URL is fetched by the platform when it
// builds: with one in docs.json, a page whose operation no local spec has is left out (offline,
// neither side can settle it; ours reports it as ref/remote-unread).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export async function platformFindings(site) {
  const { parseFrontmatter, getOpenApiOperationMethodAndEndpoint, getMatchingOpenApiFile } = await site.load('@mintlify/common');
  const { openApiFiles } = site.categorized;
  // The index the platform writes for its renderer: one entry per spec, each operation as "path/method".
  const refs = {};
  const files = {};
  openApiFiles.forEach((file, index) => {
    const operations = {};
    for (const [path, item] of Object.entries(file.spec?.paths ?? {})) {
      for (const method of methods) if (item && typeof item === 'object' && method in item) operations[`${path}/${method}`] = String(index);
    }
    refs[String(index)] = { originalFileLocation: file.originalFileLocation ?? file.filename, filename: file.filename, refs: operations };
    files[file.originalFileLocation ?? file.filename] = String(index);
  });
  const remoteSpec = /"openapi"\s*:\s*(\[[^\]]*)?"https?:/.test(readFileSync(join(site.root, 'docs.json'), 'utf8'));
  const findings = [];
  for (const page of site.pages) {
    let metadata;
    try {
      metadata = parseFrontmatter(page.text).attributes;
    } catch {
      continue;
    }
    const value = metadata?.openapi;
    if (typeof value !== 'string' || value.trim() === '' || /^https?:/.test(value.trim())) continue;
    if (getOpenApiOperationMethodAndEndpoint(value, openApiFiles)) continue;
    if (remoteSpec) continue;
    let matched;
    try {
      matched = getMatchingOpenApiFile({ metadata, refs, files });
    } catch {
      matched = undefined;
    }
    findings.push(
      matched === undefined
        ? { file: page.path, target: value.trim(), note: 'no operation: an empty API page' }
        : { file: page.path, target: value.trim(), note: `renders the operation of ${refs[matched].originalFileLocation}` },
    );
  }
  return findings;
}
