// The language server's check of every page of a site (run in the background after changes
// pause), through the protocol (a real stdio client), on the three real sites: the first run after
// docs.json is opened, then runs after edits of docs.json (the pages' texts unchanged), each timed
// from the edit to the status that says the pages are checked again (the pause before a run, 500
// ms, included), with the server's CPU time over that span and the pages it parsed (its trace).
// Run: npm run bench -- editorPagesCheck
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { materialiseSite, realSites } from '../test/support/sites';
import { LspTestClient } from '../test/lsp/lspClient';

const edits = 3;

/** The server process's CPU time (user and system), in milliseconds. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime, the 14th and 15th fields (12th and 13th after the command name), in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const load = () => loadavg().map((value) => value.toFixed(1)).join(' ');

interface PagesRun {
  ms: number;
  cpuMs: number;
  trace?: string;
}

async function untilPagesChecked(client: LspTestClient, traces: string[], action: () => Promise<void>): Promise<PagesRun> {
  const statuses = client.statuses.length;
  const traced = traces.length;
  const cpu = cpuMs(client.server.pid!);
  const started = performance.now();
  await action();
  // As VS Code does after each change: the pull starts the check of docs.json, and every page is checked after it.
  await client.pull('docs.json');
  await client.until(() => client.statuses.slice(statuses).some((status) => (status as { pagesChecked: boolean }).pagesChecked), 120_000);
  const ms = performance.now() - started;
  return { ms, cpuMs: cpuMs(client.server.pid!) - cpu, trace: traces.slice(traced).find((line) => line.startsWith('Checked every page')) };
}

async function main(): Promise<void> {
  console.log(`load average at start: ${load()}`);
  console.log('| site | first run | after a docs.json edit (median of 3) | server CPU after the edit | pages parsed after the edit | server RSS at the end |');
  console.log('|---|---|---|---|---|---|');
  for (const site of realSites) {
    const root = materialiseSite(site);
    const client = await LspTestClient.start({ root });
    const traces: string[] = [];
    client.connection.onNotification('$/logTrace', (params: { message: string }) => {
      traces.push(params.message);
    });
    await client.connection.sendNotification('$/setTrace', { value: 'verbose' });
    const first = await untilPagesChecked(client, traces, () => client.open('docs.json'));
    const runs: PagesRun[] = [];
    for (let i = 0; i < edits; i++) {
      runs.push(
        await untilPagesChecked(client, traces, async () => {
          const at = client.text('docs.json').indexOf('"name"');
          // A space before "name", then taken away: docs.json changes, its meaning does not.
          await (i % 2 === 0 ? client.edit('docs.json', at, at, ' ') : client.edit('docs.json', at - 1, at, ''));
        }),
      );
    }
    const rssMb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${client.server.pid}/status`, 'utf8'))![1]) / 1024;
    await client.stop();
    const median = [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)];
    const parsed = (run: PagesRun) => /(\d+) files, (\d+) parsed/.exec(run.trace ?? '')?.slice(1, 3).reverse().join(' of ') ?? 'not traced';
    console.log(`| ${site} | ${first.ms.toFixed(0)} ms (CPU ${first.cpuMs} ms) | ${median.ms.toFixed(0)} ms | ${median.cpuMs} ms | ${parsed(median)} | ${rssMb.toFixed(0)} MB |`);
  }
  console.log(`load average at end: ${load()}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
