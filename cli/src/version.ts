/** Set by the build (esbuild.mjs) from package.json. */
declare const DOCSJSON_VERSION: string | undefined;

/** The version of this build of docsjson. */
export function cliVersion(): string {
  return typeof DOCSJSON_VERSION === 'string' ? DOCSJSON_VERSION : 'unknown (not built)';
}
