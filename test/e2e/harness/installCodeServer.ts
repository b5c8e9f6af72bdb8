// Installs code-server for the end-to-end tests unless it is there: `test/run.mjs` starts it beside
// the first tests, so that the install (about two minutes) overlaps them instead of holding up the
// first end-to-end files, which wait for its lock. A failed install is said here; each end-to-end
// file then tries again and fails saying why.
import { ensureCodeServer } from './codeServer';

ensureCodeServer().catch((error: Error) => {
  process.stderr.write(`[e2e] installing code-server failed: ${error.message}\n`);
  process.exitCode = 1;
});
