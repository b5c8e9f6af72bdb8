import {
  DiagnosticSeverity,
  EventEmitter,
  languages,
  Position,
  Range,
  ThemeColor,
  Uri,
  type Diagnostic,
  type Disposable,
  type FileDecoration,
  type FileDecorationProvider,
} from 'vscode';
import type { NavigationItem } from '../../../server/src/lsp/navigationProtocol';
import { safeText } from '../../../agent/src/displayText';

const scheme = 'docsjson-navigation';

/** The URI a navigation entry's tree item carries so that its problems show as a badge. */
function badgeUri(entry: NavigationItem): Uri {
  const { start, end } = entry.range;
  return Uri.from({ scheme, path: `/${entry.label}`, query: JSON.stringify({ uri: entry.uri, range: [start.line, start.character, end.line, end.character] }) });
}

/**
 * Badges on navigation entries: how many errors and warnings there are inside each, in docs.json
 * and in the pages it holds (a page's own, a group's pages' at any depth).
 */
export class ProblemBadges implements FileDecorationProvider, Disposable {
  private readonly changed = new EventEmitter<undefined>();
  readonly onDidChangeFileDecorations = this.changed.event;
  private readonly subscriptions = [languages.onDidChangeDiagnostics(() => this.changed.fire(undefined)), this.changed];
  /**
   * The page files whose problems count in a badge, by the badge's URI (which holds the entry's
   * range): those of the tree's items since it was last refreshed, and those before, whose items
   * may still show until their refreshed items replace them.
   */
  private pagesOf = new Map<string, Uri[]>();
  private pagesBefore = new Map<string, Uri[]>();

  /** The URI for a tree item's `resourceUri` that shows the entry's badge. */
  uriFor(entry: NavigationItem): Uri {
    const uri = badgeUri(entry);
    const pages = entry.pageFiles ?? (entry.file ? [entry.file] : []);
    this.pagesOf.set(uri.toString(), pages.map((page) => Uri.parse(page)));
    return uri;
  }

  /** The tree is about to make its items again: the badge URIs of the items before the last refresh are forgotten. */
  refreshing(): void {
    this.pagesBefore = this.pagesOf;
    this.pagesOf = new Map();
  }

  provideFileDecoration(uri: Uri): FileDecoration | undefined {
    if (uri.scheme !== scheme) return undefined;
    const { uri: document, range: [startLine, startCharacter, endLine, endCharacter] } = JSON.parse(uri.query) as { uri: string; range: number[] };
    const range = new Range(new Position(startLine, startCharacter), new Position(endLine, endCharacter));
    const serious = (d: Diagnostic) => d.severity <= DiagnosticSeverity.Warning;
    const problems = languages.getDiagnostics(Uri.parse(document)).filter((d) => serious(d) && range.contains(d.range));
    for (const page of this.pagesOf.get(uri.toString()) ?? this.pagesBefore.get(uri.toString()) ?? []) problems.push(...languages.getDiagnostics(page).filter(serious));
    if (problems.length === 0) return undefined;
    const errors = problems.filter((d) => d.severity === DiagnosticSeverity.Error).length;
    const warnings = problems.length - errors;
    const summary = [errors && `${errors} error${errors === 1 ? '' : 's'}`, warnings && `${warnings} warning${warnings === 1 ? '' : 's'}`].filter(Boolean).join(', ');
    return {
      badge: problems.length > 99 ? '99' : String(problems.length),
      tooltip: safeText(summary),
      color: new ThemeColor(errors ? 'list.errorForeground' : 'list.warningForeground'),
    };
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
