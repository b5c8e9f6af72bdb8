// `docsjson check --base main` against a plain `docsjson check` on the real sites, each committed
// into a temporary git repository with one page edited (a new broken link) in the working tree.
// Each run is a fresh process; its time is the wall time and the CPU time of the process and its
// children (git included). Apart, in this process: what reading the site at the base from git costs
// (the tree listing and the blobs read in one batch). Target: --base costs at most twice a plain
// check. It ends with the load average (the machine may be shared).
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { GitRepository } from '../cli/src/base/gitRepository';
import { GitTreeSiteHost } from '../cli/src/base/gitTreeSiteHost';
import { commitAll } from '../test/support/gitRepo';
import { materialiseSite, type RealSite } from '../test/support/sites';
import { tempFolder } from '../test/support/tempFolder';

const cli = resolve('dist', 'cli.js');
const runs = 5;
const targetRatio = 2;
const sites: { site: RealSite; page: string }[] = [
  { site: 'langgenius+dify-docs', page: 'en/home.mdx' },
  { site: 'upstash+docs', page: 'redis/integrations/bullmq.mdx' },
];

/** Wall and CPU seconds (the process and its children) of one run, from bash's `times`. */
function timed(args: string[], cwd: string): { seconds: number; cpuSeconds: number; status: number } {
  const quoted = args.map((arg) => `'${arg}'`).join(' ');
  const start = performance.now();
  const result = spawnSync('bash', ['-c', `'${process.execPath}' '${cli}' ${quoted} >/dev/null; status=$?; times; exit $status`], { cwd, encoding: 'utf8' });
  const seconds = (performance.now() - start) / 1000;
  const children = result.stdout.trim().split('\n').at(-1)!.split(/\s+/).map((time) => {
    const [, minutes, secs] = /(\d+)m([\d.]+)s/.exec(time)!;
    return Number(minutes) * 60 + Number(secs);
  });
  return { seconds, cpuSeconds: children[0] + children[1], status: result.status ?? -1 };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

let missed = false;
for (const { site, page } of sites) {
  const repo = tempFolder('docsjson-bench-base-');
  cpSync(materialiseSite(site), repo, { recursive: true });
  commitAll(repo, 'base', true);
  writeFileSync(join(repo, page), `${readFileSync(join(repo, page), 'utf8')}\nSee [nowhere](/no/such/page).\n`);

  const plain: ReturnType<typeof timed>[] = [];
  const based: ReturnType<typeof timed>[] = [];
  for (let i = 0; i < runs; i++) {
    plain.push(timed(['check'], repo));
    based.push(timed(['check', '--base', 'main'], repo));
  }
  const readMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const repository = GitRepository.at(repo, 'the bench reads the base with git', '');
    new GitTreeSiteHost(repo, repository, repository.treeAt(repository.commitOf('main'))!);
    readMs.push(performance.now() - start);
  }
  const [wall, cpu] = [median(plain.map((r) => r.seconds)), median(plain.map((r) => r.cpuSeconds))];
  const [baseWall, baseCpu] = [median(based.map((r) => r.seconds)), median(based.map((r) => r.cpuSeconds))];
  const ratio = baseCpu / cpu;
  if (ratio > targetRatio) missed = true;
  console.log(`${site}: check ${wall.toFixed(2)} s (CPU ${cpu.toFixed(2)} s); check --base main ${baseWall.toFixed(2)} s (CPU ${baseCpu.toFixed(2)} s): ${ratio.toFixed(2)}x the CPU, ${(baseWall / wall).toFixed(2)}x the wall time (target <= ${targetRatio}x: ${ratio <= targetRatio ? 'met' : 'MISSED'}); the base read from git: ${median(readMs).toFixed(0)} ms (median of ${runs})`);
  console.log(`  exit codes: check ${plain[0].status}, check --base ${based[0].status}`);
}
console.log(`load average: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
process.exit(missed ? 1 : 0);
