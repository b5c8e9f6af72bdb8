// `import icons from 'codicon-paths:name,name'`: the SVG of those codicons, picked from
// @vscode/codicons at build time (esbuild.mjs), so the panel ships no icon font.
declare module 'codicon-paths:*' {
  const icons: Record<string, { viewBox: string; paths: string[] }>;
  export default icons;
}
