import { basename } from 'node:path';
import { languages, LanguageStatusSeverity, RelativePattern, Uri, window, workspace, type Disposable, type LanguageStatusItem } from 'vscode';
import type { SiteStatus } from '../../server/src/lsp/customMessages';
import { plural } from '../../server/src/engine/text';
import { safeText } from '../../agent/src/displayText';

/** A check that takes longer than this makes typing feel slow: the status item says so. */
const slowCheckMs = 500;

/** The language status of the docs site the active file belongs to: pages, problems, check time. */
export class SiteStatusItem implements Disposable {
  private readonly item: LanguageStatusItem = languages.createLanguageStatusItem('docsjson.site', []);
  private readonly sites = new Map<string, SiteStatus>();
  private readonly editorListener = window.onDidChangeActiveTextEditor(() => this.render());

  constructor() {
    this.item.name = 'docs.json site';
  }

  update(status: SiteStatus): void {
    this.sites.set(status.root, status);
    this.item.selector = [...this.sites.keys()].map((root) => ({ scheme: 'file', pattern: new RelativePattern(Uri.file(root), '**/*') }));
    this.render();
  }

  private render(): void {
    const path = window.activeTextEditor?.document.uri.fsPath;
    const status = [...this.sites.values()]
      .filter((site) => path !== undefined && (path === site.root || path.startsWith(`${site.root}/`) || path.startsWith(`${site.root}\\`)))
      .sort((a, b) => b.root.length - a.root.length)[0];
    if (!status) return;
    const slow = status.checkMs > slowCheckMs;
    // The site is named only when there are several: the hover stays narrow enough for the window.
    const site = this.sites.size > 1 ? `${siteName(status.root)} ` : '';
    const summary = safeText(`${counted(status.pages, 'page')}, ${problemsOf(status)}`);
    this.item.text = `${slow ? '$(warning)' : '$(book)'} ${summary}`;
    // A screen reader reads the words, not the icon's code.
    this.item.accessibilityInformation = { label: `docs.json site: ${summary}${slow ? ', slow to check' : ''}` };
    this.item.detail = safeText(
      slow
        ? `checking ${site}took ${(status.checkMs / 1000).toFixed(1)} s: diagnostics lag while typing`
        : `${site}checked in ${status.checkMs.toLocaleString('en-US')} ms${status.pagesChecked ? '' : ', checking the pages…'}`,
    );
    this.item.severity = slow ? LanguageStatusSeverity.Warning : status.errors > 0 ? LanguageStatusSeverity.Error : LanguageStatusSeverity.Information;
    this.item.command = { title: 'Open docs.json', command: 'vscode.open', arguments: [Uri.parse(status.docsJson)] };
  }

  dispose(): void {
    this.item.dispose();
    this.editorListener.dispose();
  }
}

/** The counts that are not zero, as `docsjson check` sums them up: "8 warnings", "1 error, 8 warnings, 2 notes", "no problems". */
function problemsOf({ errors, warnings, notes }: SiteStatus): string {
  const counts = [errors > 0 ? counted(errors, 'error') : '', warnings > 0 ? counted(warnings, 'warning') : '', notes > 0 ? counted(notes, 'note') : ''].filter(Boolean);
  return counts.length > 0 ? counts.join(', ') : 'no problems';
}

/** A count with thousands separators: "22,992 pages". */
function counted(count: number, noun: string): string {
  return plural(count, noun).replace(String(count), count.toLocaleString('en-US'));
}

/** The site's folder as short as it is clear: relative to its workspace folder, or the folder's name. */
function siteName(root: string): string {
  const folder = workspace.getWorkspaceFolder(Uri.file(root));
  if (!folder) return basename(root);
  const relative = workspace.asRelativePath(Uri.file(root), (workspace.workspaceFolders?.length ?? 0) > 1);
  return folder.uri.fsPath === root || relative === root ? folder.name : relative;
}
