// The branch a new job works on by default: a new one named from the request, never the branch
// the writer is on nor the repository's default branch. Shared by the quick input and the panel.

export const AGENT_BRANCH_PREFIX = 'docs/agent-';
const MAX_SLUG_CHARS = 40;

/** `docs/agent-<slug of the first line>`, e.g. "Update the quickstart!" -> `docs/agent-update-the-quickstart`. */
export function branchForRequest(message: string): string {
  const firstLine = message.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  const slug = firstLine
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  // Cut at a word's end: one character more tells whether the last word is whole.
  const head = slug.slice(0, MAX_SLUG_CHARS + 1);
  const cut = head.length <= MAX_SLUG_CHARS ? head : head.includes('-') ? head.replace(/-[^-]*$/, '') : head.slice(0, MAX_SLUG_CHARS);
  return `${AGENT_BRANCH_PREFIX}${cut || 'update'}`;
}

/** Whether a job on `branch` commits to the repository's default branch (main or master when it is not known). */
export function isDefaultBranch(branch: string | undefined, defaultBranch: string | undefined): boolean {
  const name = branch?.trim();
  if (!name) return false;
  return defaultBranch ? name === defaultBranch : name === 'main' || name === 'master';
}
