import { homedir } from 'node:os';
import { join } from 'node:path';

/** `$DOCSJSON_CACHE_DIR`, else `$XDG_CACHE_HOME/docsjson`, else `~/.cache/docsjson`: the specs go in its `remote-specs` folder. */
export function defaultCacheDir(): string {
  const base = process.env.DOCSJSON_CACHE_DIR || join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'docsjson');
  return join(base, 'remote-specs');
}
