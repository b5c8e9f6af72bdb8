// Neovim (Debian's 0.7.2) as a second, independent LSP client for a stdio language server.
//
// runNeovimLsp() writes a Lua client that uses vim.lsp.start_client (0.7.2 has no vim.lsp.start,
// and `nvim -l` hangs there), runs `nvim --headless -u NONE -i NONE -n -c 'luafile X'`, opens one
// file, waits for its diagnostics, optionally sends requests (completion, hover, ...), and prints
// one JSON line to stdout. A hard timeout kills nvim and the server so a hung server fails the test.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, extname, join, resolve } from 'node:path';

export interface Position {
  /** 0-based line */
  line: number;
  /** 0-based UTF-16 character offset */
  character: number;
}

export interface LspDiagnostic {
  range: { start: Position; end: Position };
  message: string;
  severity?: number;
  code?: string | number;
  source?: string;
  [key: string]: unknown;
}

export interface CompletionItem {
  label: string;
  kind?: number;
  detail?: string;
  insertText?: string;
  [key: string]: unknown;
}

export interface NvimLspRequest {
  method: string;
  /** Fills params.textDocument and params.position for position-based requests. */
  position?: Position;
  /** Extra params (merged over the textDocument/position ones). */
  params?: Record<string, unknown>;
}

/** A step after the first diagnostics: open a file, or replace a line of an open one, then wait for a file's diagnostics. */
export interface NvimStep {
  /** Opens this file (absolute, or relative to rootDir) in a buffer attached to the server. */
  open?: string;
  /** Replaces one line (0-based) of an open buffer, as typing would: the server gets didChange. */
  setLine?: { file: string; line: number; text: string };
  /** Waits for diagnostics published for this file after the step (absolute, or relative to rootDir). */
  waitForPublishOf?: string;
}

export interface NvimLspOptions {
  /** Server command, e.g. ['node', 'dist/server.js', '--stdio']. */
  cmd: string[];
  /** File to open (absolute, or relative to rootDir). It must exist unless `text` is given. */
  file: string;
  /** Writes this text to `file` first. */
  text?: string;
  /** Workspace root sent to the server (default: the file's folder). */
  rootDir?: string;
  /** Buffer filetype = languageId in didOpen (default from the extension: json, markdown, mdx, yaml...). */
  filetype?: string;
  initializationOptions?: unknown;
  /** Answered for workspace/configuration requests, by section. */
  settings?: Record<string, unknown>;
  /** Wait for a publishDiagnostics for the file (default true). */
  waitForDiagnostics?: boolean;
  /** How long to wait for diagnostics (default 10 s). */
  diagnosticsTimeoutMs?: number;
  /** After the first publish for the file, keep listening this long for updates (default 300 ms). */
  diagnosticsSettleMs?: number;
  /** Shortcut for a textDocument/completion request at this position. */
  completionAt?: Position;
  /** Steps run in order after the first diagnostics, before the requests. */
  steps?: NvimStep[];
  /** Further requests, sent in order after diagnostics. */
  requests?: NvimLspRequest[];
  /** Per-request timeout (default 10 s). */
  requestTimeoutMs?: number;
  /** Hard limit for the whole run; nvim and the server are killed after it (default 30 s). */
  timeoutMs?: number;
  /** Working directory of the server (default rootDir). */
  cwd?: string;
  env?: Record<string, string>;
}

export interface NvimLspResult {
  /** LSP diagnostics of the last publishDiagnostics for the file (LSP shape: 0-based ranges). */
  diagnostics: LspDiagnostic[];
  /** Every publishDiagnostics the server sent, in order, for any URI. */
  publishes: Array<{ uri: string; diagnostics: LspDiagnostic[] }>;
  diagnosticsReceived: boolean;
  /** Labels/items of the completion request (completionAt), normalised from list or array. */
  completion?: { items: CompletionItem[]; isIncomplete?: boolean; error?: unknown };
  /**
   * Per step: the last diagnostics published for its `waitForPublishOf` file within the settle time
   * after the first one, or null when none came before the diagnostics timeout.
   */
  stepDiagnostics: Array<LspDiagnostic[] | null>;
  /** Results of `requests`, in order. */
  responses: Array<{ method: string; result?: unknown; error?: unknown }>;
  /** Server capabilities from initialize. */
  capabilities?: Record<string, unknown>;
  /** Set when the server exited before the client was done. */
  serverExit?: { code: number; signal: number };
  uri: string;
  /** nvim's stderr and lsp.log (server stderr lands there). */
  stderr: string;
  lspLog: string;
  seconds: number;
  /** Set when the client finished with a problem after getting some results (e.g. the server exited). */
  error?: string;
}

