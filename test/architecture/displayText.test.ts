// The invariant of SECURITY.md: text the extension shows in a notification, a quick pick, a tree
// item or a status text passed through `safeText` (agent/src/displayText.ts), unless the type
// checker proves it is made of the extension's own words (string literal types and numbers).
// VS Code renders `[label](command:...)` in a notification as a link that runs a command.
import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { safeText } from '../../agent/src/displayText';

const root = fileURLToPath(new URL('../..', import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

const SHOW_MESSAGE = /^show(Information|Warning|Error)Message$/;
/** Properties VS Code shows as text: of tree items, quick pick items, status items and panels. */
const SHOWN_PROPERTIES = new Set(['label', 'description', 'detail', 'tooltip', 'text', 'title']);
/** The same in object literals (quick pick items, accessibility labels): not `text` and `title`, which most objects have. */
const SHOWN_ITEM_PROPERTIES = new Set(['label', 'description', 'detail', 'tooltip']);
const SANITIZER = 'safeText';

interface Finding {
  file: string;
  line: number;
  what: string;
  text: string;
}

/** Each place of `files` where text reaches the user without `safeText` and is not provably the extension's own. */
function unsafeDisplays(files: string[]): Finding[] {
  const program = ts.createProgram(files, { strict: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, skipLibCheck: true, noEmit: true, types: ['node'] });
  const checker = program.getTypeChecker();
  const findings: Finding[] = [];

  const ownWordsType = (type: ts.Type): boolean => {
    if (type.isUnion()) return type.types.every(ownWordsType);
    const flags = type.getFlags();
    return !!(flags & (ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLike | ts.TypeFlags.BooleanLike | ts.TypeFlags.Undefined | ts.TypeFlags.Null));
  };
  const isMarkdownString = (expression: ts.Expression) => checker.typeToString(checker.getTypeAtLocation(expression)).replace(/^vscode\./, '') === 'MarkdownString';

  /** An object literal typed by an interface of this repository (a `Failure`…) is data, not an item VS Code shows. */
  const ownData = (literal: ts.ObjectLiteralExpression): boolean => {
    const type = checker.getContextualType(literal);
    const parts = type ? (type.isUnionOrIntersection() ? type.types : [type]) : [];
    const files = parts.flatMap((part) => (part.aliasSymbol ?? part.getSymbol())?.declarations ?? []).map((declaration) => declaration.getSourceFile().fileName);
    return files.length > 0 && files.every((file) => file.startsWith(root) && !file.includes('/node_modules/'));
  };

  /** True when the expression is safe to show: sanitized, or made only of the extension's own words and numbers. */
  const safe = (expression: ts.Expression): boolean => {
    if (ts.isParenthesizedExpression(expression) || ts.isAsExpression(expression) || ts.isNonNullExpression(expression)) return safe(expression.expression);
    if (ts.isCallExpression(expression) && expression.expression.getText() === SANITIZER) return true;
    if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) return true;
    if (ts.isConditionalExpression(expression)) return safe(expression.whenTrue) && safe(expression.whenFalse);
    if (ts.isBinaryExpression(expression) && expression.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken) return safe(expression.left) && safe(expression.right);
    if (ts.isBinaryExpression(expression) && expression.operatorToken.kind === ts.SyntaxKind.PlusToken) return safe(expression.left) && safe(expression.right);
    if (ts.isTemplateExpression(expression)) return expression.templateSpans.every((span) => safe(span.expression));
    // A const named for a safe value: `const title = safeText(…)`.
    if (ts.isIdentifier(expression)) {
      const declaration = checker.getSymbolAtLocation(expression)?.valueDeclaration;
      if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer && ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const && safe(declaration.initializer)) return true;
    }
    // A MarkdownString is checked where it is built (below).
    if (isMarkdownString(expression)) return true;
    return ownWordsType(checker.getTypeAtLocation(expression));
  };

  for (const source of program.getSourceFiles()) {
    if (!files.includes(source.fileName)) continue;
    const aliases = new Set<string>();
    const report = (node: ts.Node, what: string) => {
      findings.push({ file: relative(root, source.fileName), line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, what, text: node.getText().slice(0, 120) });
    };
    const checkShown = (node: ts.Expression | undefined, what: string) => {
      if (node && !safe(node)) report(node, what);
    };
    // `const show = cond ? window.showErrorMessage : window.showWarningMessage` makes `show` a message call too.
    const namesShowMessage = (node: ts.Expression): boolean => {
      if (ts.isParenthesizedExpression(node)) return namesShowMessage(node.expression);
      if (ts.isConditionalExpression(node)) return namesShowMessage(node.whenTrue) || namesShowMessage(node.whenFalse);
      if (ts.isPropertyAccessExpression(node)) return SHOW_MESSAGE.test(node.name.text);
      return ts.isIdentifier(node) && SHOW_MESSAGE.test(node.text);
    };
    const visitAliases = (node: ts.Node): void => {
      if (ts.isVariableDeclaration(node) && node.initializer && ts.isIdentifier(node.name) && namesShowMessage(node.initializer)) aliases.add(node.name.text);
      ts.forEachChild(node, visitAliases);
    };
    visitAliases(source);

    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : '';
        if (SHOW_MESSAGE.test(name) || (ts.isIdentifier(callee) && aliases.has(name))) checkShown(node.arguments[0], `${name}(…)`);
        if (name === 'appendText' || name === 'appendCodeblock') checkShown(node.arguments[0], `${name}(…)`);
        if (name === 'appendMarkdown' && !(node.arguments[0] && (ts.isStringLiteral(node.arguments[0]) || ts.isNoSubstitutionTemplateLiteral(node.arguments[0])))) report(node, 'appendMarkdown of anything but a literal');
        if (name === 'createWebviewPanel') checkShown(node.arguments[1], 'a panel title');
      }
      if (ts.isNewExpression(node)) {
        const name = node.expression.getText().replace(/^vscode\./, '');
        if (name === 'TreeItem') checkShown(node.arguments?.[0], 'a tree item label');
        if (name === 'MarkdownString') {
          const first = node.arguments?.[0];
          if (first && !ts.isStringLiteral(first) && !ts.isNoSubstitutionTemplateLiteral(first) && first.kind !== ts.SyntaxKind.UndefinedKeyword && first.getText() !== 'undefined') report(node, 'a MarkdownString of anything but a literal');
        }
      }
      if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(node.left) && SHOWN_PROPERTIES.has(node.left.name.text)) {
        checkShown(node.right, `.${node.left.name.text} =`);
      }
      if (ts.isPropertyAccessExpression(node) && node.name.text === 'isTrusted' && ts.isBinaryExpression(node.parent) && node.parent.left === node && node.parent.right.kind !== ts.SyntaxKind.FalseKeyword) {
        report(node.parent, 'a trusted MarkdownString (its command: links would run)');
      }
      if (ts.isPropertyAssignment(node) && SHOWN_ITEM_PROPERTIES.has(node.name.getText()) && ts.isObjectLiteralExpression(node.parent) && !ownData(node.parent)) {
        checkShown(node.initializer, `${node.name.getText()}:`);
      }
      if (ts.isShorthandPropertyAssignment(node) && SHOWN_ITEM_PROPERTIES.has(node.name.text)) checkShown(node.name, `${node.name.text}:`);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return findings;
}

