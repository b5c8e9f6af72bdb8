import { serverNodeOptions } from './launch';

type Execve = (file: string, args: string[], env: NodeJS.ProcessEnv) => never;

const RELAUNCHED = 'DOCSJSON_SERVER_RELAUNCHED';

/**
 * Started without the server's V8 options (as Neovim, Helix or Zed start it), the process
 * replaces itself by one with them, where Node can (`process.execve`, Node 22.15 and later): same
 * pid, same stdin and stdout, so the editor sees nothing. V8 reads these options only at start-up.
 */
export function relaunchWithServerOptions(): void {
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  const missing = serverNodeOptions.filter((option) => !given.includes(option));
  const execve = (process as { execve?: Execve }).execve;
  // An IPC channel (--node-ipc) would not survive the exec.
  if (missing.length === 0 || typeof execve !== 'function' || process.env[RELAUNCHED] || process.send) return;
  execve(process.execPath, [process.execPath, ...missing, ...process.execArgv, process.argv[1], ...process.argv.slice(2)], { ...process.env, [RELAUNCHED]: '1' });
}
