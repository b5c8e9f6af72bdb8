import ignore from 'ignore';
import { parseTree, type Node, type ParseError } from 'jsonc-parser';
import { codes } from '../codes';
import type { Diagnostic, Severity } from '../diagnostic';
import type { SiteHost } from '../site/siteHost';
import { jsonSyntaxMessage } from '../json/jsonDocument';
import { didYouMean } from '../suggest';
import { quoteList } from '../text';

/** The project's own settings file, beside docs.json. */
export const projectConfigFileName = 'docsjson.config.json';

export type RuleSeverity = Severity | 'off';
export const ruleSeverities: readonly RuleSeverity[] = ['error', 'warning', 'information', 'hint', 'off'];

export interface ProjectConfig {
  /** Severity chosen per diagnostic code; codes not named keep their default. */
  readonly severities: ReadonlyMap<string, RuleSeverity>;
  /** Whether a root-relative path is excluded from the check (gitignore syntax, like .mintignore). */
  isIgnored(path: string): boolean;
  /** Whether OpenAPI specs given by URL may be fetched; undefined leaves it to the caller's default. */
  readonly fetchRemoteSpecs?: boolean;
}

export const defaultProjectConfig: ProjectConfig = { severities: new Map(), isIgnored: () => false };

export interface LoadedProjectConfig {
  config: ProjectConfig;
  /** Problems in the config file itself; what is valid in it still applies. */
  diagnostics: Diagnostic[];
}

const topLevelKeys = ['$schema', 'rules', 'ignore', 'openapi'];
const openapiKeys = ['fetchRemote'];

/**
 * Reads a docsjson.config.json text (comments and trailing commas allowed). `knownCodes` are
 * the diagnostic codes a rule may be configured for.
 */
export function parseProjectConfig(text: string, knownCodes: ReadonlySet<string>): LoadedProjectConfig {
  const diagnostics: Diagnostic[] = [];
  const report = (node: Node | { offset: number; length: number }, code: string, message: string, replacement?: string) =>
    diagnostics.push({
      range: { start: node.offset, end: node.offset + node.length },
      severity: 'error',
      code,
      message,
      suggestions: replacement === undefined ? undefined : [{ title: `Change to ${replacement}`, replacement }],
    });

  const errors: ParseError[] = [];
  let root: Node | undefined;
  try {
    root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    report({ offset: 0, length: 0 }, 'config/syntax', `${projectConfigFileName} is nested too deeply to read`);
    return { config: defaultProjectConfig, diagnostics };
  }
  for (const error of errors) {
    report({ offset: error.offset, length: Math.max(error.length, 1) }, 'config/syntax', `${projectConfigFileName} is not valid JSON: ${jsonSyntaxMessage(error)}`);
  }
  if (!root) return { config: defaultProjectConfig, diagnostics };
  if (root.type !== 'object') {
    report(root, 'config/type', `${projectConfigFileName} must hold an object such as { "rules": { … } }, not ${describe(root)}`);
    return { config: defaultProjectConfig, diagnostics };
  }

  const severities = new Map<string, RuleSeverity>();
  const patterns: string[] = [];
  let fetchRemoteSpecs: boolean | undefined;
  for (const [keyNode, value] of properties(root)) {
    const key = keyNode.value as string;
    if (key === '$schema') {
      if (value.type !== 'string') report(value, 'config/type', `"$schema" must be a string, not ${describe(value)}`);
    } else if (key === 'rules') {
      if (value.type !== 'object') {
        report(value, 'config/type', `"rules" must be an object of code → severity, such as { "icon/unknown": "off" }, not ${describe(value)}`);
        continue;
      }
      for (const [codeNode, severityNode] of properties(value)) {
        const code = codeNode.value as string;
        if (!knownCodes.has(code)) {
          const suggestion = didYouMean(code, knownCodes);
          report(codeNode, 'config/unknown-rule', `No check has the code "${code}"${suggestion ? `. Did you mean "${suggestion}"?` : ''}`, suggestion && JSON.stringify(suggestion));
          continue;
        }
        const severity = ruleSeverities.find((s) => s === severityNode.value);
        if (severityNode.type !== 'string' || !severity) {
          const suggestion = severityNode.type === 'string' ? severitySuggestion(String(severityNode.value)) : undefined;
          report(
            severityNode,
            'config/type',
            `The severity of "${code}" must be ${quoteList(ruleSeverities)}, not ${describe(severityNode)}${suggestion ? `. Did you mean "${suggestion}"?` : ''}`,
            suggestion && JSON.stringify(suggestion),
          );
          continue;
        }
        severities.set(code, severity);
      }
    } else if (key === 'ignore') {
      if (value.type !== 'array') {
        report(value, 'config/type', `"ignore" must be a list of paths or globs, such as ["drafts/", "**/*.draft.mdx"], not ${describe(value)}`);
        continue;
      }
      for (const item of value.children ?? []) {
        if (item.type !== 'string' || (item.value as string).trim() === '') {
          report(item, 'config/type', `Each entry of "ignore" must be a path or glob, not ${describe(item)}`);
        } else {
          patterns.push(item.value as string);
        }
      }
    } else if (key === 'openapi') {
      if (value.type !== 'object') {
        report(value, 'config/type', `"openapi" must be an object such as { "fetchRemote": true }, not ${describe(value)}`);
        continue;
      }
      for (const [optionNode, optionValue] of properties(value)) {
        if (optionNode.value !== 'fetchRemote') {
          reportUnknownKey(report, optionNode, 'openapi', openapiKeys);
        } else if (optionValue.type !== 'boolean') {
          report(optionValue, 'config/type', `"openapi.fetchRemote" must be true or false, not ${describe(optionValue)}`);
        } else {
          fetchRemoteSpecs = optionValue.value as boolean;
        }
      }
    } else {
      reportUnknownKey(report, keyNode, projectConfigFileName, topLevelKeys);
    }
  }

  const matcher = patterns.length > 0 ? ignore().add(patterns) : undefined;
  return {
    config: { severities, fetchRemoteSpecs, isIgnored: matcher ? (path) => path !== '' && matcher.ignores(path) : () => false },
    diagnostics,
  };
}

