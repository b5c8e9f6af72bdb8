// The system tools the end-to-end tests drive, and their Debian packages. `ensurePrerequisites`
// installs the missing ones with apt-get when it runs as root; otherwise it prints one line
// saying what to install, and the tests that need a missing tool fail saying the same.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const onPath = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

const TOOLS = [
  {
    pkg: 'chromium',
    present: () => existsSync(process.env.DOCSJSON_E2E_CHROMIUM ?? '/usr/bin/chromium'),
    neededBy: (file) => file.startsWith('test/e2e/'),
  },
  { pkg: 'neovim', present: () => onPath('nvim'), neededBy: (file) => /neovim|e2e\/harness/.test(file) },
  {
    // code-server's native modules compile against Kerberos headers when the e2e cache is installed.
    pkg: 'libkrb5-dev',
    present: () => existsSync('/usr/include/gssapi/gssapi.h'),
    neededBy: (file) => file.startsWith('test/e2e/'),
  },
];

/** Installs (as root) or names (otherwise) the Debian packages the given test files need. */
export function ensurePrerequisites(testFiles) {
  const missing = TOOLS.filter((tool) => testFiles.some(tool.neededBy) && !tool.present()).map((tool) => tool.pkg);
  if (missing.length === 0) return;
  const installLine = `apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  if (process.getuid?.() !== 0 || !onPath('apt-get')) {
    console.error(`The end-to-end tests need ${missing.join(', ')}: run \`${installLine}\` as root (they fail until then).`);
    return;
  }
  console.error(`Installing what the end-to-end tests need: ${installLine}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args) => spawnSync('apt-get', args, { env, stdio: ['ignore', 'ignore', 'inherit'] }).status === 0;
  if (!run(['update', '-qq']) || !run(['install', '-y', '-qq', '--no-install-recommends', ...missing])) {
    console.error(`apt-get could not install ${missing.join(', ')}; the end-to-end tests will fail until \`${installLine}\` succeeds.`);
  }
}
