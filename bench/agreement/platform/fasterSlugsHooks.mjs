// The module hook of fasterSlugs.mjs: rewrites one loop of `@sindresorhus/transliterate`, and
// stops the run if the loop is no longer written as it was when the rewrite was checked.
const slowLoop = "string = string.replace(new RegExp(escapeStringRegexp(key), 'g'), value);";
const sameLoop = 'if (string.includes(key)) string = string.replaceAll(key, value);';

export async function load(url, context, nextLoad) {
  const loaded = await nextLoad(url, context);
  if (!url.endsWith('/@sindresorhus/transliterate/index.js')) return loaded;
  const source = String(loaded.source);
  if (!source.includes(slowLoop)) throw new Error(`${url} no longer has the loop bench/agreement/platform/fasterSlugs.mjs rewrites: check the rewrite against it`);
  return { ...loaded, source: source.replace(slowLoop, sameLoop) };
}