const FILETYPES: Record<string, string> = {
  '.json': 'json',
  '.jsonc': 'jsonc',
  '.md': 'markdown',
  '.mdx': 'mdx',
  '.yaml': 'yaml',
  '.yml': 'yaml',
  '.ts': 'typescript',
  '.js': 'javascript',
  '.txt': 'text',
};

export function checkNeovim(): void {
  const r = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) {
    throw new Error('nvim not found: install Debian neovim (apt-get install neovim) to run the Neovim LSP e2e tests');
  }
}

// The client. Options come as JSON in a file; the result goes to stdout as one line after a marker.
const CLIENT_LUA = String.raw`
local opts_path = _G.__docsjson_opts_path
local f = assert(io.open(opts_path, 'r'))
local opts = vim.json.decode(f:read('*a'))
f:close()

local started = vim.loop.hrtime()
local out = { diagnostics = {}, publishes = {}, diagnosticsReceived = false, responses = {}, stepDiagnostics = {} }
local done = false

local function finish(err)
  if done then return end
  done = true
  if err then out.error = err end
  out.seconds = (vim.loop.hrtime() - started) / 1e9
  io.stdout:write('\n@@DOCSJSON_NVIM_RESULT@@' .. vim.json.encode(out) .. '\n')
  io.stdout:flush()
  vim.cmd('qall!')
end

-- Never hang: the Node side also kills us, this just reports what we have so far.
vim.defer_fn(function() finish('lua-timeout') end, opts.timeoutMs)

vim.lsp.set_log_level('warn')

local bufnr = vim.fn.bufadd(opts.file)
vim.fn.bufload(bufnr)
vim.api.nvim_set_current_buf(bufnr)
vim.bo[bufnr].filetype = opts.filetype
local uri = vim.uri_from_bufnr(bufnr)
out.uri = uri

local function on_publish(err, result, ctx, config)
  if result then
    table.insert(out.publishes, { uri = result.uri, diagnostics = result.diagnostics })
    if result.uri == uri then
      out.diagnostics = result.diagnostics
      out.diagnosticsReceived = true
    end
  end
  pcall(vim.lsp.diagnostic.on_publish_diagnostics, err, result, ctx, config)
end

local function lookup(section)
  local v = opts.settings
  if section == nil or section == '' then return v end
  if v[section] ~= nil then return v[section] end
  for part in string.gmatch(section, '[^.]+') do
    if type(v) ~= 'table' then return vim.NIL end
    v = v[part]
    if v == nil then return vim.NIL end
  end
  return v
end

local client_id = vim.lsp.start_client({
  name = 'docsjson-e2e',
  cmd = opts.cmd,
  cmd_cwd = opts.cwd,
  cmd_env = opts.env,
  root_dir = opts.rootDir,
  workspace_folders = { { uri = vim.uri_from_fname(opts.rootDir), name = 'root' } },
  init_options = opts.initializationOptions,
  settings = opts.settings,
  handlers = {
    ['textDocument/publishDiagnostics'] = on_publish,
    ['workspace/configuration'] = function(_, params)
      local res = {}
      for i, item in ipairs(params.items or {}) do res[i] = lookup(item.section) end
      return res
    end,
  },
  on_init = function(client)
    out.capabilities = client.server_capabilities or client.resolved_capabilities
  end,
  on_exit = function(code, signal)
    out.serverExit = { code = code, signal = signal }
    vim.schedule(function() finish('server exited (code ' .. tostring(code) .. ', signal ' .. tostring(signal) .. ')') end)
  end,
})
if not client_id then finish('start_client failed') return end
vim.lsp.buf_attach_client(bufnr, client_id)

local function run_requests()
  local client = vim.lsp.get_client_by_id(client_id)
  local function request(method, params)
    local res, err = vim.lsp.buf_request_sync(bufnr, method, params, opts.requestTimeoutMs)
    if not res then return nil, err or 'timeout' end
    local r = res[client_id]
    if not r then return nil, 'no response' end
    return r.result, r.err or r.error
  end
  local function position_params(pos)
    return { textDocument = { uri = uri }, position = pos }
  end
  if opts.completionAt then
    local result, err = request('textDocument/completion', position_params(opts.completionAt))
    local items = {}
    local incomplete = nil
    if type(result) == 'table' then
      if result.items then items = result.items; incomplete = result.isIncomplete else items = result end
    end
    out.completion = { items = items, isIncomplete = incomplete, error = err }
  end
  for _, req in ipairs(opts.requests or {}) do
    local params = {}
    if req.position then params = position_params(req.position) else params = { textDocument = { uri = uri } } end
    for k, v in pairs(req.params or {}) do params[k] = v end
    local result, err = request(req.method, params)
    table.insert(out.responses, { method = req.method, result = result, error = err })
  end
  finish(nil)
end

-- Wait for initialize + didOpen, then for diagnostics of our file.
local ok = vim.wait(opts.timeoutMs, function()
  local c = vim.lsp.get_client_by_id(client_id)
  return done or (c ~= nil and c.initialized)
end, 20)
if done then return end
if not ok then finish('server did not initialize') return end

if opts.waitForDiagnostics then
  vim.wait(opts.diagnosticsTimeoutMs, function() return done or out.diagnosticsReceived end, 20)
  if done then return end
  if out.diagnosticsReceived and opts.diagnosticsSettleMs > 0 then
    vim.wait(opts.diagnosticsSettleMs, function() return done end, 20)
  end
end
if done then return end

local buffers = { [opts.file] = bufnr }
for i, step in ipairs(opts.steps or {}) do
  local published_before = #out.publishes
  if step.open then
    local b = vim.fn.bufadd(step.open)
    vim.fn.bufload(b)
    vim.bo[b].filetype = step.filetype
    vim.lsp.buf_attach_client(b, client_id)
    buffers[step.open] = b
  end
  if step.setLine then
    local b = buffers[step.setLine.file]
    if not b then finish('step ' .. i .. ': ' .. step.setLine.file .. ' is not open') return end
    vim.api.nvim_buf_set_lines(b, step.setLine.line, step.setLine.line + 1, true, { step.setLine.text })
  end
  local found = vim.NIL
  if step.waitForPublishOf then
    local target = vim.uri_from_fname(step.waitForPublishOf)
    local function last_publish()
      for j = #out.publishes, published_before + 1, -1 do
        if out.publishes[j].uri == target then return out.publishes[j].diagnostics end
      end
      return nil
    end
    vim.wait(opts.diagnosticsTimeoutMs, function() return done or last_publish() ~= nil end, 20)
    if done then return end
    if last_publish() ~= nil and opts.diagnosticsSettleMs > 0 then
      vim.wait(opts.diagnosticsSettleMs, function() return done end, 20)
      if done then return end
    end
    found = last_publish() or vim.NIL
  end
  out.stepDiagnostics[i] = found
end
run_requests()
`;

