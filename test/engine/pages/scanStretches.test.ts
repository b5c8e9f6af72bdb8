// A page is scanned in stretches that end after blank lines, and after an edit only the stretches
// around it are read again. Both must read exactly as one reading of the whole body at once: on
// random pages of MDX pieces (unclosed quotes, braces, fences, comments, links and statements
// among them), on every page of the shared sites, and after random edits.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { DiskSiteHost } from '../../../server/src/engine';
import { readFrontmatterBlock, scanPage, scanWholePage, type PageScan, type ScannedPage } from '../../../server/src/engine/pages/scanPage';
import { normaliseLabel } from '../../../server/src/engine/pages/scanLinks';
import { scanStretch } from '../../../server/src/engine/pages/scanStretch';
import type { PageReference } from '../../../server/src/engine/pages/stretchScan';
import { SiteFiles } from '../../../server/src/engine/pages/siteFiles';
import { materialiseSite, realSites } from '../../support/sites';

/** The page read as one stretch: its body at once, reference links read with its definitions. */
function wholeReading(text: string): PageScan {
  const frontmatter = readFrontmatterBlock(text);
  const start = frontmatter?.range.end ?? 0;
  const body = scanStretch(text.slice(start));
  const definitions = new Map<string, string>();
  for (const { label, target } of body.definitions) if (!definitions.has(label)) definitions.set(label, target);
  const labelLinks: PageReference[] = body.labelLinks.flatMap(({ kind, label, start: at }) => {
    const target = definitions.get(normaliseLabel(label));
    return target === undefined ? [] : [{ kind, target, range: { start: at, end: at + label.length }, label }];
  });
  const move = <T extends { range: { start: number; end: number } }>(item: T): T => ({ ...item, range: { start: item.range.start + start, end: item.range.end + start } });
  return {
    frontmatter,
    headings: body.headings.map(move),
    anchorAttributes: body.anchorAttributes.map(move),
    references: [...body.references, ...labelLinks].sort((a, b) => a.range.start - b.range.start).map(move),
    imports: body.imports.map(move),
  };
}

function reading(scan: PageScan): PageScan {
  const { frontmatter, headings, anchorAttributes, references, imports } = scan;
  return { frontmatter, headings, anchorAttributes, references, imports };
}

/** Pieces of pages, many of them left open: a search from one may run past the blank lines after it. */
const pieces = [
  '\n', '\n\n', '\n \n', '\n\t\n', ' ', 'text ', '# Heading\n', '## Title {#custom}\n', 'Setext\n===\n', 'Under\n---\n', '---\ntitle: x\n---\n',
  '[', ']', '(', ')', '{', '}', '<', '>', '"', "'", '`', '``', '```\n', '```js\ncode\n```\n', '~~~\n', '\\', '!', '=',
  '[a](/x)', '[a](/x "t")', '[a](<', '[a](/y ', '[a](/z (', '[a][b]', '[b]', '[B][]', '[b]: /defined\n', '[c]: <x>\n', '![i](/img.png)',
  '<Card href="/card" title="T">', '</Card>', '<Card title="', '<a href=\'/q\'>', '<Tab title={"One"}>', '<X y={', '<img src="/s.png" />',
  '<ParamField path="id">', '{/* comment', '*/}', '{/* whole */}', '<!--', '-->', 'import A from "/snippets/a.mdx"\n', 'import {b} from',
  "import './side.css'\n", 'export const x = {\n', 'export const y = `', '\n\nexport default 1\n\n', '&amp;', 'é', '\r\n',
  '/*', '*/', '{ ', 'import ', 'export ', ' from ', "'./q'", '"x"', '*', '-', '|', '> ', '- ', '1. ', '    ', '\t', '#', '{#', 'x=', ' a ',
  // Openings cut by a blank line, and what may close them after it.
  '<Card title=\n\n', '<A b\n\n', '{\n\n', '{/*\n\n', '*/\n\n}', 'import X\n\n', 'from\n\n', '[a](\n\n', '[a](/x\n\n', '[a](/x "\n\n',
  '[l]\n\n', '`a\n\n', '<!--\n\n', '```\n\n', 'export const q = (\n\n', '/* [c](/c) */}', '"/q">', "{'/v'}>", '"t")', '/x)', ' from "/s.mdx"\n',
];

