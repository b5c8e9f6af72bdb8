// The commands' parts that need the engine, bundled apart (dist/cliCommands.js) and loaded when
// one runs: a `check --cache` whose every site the cache answers does without it.
export { checkHelp } from './checkHelp';
export { checkSites } from './checkSites';
export { runMove } from './mv';

/** `docsjson job`: the agent client and its HTTP stack are loaded only here, so that a check need not pay for them. */
export async function runJob(argv: string[]): Promise<number> {
  return (await import('./job')).runJob(argv);
}
