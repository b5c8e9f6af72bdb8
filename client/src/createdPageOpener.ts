import { CodeAction, Uri, window, workspace, type Command, type Disposable } from 'vscode';
import type { Middleware } from 'vscode-languageclient/node';
import { openPageCommand } from '../../server/src/lsp/customMessages';

/** How long after a "create page" fix was offered its page is still opened when it appears. */
const offerLifetimeMs = 10 * 60_000;

/**
 * Opens the page a "create page" quick fix made, once VS Code has created it. The fix's own
 * command (the server's `window/showDocument`, which other editors use) cannot do it reliably
 * here: VS Code drops a code action's command arguments when it asks for code actions again, and
 * the new file's diagnostics make it ask at once ("Actual command not found").
 */
export class CreatedPageOpener implements Disposable {
  /** Pages a fix offered to create (their URIs), with when it was offered. */
  private readonly offered = new Map<string, number>();
  private readonly listener = workspace.onDidCreateFiles(({ files }) => {
    for (const file of files) {
      const key = file.toString();
      const at = this.offered.get(key);
      if (at === undefined) continue;
      this.offered.delete(key);
      if (Date.now() - at < offerLifetimeMs) void window.showTextDocument(file, { preview: false });
    }
  });

  /** Takes the open-the-page command off the fixes VS Code receives, and notes the pages they create. */
  readonly provideCodeActions: Middleware['provideCodeActions'] = async (document, range, context, token, next) => {
    const actions = await next(document, range, context, token);
    const now = Date.now();
    for (const [key, at] of this.offered) if (now - at >= offerLifetimeMs) this.offered.delete(key);
    for (const action of actions ?? []) {
      if (!(action instanceof CodeAction) || !opensCreatedPage(action.command)) continue;
      this.offered.set(Uri.parse(action.command.arguments[0]).toString(), now);
      action.command = undefined;
    }
    return actions;
  };

  dispose(): void {
    this.listener.dispose();
  }
}

function opensCreatedPage(command: Command | undefined): command is Command & { arguments: [string] } {
  return command?.command === openPageCommand && typeof command.arguments?.[0] === 'string';
}
