// Where docsjson and the platform's own checker (`mint broken-links --check-anchors
// --check-snippets --check-redirects`) disagree on the three real sites: both run on each site,
// their findings (a page and the target written in it, or a redirect) matched, and every finding
// only one of them makes printed under the class that explains it (docs/differences-from-mint-broken-links.md).
// The `mint` package is installed on first use into bench/.cache (git-ignored), as bench/site.ts does.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { checkDocsJson, DiskSiteHost, docsJsonSiteRules, ownAnchors, pageRules, runSiteRules, SiteGraph, type Diagnostic } from '../server/src/engine';
import { redirectListOf } from '../server/src/engine/redirects/redirectList';
import { isRecord } from '../server/src/engine/model/cursor';
import { headingAnchor } from '../server/src/engine/pages/slug';
import { materialiseSite, realSites } from '../test/support/sites';

const cache = join(process.cwd(), 'bench', '.cache');
const mintBin = join(cache, 'mint', 'node_modules', '.bin', 'mint');

function ensureMint(): void {
  if (existsSync(mintBin)) return;
  mkdirSync(cache, { recursive: true });
  console.log('installing mint into bench/.cache/mint (first run only)...');
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--prefix', join(cache, 'mint'), 'mint@latest'], { encoding: 'utf8' });
  if (install.status !== 0 || !existsSync(mintBin)) throw new Error(`npm install mint failed: ${(install.stderr || install.stdout).trim().split('\n').slice(-3).join(' / ')}`);
}

/** A finding: the file it is in and what is written there (a link target, or "source → destination" for a redirect). */
interface Finding {
  file: string;
  target: string;
}

const key = (finding: Finding) => `${finding.file}\t${finding.target}`;

/** mint prints each file, then its broken targets each on a line starting "⎿", long lines wrapped at the terminal's width. */
function parseMint(output: string): Finding[] {
  const findings: Finding[] = [];
  let file: string | undefined;
  let previousWasTarget = false;
  for (const line of output.split('\n')) {
    const target = /^\s*⎿\s+(.*)$/.exec(line);
    if (target && file !== undefined) {
      findings.push({ file, target: target[1].trim() });
      previousWasTarget = true;
    } else if (line.trim() === '') {
      previousWasTarget = false;
    } else if (previousWasTarget && findings.length > 0) {
      findings[findings.length - 1].target += line.trim();
    } else if (!/^found \d+ broken/.test(line) && !/^exit /.test(line)) {
      file = line.trim();
    }
  }
  return findings;
}

interface OurFinding extends Finding {
  diagnostic: Diagnostic;
}

