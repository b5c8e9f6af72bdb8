// The disagreements with the platform that are reviewed and kept, each with its reason (the
// class of docs/differences-from-the-platform.md it belongs to), read from known-differences.json.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Finding } from './finding';

/** Which side makes the finding the other does not. */
export type Side = 'ours' | 'platform';

/** One reviewed difference. `site`, `file` and `target` are matched whole; `*` in them matches any run of characters. */
export interface KnownDifference {
  kind: string;
  site: string;
  file: string;
  target: string;
  side: Side;
  reason: string;
}

export interface Disagreement extends Finding {
  kind: string;
  site: string;
  side: Side;
}

export const knownDifferencesFile = join(process.cwd(), 'bench', 'agreement', 'known-differences.json');

const pattern = (text: string) => new RegExp(`^${text.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`, 's');

export class KnownDifferences {
  private readonly entries: { difference: KnownDifference; site: RegExp; file: RegExp; target: RegExp; used: boolean }[];

  constructor(differences: KnownDifference[]) {
    this.entries = differences.map((difference) => ({ difference, site: pattern(difference.site), file: pattern(difference.file), target: pattern(difference.target), used: false }));
  }

  static read(): KnownDifferences {
    return new KnownDifferences(JSON.parse(readFileSync(knownDifferencesFile, 'utf8')) as KnownDifference[]);
  }

  /** The reason a disagreement is known, or undefined when it is unexplained. */
  explain(disagreement: Disagreement): string | undefined {
    const entry = this.entries.find(
      (e) => e.difference.kind === disagreement.kind && e.difference.side === disagreement.side && e.site.test(disagreement.site) && e.file.test(disagreement.file) && e.target.test(disagreement.target),
    );
    if (!entry) return undefined;
    entry.used = true;
    return entry.difference.reason;
  }

  /** Entries no disagreement of the kinds and sites run matched: fixed since, or written wrong. */
  unused(kinds: string[], sites: string[]): KnownDifference[] {
    return this.entries.filter((e) => !e.used && kinds.includes(e.difference.kind) && sites.some((site) => e.site.test(site))).map((e) => e.difference);
  }
}
