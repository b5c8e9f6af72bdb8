import { languages, LanguageStatusSeverity, RelativePattern, Uri, window, type Disposable, type LanguageStatusItem } from 'vscode';
import type { SiteStatus } from '../../server/src/lsp/siteStatus';
import { plural } from '../../server/src/engine/text';

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
    const problems = `${plural(status.errors, 'error')}, ${plural(status.warnings, 'warning')}`;
    const slow = status.checkMs > slowCheckMs;
    this.item.text = `${slow ? '$(warning)' : '$(book)'} ${plural(status.pages, 'page')}, ${problems}`;
    this.item.detail = slow
      ? `checking ${status.root} took ${(status.checkMs / 1000).toFixed(1)} s: diagnostics lag while typing`
      : `${status.root}, checked in ${status.checkMs} ms`;
    this.item.severity = slow ? LanguageStatusSeverity.Warning : status.errors > 0 ? LanguageStatusSeverity.Error : LanguageStatusSeverity.Information;
    this.item.command = { title: 'Open docs.json', command: 'vscode.open', arguments: [Uri.parse(status.docsJson)] };
  }

  dispose(): void {
    this.item.dispose();
    this.editorListener.dispose();
  }
}
