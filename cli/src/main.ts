import { setFlagsFromString } from 'node:v8';
import { runCheck } from './check';
import { runMove } from './mv';
import { UsageError } from './usage';

const usage = `Usage:
  docsjson check [PATH...] [--format text|json|github] [--max-warnings N]
  docsjson mv OLD NEW [--redirect]
  docsjson job create|get|watch ... (docsjson job --help)`;

/**
 * A check lives about a second. By default V8 hands a function to its optimizing compiler as soon
 * as it is a little warm, and on the real sites those compilations cost more CPU than they save
 * (a cold check of upstash: 1.27 s CPU by default, 0.92 s with four times the budget; a 2.3 MB
 * docs.json of 23,000 pages: 1.41 s and 1.45 s). Functions that stay hot are optimized all the same.
 */
setFlagsFromString('--interrupt-budget=540672');

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'check':
      return runCheck(rest);
    case 'mv':
      return runMove(rest);
    case 'job':
      // The agent client and its HTTP stack are loaded only here: a check need not pay for them.
      return (await import('./job')).runJob(rest);
    case '--help':
    case '-h':
    case undefined:
      process.stdout.write(`${usage}\n`);
      return command === undefined ? 2 : 0;
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`docsjson: ${message}${error instanceof UsageError ? '' : ' (unexpected; please report it)'}\n`);
    process.exitCode = 2;
  },
);