/** Diagnostics with the config's severities: a code set to "off" is dropped. */
export function configuredDiagnostics(diagnostics: readonly Diagnostic[], config: ProjectConfig): Diagnostic[] {
  if (config.severities.size === 0) return diagnostics as Diagnostic[];
  const out: Diagnostic[] = [];
  for (const diagnostic of diagnostics) {
    const severity = config.severities.get(diagnostic.code);
    if (severity === 'off') continue;
    out.push(severity && severity !== diagnostic.severity ? { ...diagnostic, severity } : diagnostic);
  }
  return out;
}

/** "warn" and "info" are the usual shorthands; otherwise the nearest spelling. */
function severitySuggestion(word: string): RuleSeverity | undefined {
  const lower = word.toLowerCase();
  return (lower.length >= 3 ? ruleSeverities.find((s) => s.startsWith(lower)) : undefined) ?? (didYouMean(word, ruleSeverities) as RuleSeverity | undefined);
}

function reportUnknownKey(report: (node: Node, code: string, message: string, replacement?: string) => void, keyNode: Node, where: string, known: string[]): void {
  const key = keyNode.value as string;
  const suggestion = didYouMean(key, known);
  report(
    keyNode,
    'config/unknown-key',
    `Unknown key "${key}" in ${where === projectConfigFileName ? where : `"${where}"`}: use ${quoteList(known)}${suggestion ? `. Did you mean "${suggestion}"?` : ''}`,
    suggestion && JSON.stringify(suggestion),
  );
}

function properties(object: Node): [Node, Node][] {
  const out: [Node, Node][] = [];
  for (const property of object.children ?? []) {
    const [key, value] = property.children ?? [];
    if (key && value) out.push([key, value]);
  }
  return out;
}

function describe(node: Node): string {
  switch (node.type) {
    case 'string':
      return `the string ${JSON.stringify(node.value)}`;
    case 'number':
      return `the number ${node.value}`;
    case 'boolean':
      return String(node.value);
    case 'null':
      return 'null';
    case 'array':
      return 'a list';
    default:
      return 'an object';
  }
}

/** The config file of a site (beside its docs.json), read through the site's host; the defaults when there is none. */
export function loadProjectConfig(host: SiteHost): LoadedProjectConfig & { text?: string } {
  const text = host.files.has(projectConfigFileName) ? host.readFile(projectConfigFileName) : undefined;
  if (text === undefined) return { config: defaultProjectConfig, diagnostics: [] };
  return { ...parseProjectConfig(text, configurableCodes), text };
}

const configurableCodes: ReadonlySet<string> = new Set(Object.keys(codes));
