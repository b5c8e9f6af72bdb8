import type { SiteHost } from './siteHost';

/** A site whose files read as the given texts (root-relative paths), edits not written yet; the others as the host reads them. */
export class EditedSiteHost implements SiteHost {
  constructor(
    private readonly host: SiteHost,
    private readonly texts: ReadonlyMap<string, string>,
  ) {}

  get root(): string {
    return this.host.root;
  }

  get files() {
    return this.host.files;
  }

  readFile(path: string): string | undefined {
    return this.texts.get(path) ?? this.host.readFile(path);
  }
}
