// `npm run dev:api`: the local agent API for trying the CLI and the extension without a real key.
import { parseArgs } from 'node:util';
import { JOB_FAULTS, REQUEST_FAULTS } from './faults';
import { startDevApiServer } from './server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.DEV_API_PORT ?? '8787' },
    host: { type: 'string', default: '127.0.0.1' },
    // A random key unless one is given: a key known in advance would let any local process or web page in.
    'api-key': { type: 'string', default: process.env.DEV_API_KEY },
    'event-interval': { type: 'string', default: '250' },
    'job-duration': { type: 'string', default: '12000' },
    'retire-v1': { type: 'boolean', default: false },
    'git-remote': { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
});

async function main(): Promise<void> {
  const server = await startDevApiServer({
    port: Number(values.port),
    host: values.host,
    apiKey: values['api-key'],
    eventIntervalMs: Number(values['event-interval']),
    trickleIntervalMs: 2_000,
    jobDurationMs: Number(values['job-duration']),
    retireV1: values['retire-v1'],
    gitRemote: values['git-remote'],
    log: values.quiet ? undefined : (line) => process.stdout.write(`${new Date().toISOString()} ${line}\n`),
  });

  process.stdout.write(
    [
      `Agent API dev server: ${server.url}`,
      `API key: ${server.apiKey}`,
      '',
      'Try it:',
      `  DOCS_AGENT_API_URL=${server.url} DOCS_AGENT_API_KEY=${server.apiKey} \\`,
      `    docsjson job create --project demo --branch docs/try --message "Update the quickstart"`,
      `  (API v2: docsjson job create --api-version 2 --project demo --message "Update the quickstart")`,
      `Both API versions: /v1/agent/{project}/job[s] and /v2/agent/{project}/job[/{id}[/message]]${values['retire-v1'] ? ' (v1 answers 410: retired)' : ''}.`,
      ...(values['git-remote'] ? [`Each job pushes a commit to its branch in ${values['git-remote']} ([fault:broken-link]: with a link to a missing page).`] : []),
      `Faults: put [fault:NAME] in a message (several: [fault:cut,html]), or send the header X-Dev-Fault: NAME.`,
      `  for any request: ${REQUEST_FAULTS.join(', ')}`,
      `  for a job:       ${JOB_FAULTS.join(', ')}`,
      `  queue one:       curl -X POST ${server.url}/__dev/faults -H 'Authorization: Bearer ${server.apiKey}' -d '{"fault":"500","method":"GET","times":2}'`,
      '',
    ].join('\n'),
  );

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void server.close().then(() => process.exit(0)));
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`dev API server: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
