import type { Node } from 'jsonc-parser';
import { properties, projectConfigFileName, ruleSeverities, type ConfigCheckContext, type ConfigRule, type RuleSeverity } from '../config/configCheck';
import { jsonSyntaxMessage } from '../json/jsonDocument';
import { didYouMean } from '../suggest';
import { quoteList } from '../text';

const topLevelKeys = ['$schema', 'rules', 'ignore', 'openapi'];
const openapiKeys = ['fetchRemote'];
const ignoreEntryKeys = ['files', 'codes'];

/** docsjson.config.json is JSON, holds the keys it has, each of its type, and names rules by codes that exist. */
export const configRule: ConfigRule = {
  codes: ['config/syntax', 'config/type', 'config/unknown-key', 'config/unknown-rule'],
  start: (ctx) => ({
    file({ root, syntaxErrors, tooDeep }) {
      if (tooDeep) ctx.report({ offset: 0, length: 0 }, 'config/syntax', `${projectConfigFileName} is nested too deeply to read`);
      for (const error of syntaxErrors) {
        ctx.report({ offset: error.offset, length: Math.max(error.length, 1) }, 'config/syntax', `${projectConfigFileName} is not valid JSON: ${jsonSyntaxMessage(error)}`);
      }
      if (!root) return;
      if (root.type !== 'object') {
        ctx.report(root, 'config/type', `${projectConfigFileName} must hold an object such as { "rules": { … } }, not ${describe(root)}`);
        return;
      }
      for (const [keyNode, value] of properties(root)) {
        const key = keyNode.value as string;
        if (key === '$schema') {
          if (value.type !== 'string') ctx.report(value, 'config/type', `"$schema" must be a string, not ${describe(value)}`);
        } else if (key === 'rules') {
          checkRules(ctx, value);
        } else if (key === 'ignore') {
          checkIgnore(ctx, value);
        } else if (key === 'openapi') {
          checkOpenapi(ctx, value);
        } else {
          reportUnknownKey(ctx, keyNode, projectConfigFileName, topLevelKeys);
        }
      }
    },
  }),
};

function checkRules(ctx: ConfigCheckContext, value: Node): void {
  if (value.type !== 'object') {
    ctx.report(value, 'config/type', `"rules" must be an object of code → severity, such as { "icon/unknown": "off" }, not ${describe(value)}`);
    return;
  }
  for (const [codeNode, severityNode] of properties(value)) {
    const code = codeNode.value as string;
    if (!isKnownCode(ctx, codeNode)) continue;
    if (severityNode.type === 'string' && ruleSeverities.includes(severityNode.value)) continue;
    const suggestion = severityNode.type === 'string' ? severitySuggestion(String(severityNode.value)) : undefined;
    ctx.report(
      severityNode,
      'config/type',
      `The severity of "${code}" must be ${quoteList(ruleSeverities)}, not ${describe(severityNode)}${suggestion ? `. Did you mean "${suggestion}"?` : ''}`,
      suggestion && JSON.stringify(suggestion),
    );
  }
}

/** Whether a code a config names exists; if not, says so with a did-you-mean. */
function isKnownCode(ctx: ConfigCheckContext, codeNode: Node): boolean {
  const code = codeNode.value as string;
  if (ctx.knownCodes.has(code)) return true;
  const suggestion = didYouMean(code, ctx.knownCodes);
  ctx.report(codeNode, 'config/unknown-rule', `No check has the code "${code}"${suggestion ? `. Did you mean "${suggestion}"?` : ''}`, suggestion && JSON.stringify(suggestion));
  return false;
}

function checkIgnore(ctx: ConfigCheckContext, value: Node): void {
  if (value.type !== 'array') {
    ctx.report(value, 'config/type', `"ignore" must be a list of paths or globs, such as ["drafts/", "**/*.draft.mdx"], not ${describe(value)}`);
    return;
  }
  for (const item of value.children ?? []) {
    if (item.type === 'object') checkIgnoreEntry(ctx, item);
    else if (!isPath(item)) ctx.report(item, 'config/type', `Each entry of "ignore" must be a path or glob, or an object such as { "files": "api/**", "codes": ["link/missing-anchor"] }, not ${describe(item)}`);
  }
}

/** `{ "files": glob or globs, "codes": [code, …] }`: both needed. */
function checkIgnoreEntry(ctx: ConfigCheckContext, entry: Node): void {
  const members = properties(entry);
  const files = members.find(([keyNode]) => keyNode.value === 'files')?.[1];
  const codes = members.find(([keyNode]) => keyNode.value === 'codes')?.[1];
  if (!files || !codes) ctx.report(entry, 'config/type', `An entry of "ignore" that is an object needs "files" and "codes", such as { "files": "api/**", "codes": ["link/missing-anchor"] }`);
  if (files && !isPath(files) && !(files.type === 'array' && (files.children ?? []).length > 0 && files.children!.every(isPath))) {
    ctx.report(files, 'config/type', `"files" must be a path or glob, or a list of them, not ${describe(files)}`);
  }
  if (codes && (codes.type !== 'array' || (codes.children ?? []).length === 0)) {
    ctx.report(codes, 'config/type', `"codes" must be a list of codes, such as ["link/missing-anchor"], not ${codes.type === 'array' ? 'an empty list' : describe(codes)}`);
  } else if (codes) {
    for (const code of codes.children!) {
      if (code.type !== 'string') ctx.report(code, 'config/type', `Each of "codes" must be a code, such as "link/missing-anchor", not ${describe(code)}`);
      else isKnownCode(ctx, code);
    }
  }
  for (const [keyNode] of members) if (!ignoreEntryKeys.includes(keyNode.value as string)) reportUnknownKey(ctx, keyNode, 'ignore', ignoreEntryKeys);
}

function isPath(node: Node): boolean {
  return node.type === 'string' && (node.value as string).trim() !== '';
}

function checkOpenapi(ctx: ConfigCheckContext, value: Node): void {
  if (value.type !== 'object') {
    ctx.report(value, 'config/type', `"openapi" must be an object such as { "fetchRemote": true }, not ${describe(value)}`);
    return;
  }
  for (const [optionNode, optionValue] of properties(value)) {
    if (optionNode.value !== 'fetchRemote') reportUnknownKey(ctx, optionNode, 'openapi', openapiKeys);
    else if (optionValue.type !== 'boolean') ctx.report(optionValue, 'config/type', `"openapi.fetchRemote" must be true or false, not ${describe(optionValue)}`);
  }
}

/** "warn" and "info" are the usual shorthands; otherwise the nearest spelling. */
function severitySuggestion(word: string): RuleSeverity | undefined {
  const lower = word.toLowerCase();
  return (lower.length >= 3 ? ruleSeverities.find((s) => s.startsWith(lower)) : undefined) ?? (didYouMean(word, ruleSeverities) as RuleSeverity | undefined);
}

function reportUnknownKey(ctx: ConfigCheckContext, keyNode: Node, where: string, known: string[]): void {
  const key = keyNode.value as string;
  const suggestion = didYouMean(key, known);
  ctx.report(
    keyNode,
    'config/unknown-key',
    `Unknown key "${key}" in ${where === projectConfigFileName ? where : `"${where}"`}: use ${quoteList(known)}${suggestion ? `. Did you mean "${suggestion}"?` : ''}`,
    suggestion && JSON.stringify(suggestion),
  );
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
