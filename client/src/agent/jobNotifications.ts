// The notification when a followed job ends: how it ended in one sentence (a failure in a docs
// writer's words), and buttons for what helps next (the failure's action, the pull request, the
// job's panel).
import * as vscode from 'vscode';
import { safeText } from '../../../agent/src/displayText';
import type { TrackedJob } from '../../../agent/src/trackedJob';
import { runFailureAction } from './failureActions';
import { buttonFor } from './failureButton';
import type { JobNode } from './jobsTree';
import { jobSummaryView, type JobExtras } from './jobView';

const SHOW_JOB = 'Show Job';
const OPEN_PULL_REQUEST = 'Open Pull Request';

export async function notifyJobEnd(job: Readonly<TrackedJob>, extras: JobExtras): Promise<void> {
  const view = jobSummaryView(job, extras);
  const fix = job.failure ? buttonFor(job.failure) : undefined;
  const actions: string[] = [];
  if (fix) actions.push(fix);
  if (view.pullRequestUrl) actions.push(OPEN_PULL_REQUEST);
  // A job that was never created is not listed: there is no job to show.
  if (job.phase !== 'not-created') actions.push(SHOW_JOB);
  // The first sentence of an explanation only: the panel ("Show Job") has the rest.
  const explanation = view.explanation ?? '';
  const firstSentence = explanation.split(/(?<=\.)\s+/)[0];
  const reason = job.failure?.message ?? (firstSentence.length < explanation.length ? `${firstSentence} (Show Job for what to do.)` : firstSentence);
  const text = view.outcome === 'completed' && !job.failure ? `Agent job "${view.title}": completed.` : `Agent job "${view.title}": ${reason || `${view.statusText.toLowerCase()}.`}`;
  const show =
    view.outcome === 'completed' && !job.failure
      ? vscode.window.showInformationMessage
      : view.outcome === 'error' || view.outcome === 'failed' || view.outcome === 'misconfigured' || job.phase === 'not-created'
        ? vscode.window.showErrorMessage
        : vscode.window.showWarningMessage;
  const choice = await show(safeText(text), ...actions);
  const target: JobNode = { kind: 'job', localId: job.localId };
  if (choice === OPEN_PULL_REQUEST) await vscode.commands.executeCommand('docsjson.agent.openPullRequest', target);
  else if (choice === SHOW_JOB) await vscode.commands.executeCommand('docsjson.agent.showJob', target);
  else if (choice && choice === fix && job.failure?.action) await runFailureAction(job.failure.action);
}