const page = fc.array(fc.constantFrom(...pieces), { maxLength: 120, size: 'max' }).map((parts) => parts.join(''));

describe('a page read in stretches', () => {
  it('reads as one reading of its whole body, on random pages of MDX pieces', () => {
    fc.assert(
      fc.property(page, (text) => {
        assert.deepEqual(reading(scanPage(text)), wholeReading(text));
        assert.deepEqual(scanWholePage(text), wholeReading(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('reads as one reading of its whole body, after a chain of random edits reusing the last reading', () => {
    const edit = fc.record({ at: fc.nat(), removed: fc.nat({ max: 12 }), inserted: fc.array(fc.constantFrom(...pieces), { maxLength: 3, size: 'max' }).map((parts) => parts.join('')) });
    fc.assert(
      fc.property(page, fc.array(edit, { minLength: 1, maxLength: 8, size: 'max' }), (start, edits) => {
        let text = start;
        let scanned = scanPage(text);
        for (const { at, removed, inserted } of edits) {
          const from = at % (text.length + 1);
          text = text.slice(0, from) + inserted + text.slice(from + removed);
          scanned = scanPage(text, scanned);
          assert.deepEqual(reading(scanned), wholeReading(text), `after an edit at ${from} to ${JSON.stringify(text)}`);
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('reads every page of the shared sites as one reading of its whole body', () => {
    let pages = 0;
    for (const site of realSites) {
      const host = new DiskSiteHost(materialiseSite(site));
      for (const file of new SiteFiles(host).pageFiles) {
        const text = host.readFile(file) ?? '';
        assert.deepEqual(reading(scanPage(text)), wholeReading(text), `${site}/${file}`);
        assert.deepEqual(scanWholePage(text), wholeReading(text), `${site}/${file}, read at once`);
        pages++;
      }
    }
    assert.ok(pages > 500, `only ${pages} pages read`);
  });

  it('after a keystroke in a long page, reads again only the stretch around it', () => {
    const paragraphs = Array.from({ length: 200 }, (_, k) => `## Section ${k}\n\nSee [page ${k}](/pages/${k}) and <Card href="/cards/${k}">card</Card>.\n\n`);
    const text = `---\ntitle: Long\n---\n\n${paragraphs.join('')}`;
    const before = scanPage(text);
    const at = text.indexOf('[page 100]') + 1;
    const after = scanPage(`${text.slice(0, at)}x${text.slice(at)}`, before);
    assert.ok(before.stretches.length >= 400, `${before.stretches.length} stretches`);
    const readAgain = after.stretches.filter((stretch) => !before.stretches.some((old) => old.scan === stretch.scan));
    assert.equal(readAgain.length, 1);
    assert.ok(readAgain[0].start < at && at < readAgain[0].end);
    assert.equal(after.references.find((r) => r.target === '/pages/150')?.range.start, text.indexOf('/pages/150') + 1);
  });

  it('reads a page written with CRLF line breaks in stretches too, a blank line ending a code span or a link there as well', () => {
    const text = 'One `code\r\n\r\n[link](/a) and` more.\r\n\r\n[open\r\n\r\n](/b) [c](/c)\r\n';
    const scanned = scanPage(text);
    assert.ok(scanned.stretches.length >= 3, `${scanned.stretches.length} stretches`);
    assert.deepEqual(reading(scanned), wholeReading(text));
    assert.deepEqual(
      scanned.references.map((r) => r.target),
      ['/a', '/c'],
    );
  });

  it('reads again, with the text after it, a stretch that an edit leaves open', () => {
    const text = 'Intro [a](/a).\n\n<Card title="T">\n\nBody [b](/b).\n\n<Note href="/n">x</Note>\n\nEnd [c](/c).\n';
    const before: ScannedPage = scanPage(text);
    const at = text.indexOf('T">') + 1;
    const opened = `${text.slice(0, at)}${text.slice(at + 1)}`;
    const after = scanPage(opened, before);
    assert.deepEqual(reading(after), wholeReading(opened));
    const holding = after.stretches.find((stretch) => stretch.start < at && at < stretch.end)!;
    assert.ok(holding.end > opened.indexOf('<Note'), 'the stretch left open is read on to the quote that closes it');
    assert.equal(after.anchorAttributes.length + after.references.filter((r) => r.kind === 'attribute').length, 1);
  });
});
