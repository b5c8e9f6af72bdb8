import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { tempFolder } from './tempFolder';

/** A copy of a site of test/fixtures/sites in the temporary folder, removed when this process exits. */
export function copyOfFixtureSite(name: string): string {
  const root = tempFolder(`docsjson-${name}-`);
  cpSync(join(__dirname, '..', 'fixtures', 'sites', name), root, { recursive: true });
  return root;
}
