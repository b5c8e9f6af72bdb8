// `npm run agreement`: every kind of finding held to the platform's own code. For each site of the
// shared sites folder, the platform's functions run in child processes (platform/worker.mjs, one
// per group of kinds that share their work) and our engine in another (ours.ts), `--jobs` at a
// time, the largest sites first; the platform's findings are kept by a hash of what they follow
// from (platformCache.ts). Each finding only one side makes is a disagreement, explained when
// known-differences.json lists it (with the reason, a class of
// docs/differences-from-the-platform.md). Exits 1 on an unexplained disagreement.
// Arguments filter: site names or kind names (`npm run agreement -- links upstash`); `--all`
// prints every explained disagreement, not only a count per reason; `--jobs=N` runs N processes
// at a time (one per core by default); `--fresh` runs the platform even where its findings are kept.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { materialiseSite, sharedSites, sitesDir } from '../../test/support/sites';
import type { Finding, Kind } from './finding';
import { allKinds } from './kinds/all';
import { KnownDifferences, type Disagreement } from './knownDifferences';
import { cacheFileOf, folderHash, readCached, writeCached } from './platformCache';
import { platformPackages } from './platformPackages';

/** What one kind of the platform's run gave: its findings, or why there are none. */
interface PlatformResult {
  findings?: Finding[];
  /** The page the platform's function stopped at (it reports nothing else of the site then). */
  stoppedAt?: string;
  error?: string;
  ms: number;
}
interface PlatformRun {
  pages: number;
  results: Record<string, PlatformResult>;
}

/** Kinds whose platform side shares its work (the pages' trees; link-rot's graph), run in one process. */
const platformGroups = [['compile', 'frontmatter', 'components', 'openapi', 'docs-json'], ['links', 'anchors'], ['image-alt']];

/** A child process writing JSON to the file named by its last argument; its parsed output. */
function childRun<T>(args: string[], what: string): Promise<{ value: T; ms: number }> {
  const scratch = mkdtempSync(join(tmpdir(), 'docsjson-agreement-'));
  const output = join(scratch, 'output.json');
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let log = '';
    const child = spawn(process.execPath, [...args, output], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CI: '1', NO_COLOR: '1' } });
    const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('close', (status) => {
      try {
        if (status !== 0) throw new Error(`${what} exited ${status}:\n${log}`);
        resolve({ value: JSON.parse(readFileSync(output, 'utf8')) as T, ms: performance.now() - started });
      } catch (error) {
        reject(error);
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    });
  });
}

/** Runs the tasks, `jobs` at a time, in the order given. */
async function inPool(tasks: (() => Promise<void>)[], jobs: number): Promise<void> {
  const queue = [...tasks];
  const slot = async (): Promise<void> => {
    for (let task = queue.shift(); task; task = queue.shift()) await task();
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, slot));
}

/** How many pages the site's repository has under its docs root: the measure of a site's work. */
function pagesOf(site: string): number {
  const { docsRoot } = JSON.parse(readFileSync(join(sitesDir, site, 'meta.json'), 'utf8')) as { docsRoot: string };
  const prefix = docsRoot === '.' || docsRoot === '' ? '' : `${docsRoot}/`;
  return readFileSync(join(sitesDir, site, 'files.txt'), 'utf8')
    .split('\n')
    .filter((path) => path.startsWith(prefix) && /\.mdx?$/.test(path)).length;
}

const key = (finding: Finding) => `${finding.file}\t${finding.target}`;

/** Each finding only one side makes. */
function disagreements(kind: string, site: string, ours: Finding[], theirs: Finding[]): { both: number; only: Disagreement[] } {
  const ourKeys = new Set(ours.map(key));
  const theirKeys = new Set(theirs.map(key));
  const only: Disagreement[] = [
    ...ours.filter((f) => !theirKeys.has(key(f))).map((f) => ({ ...f, kind, site, side: 'ours' as const })),
    ...theirs.filter((f) => !ourKeys.has(key(f))).map((f) => ({ ...f, kind, site, side: 'platform' as const })),
  ];
  return { both: [...new Set(ours.map(key))].filter((k) => theirKeys.has(k)).length, only };
}

