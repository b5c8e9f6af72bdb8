import type { SiteHost } from '../../server/src/engine/site/siteHost';
import { readHash } from './keptSiteCheck';

/** A site whose file reads are recorded: each path read, with the hash of what the first read gave. */
export class RecordingSiteHost implements SiteHost {
  readonly reads = new Map<string, string | null>();
  /** False once a file read again gave another text than before: what the check read is then not one state of the site. */
  consistent = true;

  constructor(private readonly host: SiteHost) {}

  get root(): string {
    return this.host.root;
  }

  get files(): SiteHost['files'] {
    return this.host.files;
  }

  readFile(path: string): string | undefined {
    const text = this.host.readFile(path);
    const hash = readHash(text);
    const first = this.reads.get(path);
    if (first === undefined) this.reads.set(path, hash);
    else if (first !== hash) this.consistent = false;
    return text;
  }
}
