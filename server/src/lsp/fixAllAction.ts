import { CodeActionKind, type CodeAction as LspCodeAction } from 'vscode-languageserver';
import type { LineIndex } from '../engine';
import type { TextEdit } from '../engine/service/edits';
import { toRange } from './convert';

/** The kind of the fix-all action, which `editor.codeActionsOnSave` names (declared in package.json's `codeActions`). */
export const fixAllKind = `${CodeActionKind.SourceFixAll}.docsjson`;

/**
 * Whether a code action request asks for actions of a kind: that kind, or a kind above it
 * ("source", "source.fixAll"). A request that names none (the light bulb's) gets the quick fixes.
 */
export function asksFor(only: readonly string[] | undefined, kind: string): boolean {
  if (!only) return kind === CodeActionKind.QuickFix;
  return only.some((asked) => kind === asked || kind.startsWith(`${asked}.`));
}

/** The fix-all action of a file: its edits (in offsets of `lines`' text), none when there is nothing to fix. */
export function fixAllAction(uri: string, lines: LineIndex, edits: readonly TextEdit[]): LspCodeAction[] {
  if (edits.length === 0) return [];
  const changes = { [uri]: edits.map((edit) => ({ range: toRange(lines, edit.range), newText: edit.newText })) };
  return [{ title: 'Fix all docs.json problems that need no choice', kind: fixAllKind, edit: { changes } }];
}