interface Tally {
  platform: number;
  ours: number;
  both: number;
  explained: number;
  unexplained: number;
}
const emptyTally = (): Tally => ({ platform: 0, ours: 0, both: 0, explained: 0, unexplained: 0 });
const addTo = (into: Tally, from: Tally) => (Object.keys(into) as (keyof Tally)[]).forEach((name) => (into[name] += from[name]));
const line = (t: Tally) => `platform ${t.platform}, ours ${t.ours}, both ${t.both}; disagreements ${t.explained + t.unexplained} (${t.explained} explained, ${t.unexplained} unexplained)`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<number> {
  const started = performance.now();
  const args = process.argv.slice(2);
  const printAll = args.includes('--all');
  const fresh = args.includes('--fresh');
  const jobs = Number(/^--jobs=(\d+)$/.exec(args.find((arg) => arg.startsWith('--jobs=')) ?? '')?.[1] ?? availableParallelism());
  const filters = args.filter((arg) => !arg.startsWith('--'));
  const kinds = allKinds.filter((kind) => !filters.some((f) => allKinds.some((k) => k.name === f)) || filters.includes(kind.name));
  const sites = sharedSites.filter((site) => !filters.some((f) => sharedSites.some((s) => s.includes(f))) || filters.some((f) => site.includes(f)));
  const known = KnownDifferences.read();
  const installed = platformPackages();
  console.log(`${sites.length} sites, kinds ${kinds.map((k) => k.name).join(', ')}; ${jobs} processes at a time; load average at start ${loadavg().map((v) => v.toFixed(1)).join(' ')}`);

  const roots = new Map(sites.map((site) => [site, materialiseSite(site)]));
  const platformRuns = new Map<string, PlatformRun>(sites.map((site) => [site, { pages: 0, results: {} }]));
  const ourRuns = new Map<string, { findings: Record<string, Finding[]>; ms: number }>();
  const kindNames = kinds.map((kind) => kind.name);
  const tasks: { weight: number; run: () => Promise<void> }[] = [];
  for (const site of sites) {
    const pages = pagesOf(site);
    const siteHash = folderHash(join(sitesDir, site));
    for (const group of platformGroups.map((names) => names.filter((name) => kindNames.includes(name))).filter((names) => names.length > 0)) {
      const cacheFile = cacheFileOf(siteHash, group);
      const cached = fresh ? undefined : readCached<PlatformRun>(cacheFile);
      const keep = (run: PlatformRun) => {
        const into = platformRuns.get(site)!;
        into.pages = run.pages;
        Object.assign(into.results, run.results);
      };
      if (cached) {
        keep(cached);
        continue;
      }
      tasks.push({
        weight: pages * 3,
        run: async () => {
          const what = `the platform's ${group.join(', ')} on ${site}`;
          const { value, ms } = await childRun<PlatformRun>(['--import', './bench/agreement/platform/fasterSlugs.mjs', join('bench', 'agreement', 'platform', 'worker.mjs'), installed, roots.get(site)!, group.join(',')], what);
          keep(value);
          if (Object.values(value.results).every((result) => !result.error || result.stoppedAt)) writeCached(cacheFile, value);
          console.log(`  ${what}: ${seconds(ms)}`);
        },
      });
    }
    tasks.push({
      weight: pages * 2,
      run: async () => {
        const { value, ms } = await childRun<Record<string, Finding[]>>(['--import', 'tsx', join('bench', 'agreement', 'ours.ts'), roots.get(site)!, [...new Set(['compile', ...kindNames])].join(',')], `our check of ${site}`);
        ourRuns.set(site, { findings: value, ms });
        console.log(`  our check of ${site}: ${seconds(ms)}`);
      },
    });
  }
  console.log(`${tasks.length} processes to run (the platform's findings of ${sites.length * platformGroups.length - (tasks.length - sites.length)} site and kind groups are kept from an earlier run)`);
  await inPool(
    tasks.sort((a, b) => b.weight - a.weight).map((task) => task.run),
    jobs,
  );

  const byKind = new Map(kinds.map((kind) => [kind.name, emptyTally()]));
  const bySite = new Map<string, Tally>();
  const unexplained: Disagreement[] = [];
  for (const site of sites) {
    const platform = platformRuns.get(site)!;
    const our = ourRuns.get(site)!;
    const siteTally = emptyTally();
    bySite.set(site, siteTally);
    const platformMs = Object.values(platform.results).reduce((sum, result) => sum + result.ms, 0);
    console.log(`\n## ${site}: ${platform.pages} pages (the platform ${seconds(platformMs)}, ours ${seconds(our.ms)})`);
    for (const kind of kinds) {
      const result = platform.results[kind.name];
      const found = our.findings[kind.name];
      if (result?.stoppedAt) {
        reportStopped(kind, site, result.stoppedAt, result.error ?? '', our.findings, unexplained, [byKind.get(kind.name)!, siteTally]);
        continue;
      }
      if (!result?.findings) {
        console.log(`### ${kind.name}: the platform's run failed: ${result?.error ?? 'no result'}`);
        const failed = { ...emptyTally(), unexplained: 1 };
        addTo(siteTally, failed);
        addTo(byKind.get(kind.name)!, failed);
        unexplained.push({ kind: kind.name, site, side: 'platform', file: '-', target: "the platform's run failed" });
        continue;
      }
      const ours = kind.align ? kind.align(found, result.findings) : found;
      const { both, only } = disagreements(kind.name, site, ours, result.findings);
      const reasons = new Map<string, Disagreement[]>();
      const open: Disagreement[] = [];
      for (const disagreement of only) {
        const reason = known.explain(disagreement);
        if (reason) reasons.set(reason, [...(reasons.get(reason) ?? []), disagreement]);
        else open.push(disagreement);
      }
      const tally: Tally = { platform: result.findings.length, ours: ours.length, both, explained: only.length - open.length, unexplained: open.length };
      addTo(siteTally, tally);
      addTo(byKind.get(kind.name)!, tally);
      unexplained.push(...open);
      console.log(`### ${kind.name}: ${line(tally)}`);
      for (const d of open) console.log(`  UNEXPLAINED ${d.side} only: ${d.file}: ${d.target}${d.note ? `  (${d.note})` : ''}`);
      for (const [reason, list] of reasons) {
        console.log(`  explained (${list.length}): ${reason}`);
        for (const d of printAll ? list : list.slice(0, 2)) console.log(`    ${d.side} only: ${d.file}: ${d.target}`);
      }
    }
  }

  console.log('\n## Summary per kind');
  for (const [name, tally] of byKind) console.log(`- ${name}: ${line(tally)}`);
  console.log('\n## Summary per site');
  for (const [name, tally] of bySite) console.log(`- ${name}: ${line(tally)}`);
  const stale = known.unused(kindNames, sites);
  if (stale.length > 0) {
    console.log(`\n${stale.length} known differences matched nothing (fixed since? remove them from bench/agreement/known-differences.json):`);
    for (const d of stale) console.log(`- ${d.kind} ${d.site} ${d.side} only: ${d.file}: ${d.target}`);
  }
  console.log(`\n${unexplained.length} unexplained disagreements; ${seconds(performance.now() - started)}; load average at end ${loadavg().map((v) => v.toFixed(1)).join(' ')}`);
  return unexplained.length > 0 ? 1 : 0;
}

/**
 * A kind whose platform function stopped at a page it cannot parse (link-rot does, and then
 * reports nothing else of the site): a fact of the run, in agreement when our check reports
 * that page as one that does not compile.
 */
function reportStopped(kind: Kind, site: string, page: string, error: string, ours: Record<string, Finding[]>, unexplained: Disagreement[], tallies: Tally[]): void {
  const weAgree = ours.compile.some((finding) => finding.file === page);
  console.log(`### ${kind.name}: not compared: the platform's function stops at ${page} (${error.split('\n')[0]}); ${weAgree ? 'ours reports that page as not compiling (mdx/syntax)' : 'UNEXPLAINED: ours does not report that page as not compiling'}`);
  if (weAgree) return;
  unexplained.push({ kind: kind.name, site, side: 'platform', file: page, target: `stops the platform's ${kind.name}` });
  for (const tally of tallies) tally.unexplained += 1;
}

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
