/** A problem with how the command was called or with its input files: exit code 2. */
export class UsageError extends Error {}
