// Cold whole-site check (file scan, docs.json, every page read and every page rule) of the three
// real sites, side by side with the platform's own checker, `mint broken-links --check-anchors
// --check-snippets --check-redirects`, in one run. Each contender runs in a fresh process; its
// time is the wall time of that process and the CPU time of all its Node processes (the fairer
// figure on a busy machine), its memory the peak resident set of its largest process.
// The `mint` package is installed on first use into bench/.cache/platform (git-ignored, bench/agreement/platformPackages.ts), never a dependency.
// It ends with each target's figure, met or MISSED, and the load average (the machine may be shared).
// Beside each site, the floor: a fresh process that reads the same files (pages, snippets, docs.json,
// specs) and finds their links and headings with a regular expression, and our ratio to it, with the
// cores the run had. At the end, where a cold check's time goes (docs.json, reading and scanning
// the pages, parsing them, the rules, and the garbage collection within each), in this process.
// Then the part of our check that the OpenAPI validation takes: each declared spec read (the fast
// path that finds its operations) and validated as the platform validates it, in this process.
// First of all, on each of the ten shared sites: a cold `check --cache` (an empty cache), a warm
// one (the cache the cold run left: the same files, so the report it kept), one after an edit of
// one page (that page parsed, the others' facts from the cache, every rule run) and the
// platform's own parse of the same pages (`getAST` of the installed @mintlify/common, one page
// after another in a process of its own), with the floor, side by side with their ratios.
import { platformFolder, platformPackages } from './agreement/platformPackages';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { PerformanceObserver } from 'node:perf_hooks';
import { join, resolve } from 'node:path';
import { checkDocsJson, DiskSiteHost, docsJsonSiteRules, pageRules, runSiteRules, SiteGraph } from '../server/src/engine';
import { mdxFactsOf } from '../server/src/engine/pages/mdx/mdxFacts';
import { parseMdx } from '../server/src/engine/pages/mdx/parseMdx';
import { checkedFiles } from '../server/src/engine/pages/siteCheck';
import { parseSpec, platformVerdict } from '../server/src/engine/openapi/openapiSpec';
import { materialiseSite, realSites, sharedSites } from '../test/support/sites';
import { tempFolder } from '../test/support/tempFolder';

const repository = process.cwd();
const cache = join(repository, 'bench', '.cache');
const mintBin = join(platformFolder, 'node_modules', '.bin', 'mint');
const ourRuns = 5;
/** The issue's targets for a cold whole-site check; the ratio to the floor allowed depends on the cores. */
const targets = { seconds: 1, ratio: 30, peakMB: 200, floorRatio: (cores: number) => (cores >= 4 ? 1.5 : 2) };
const cores = availableParallelism();
/** `BENCH_SITES=fastmcp,spree`: only the sites whose name holds one of these. */
const only = process.env.BENCH_SITES?.split(',').filter(Boolean);
const chosen = (site: string) => !only || only.some((part) => site.includes(part));
const benchedSharedSites = sharedSites.filter(chosen);
const benchedRealSites = realSites.filter(chosen);

/** The floor: the site's files read and their links and headings found with a regular expression, in a fresh process. */
const floorScript = join(cache, 'floor.js');

/** Loaded into every Node process of a contender: appends its peak memory (KB) to a file. */
const rssProbe = join(cache, 'rss-probe.js');

