import ignore from 'ignore';
import type { Node } from 'jsonc-parser';
import { codes } from '../codes';
import type { Diagnostic } from '../diagnostic';
import { configRules } from '../rules/allRules';
import type { SiteHost } from '../site/siteHost';
import { parseConfigFile, projectConfigFileName, properties, ruleSeverities, runConfigRules, type RuleSeverity } from './configCheck';

export interface ProjectConfig {
  /** Severity chosen per diagnostic code; codes not named keep their default. */
  readonly severities: ReadonlyMap<string, RuleSeverity>;
  /** Whether a root-relative path is excluded from the check (gitignore syntax, like .mintignore). */
  isIgnored(path: string): boolean;
  /** Whether the findings of a code in a root-relative path are not reported (an "ignore" entry of files and codes). */
  ignoresCode(path: string, code: string): boolean;
  /** Whether OpenAPI specs given by URL may be fetched; undefined leaves it to the caller's default. */
  readonly fetchRemoteSpecs?: boolean;
}

export const defaultProjectConfig: ProjectConfig = { severities: new Map(), isIgnored: () => false, ignoresCode: () => false };

export interface LoadedProjectConfig {
  config: ProjectConfig;
  /** Problems in the config file itself; what is valid in it still applies. */
  diagnostics: Diagnostic[];
}

/**
 * Reads a docsjson.config.json text (comments and trailing commas allowed): what is valid in it,
 * and the problems the config rules find. `knownCodes` are the diagnostic codes a rule may be
 * configured for; `sitePaths`, the files of the site, for the "ignore" globs that match none.
 */
export function parseProjectConfig(text: string, knownCodes: ReadonlySet<string>, sitePaths?: () => Iterable<string>): LoadedProjectConfig {
  const file = parseConfigFile(text);
  return { config: configOf(file.root, knownCodes), diagnostics: runConfigRules(file, configRules, knownCodes, sitePaths) };
}

/** The settings a config file's value gives; what is not valid is left out (the rules report it). */
function configOf(root: Node | undefined, knownCodes: ReadonlySet<string>): ProjectConfig {
  if (root?.type !== 'object') return defaultProjectConfig;
  const severities = new Map<string, RuleSeverity>();
  const patterns: string[] = [];
  const codeEntries: CodeIgnore[] = [];
  let fetchRemoteSpecs: boolean | undefined;
  for (const [keyNode, value] of properties(root)) {
    if (keyNode.value === 'rules' && value.type === 'object') {
      for (const [codeNode, severityNode] of properties(value)) {
        const severity = ruleSeverities.find((s) => s === severityNode.value);
        if (knownCodes.has(codeNode.value as string) && severityNode.type === 'string' && severity) severities.set(codeNode.value as string, severity);
      }
    } else if (keyNode.value === 'ignore' && value.type === 'array') {
      for (const item of value.children ?? []) {
        if (item.type === 'string' && (item.value as string).trim() !== '') patterns.push(item.value as string);
        else if (item.type === 'object') codeEntries.push(...codeIgnoreOf(item, knownCodes));
      }
    } else if (keyNode.value === 'openapi' && value.type === 'object') {
      for (const [optionNode, optionValue] of properties(value)) if (optionNode.value === 'fetchRemote' && optionValue.type === 'boolean') fetchRemoteSpecs = optionValue.value as boolean;
    }
  }
  const matcher = patterns.length > 0 ? ignore().add(patterns) : undefined;
  return {
    severities,
    fetchRemoteSpecs,
    isIgnored: matcher ? (path) => inRoot(path) && matcher.ignores(path) : () => false,
    ignoresCode: (path, code) => inRoot(path) && codeEntries.some((entry) => entry.codes.has(code) && entry.files.ignores(path)),
  };
}

/** Whether a path is of a file under the docs root, which globs may match (a config file given by `--config` may be outside it). */
function inRoot(path: string): boolean {
  return path !== '' && !path.startsWith('../') && !path.startsWith('/');
}

/** An "ignore" entry of files and codes: the findings of those codes in those files are not reported. */
interface CodeIgnore {
  files: ReturnType<typeof ignore>;
  codes: ReadonlySet<string>;
}

/** The valid part of an "ignore" entry `{ "files": glob or globs, "codes": [...] }`; none when it names no file or no known code. */
function codeIgnoreOf(entry: Node, knownCodes: ReadonlySet<string>): CodeIgnore[] {
  const member = (key: string) => properties(entry).find(([keyNode]) => keyNode.value === key)?.[1];
  const strings = (nodes: Node[], valid: (value: string) => boolean) => nodes.flatMap((node) => (node.type === 'string' && valid(node.value as string) ? [node.value as string] : []));
  const files = member('files');
  const globs = strings(files?.type === 'array' ? (files.children ?? []) : files ? [files] : [], (glob) => glob.trim() !== '');
  const codes = new Set(strings(member('codes')?.children ?? [], (code) => knownCodes.has(code)));
  return globs.length > 0 && codes.size > 0 ? [{ files: ignore().add(globs), codes }] : [];
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

/** What is reported of a file's diagnostics: nothing for an ignored path, else those of the codes not ignored there, with the config's severities. */
export function reportedDiagnostics(path: string, diagnostics: readonly Diagnostic[], config: ProjectConfig): Diagnostic[] {
  if (config.isIgnored(path)) return [];
  return configuredDiagnostics(
    diagnostics.filter((diagnostic) => !config.ignoresCode(path, diagnostic.code)),
    config,
  );
}

/** A config file read instead of the site's own (`docsjson check --config PATH`): its path from the site's root, and its text. */
export interface GivenConfigFile {
  path: string;
  text: string;
}

/**
 * The config file of a site (beside its docs.json), read through the site's host, or the one
 * given instead; the defaults when there is none. `path`: where its problems are reported.
 */
export function loadProjectConfig(host: SiteHost, given?: GivenConfigFile): LoadedProjectConfig & { text?: string; path: string } {
  const sitePaths = () => host.files.all();
  if (given) return { ...parseProjectConfig(given.text, configurableCodes, sitePaths), ...given };
  const text = host.files.has(projectConfigFileName) ? host.readFile(projectConfigFileName) : undefined;
  if (text === undefined) return { config: defaultProjectConfig, diagnostics: [], path: projectConfigFileName };
  return { ...parseProjectConfig(text, configurableCodes, sitePaths), text, path: projectConfigFileName };
}

const configurableCodes: ReadonlySet<string> = new Set(Object.keys(codes));
