// `npm run agreement`: every kind of finding held to the platform's own code. For each site of the
// shared sites folder, the platform's functions run in a child process (platform/worker.mjs, two
// sites at a time) while our engine checks the site here; each finding only one side makes is a
// disagreement, explained when known-differences.json lists it (with the reason, a class of
// docs/differences-from-the-platform.md). Exits 1 on an unexplained disagreement.
// Arguments filter: site names or kind names (`npm run agreement -- links upstash`); `--all`
// prints every explained disagreement, not only a count per reason; `--jobs=N` runs N of the
// platform's processes at a time (two by default).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkDocsJson, DiskSiteHost, docsJsonSiteRules, pageRules, runSiteRules, SiteGraph, type Diagnostic } from '../../server/src/engine';
import { materialiseSite, sharedSites } from '../../test/support/sites';
import type { Finding, Kind, OurSite } from './finding';
import { anchors } from './kinds/anchors';
import { compile } from './kinds/compile';
import { components } from './kinds/components';
import { docsJson } from './kinds/docsJson';
import { frontmatter } from './kinds/frontmatter';
import { imageAlt } from './kinds/imageAlt';
import { links } from './kinds/links';
import { openapi } from './kinds/openapi';
import { KnownDifferences, type Disagreement } from './knownDifferences';
import { platformPackages } from './platformPackages';

const allKinds: Kind[] = [compile, frontmatter, openapi, components, anchors, links, imageAlt, docsJson];

interface PlatformRun {
  pages: number;
  results: Record<string, { findings?: Finding[]; error?: string; ms: number }>;
}

/** The platform's findings on one site, from a process of its own. */
function platformRun(installed: string, root: string, kinds: Kind[]): Promise<PlatformRun> {
  const scratch = mkdtempSync(join(tmpdir(), 'docsjson-agreement-'));
  const output = join(scratch, 'findings.json');
  return new Promise((resolve, reject) => {
    let log = '';
    const child = spawn(process.execPath, [join('bench', 'agreement', 'platform', 'worker.mjs'), installed, root, kinds.map((kind) => kind.name).join(','), output], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CI: '1', NO_COLOR: '1' } });
    const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('close', (status) => {
      try {
        if (status !== 0) throw new Error(`the platform's run on ${root} exited ${status}:\n${log}`);
        resolve(JSON.parse(readFileSync(output, 'utf8')) as PlatformRun);
      } catch (error) {
        reject(error);
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    });
  });
}

/** Our engine's diagnostics on a site, as `docsjson check` makes them. */
function ourSite(root: string): OurSite {
  const host = new DiskSiteHost(root);
  const check = checkDocsJson(readFileSync(join(root, 'docs.json'), 'utf8'), host);
  const graph = new SiteGraph(host, check);
  const diagnostics = new Map<string, Diagnostic[]>();
  for (const { document, diagnostics: found } of check.documents.values()) diagnostics.set(document.path, [...found]);
  for (const [file, found] of runSiteRules(graph, [...pageRules, ...docsJsonSiteRules])) diagnostics.set(file, [...(diagnostics.get(file) ?? []), ...found]);
  const textOf = (file: string) => graph.page(file)?.text ?? check.documents.get(file)?.document.json.text ?? host.readFile(file) ?? '';
  return { check, graph, diagnostics, textOf };
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

async function main(): Promise<number> {
  const started = performance.now();
  const args = process.argv.slice(2);
  const printAll = args.includes('--all');
  const jobs = Number(/^--jobs=(\d+)$/.exec(args.find((arg) => arg.startsWith('--jobs=')) ?? '')?.[1] ?? Math.min(2, availableParallelism()));
  const filters = args.filter((arg) => !arg.startsWith('--'));
  const kinds = allKinds.filter((kind) => !filters.some((f) => allKinds.some((k) => k.name === f)) || filters.includes(kind.name));
  const sites = sharedSites.filter((site) => !filters.some((f) => sharedSites.some((s) => s.includes(f))) || filters.some((f) => site.includes(f)));
  const known = KnownDifferences.read();
  const installed = platformPackages();
  console.log(`${sites.length} sites, kinds ${kinds.map((k) => k.name).join(', ')}; load average at start ${loadavg().map((v) => v.toFixed(1)).join(' ')}`);

  const roots = new Map(sites.map((site) => [site, materialiseSite(site)]));
  // The platform's runs, `jobs` at a time, started now; ours run here meanwhile.
  const runs = new Map<string, Promise<PlatformRun>>();
  const queue = [...sites];
  const slots = Math.max(1, jobs);
  const next = (): void => {
    const site = queue.shift();
    if (!site) return;
    const run = platformRun(installed, roots.get(site)!, kinds);
    runs.set(site, run);
    run.finally(next).catch(() => undefined);
  };
  for (let i = 0; i < slots; i++) next();

  const byKind = new Map(kinds.map((kind) => [kind.name, emptyTally()]));
  const bySite = new Map<string, Tally>();
  const unexplained: Disagreement[] = [];
  for (const site of sites) {
    const oursStarted = performance.now();
    const our = ourSite(roots.get(site)!);
    const oursMs = performance.now() - oursStarted;
    while (!runs.has(site)) await new Promise((resolve) => setTimeout(resolve, 50));
    const platform = await runs.get(site)!;
    const siteTally = emptyTally();
    bySite.set(site, siteTally);
    const platformMs = Object.values(platform.results).reduce((sum, result) => sum + result.ms, 0);
    console.log(`\n## ${site}: ${platform.pages} pages (the platform ${(platformMs / 1000).toFixed(1)} s, ours ${(oursMs / 1000).toFixed(1)} s)`);
    for (const kind of kinds) {
      const result = platform.results[kind.name];
      if (!result?.findings) {
        console.log(`### ${kind.name}: the platform's run failed: ${result?.error ?? 'no result'}`);
        const failed = { ...emptyTally(), unexplained: 1 };
        addTo(siteTally, failed);
        addTo(byKind.get(kind.name)!, failed);
        unexplained.push({ kind: kind.name, site, side: 'platform', file: '-', target: 'the platform\'s run failed' });
        continue;
      }
      const found = kind.ours(our);
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
  const stale = known.unused(kinds.map((k) => k.name), sites);
  if (stale.length > 0) {
    console.log(`\n${stale.length} known differences matched nothing (fixed since? remove them from bench/agreement/known-differences.json):`);
    for (const d of stale) console.log(`- ${d.kind} ${d.site} ${d.side} only: ${d.file}: ${d.target}`);
  }
  console.log(`\n${unexplained.length} unexplained disagreements; ${((performance.now() - started) / 1000).toFixed(0)} s; load average at end ${loadavg().map((v) => v.toFixed(1)).join(' ')}`);
  return unexplained.length > 0 ? 1 : 0;
}

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