/** Our link and redirect findings, each with the target written where it is reported. */
function ours(root: string): { findings: OurFinding[]; graph: SiteGraph } {
  const host = new DiskSiteHost(root);
  const check = checkDocsJson(readFileSync(join(root, 'docs.json'), 'utf8'), host);
  const graph = new SiteGraph(host, check);
  const findings: OurFinding[] = [];
  const list = redirectListOf(check);
  for (const [file, diagnostics] of runSiteRules(graph, [...pageRules, ...docsJsonSiteRules])) {
    for (const diagnostic of diagnostics) {
      if (!/^(link|redirect)\//.test(diagnostic.code)) continue;
      if (diagnostic.code.startsWith('redirect/')) {
        const items = list?.items ?? [];
        const at = list ? list.document.json.locate(items.map((_, index) => ({ path: [...list.path, index], target: 'value' as const }))) : [];
        const index = at.findIndex((range) => range && range.start <= diagnostic.range.start && diagnostic.range.end <= range.end);
        const item = items[index];
        const target = isRecord(item) ? `${String(item.source)} → ${String(item.destination)}` : '?';
        findings.push({ file, target, diagnostic });
        continue;
      }
      const reference = graph.page(file)?.references.find((r) => r.range.start <= diagnostic.range.start && diagnostic.range.end <= r.range.end);
      findings.push({ file, target: reference?.target ?? '?', diagnostic });
    }
  }
  return { findings, graph };
}

/** The platform's checker strips these from an anchor before comparing. */
const looseMarks = /[?,;:!'"()[\]{}]/g;
/** The attributes mint reads (besides Markdown links and images): `href` on `a` and `Card`, `src` on `img` and `source`. */
const mintAttributes = new Set(['a href', 'Card href', 'img src', 'source src']);

function classifyOursOnly(finding: OurFinding, graph: SiteGraph): string {
  const { diagnostic, target, file } = finding;
  if (diagnostic.code.startsWith('redirect/')) {
    const destination = target.slice(target.indexOf(' → ') + 3).replace(/^\/+|\/+$/g, '');
    if (diagnostic.code === 'redirect/missing-destination' && graph.routes.firstPageIn(destination) !== undefined) return 'folder without an index page';
    return `redirect rule mint does not have (${diagnostic.code})`;
  }
  const reference = graph.page(file)?.references.find((r) => r.range.start <= diagnostic.range.start && diagnostic.range.end <= r.range.end);
  if (reference?.kind === 'attribute' && !mintAttributes.has(`${reference.tag} ${reference.attribute}`)) return 'link in a component attribute mint does not read';
  if (diagnostic.code === 'link/missing-anchor') {
    const fragment = decodeURIComponent(target.slice(target.indexOf('#') + 1));
    const page = String(diagnostic.data?.page ?? '');
    const anchors = graph.anchorsOf(page);
    if ([...anchors].some((anchor) => anchor.replace(looseMarks, '') === fragment.replace(looseMarks, ''))) return 'anchor that matches only once punctuation is stripped';
    if (graph.page(page)?.headings.some((heading) => heading.anchor === undefined && headingAnchor(heading.text) === fragment)) return 'heading of level 5 or 6 (no id)';
  }
  if (diagnostic.code === 'link/missing-page' && graph.routes.firstPageIn(String(diagnostic.data?.path)) !== undefined) return 'folder without an index page';
  if (file.startsWith('snippets/') || /(^|\/)_snippets\//.test(file)) return 'link in a snippet file';
  return `other, ours only (${diagnostic.code})`;
}

function classifyMintOnly(finding: Finding, graph: SiteGraph): string {
  const { target, file } = finding;
  if (target.includes(' → ')) return 'redirect mint reports broken that resolves (through $ref, generated pages, "/" or a pattern)';
  const resolution = graph.resolveLink(target, file);
  if (resolution.kind === 'found' && resolution.fragment !== undefined && resolution.route.kind === 'page') {
    const page = graph.page(resolution.route.file);
    if (page && !ownAnchors(page).includes(resolution.fragment) && graph.anchorsOf(resolution.route.file).has(resolution.fragment)) return 'anchor from a heading of an imported snippet';
    const component = page?.componentAnchors.find((anchor) => anchor.anchor === resolution.fragment);
    if (component) return `anchor of a component (<${component.tag}>)${/[^\x00-\x7f]/.test(resolution.fragment) ? ' titled beyond ASCII' : ''}`;
    if (/[^\x00-\x7f]/.test(resolution.fragment)) return 'anchor with characters beyond ASCII';
    if (page?.headings.some((heading) => heading.anchor === resolution.fragment)) return 'anchor of a heading mint slugs differently';
  }
  if (!target.startsWith('/') && !target.startsWith('#') && resolution.kind === 'found') return 'relative link resolved from the page\'s folder';
  return 'other, mint only';
}

ensureMint();
console.log(`load average at start: ${loadavg().map((v) => v.toFixed(1)).join(' ')}`);
const totals = new Map<string, number>();
for (const site of realSites) {
  const root = materialiseSite(site);
  const mint = spawnSync(mintBin, ['broken-links', '--check-anchors', '--check-snippets', '--check-redirects'], { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env: { ...process.env, CI: '1', NO_COLOR: '1', COLUMNS: '10000' } });
  const theirs = parseMint(mint.stdout + mint.stderr);
  const { findings: mine, graph } = ours(root);
  const theirKeys = new Set(theirs.map(key));
  const ourKeys = new Set(mine.map(key));
  const classes = new Map<string, string[]>();
  const add = (name: string, example: string) => classes.set(name, [...(classes.get(name) ?? []), example]);
  let agreed = 0;
  for (const finding of mine) {
    if (theirKeys.has(key(finding))) agreed++;
    else add(`ours only: ${classifyOursOnly(finding, graph)}`, `${finding.file}: ${finding.target}`);
  }
  for (const finding of theirs) if (!ourKeys.has(key(finding))) add(`mint only: ${classifyMintOnly(finding, graph)}`, `${finding.file}: ${finding.target}`);
  console.log(`\n## ${site}: mint ${theirs.length} findings (exit ${mint.status}), docsjson ${mine.length} link and redirect findings, ${agreed} of ours also found by mint`);
  for (const [name, examples] of [...classes].sort((a, b) => b[1].length - a[1].length)) {
    totals.set(name, (totals.get(name) ?? 0) + examples.length);
    console.log(`- ${name}: ${examples.length}`);
    for (const example of examples.slice(0, 3)) console.log(`    ${example}`);
  }
}
console.log('\n## every site');
for (const [name, count] of [...totals].sort((a, b) => b[1] - a[1])) console.log(`- ${name}: ${count}`);
console.log(`load average at end: ${loadavg().map((v) => v.toFixed(1)).join(' ')}`);
