// The notification when a followed job ends: how it ended in one sentence, and buttons for what
// helps next (the pull request, the job's panel, the key).
import * as vscode from 'vscode';
import type { TrackedJob } from '../../../agent/src/trackedJob';
import type { JobNode } from './jobsTree';
import { jobSummaryView, type JobExtras } from './jobView';

const MAX_CHARS = 500;

export async function notifyJobEnd(job: Readonly<TrackedJob>, extras: JobExtras): Promise<void> {
  const view = jobSummaryView(job, extras);
  const actions: string[] = [];
  if (view.pullRequestUrl) actions.push('Open Pull Request');
  actions.push('Show Job');
  if (job.problemKind === 'unauthorized' || job.problemKind === 'forbidden') actions.push('Set API Key');
  // The first sentence only: the panel ("Show Job") has the whole explanation and what to fix.
  const reason = view.problem ?? view.explanation ?? '';
  const firstSentence = reason.split(/(?<=\.)\s+/)[0];
  const detail = view.outcome === 'completed' ? '' : ` ${firstSentence}${firstSentence.length < reason.length ? ' (Show Job for what to do.)' : ''}`;
  const text = `Agent job "${view.title}": ${view.statusText.toLowerCase()}.${detail}`.slice(0, MAX_CHARS);
  const show =
    view.outcome === 'completed'
      ? vscode.window.showInformationMessage
      : view.outcome === 'error' || view.outcome === 'failed' || view.outcome === 'misconfigured'
        ? vscode.window.showErrorMessage
        : vscode.window.showWarningMessage;
  const choice = await show(text, ...actions);
  const target: JobNode = { kind: 'job', localId: job.localId };
  if (choice === 'Open Pull Request') await vscode.commands.executeCommand('docsjson.agent.openPullRequest', target);
  else if (choice === 'Show Job') await vscode.commands.executeCommand('docsjson.agent.showJob', target);
  else if (choice === 'Set API Key') await vscode.commands.executeCommand('docsjson.agent.setApiKey');
}
