import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startDevApiServer, type DevApiServer } from '../../agent/dev-server/server';

const cli = join(__dirname, '..', '..', 'dist', 'cli.js');
/** The dev server's key: distinctive, so any output that repeats it is caught. */
const CANARY_KEY = 'mint_CANARY_cli_k3y_must_never_be_printed_5a6b';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

describe('docsjson job (the bundled CLI against the dev server)', () => {
  let server: DevApiServer;
  let stateHome: string;
  const outputs: string[] = [];

  function run(
    args: string[],
    env: Record<string, string | undefined> = {},
    onStdout?: (stdout: string, child: ChildProcess) => void,
  ): Promise<Run> {
    // Run outside any git repository: a job's end checks its changes where there is one (jobCheck.test.ts).
    const child = spawn(process.execPath, [cli, 'job', ...args], {
      cwd: stateHome,
      env: {
        ...process.env,
        DOCS_AGENT_API_URL: server.url,
        DOCS_AGENT_API_KEY: CANARY_KEY,
        XDG_STATE_HOME: stateHome,
        // The tests of API v1 (branch, roles, live output): v2's name it, the default's unsets it.
        DOCS_AGENT_API_VERSION: '1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      onStdout?.(stdout, child);
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    return new Promise((resolve) => {
      child.on('close', (code) => {
        outputs.push(stdout, stderr);
        resolve({ code, stdout, stderr });
      });
    });
  }

  const create = (project: string, ...extra: string[]) =>
    run(['create', '--project', project, '--branch', 'docs/cli', '--poll-interval', '0.05', ...extra]);
  const posts = (project: string) =>
    server.requests.filter((request) => request.method === 'POST' && request.path.includes(`/${project}/`));

  before(async () => {
    server = await startDevApiServer({ apiKey: CANARY_KEY, eventIntervalMs: 5, trickleIntervalMs: 100, jobDurationMs: 300 });
    stateHome = await mkdtemp(join(tmpdir(), 'docsjson-cli-state-'));
  });
  after(async () => {
    await server.close();
    await rm(stateHome, { recursive: true, force: true });
  });

  it('create streams progress, prints the final record and exits 0 when the job completed', async () => {
    const result = await create('c-happy', '--message', 'Update the quickstart', '--model', 'opus', '--draft');
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^Job sess_\w+ on branch docs\/cli$/m);
    assert.match(result.stdout, /^I'll update the docs on branch docs\/cli\. $/m, 'streamed text, deltas joined');
    assert.match(result.stdout, /^Todos:\n {2}\[>\] Read docs\.json and the pages to change \(high\)\n {2}\[ \] Edit the pages \(high\)/m);
    assert.match(result.stdout, /^-> read_file \{"path":"docs\.json"\}$/m);
    assert.match(result.stdout, /^Status: completed\n {2}The agent finished its work\.$/m);
    assert.match(result.stdout, /^Pull request: https:\/\/github\.com\/example\/docs\/pull\/\d+$/m);
    assert.match(result.stdout, /^Message to user:\n {2}I updated the quickstart page\.$/m);
    assert.equal(result.stderr, '');
    assert.deepEqual(
      posts('c-happy').map((request) => request.body),
      [{ branch: 'docs/cli', messages: [{ role: 'user', content: 'Update the quickstart' }], asDraft: true, model: 'opus' }],
    );
  });

  it('sends several messages in order, each with the --role given before it', async () => {
    const result = await create('c-roles', '--role', 'system', '--message', 'Be brief', '--message', 'Fix typos', '--role', 'assistant', '--message', 'Noted');
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual((posts('c-roles')[0].body as { messages: unknown }).messages, [
      { role: 'system', content: 'Be brief' },
      { role: 'user', content: 'Fix typos' },
      { role: 'assistant', content: 'Noted' },
    ]);
  });

  it('--json prints one JSON event per line, ending with the final job', async () => {
    const result = await create('c-json', '--message', 'x', '--json');
    assert.equal(result.code, 0, result.stderr);
    const lines = result.stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; event?: { type: string } });
    const types = new Set(lines.map((line) => (line.type === 'event' ? `event:${line.event!.type}` : line.type)));
    for (const type of ['phase', 'session', 'event:text', 'event:todos', 'event:tool-call', 'record']) assert.ok(types.has(type), type);
    const final = lines.at(-1) as unknown as { type: string; completed: boolean; job: { record: { pullRequestLink: string } } };
    assert.equal(final.type, 'final');
    assert.equal(final.completed, true);
    assert.match(final.job.record.pullRequestLink, /\/pull\/\d+$/);
  });

  for (const [fault, reason, explanation] of [
    ['misconfigured', 'repo_missconfigured', /repository connection of this project is misconfigured/],
    ['error', 'error', /stopped because of an error/],
  ] as const) {
    it(`exits 1 when the job ends with ${reason}, explaining it`, async () => {
      const result = await create(`c-${fault}`, '--message', `[fault:${fault}]`);
      assert.equal(result.code, 1);
      assert.match(result.stdout, new RegExp(`^Status: ${reason}$`, 'm'));
      assert.match(result.stdout, explanation);
      assert.match(result.stdout, /^! error: /m, "the stream's error event is shown");
      assert.doesNotMatch(result.stdout, /Pull request:/);
    });
  }

  it('follows the job by polling when the stream is cut, still exits 0, and posts once', async () => {
    const result = await create('c-cut', '--message', '[fault:cut]');
    assert.equal(result.code, 0);
    assert.match(result.stderr, /^docsjson: The job's live output broke off; following the job by looking at it every few seconds\.$/m);
    assert.match(result.stdout, /^Status: completed$/m);
    assert.equal(posts('c-cut').length, 1);
  });

  it('shows hostile text from the API as inert text: no escape sequences reach the terminal', async () => {
    const result = await create('c-html', '--message', '[fault:html]');
    assert.equal(result.code, 0);
    assert.match(result.stdout, /<script>alert\("pwned"\)<\/script>/);
    assert.match(result.stdout, /\\u\{1b\}\[31m/);
    assert.doesNotMatch(result.stdout, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
  });

  it('bounds a huge messageToUser', async () => {
    const result = await create('c-huge', '--message', '[fault:huge]');
    assert.equal(result.code, 0);
    assert.match(result.stdout, /more characters not shown\]/);
    assert.ok(result.stdout.length < 100_000, `${result.stdout.length} characters`);
  });

  it('get prints a record (text or JSON); watch follows a job to its end', async () => {
    const created = await create('c-get', '--message', 'x', '--json');
    const sessionId = (JSON.parse(created.stdout.trim().split('\n').at(-1)!) as { job: { sessionId: string } }).job.sessionId;
    const text = await run(['get', sessionId, '--project', 'c-get']);
    assert.equal(text.code, 0);
    assert.match(text.stdout, /^Status: completed$/m);
    const json = await run(['get', sessionId, '--project', 'c-get', '--json']);
    assert.equal((JSON.parse(json.stdout) as { sessionId: string }).sessionId, sessionId);
    const watched = await run(['watch', sessionId, '--project', 'c-get', '--poll-interval', '0.05']);
    assert.equal(watched.code, 0);
    assert.match(watched.stdout, /^Pull request: https:/m);
    const missing = await run(['get', 'sess_unknown', '--project', 'c-get']);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /^docsjson: The platform no longer knows this job: it may have been deleted, or the project id changed\.$/m);
    assert.doesNotMatch(missing.stderr, /api-version/, 'not blamed on v1 being retired');
  });

  it('list shows the jobs of the project with their state', async () => {
    const result = await run(['list', '--project', 'c-get']);
    assert.equal(result.code, 0);
    assert.match(result.stdout, /^sess_\w+ {2}completed {2}docs\/cli {2}\S+ {2}https:\/\/github\.com\/example\/docs\/pull\/\d+$/m);
  });

  it('watch of a job the platform forgot says so once, at once (exit 1), and list shows it forgotten', async () => {
    const created = await create('c-forgotten', '--message', 'x', '--json');
    const sessionId = (JSON.parse(created.stdout.trim().split('\n').at(-1)!) as { job: { sessionId: string } }).job.sessionId;
    server.forgetJobs(sessionId);
    const watched = await run(['watch', sessionId, '--project', 'c-forgotten', '--poll-interval', '0.05']);
    assert.equal(watched.code, 1);
    assert.equal(watched.stderr, 'docsjson: The platform no longer knows this job: it may have been deleted, or the project id changed.\n');
    assert.match(watched.stdout, /^Last known record:\nStatus: completed$/m);
    const notFound = server.requests.filter((request) => request.path.includes(`/c-forgotten/job/${sessionId}`) && request.status === 404);
    assert.equal(notFound.length, 1, 'not looked at again');
    const listed = await run(['list', '--project', 'c-forgotten']);
    assert.equal(listed.code, 0);
    assert.match(listed.stdout, new RegExp(`^${sessionId} {2}forgotten {2}docs/cli `, 'm'));
  });

  it('Ctrl-C stops watching (exit 1) and says how to follow the job again', async () => {
    let interrupted = false;
    const result = await run(['create', '--project', 'c-sigint', '--branch', 'b', '--message', '[fault:trickle]'], {}, (stdout, child) => {
      if (!interrupted && stdout.includes('Job sess_')) {
        interrupted = true;
        child.kill('SIGINT');
      }
    });
    assert.equal(result.code, 1);
    assert.match(result.stdout, /Not finished yet\. Follow it again with: docsjson job watch sess_\w+ --project c-sigint --api-version 1$/m);
    const state = await readFile(join(stateHome, 'docsjson', 'agent-jobs.json'), 'utf8');
    assert.match(state, /"phase":"stopped"/);
  });

  it('explains a missing key in one line (exit 2) without calling the API', async () => {
    const before = server.requests.length;
    const result = await run(['get', 'x', '--project', 'p'], { DOCS_AGENT_API_KEY: undefined });
    assert.equal(result.code, 2);
    assert.equal(result.stderr, 'docsjson: Set DOCS_AGENT_API_KEY to an admin API key of the project (it is read from the environment only).\n');
    assert.equal(server.requests.length, before);
  });

  it('explains a rejected key in one line (exit 1) without showing it, although the server echoes it', async () => {
    const wrongKey = 'mint_WRONG_canary_key_0f1e2d3c';
    const result = await run(['create', '--project', 'p', '--branch', 'b', '--message', 'x'], { DOCS_AGENT_API_KEY: wrongKey });
    assert.equal(result.code, 1);
    const lines = result.stderr.trim().split('\n');
    assert.equal(lines.length, 1, result.stderr);
    assert.equal(lines[0], 'docsjson: The API key was not accepted. The job was not created. Check DOCS_AGENT_API_KEY.');
    assert.ok(!(result.stdout + result.stderr).includes(wrongKey));
  });

  it('refuses a key on the command line without repeating it', async () => {
    const result = await run(['create', '--project', 'p', '--branch', 'b', '--message', 'x', `--api-key=${CANARY_KEY}`]);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /^docsjson: the API key is not accepted on the command line; set DOCS_AGENT_API_KEY instead$/m);
  });

  for (const [args, message] of [
    [['create', '--project', 'p', '--branch', 'b'], /give at least one --message/],
    [['create', '--project', 'p', '--branch', 'b', '--message', 'x', '--role', 'system'], /--role must come before the --message/],
    [['create', '--project', 'p', '--branch', 'b', '--role', 'boss', '--message', 'x'], /--role must be one of system, user, assistant/],
    [['create', '--project', 'p', '--branch', 'b', '--message', 'x', '--model', 'gpt'], /--model must be one of sonnet, opus/],
    [['create', '--project', 'p', '--message', 'x'], /--branch is required/],
    [['create', '--branch', 'b', '--message', 'x'], /--project is required/],
    [['get', '--project', 'p'], /job get takes exactly one job id/],
    [['get', 'a', '--project', 'p', '--bogus'], /unknown option --bogus \("docsjson job get --help" lists its options\)/],
    [['frobnicate'], /unknown job command "frobnicate"/],
  ] as const) {
    it(`exits 2 on a usage error: ${args.join(' ')}`, async () => {
      const before = server.requests.length;
      const result = await run([...args]);
      assert.equal(result.code, 2);
      assert.match(result.stderr, message);
      assert.equal(server.requests.length, before);
    });
  }

  it('refuses a plain-HTTP API URL that is not this machine (exit 2)', async () => {
    const result = await run(['get', 'x', '--project', 'p', '--api-url', 'http://api.example.com']);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /^docsjson: Refusing to send the API key over plain HTTP to api\.example\.com: use https:\/\//);
  });

  it('API v2: create with one --message (the prompt) polls the record and prints the outcome with the PR link', async () => {
    const result = await run(['create', '--api-version', '2', '--project', 'c2-create', '--message', 'Update the quickstart', '--poll-interval', '0.05']);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^Job sess_\w+ on branch docs-agent\/sess_\w+$/m);
    assert.match(result.stdout, /^Status: active$/m);
    assert.match(result.stdout, /^Status: completed\n {2}The agent finished its work\.\nRepository: example\/docs\n/m);
    assert.match(result.stdout, /^Pull request: https:\/\/github\.com\/example\/docs\/pull\/\d+$/m);
    assert.equal(result.stderr, '');
    assert.deepEqual(posts('c2-create').map((request) => request.body), [{ prompt: 'Update the quickstart' }]);
  });

  it('API v2 from DOCS_AGENT_API_VERSION: send waits for the follow-up and prints the new outcome; get --json prints the record as it came', async () => {
    const env = { DOCS_AGENT_API_VERSION: '2' };
    const created = await run(['create', '--project', 'c2-send', '--message', 'First', '--poll-interval', '0.05', '--json'], env);
    assert.equal(created.code, 0, created.stderr);
    const job = (JSON.parse(created.stdout.trim().split('\n').at(-1)!) as { job: { sessionId: string; record: { pullRequestLink: string } } }).job;
    const sent = await run(['send', job.sessionId, '--project', 'c2-send', '--message', 'Also fix the title', '--poll-interval', '0.05'], env);
    assert.equal(sent.code, 0, sent.stderr);
    assert.match(sent.stdout, /^Sending: Also fix the title$/m);
    assert.match(sent.stdout, /^Status: completed$/m);
    const link = sent.stdout.match(/^Pull request: (\S+)$/m)?.[1];
    assert.ok(link && link !== job.record.pullRequestLink, `a new pull request: ${link}`);
    assert.deepEqual(
      server.requests.filter((request) => request.path.endsWith('/message')).filter((request) => request.path.includes('/c2-send/')).map((request) => request.body),
      [{ prompt: 'Also fix the title' }],
    );
    server.injectFault({ fault: '429', method: 'POST', pathIncludes: '/message', retryAfter: 90 });
    const limited = await run(['send', job.sessionId, '--project', 'c2-send', '--message', 'More', '--poll-interval', '0.05'], env);
    assert.equal(limited.code, 1, 'the message was not taken');
    assert.match(limited.stderr, /^docsjson: Your message was not sent: the platform allows 100 jobs and follow-up messages an hour per project; try again at (?:[A-Z][a-z]{2} \d{1,2}, )?\d\d:\d\d\.$/m);
    const got = await run(['get', job.sessionId, '--project', 'c2-send', '--json'], env);
    assert.equal(got.code, 0);
    const asSent = JSON.parse(got.stdout) as Record<string, unknown>;
    assert.equal(asSent.id, job.sessionId);
    assert.equal(asSent.prLink, link);
    assert.deepEqual(asSent.source, { repository: 'example/docs', ref: `docs-agent/${job.sessionId}` });
    assert.equal(asSent.sessionId, undefined, 'not mapped: the v2 record as it came');
  });

  it('API v2: hostile strings in the record stay inert, in text and in --json (same value, escaped)', async () => {
    const created = await run(['create', '--api-version', '2', '--project', 'c2-html', '--message', '[fault:html]', '--poll-interval', '0.05']);
    assert.equal(created.code, 0, created.stderr);
    assert.match(created.stdout, /^Pull request \(not a web link\): javascript:alert\(1\)$/m);
    assert.match(created.stdout, /^Repository: example\/docs<script>alert\(1\)<\/script>\\u\{1b\}\[31m\\u\{202e\}$/m);
    const sessionId = created.stdout.match(/^Job (sess_\w+)/m)![1];
    const json = await run(['get', sessionId, '--project', 'c2-html', '--api-version', '2', '--json']);
    assert.doesNotMatch(json.stdout, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    assert.equal((JSON.parse(json.stdout) as { source: { repository: string } }).source.repository, 'example/docs<script>alert(1)</script>\u001b[31m\u202e');
  });

  it('send with API v1 is a usage error naming the flag; v2 create refuses v1-only options', async () => {
    const before = server.requests.length;
    const v1 = await run(['send', 'sess_x', '--project', 'p', '--message', 'hi']);
    assert.equal(v1.code, 2);
    assert.match(v1.stderr, /^docsjson: follow-up messages need API version 2: use --api-version 2 \(or DOCS_AGENT_API_VERSION=2\)$/m);
    const branch = await run(['create', '--api-version', '2', '--project', 'p', '--branch', 'b', '--message', 'x']);
    assert.equal(branch.code, 2);
    assert.match(branch.stderr, /^docsjson: --branch is not taken by API v2 \(the default\), which takes one --message, the prompt; API v1 takes it: --api-version 1$/m);
    const bad = await run(['get', 'x', '--project', 'p', '--api-version', '3']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--api-version must be 1 or 2/);
    assert.equal(server.requests.length, before);
  });

  it('API v2 is the default: create sends the prompt to the v2 route, refuses --branch naming --api-version 1, which sends v1', async () => {
    const noVersion = { DOCS_AGENT_API_VERSION: undefined };
    const created = await run(['create', '--project', 'c-default', '--message', 'Update the quickstart', '--poll-interval', '0.05'], noVersion);
    assert.equal(created.code, 0, created.stderr);
    assert.deepEqual(posts('c-default').map((request) => [request.path, request.body]), [['/v2/agent/c-default/job', { prompt: 'Update the quickstart' }]]);
    assert.ok(server.requests.filter((request) => request.path.includes('/c-default/')).every((request) => request.path.startsWith('/v2/')));
    const branch = await run(['create', '--project', 'c-default', '--branch', 'docs/x', '--message', 'x'], noVersion);
    assert.equal(branch.code, 2);
    assert.match(branch.stderr, /--api-version 1$/m);
    const v1 = await run(['create', '--api-version', '1', '--project', 'c-default-v1', '--branch', 'docs/x', '--message', 'x', '--poll-interval', '0.05'], noVersion);
    assert.equal(v1.code, 0, v1.stderr);
    assert.deepEqual(posts('c-default-v1').map((request) => request.path), ['/v1/agent/c-default-v1/job']);
    const help = await run(['--help'], noVersion);
    assert.match(help.stdout, /^The API version is 2, the one the platform recommends \(its API reference marks v1 deprecated\),$/m);
  });

  it('a rate limit on create says when to try again, from Retry-After (exit 1, one POST)', async () => {
    server.injectFault({ fault: '429', method: 'POST', pathIncludes: '/c-429/', retryAfter: 1800 });
    const result = await create('c-429', '--message', 'x');
    assert.equal(result.code, 1);
    // Half an hour on: the day too when that is tomorrow.
    assert.match(result.stderr, /^docsjson: The platform allows 100 jobs an hour per project; try again at (?:[A-Z][a-z]{2} \d{1,2}, )?\d\d:\d\d\. The job was not created\.$/m);
    assert.equal(posts('c-429').length, 1);
  });

  it('a server failure on create is said first, the job is looked up, and a job never created is not listed', async () => {
    const earlier = await create('c-500', '--message', 'an earlier job on the same branch');
    assert.equal(earlier.code, 0);
    server.injectFault({ fault: '500', method: 'POST', pathIncludes: '/c-500/' });
    const result = await create('c-500', '--message', 'x');
    assert.equal(result.code, 1);
    const lines = result.stderr.trim().split('\n');
    assert.deepEqual(lines, [
      'docsjson: The platform failed while creating the job. Looking for the job in the jobs list before anything else.',
      'docsjson: The platform failed while creating the job. The job is not in the jobs list, so it was most likely not created. Start it again.',
    ]);
    assert.doesNotMatch(result.stdout + result.stderr, /could not follow/i);
    assert.equal(posts('c-500').length, 2);
    const listed = await run(['list', '--project', 'c-500']);
    assert.equal(listed.code, 0);
    assert.equal(listed.stdout.trim().split('\n').length, 1, `only the earlier job: ${listed.stdout}`);
  });

  it('API v2: a 403 for the key\'s IP allowlist says so, and --verbose adds the technical detail', async () => {
    server.injectFault({ fault: '403', pathIncludes: '/c2-403/' });
    const result = await run(['get', 'sess_x', '--project', 'c2-403', '--api-version', '2', '--verbose']);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /^docsjson: The API key may not be used from this network: it is limited to other IP addresses\. Check in the docs platform's dashboard\.$/m);
    assert.match(result.stderr, /^docsjson: \(request\) GET \/v2\/agent\/c2-403\/job\/sess_x -> HTTP 403/m);
    assert.match(result.stderr, /^docsjson: \(detail\) .*HTTP 403.*IP allowlist/m);
  });

  it('says the network is down when the API cannot be reached', async () => {
    const closed = await startDevApiServer();
    await closed.close();
    const result = await run(['get', 'sess_x', '--project', 'p', '--api-url', closed.url]);
    assert.equal(result.code, 1);
    assert.equal(result.stderr, 'docsjson: Could not reach the docs platform: check the internet connection (or the proxy).\n');
  });

  it('a v1 path answering 410 says v1 may be retired and names the flag', async () => {
    const retired = await startDevApiServer({ apiKey: CANARY_KEY, retireV1: true });
    try {
      const result = await run(['create', '--project', 'p', '--branch', 'b', '--message', 'x', '--api-url', retired.url]);
      assert.equal(result.code, 1);
      assert.equal(
        result.stderr,
        'docsjson: The platform no longer serves agent API v1 (deprecated since March 2026); it may have retired it: use --api-version 2 (or DOCS_AGENT_API_VERSION=2). The job was not created.\n',
      );
    } finally {
      await retired.close();
    }
  });

  it('never printed the key, nor stored it', async () => {
    assert.ok(outputs.length > 20);
    for (const output of outputs) assert.ok(!output.includes(CANARY_KEY), output.slice(0, 300));
    const state = await readFile(join(stateHome, 'docsjson', 'agent-jobs.json'), 'utf8');
    assert.ok(state.length > 1_000);
    assert.ok(!state.includes(CANARY_KEY));
  });
});
