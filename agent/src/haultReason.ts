import { safeText } from './displayText';

/** What a `haultReason` means, whatever its exact spelling. */
export type HaultReasonKind = 'completed' | 'misconfigured' | 'error' | 'interrupted' | 'processing' | 'none' | 'unknown';

const MISCONFIGURED = /^(.*?)_?mis+configured$/i;

export function classifyHaultReason(reason: string | undefined): HaultReasonKind {
  const value = (reason ?? '').trim().toLowerCase();
  if (value === '') return 'none';
  if (MISCONFIGURED.test(value)) return 'misconfigured';
  switch (value) {
    case 'completed':
    case 'error':
    case 'interrupted':
    case 'processing':
      return value;
    default:
      return 'unknown';
  }
}

/** Kinds that end a job even when `haulted` is not (yet) true. */
export const TERMINAL_HAULT_REASON_KINDS: ReadonlySet<HaultReasonKind> = new Set(['completed', 'misconfigured', 'error', 'interrupted']);

const MISCONFIGURED_SUBJECTS: Record<string, string> = {
  github: 'the GitHub connection',
  gitlab: 'the GitLab connection',
  repo: 'the repository connection',
  repository: 'the repository connection',
};

/** A plain-language sentence or two for users: what happened and, where it helps, what to do. */
export function explainHaultReason(reason: string | undefined, haulted: boolean | undefined): string {
  switch (classifyHaultReason(reason)) {
    case 'completed':
      return 'The agent finished its work.';
    case 'misconfigured': {
      const prefix = (reason ?? '').trim().toLowerCase().match(MISCONFIGURED)?.[1] ?? '';
      const subject = MISCONFIGURED_SUBJECTS[prefix] ?? `the ${prefix || 'repository'} setup`;
      return (
        `The agent could not work on your docs repository: ${subject} of this project is misconfigured (${safeText(reason ?? '', 100)}). ` +
        'Check in the docs platform dashboard that the project is connected to its Git repository, that the ' +
        "platform's Git app (the GitHub app, on GitHub) is installed with access to that repository, and that the " +
        'branch can be pushed to (branch protection rules). ' +
        'Then start the job again.'
      );
    }
    case 'error':
      return 'The agent stopped because of an error on the platform. Try again; if it keeps failing, contact the platform support with the job id.';
    case 'interrupted':
      return 'The job was interrupted before it finished. Start it again to continue the work.';
    case 'processing':
      return 'The agent is still working.';
    case 'none':
      return haulted ? 'The job stopped without giving a reason.' : 'The job has not reported its state yet.';
    case 'unknown':
      return `The job reports "${safeText(reason ?? '', 100)}", a state this version does not know${haulted ? '; it has stopped' : ''}.`;
  }
}
