import { openPageCommand } from './customMessages';
import type { ServerContext } from './serverContext';

/** Opens a file the client was just asked to create (the "create page" quick fix runs it after its edit). */
export function serveOpenPageCommand({ connection }: ServerContext): void {
  connection.onExecuteCommand(async ({ command, arguments: args }) => {
    const uri = args?.[0];
    if (command !== openPageCommand || typeof uri !== 'string') return;
    await connection.window.showDocument({ uri, takeFocus: true });
  });
}