function ensureTools(): string | undefined {
  mkdirSync(cache, { recursive: true });
  writeFileSync(
    rssProbe,
    "process.on('exit', () => { const u = process.resourceUsage(); require('fs').appendFileSync(process.env.BENCH_RSS_FILE, u.maxRSS + ' ' + (u.userCPUTime + u.systemCPUTime) / 1e6 + '\\n'); });\n",
  );
  writeFileSync(
    floorScript,
    [
      "const { readdirSync, readFileSync } = require('fs');",
      "const { join } = require('path');",
      'let files = 0, links = 0, headings = 0;',
      'const walk = (dir) => {',
      '  for (const entry of readdirSync(dir, { withFileTypes: true })) {',
      "    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;",
      '    const path = join(dir, entry.name);',
      '    if (entry.isDirectory()) walk(path);',
      '    else if (/\\.(mdx?|json|ya?ml)$/.test(entry.name)) {',
      "      const text = readFileSync(path, 'utf8');",
      '      files++;',
      '      links += [...text.matchAll(/\\]\\(([^)\\s]+)|href=["\']([^"\']+)/g)].length;',
      '      headings += [...text.matchAll(/^#{1,6}[ \\t]+(.*)$/gm)].length;',
      '    }',
      '  }',
      '};',
      'walk(process.argv[2]);',
      'console.log(JSON.stringify({ files, links, headings }));',
      '',
    ].join('\n'),
  );
  try {
    platformPackages();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

interface Run {
  seconds: number;
  cpuSeconds: number;
  peakMB: number;
  processes: number;
  output: string;
  status: number | null;
}

function run(args: string[], cwd: string): Run {
  const rssFile = join(cache, `rss-${process.pid}.txt`);
  rmSync(rssFile, { force: true });
  const start = performance.now();
  const result = spawnSync(process.execPath, args, {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, NODE_OPTIONS: `--require ${rssProbe}`, BENCH_RSS_FILE: rssFile, CI: '1', NO_COLOR: '1' },
  });
  const seconds = (performance.now() - start) / 1000;
  const probes = existsSync(rssFile) ? readFileSync(rssFile, 'utf8').split('\n').filter(Boolean).map((line) => line.split(' ').map(Number)) : [];
  return {
    seconds,
    cpuSeconds: probes.reduce((sum, [, cpu]) => sum + cpu, 0),
    peakMB: Math.max(0, ...probes.map(([rss]) => rss)) / 1024,
    processes: probes.length,
    output: result.stdout + result.stderr,
    status: result.status,
  };
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

const installError = ensureTools();
const cli = resolve(repository, 'dist', 'cli.js');
const load = () => loadavg().map((value) => value.toFixed(1)).join(' ');

/** The pages a check of the site parses: every page and Markdown snippet. */
function parsedPages(root: string): string[] {
  const host = new DiskSiteHost(root);
  return checkedFiles(new SiteGraph(host, checkDocsJson(readFileSync(join(root, 'docs.json'), 'utf8'), host)));
}

const seconds = (r: Run) => `${r.seconds.toFixed(2)} s (CPU ${r.cpuSeconds.toFixed(2)} s)`;

/** Of several runs, the one of median wall time. */
function medianRun(runs: Run[]): Run {
  return [...runs].sort((a, b) => a.seconds - b.seconds)[Math.floor(runs.length / 2)];
}

/** Cold and warm `check --cache` beside the platform's parse of the same pages and the floor, on every shared site. */
function cacheComparison(): void {
  const runs = 3;
  console.log(`\nCold and warm check --cache (median of ${runs} fresh processes each, as the platform's parse and the floor; cold: an empty cache; warm: the same files again; edited: after an edit of one page) beside the platform's parse of the same pages (getAST, one process, one thread; "spread" is its CPU time over the ${cores} cores; the CPU ratio, cold's over the platform parse's) and the floor:`);
  console.log('| site | pages | cold | warm | edited | warm / cold | warm / floor | edited / floor | platform parse | cold / platform spread | floor |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const site of benchedSharedSites) {
    const root = materialiseSite(site);
    const pages = parsedPages(root);
    // Run from the bench's folder: a site's own package.json (an empty file where the repository's is not kept) would stop Node's preload of the probe.
    const check = (location: string) => run([cli, 'check', root, '--format', 'json', '--cache-location', location], cache);
    const colds = Array.from({ length: runs }, () => check(tempFolder('docsjson-bench-cache-')));
    const location = tempFolder('docsjson-bench-cache-');
    check(location);
    const warms = Array.from({ length: runs }, () => check(location));
    const [cold, warm] = [medianRun(colds), medianRun(warms)];
    if (warm.output !== cold.output) throw new Error(`${site}: the warm check's output differs from the cold one's`);
    // Each run after another text of the page: the check kept by the run before is of other files.
    const page = join(root, pages[0]);
    const text = readFileSync(page, 'utf8');
    let edited: Run;
    try {
      edited = medianRun(
        Array.from({ length: runs }, (_, index) => {
          writeFileSync(page, `${text}${'\n'.repeat(index + 1)}`);
          return check(location);
        }),
      );
    } finally {
      writeFileSync(page, text);
    }
    const floor = medianRun(Array.from({ length: runs }, () => run([floorScript, root], cache)));
    let platformColumns = `not run: ${installError} |`;
    if (!installError) {
      const list = join(cache, 'pages.txt');
      writeFileSync(list, pages.join('\n'));
      const platform = medianRun(Array.from({ length: runs }, () => run([join(repository, 'bench', 'support', 'platformParse.mjs'), platformFolder, root, list], cache)));
      const spread = platform.cpuSeconds / cores;
      platformColumns = `${seconds(platform)}, ${platform.output.trim()} | ${(cold.seconds / spread).toFixed(2)}x (CPU ${(cold.cpuSeconds / platform.cpuSeconds).toFixed(2)}x)`;
    }
    console.log(`| ${site} | ${pages.length} | ${seconds(cold)} | ${seconds(warm)} | ${seconds(edited)} | ${(warm.seconds / cold.seconds).toFixed(2)}x (CPU ${(warm.cpuSeconds / cold.cpuSeconds).toFixed(2)}x) | ${(warm.seconds / floor.seconds).toFixed(1)}x | ${(edited.seconds / floor.seconds).toFixed(1)}x | ${platformColumns} | ${seconds(floor)} |`);
  }
  console.log(`load average: ${load()}`);
}

console.log(`load average at start: ${load()}; ${cores} cores`);
cacheComparison();
const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
const rows: string[] = [];
const checks: string[] = [];
for (const site of benchedRealSites) {
  const root = materialiseSite(site);
  const ours = Array.from({ length: ourRuns }, () => run([cli, 'check', root, '--format', 'json'], root));
  const report = JSON.parse(ours[0].output) as { files: { path: string; diagnostics: { code: string }[] }[] };
  const all = report.files.flatMap((file) => file.diagnostics);
  const pageFindings = all.filter((d) => d.code.startsWith('link/')).length;
  const oursSeconds = median(ours.map((r) => r.seconds));
  const oursCpu = median(ours.map((r) => r.cpuSeconds));
  const oursMB = Math.max(...ours.map((r) => r.peakMB));
  const floors = Array.from({ length: ourRuns }, () => run([floorScript, root], root));
  const floorSeconds = median(floors.map((r) => r.seconds));
  const floorCpu = median(floors.map((r) => r.cpuSeconds));
  const floorRatio = oursSeconds / floorSeconds;
  const floorColumns = `${floorSeconds.toFixed(2)} s (CPU ${floorCpu.toFixed(2)} s) | ${floorRatio.toFixed(1)}x (CPU ${(oursCpu / floorCpu).toFixed(1)}x)`;
  checks.push(`${site}: ${floorRatio.toFixed(1)}x its floor in wall time on ${cores} cores: ${verdict(floorRatio <= targets.floorRatio(cores))} (<= ${targets.floorRatio(cores)}x)`);
  checks.push(`${site}: cold ${oursSeconds.toFixed(2)} s wall, ${oursCpu.toFixed(2)} s CPU (median of ${ourRuns}): ${verdict(oursSeconds <= targets.seconds)} wall, ${verdict(oursCpu <= targets.seconds)} CPU (<= ${targets.seconds} s)`);
  checks.push(`${site}: peak ${oursMB.toFixed(0)} MB: ${verdict(oursMB <= targets.peakMB)} (<= ${targets.peakMB} MB)`);
  let mintColumns = `not run: ${installError}`;
  if (!installError) {
    const mint = run([mintBin, 'broken-links', '--check-anchors', '--check-snippets', '--check-redirects'], root);
    writeFileSync(join(cache, `${site}.mint.txt`), mint.output);
    const count = /found (\d+) broken links?/.exec(mint.output);
    const wallRatio = mint.seconds / oursSeconds;
    const cpuRatio = mint.cpuSeconds / oursCpu;
    if (count || /no broken links/i.test(mint.output)) {
      mintColumns = `${mint.seconds.toFixed(1)} s (CPU ${mint.cpuSeconds.toFixed(1)} s) | ${mint.peakMB.toFixed(0)} MB (${mint.processes} processes) | ${count ? count[1] : 0} | ${wallRatio.toFixed(0)}x (CPU ${cpuRatio.toFixed(0)}x)`;
      checks.push(`${site}: ${wallRatio.toFixed(0)}x faster than mint in wall time, ${cpuRatio.toFixed(0)}x in CPU: ${verdict(wallRatio >= targets.ratio)} wall, ${verdict(cpuRatio >= targets.ratio)} CPU (>= ${targets.ratio}x)`);
    } else {
      mintColumns = `failed (exit ${mint.status}): ${mint.output.trim().split('\n').slice(-2).join(' / ').slice(0, 200)}`;
      checks.push(`${site}: >= ${targets.ratio}x faster than mint: not measured (mint failed)`);
    }
  }
  rows.push(`| ${site} | ${oursSeconds.toFixed(2)} s (CPU ${oursCpu.toFixed(2)} s) | ${floorColumns} | ${oursMB.toFixed(0)} MB | ${pageFindings} (+${all.length - pageFindings} in docs.json) | ${mintColumns} |`);
}
console.log(`| site | ours cold (${cores} cores) | floor | ours / floor | ours peak | our findings | mint | mint peak | mint findings | mint / ours |`);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
console.log('\nTargets:');
for (const check of checks) console.log(`  ${check}`);
console.log(`load average at end: ${load()}`);

/** The declared specs' reading and validation, timed one by one; the first validation of a version compiles its schema. */
function specValidationCost(site: string, root: string): string[] {
  const host = new DiskSiteHost(root);
  const { basis } = checkDocsJson(readFileSync(join(root, 'docs.json'), 'utf8'), host);
  const paths = new Set([...basis.statuses.values()].flatMap((status) => (status.kind === 'local' || status.kind === 'invalid' ? [status.path] : [])));
  return [...paths].map((path) => {
    const text = host.readFile(path) ?? '';
    let started = performance.now();
    const spec = parseSpec(text, path);
    const readMs = performance.now() - started;
    started = performance.now();
    const verdict = platformVerdict(spec);
    const validateMs = performance.now() - started;
    return `| ${site} | ${path} | ${(text.length / 1024).toFixed(0)} KB | ${readMs.toFixed(0)} ms | ${validateMs.toFixed(0)} ms | ${verdict.valid ? 'valid' : 'refused'} |`;
  });
}

console.log('\nOpenAPI validation (in this process, in declaration order):');
console.log('| site | spec | size | read (operations) | validation | verdict |');
console.log('|---|---|---|---|---|---|');
for (const site of benchedRealSites) for (const row of specValidationCost(site, materialiseSite(site))) console.log(row);
console.log(`load average: ${load()}`);

/** The time of each part of a cold check of a site, with the garbage collection within it, in this process (one thread). */
async function costBreakdown(site: string, root: string): Promise<string> {
  const collections: { startTime: number; duration: number }[] = [];
  const observer = new PerformanceObserver((list) => collections.push(...list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  const parts: { start: number; end: number }[] = [];
  const part = (work: () => void) => {
    const start = performance.now();
    work();
    parts.push({ start, end: performance.now() });
  };
  const host = new DiskSiteHost(root);
  let graph: SiteGraph | undefined;
  let files: string[] = [];
  part(() => {
    graph = new SiteGraph(host, checkDocsJson(readFileSync(join(root, 'docs.json'), 'utf8'), host));
    files = checkedFiles(graph);
  });
  part(() => files.forEach((file) => graph!.page(file)));
  part(() => {
    for (const file of files) {
      const text = graph!.page(file)?.text;
      if (text !== undefined) graph!.mdxFacts.set(file, text, mdxFactsOf(text, parseMdx(text)));
    }
  });
  part(() => runSiteRules(graph!, [...pageRules, ...docsJsonSiteRules]));
  // The collections are reported to the observer a little later: each is counted in the part it started in.
  await new Promise((resolve) => setTimeout(resolve, 100));
  observer.disconnect();
  const gcIn = ({ start, end }: { start: number; end: number }) => collections.filter((gc) => gc.startTime >= start && gc.startTime < end).reduce((sum, gc) => sum + gc.duration, 0);
  return `| ${site} | ${files.length} | ${parts.map((p) => `${(p.end - p.start).toFixed(0)} ms (GC ${gcIn(p).toFixed(0)})`).join(' | ')} |`;
}

async function breakdowns(): Promise<void> {
  console.log('\nWhere a cold check goes (in this process, one thread; the first site also warms the code up):');
  console.log('| site | files | docs.json and file list | read and scan | parse | rules |');
  console.log('|---|---|---|---|---|---|');
  for (const site of benchedRealSites) console.log(await costBreakdown(site, materialiseSite(site)));
  console.log(`load average: ${load()}`);
}

void breakdowns();
