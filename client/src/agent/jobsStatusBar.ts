// The status bar item counting running jobs (hidden when none runs); a click shows the sidebar.
import * as vscode from 'vscode';
import { isActive } from '../../../agent/src/trackedJob';
import { setAgentContext } from './agentConnection';
import type { JobManager } from './jobManager';

export function createJobsStatusBar(manager: JobManager, viewId: string): vscode.Disposable {
  const status = vscode.window.createStatusBarItem('docsjson.agentJobs.status', vscode.StatusBarAlignment.Left, 0);
  status.name = 'Docs Agent Jobs';
  status.command = `${viewId}.focus`;
  const update = () => {
    const jobs = manager.jobs();
    const running = jobs.filter(isActive).length;
    setAgentContext('jobCount', jobs.length);
    setAgentContext('finishedCount', jobs.length - running);
    if (running === 0) return status.hide();
    const jobsText = `${running} agent job${running === 1 ? '' : 's'}`;
    if (jobs.some((job) => isActive(job) && job.connectionLost)) {
      status.text = `$(debug-disconnect) ${jobsText}: connection lost`;
      status.tooltip = 'The docs platform does not answer; retrying. Click to show the jobs.';
    } else {
      status.text = `$(loading~spin) ${jobsText}`;
      status.tooltip = `${running} docs agent job${running === 1 ? ' is' : 's are'} running. Click to show them.`;
    }
    status.show();
  };
  const unsubscribe = manager.onDidChange((change) => {
    if (change.update?.type !== 'event') update();
  });
  update();
  return { dispose: () => (unsubscribe(), status.dispose()) };
}
