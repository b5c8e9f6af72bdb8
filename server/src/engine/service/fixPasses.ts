import type { Diagnostic } from '../diagnostic';
import type { SiteGraph } from '../pages/siteGraph';
import type { CodeAction } from './actions';
import type { CheckedSite } from './checkedSite';
import { fixedTexts, fixesOf, nonOverlapping, textReads } from './fixAll';

/** What a pass of fixes reads from a check: its problems by file, with the texts checked. */
export interface SiteFixCheck {
  site: CheckedSite;
  graph: SiteGraph;
  files: readonly { path: string; text: string; diagnostics: readonly Diagnostic[] }[];
}

export interface FixedFile {
  file: string;
  before: string;
  after: string;
  /** How many problems of each code its fixes changed. */
  codes: Map<string, number>;
}

export interface SiteFixes<Check extends SiteFixCheck> {
  /** The files the fixes change, in the order first changed. */
  fixed: FixedFile[];
  /** Files left as they were: a fix made them unreadable (JSON that does not parse, a page whose MDX parse fails). */
  leftAsTheyWere: string[];
  /** The fixes still there after the last pass (edits that kept overlapping). */
  remaining: CodeAction[];
  /** The check of the fixed texts. */
  last: Check;
}

/** As many passes as ESLint makes: fixes whose edits overlap wait for the next. */
export const maxFixPasses = 10;

/**
 * Applies the fixes without a choice of a whole site, in passes: each pass applies the fixes of
 * the last check whose edits do not overlap, then checks the fixed texts again (a fix may clear
 * or bring problems), until no fix is left or `maxFixPasses` were made. A file that read before
 * (parsed as JSON, or as MDX) and not after a pass is put back as it was and no longer fixed; a
 * file that did not read at first is kept fixed only if it reads at the end. Nothing is written:
 * the caller writes the fixed texts.
 */
export async function fixSite<Check extends SiteFixCheck>(check: (texts: ReadonlyMap<string, string>) => Promise<Check>): Promise<SiteFixes<Check>> {
  const texts = new Map<string, string>();
  const originals = new Map<string, { text: string; reads: boolean }>();
  const codes = new Map<string, Map<string, number>>();
  const leftAsTheyWere = new Set<string>();
  const putBack = (file: string) => {
    texts.delete(file);
    codes.delete(file);
    leftAsTheyWere.add(file);
  };
  let last = await check(texts);
  let changed: string[] = [];
  let remaining: CodeAction[] = [];
  for (let pass = 0; ; pass++) {
    const broken = changed.filter((file) => originals.get(file)!.reads && !textReads(last.graph, file, texts.get(file)!));
    broken.forEach(putBack);
    if (broken.length > 0) last = await check(texts);
    remaining = fixesLeft(last, leftAsTheyWere);
    if (remaining.length === 0 || pass === maxFixPasses) break;
    const checkedText = textsOf(last);
    const { taken } = nonOverlapping(remaining);
    const fixed = fixedTexts(taken, checkedText);
    for (const [file, text] of fixed) {
      if (!originals.has(file)) originals.set(file, { text: checkedText(file)!, reads: textReads(last.graph, file, checkedText(file)!) });
      texts.set(file, text);
    }
    for (const fix of taken) {
      for (const { file } of fix.edits) {
        const counts = codes.get(file) ?? new Map<string, number>();
        counts.set(fix.diagnostic.code, (counts.get(fix.diagnostic.code) ?? 0) + 1);
        codes.set(file, counts);
      }
    }
    changed = [...fixed.keys()];
    last = await check(texts);
  }
  // A file that did not read at first is written only if the fixes made it read.
  const unread = [...texts.keys()].filter((file) => !textReads(last.graph, file, texts.get(file)!));
  unread.forEach(putBack);
  if (unread.length > 0) {
    last = await check(texts);
    remaining = fixesLeft(last, leftAsTheyWere);
  }
  const fixed = [...texts].flatMap(([file, after]) => (after === originals.get(file)!.text ? [] : [{ file, before: originals.get(file)!.text, after, codes: codes.get(file)! }]));
  return { fixed, leftAsTheyWere: [...leftAsTheyWere], remaining, last };
}

/** The fixes of a check's problems, but for the files left as they were. */
function fixesLeft(checked: SiteFixCheck, leftAsTheyWere: ReadonlySet<string>): CodeAction[] {
  const fixes = checked.files.flatMap(({ path, text, diagnostics }) => fixesOf(checked.site, checked.graph, path, text, diagnostics));
  return fixes.filter((fix) => fix.edits.every(({ file }) => !leftAsTheyWere.has(file)));
}

/** The texts a check read: those of its files with problems, then its JSON documents and pages. */
function textsOf(checked: SiteFixCheck): (file: string) => string | undefined {
  const withProblems = new Map(checked.files.map((file) => [file.path, file.text]));
  return (file) => withProblems.get(file) ?? checked.site.document(file)?.document.json.text ?? checked.graph.page(file)?.text;
}