/**
 * Runs Neovim headless as an LSP client against `cmd` (stdio) on one file and returns what the
 * server said. Rejects when nvim is missing, on the hard timeout, or when the server failed to start.
 */
export async function runNeovimLsp(options: NvimLspOptions): Promise<NvimLspResult> {
  checkNeovim();
  const started = Date.now();
  const rootDir = resolve(options.rootDir ?? dirname(resolve(options.file)));
  const file = resolve(rootDir, options.file);
  if (options.text !== undefined) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, options.text);
  }
  if (!existsSync(file)) throw new Error(`runNeovimLsp: ${file} does not exist (pass text to create it)`);
  const timeoutMs = options.timeoutMs ?? 30_000;

  const dir = mkdtempSync(join(tmpdir(), 'docsjson-nvim-'));
  const home = join(dir, 'home');
  mkdirSync(home, { recursive: true });
  const optsPath = join(dir, 'opts.json');
  const luaPath = join(dir, 'client.lua');
  writeFileSync(
    optsPath,
    JSON.stringify({
      cmd: options.cmd,
      file,
      rootDir,
      cwd: options.cwd ?? rootDir,
      env: options.env ?? {},
      filetype: options.filetype ?? FILETYPES[extname(file).toLowerCase()] ?? 'text',
      initializationOptions: options.initializationOptions ?? null,
      settings: options.settings ?? {},
      waitForDiagnostics: options.waitForDiagnostics ?? true,
      diagnosticsTimeoutMs: options.diagnosticsTimeoutMs ?? 10_000,
      diagnosticsSettleMs: options.diagnosticsSettleMs ?? 300,
      completionAt: options.completionAt ?? null,
      steps: (options.steps ?? []).map((step) => {
        const open = step.open === undefined ? undefined : resolve(rootDir, step.open);
        return {
          open,
          filetype: open === undefined ? undefined : FILETYPES[extname(open).toLowerCase()] ?? 'text',
          setLine: step.setLine && { ...step.setLine, file: resolve(rootDir, step.setLine.file) },
          waitForPublishOf: step.waitForPublishOf === undefined ? undefined : resolve(rootDir, step.waitForPublishOf),
        };
      }),
      requests: options.requests ?? [],
      requestTimeoutMs: options.requestTimeoutMs ?? 10_000,
      // Lua's own deadline fires a little before the hard kill, so partial results still come back.
      timeoutMs: Math.max(1000, timeoutMs - 2000),
    }),
  );
  // vim.json.decode turns JSON null into vim.NIL (truthy in Lua); drop nulls before encoding instead.
  const cleaned = JSON.parse(readFileSync(optsPath, 'utf8'), (_k, v) => (v === null ? undefined : v));
  writeFileSync(optsPath, JSON.stringify(cleaned));
  writeFileSync(luaPath, `_G.__docsjson_opts_path = ${JSON.stringify(optsPath)}\n${CLIENT_LUA}`);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    XDG_CACHE_HOME: join(home, '.cache'),
    NVIM_LOG_FILE: join(dir, 'nvim.log'),
  };

  try {
    const { stdout, stderr, timedOut, code } = await new Promise<{ stdout: string; stderr: string; timedOut: boolean; code: number | null }>(
      (resolvePromise, reject) => {
        // detached: its own process group, so the hard timeout kills nvim and the server it started.
        const child = spawn('nvim', ['--headless', '-u', 'NONE', '-i', 'NONE', '-n', '-c', `luafile ${luaPath}`], {
          cwd: rootDir,
          env,
          detached: true,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        const killAll = () => {
          try {
            process.kill(-child.pid!, 'SIGKILL');
          } catch {
            // gone
          }
        };
        process.once('exit', killAll);
        let out = '';
        let err = '';
        let timedOut = false;
        child.stdout.on('data', (d: Buffer) => (out += d.toString()));
        child.stderr.on('data', (d: Buffer) => (err += d.toString()));
        const timer = setTimeout(() => {
          timedOut = true;
          killAll();
        }, timeoutMs);
        child.on('error', (e) => {
          clearTimeout(timer);
          process.off('exit', killAll);
          reject(e);
        });
        child.on('close', (code) => {
          clearTimeout(timer);
          killAll(); // the server, if it is still around
          process.off('exit', killAll);
          resolvePromise({ stdout: out, stderr: err, timedOut, code });
        });
      },
    );
    const lspLogPath = join(home, '.cache', 'nvim', 'lsp.log');
    const lspLog = existsSync(lspLogPath) ? readFileSync(lspLogPath, 'utf8') : '';
    const marker = '@@DOCSJSON_NVIM_RESULT@@';
    const line = stdout.split('\n').find((l) => l.includes(marker));
    if (timedOut || !line) {
      throw new Error(
        `Neovim LSP client ${timedOut ? `timed out after ${timeoutMs / 1000}s` : `ended (exit ${code}) without a result`} ` +
          `for ${options.cmd.join(' ')} on ${file}\nstdout: ${stdout.slice(-2000)}\nstderr: ${stderr.slice(-2000)}\nlsp.log: ${lspLog.slice(-3000)}`,
      );
    }
    const raw = JSON.parse(line.slice(line.indexOf(marker) + marker.length)) as Record<string, unknown>;
    const asArray = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []); // Lua's {} encodes as [] or {}
    const result: NvimLspResult = {
      diagnostics: asArray<LspDiagnostic>(raw.diagnostics),
      publishes: asArray<{ uri: string; diagnostics: unknown }>(raw.publishes).map((p) => ({ uri: p.uri, diagnostics: asArray<LspDiagnostic>(p.diagnostics) })),
      diagnosticsReceived: raw.diagnosticsReceived === true,
      completion: raw.completion
        ? {
            items: asArray<CompletionItem>((raw.completion as { items?: unknown }).items),
            isIncomplete: (raw.completion as { isIncomplete?: boolean }).isIncomplete,
            error: (raw.completion as { error?: unknown }).error,
          }
        : undefined,
      stepDiagnostics: (options.steps ?? []).map((_step, i) => {
        const found = asArray<unknown>(raw.stepDiagnostics)[i];
        return found === null || found === undefined ? null : asArray<LspDiagnostic>(found);
      }),
      responses: asArray(raw.responses),
      capabilities: raw.capabilities as Record<string, unknown> | undefined,
      serverExit: raw.serverExit as NvimLspResult['serverExit'],
      uri: String(raw.uri ?? ''),
      stderr,
      lspLog,
      seconds: (Date.now() - started) / 1000,
    };
    if (raw.error && raw.error !== 'lua-timeout' && !result.diagnosticsReceived && result.responses.length === 0 && !result.completion) {
      throw new Error(`Neovim LSP client failed: ${String(raw.error)}\nstderr: ${stderr.slice(-2000)}\nlsp.log: ${lspLog.slice(-3000)}`);
    }
    if (raw.error === 'lua-timeout') {
      throw new Error(
        `Neovim LSP client timed out after ${timeoutMs / 1000}s (server hung?) for ${options.cmd.join(' ')}; partial result: ` +
          `${JSON.stringify(raw).slice(0, 2000)}\nlsp.log: ${lspLog.slice(-3000)}`,
      );
    }
    if (raw.error) result.error = String(raw.error);
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
