// What the "Docs Agent" commands share: registration that turns a thrown error into a message,
// the job a command acts on (a tree node from the sidebar or the panel, else a quick pick), and
// the check that jobs can be sent at all.
import * as vscode from 'vscode';
import { safeText } from '../../../agent/src/displayText';
import type { TrackedJob } from '../../../agent/src/trackedJob';
import type { AgentConnection } from './agentConnection';
import type { JobManager } from './jobManager';
import type { PanelHost } from './jobPanel';
import type { JobNode } from './jobsTree';
import { jobTitle, statusText } from './jobView';
import { readSettings } from './settings';

export const CATEGORY = 'Docs Agent';

export interface CommandContext {
  manager: JobManager;
  connection: AgentConnection;
  host: PanelHost;
  log: (line: string) => void;
}

/** Registers a command whose failure is logged and shown, never thrown at VS Code. */
export function registerCommand(context: CommandContext, id: string, run: (...args: any[]) => unknown): vscode.Disposable {
  return vscode.commands.registerCommand(id, async (...args: unknown[]) => {
    try {
      return await run(...args);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      context.log(`${id} failed: ${message}`);
      void vscode.window.showErrorMessage(safeText(`${CATEGORY}: ${message}`));
      return undefined;
    }
  });
}

function nodeId(node: unknown): string | undefined {
  const localId = (node as Partial<JobNode> | undefined)?.localId;
  return typeof localId === 'string' ? localId : undefined;
}

/** The job a command was run on, or the one the user picks (the only one, when only one fits). */
export async function jobArgument(
  manager: JobManager,
  node: unknown,
  placeHolder: string,
  filter: (job: Readonly<TrackedJob>) => boolean = () => true,
): Promise<Readonly<TrackedJob> | undefined> {
  const given = nodeId(node);
  if (given) return manager.job(given);
  const jobs = manager.jobs().filter(filter);
  if (jobs.length === 0) {
    void vscode.window.showInformationMessage(`${CATEGORY}: no job to choose from.`);
    return undefined;
  }
  if (jobs.length === 1) return jobs[0];
  const picked = await vscode.window.showQuickPick(
    jobs.map((job) => ({
      label: safeText(jobTitle(job, manager.extras(job.localId))),
      description: safeText(statusText(job)),
      detail: safeText([job.branch, job.sessionId].filter(Boolean).join(' · ')),
      job,
    })),
    { placeHolder, matchOnDescription: true, matchOnDetail: true },
  );
  return picked?.job;
}

/** Explains what is missing (project id, key) with a button to fix it; true when jobs can be sent. */
export async function ensureReady(context: CommandContext): Promise<boolean> {
  await context.connection.reconfigure();
  if (context.manager.canFollow) return true;
  if (!readSettings().projectId) {
    const choice = await vscode.window.showWarningMessage('Set the project id of your docs site first (setting "docsjson.agent.projectId").', 'Open Settings');
    if (choice) await vscode.commands.executeCommand('workbench.action.openSettings', 'docsjson.agent');
    return false;
  }
  const choice = await vscode.window.showWarningMessage(safeText(context.manager.problem ?? 'The agent API is not set up.'), 'Set API Key');
  if (choice) await vscode.commands.executeCommand('docsjson.agent.setApiKey');
  return false;
}