const describe = (findings: Finding[]) => findings.map(({ file, line, what, text }) => `${file}:${line} ${what} ${text}`);

test('every text the extension shows passed through safeText or is its own words', { timeout: 120_000 }, () => {
  const files = sourceFiles(join(root, 'client/src'));
  assert.ok(files.length > 30, `found the extension's sources (${files.length})`);
  assert.deepEqual(describe(unsafeDisplays(files)), [], 'show these through safeText (agent/src/displayText.ts)');
});

test('the check finds an API string shown without safeText', { timeout: 60_000 }, () => {
  const fixture = join(root, 'test/fixtures/displayText/unsafeShows.ts');
  const found = describe(unsafeDisplays([fixture])).map((line) => line.replace(/^\S+:(\d+) /, '$1 '));
  assert.deepEqual(found, [
    '9 showWarningMessage(…) reason',
    '10 showErrorMessage(…) `Job "${reason}" failed.`',
    '12 show(…) title',
    '13 a tree item label title',
    '15 .description = reason',
    '16 appendText(…) reason',
    '17 label: reason',
    '18 appendMarkdown of anything but a literal tooltip.appendMarkdown(reason)',
    '19 a trusted MarkdownString (its command: links would run) tooltip.isTrusted = true',
  ]);
});

test('safeText leaves no link, control character or bidi override, and bounds the length', () => {
  const hostile = '[Show Job](command:workbench.action.openSettings?%5B%22x%22%5D) \u001b[31mred\u001b[0m \u202Eeman\u202C a\u0000b\u200bc\tz';
  const shown = safeText(hostile);
  assert.equal(shown, '[Show Job] (command:workbench.action.openSettings?%5B%22x%22%5D) red eman abc\tz');
  // VS Code's own pattern for links in notifications (src/vs/base/common/linkedText.ts).
  const vscodeLink = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/gi;
  assert.doesNotMatch(shown, vscodeLink);
  assert.doesNotMatch(safeText('[a](b) [c]](d)'), /\]\(/);
  assert.equal(safeText('x'.repeat(600)).length, 500);
  assert.ok(safeText('x'.repeat(600)).endsWith('…'));
  assert.equal(safeText('ab😀cd', 4), 'ab…', 'never half a surrogate pair');
});
