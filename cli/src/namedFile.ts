import { readFileSync } from 'node:fs';
import { UsageError } from './usage';

/** A file the command line names (a docs.json, the config file of `--config`), or a usage error that says why it cannot be read. */
export function readNamedFile(file: string, prefix = ''): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`${prefix}cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}
