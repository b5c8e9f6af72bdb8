import { parseTree, type Node, type ParseError } from 'jsonc-parser';
import { codes, type Code } from '../codes';
import type { Diagnostic, Severity } from '../diagnostic';
import type { Rule } from '../rules/rule';

/** The project's own settings file, beside docs.json. */
export const projectConfigFileName = 'docsjson.config.json';

export type RuleSeverity = Severity | 'off';
export const ruleSeverities: readonly RuleSeverity[] = ['error', 'warning', 'information', 'hint', 'off'];

/** A docsjson.config.json text, parsed (comments and trailing commas allowed). */
export interface ConfigFile {
  text: string;
  /** The parsed value; undefined when there is none or it is nested too deeply to read. */
  root?: Node;
  syntaxErrors: ParseError[];
  tooDeep: boolean;
}

export function parseConfigFile(text: string): ConfigFile {
  const syntaxErrors: ParseError[] = [];
  try {
    return { text, root: parseTree(text, syntaxErrors, { allowTrailingComma: true, disallowComments: false }), syntaxErrors, tooDeep: false };
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return { text, syntaxErrors: [], tooDeep: true };
  }
}

/** One check of a config file: the codes it may configure, and the diagnostics found so far. */
export class ConfigCheckContext {
  readonly diagnostics: Diagnostic[] = [];

  constructor(
    /** The diagnostic codes a rule may be configured for. */
    readonly knownCodes: ReadonlySet<string>,
    /** The files of the site, when the check knows them. */
    readonly sitePaths?: () => Iterable<string>,
  ) {}

  /** A problem at a node of the file (or a range of its text); `replacement` is offered as a quick fix. */
  report(at: { offset: number; length: number }, code: Code, message: string, replacement?: string): void {
    this.diagnostics.push({
      range: { start: at.offset, end: at.offset + at.length },
      severity: codes[code].severity,
      code,
      message,
      suggestions: replacement === undefined ? undefined : [{ title: `Change to ${replacement}`, replacement }],
    });
  }
}

/** A rule of the config file. */
export type ConfigRule = Rule<ConfigCheckContext, ConfigHandlers>;

export interface ConfigHandlers {
  /** The config file, parsed. */
  file?(file: ConfigFile): void;
}

/** Runs config rules on a parsed config file (of a site whose files are `sitePaths`, when known); returns its diagnostics in the order found. */
export function runConfigRules(file: ConfigFile, rules: readonly ConfigRule[], knownCodes: ReadonlySet<string>, sitePaths?: () => Iterable<string>): Diagnostic[] {
  const ctx = new ConfigCheckContext(knownCodes, sitePaths);
  for (const rule of rules) rule.start(ctx).file?.(file);
  return ctx.diagnostics;
}

/** The key and value nodes of an object node's members. */
export function properties(object: Node): [Node, Node][] {
  const out: [Node, Node][] = [];
  for (const property of object.children ?? []) {
    const [key, value] = property.children ?? [];
    if (key && value) out.push([key, value]);
  }
  return out;
}
