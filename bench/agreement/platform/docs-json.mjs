// docs.json: `validateDocsConfig` on the configuration as the platform reads it (its `$ref`s
// resolved). A finding is either the whole file rejected at a path, or a key the schema strips
// silently: in the file as written, missing from what validation returns.
export async function platformFindings(site) {
  const { validateDocsConfig } = await site.load('@mintlify/validation');
  const { readResolvedConfigJson } = await site.load('@mintlify/link-rot/dist/static-checking/readConfig.js');
  const resolved = await readResolvedConfigJson(site.root);
  if (!resolved) return [{ file: 'docs.json', target: 'unreadable' }];
  const config = resolved.json;
  const result = validateDocsConfig(config);
  if (!result.success) {
    return result.error.issues.map((issue) => ({ file: 'docs.json', target: `rejected: ${issue.path.join('.')}`, note: issue.message }));
  }
  const findings = [];
  const compare = (written, kept, path) => {
    if (Array.isArray(written) && Array.isArray(kept)) {
      written.forEach((item, index) => compare(item, kept[index], [...path, index]));
    } else if (isObject(written) && isObject(kept)) {
      for (const key of Object.keys(written)) {
        if (!(key in kept)) findings.push({ file: 'docs.json', target: `dropped: ${[...path, key].join('.')}` });
        else compare(written[key], kept[key], [...path, key]);
      }
    }
  };
  compare(config, result.data, []);
  return findings;
}

function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
