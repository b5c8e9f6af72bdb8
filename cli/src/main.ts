import { setFlagsFromString } from 'node:v8';
import { runCheck } from './check';
import { didYouMean } from '../../server/src/engine/suggest';
import { isUsageError, UsageError } from './usage';
import { tierUpFlags } from './v8Flags';
import { programVersion } from '../../server/src/engine/version';
import { loadCommands } from './loadCommands';

const usage = `Usage:
  docsjson check [PATH...] [--format text|json|github|sarif|gitlab] [--max-warnings N] [--base REF] [--cache] [--fix | --fix-dry-run]
                          check docs.json sites and their pages (--base: only
                          the problems added since a git ref; --cache: parse
                          only the pages changed since the last check; --fix:
                          apply the fixes that need no choice, --fix-dry-run:
                          print them)
  docsjson mv OLD NEW [--redirect]
                          move a page or folder; docs.json and the links follow
  docsjson job create ... start an agent job and follow it until it ends
  docsjson job send ID ...
                          send a follow-up message to a job (API v2)
  docsjson job get ID ... print a job's record
  docsjson job watch ID ...
                          follow a job until it ends
  docsjson job list ...   list the project's jobs
  docsjson job check ID ...
                          the problems a job's branch adds to the docs
  docsjson --version      print the version
  docsjson help [COMMAND] print this, or a command's options
The options of the job commands: docsjson job --help`;

tierUpFlags(process.versions.v8).forEach((flag) => setFlagsFromString(flag));

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'check':
      return runCheck(rest);
    case 'mv':
      return loadCommands().runMove(rest);
    case 'job':
      return loadCommands().runJob(rest);
    case '--version':
      process.stdout.write(`${programVersion()}\n`);
      return 0;
    case 'help':
      return rest.length > 0 && commands.includes(rest[0]) ? main([rest[0], '--help']) : main(['--help']);
    case '--help':
    case '-h':
    case undefined:
      process.stdout.write(`${usage}\n`);
      return command === undefined ? 2 : 0;
    default: {
      const guess = didYouMean(command, commands);
      throw new UsageError(`unknown command "${command}"${guess ? `: did you mean "${guess}"?` : ''} ("docsjson help" lists the commands)`);
    }
  }
}

const commands = ['check', 'mv', 'job', 'help', '--version', '--help'];

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`docsjson: ${message}${isUsageError(error) ? '' : ' (unexpected; please report it)'}\n`);
    process.exitCode = 2;
  },
);
