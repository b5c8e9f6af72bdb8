// js-yaml 3, the version the platform reads frontmatter with (through the `front-matter` package, whose
// `safeLoad` js-yaml 4 and 5 do not match: they refuse tab indentation and read YAML 1.1 numbers otherwise).
declare module 'js-yaml-3' {
  export function safeLoad(text: string): unknown;
  export class YAMLException extends Error {
    reason: string;
    mark?: { position: number; line: number; column: number };
  }
}
