/** Set by the build (esbuild.mjs) from package.json. */
declare const DOCSJSON_VERSION: string | undefined;

/** The version of this build of docsjson (the CLI and the language server alike). */
export function programVersion(): string {
  return typeof DOCSJSON_VERSION === 'string' ? DOCSJSON_VERSION : 'unknown (not built)';
}
