import { parseArgs, type ParseArgsConfig } from 'node:util';
import { didYouMean } from '../../server/src/engine/suggest';
import { quoteList } from '../../server/src/engine/text';

/** A problem with how the command was called or with its input files: exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Whether an error is a `UsageError`, made in this bundle of the program or in the other (`commands.ts`). */
export function isUsageError(error: unknown): boolean {
  return error instanceof Error && error.name === 'UsageError';
}

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * What was wrong with a command line that `parseArgs` refused, in the words of this command: the
 * option it does not know with the closest one it does, or the option missing its value. Node's
 * own message quotes the argument unbalanced and suggests `--` instead.
 */
export function argumentError(command: string, args: string[], options: Options, error: unknown): string {
  const known = Object.keys(options);
  const shorts = new Set(Object.values(options).flatMap((option) => (option.short ? [option.short] : [])));
  const { tokens } = parseArgs({ args, options, allowPositionals: true, strict: false, tokens: true });
  const help = `"docsjson ${command} --help" lists its options`;
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    const option = options[token.name] as Options[string] | undefined;
    if (!option && !shorts.has(token.name)) {
      const guess = didYouMean(token.name, known);
      return `unknown option ${token.rawName}${guess ? `: did you mean --${guess}?` : ''} (${help})`;
    }
    if (option?.type === 'string' && token.value === undefined) return `${token.rawName} needs a value (${help})`;
    if (option?.type === 'boolean' && token.value !== undefined) return `${token.rawName} takes no value (${help})`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** A value outside a list, with the closest one: `--format must be "text", "json" or "github", not "jsno": did you mean "json"?` */
export function choiceError(option: string, choices: readonly string[], value: string): string {
  const guess = didYouMean(value, choices);
  return `${option} must be ${quoteList(choices)}, not "${value}"${guess ? `: did you mean "${guess}"?` : ''}`;
}
