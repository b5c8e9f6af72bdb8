// The commands' parts that need the engine, bundled apart (dist/cliCommands.js) and loaded when
// one runs: a `check --cache` whose every site the cache answers does without it.
export { checkHelp } from './checkHelp';
export { checkSites } from './checkSites';
export { runJob } from './job';
export { runMove } from './mv';
