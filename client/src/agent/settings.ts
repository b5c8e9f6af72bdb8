// The agent job settings (`docsjson.agent.*`) and VS Code's proxy settings.
import * as vscode from 'vscode';
import { DEFAULT_API_URL, type ApiVersion } from '../../../agent/src/apiClient';
import { API_VERSION_SETTING, settingApiVersion } from '../../../agent/src/apiVersion';
import { JOB_MODELS, jobModel, type JobModel } from '../../webview/jobOptions';

export const SECTION = 'docsjson.agent';

export interface AgentSettings {
  apiUrl: string;
  projectId: string;
  apiVersion: ApiVersion;
  defaultModel: JobModel;
  draftByDefault: boolean;
  pollIntervalMs: number;
  /** How long a lost connection is retried before a job is no longer followed. */
  connectionRetryMs: number;
  /** VS Code's `http.proxy` (empty: the environment's HTTPS_PROXY / HTTP_PROXY). */
  proxyUrl?: string;
  /** VS Code's `http.noProxy`, comma separated. */
  noProxy?: string;
}

export function readSettings(): AgentSettings {
  const config = vscode.workspace.getConfiguration(SECTION);
  const http = vscode.workspace.getConfiguration('http');
  const model = config.get<string>('defaultModel');
  const seconds = Number(config.get<number>('pollIntervalSeconds') ?? 3);
  const retryMinutes = Number(config.get<number>('connectionRetryMinutes') ?? 10);
  const proxy = (http.get<string>('proxy') ?? '').trim();
  const noProxy = http.get<string[] | string>('noProxy');
  return {
    apiUrl: (config.get<string>('apiUrl') ?? '').trim() || DEFAULT_API_URL,
    projectId: (config.get<string>('projectId') ?? '').trim(),
    apiVersion: settingApiVersion(config.get<unknown>('apiVersion')),
    defaultModel: jobModel(model, JOB_MODELS[0].name),
    draftByDefault: config.get<boolean>('draftByDefault') === true,
    pollIntervalMs: Math.round(Math.min(600, Math.max(0.2, Number.isFinite(seconds) ? seconds : 3)) * 1000),
    connectionRetryMs: Math.round(Math.min(1440, Math.max(0.1, Number.isFinite(retryMinutes) ? retryMinutes : 10)) * 60_000),
    proxyUrl: proxy || undefined,
    noProxy: Array.isArray(noProxy) ? noProxy.join(',') || undefined : noProxy || undefined,
  };
}

export function affectsAgentSettings(event: vscode.ConfigurationChangeEvent): boolean {
  return event.affectsConfiguration(SECTION) || event.affectsConfiguration('http.proxy') || event.affectsConfiguration('http.noProxy');
}

export const SWITCH_TO_V2 = 'Switch to Version 2';

/** Switches to API version 2 once the user says so (the action of a failure that says v1 may be retired). */
export async function useApiVersion2(): Promise<void> {
  const choice = await vscode.window.showWarningMessage(
    'Switch the agent API to version 2?',
    {
      modal: true,
      detail:
        'Version 2 takes one prompt (the platform picks the branch and the model), sends no live output, and takes follow-up messages. ' +
        `Switch back with the setting "${API_VERSION_SETTING}".`,
    },
    SWITCH_TO_V2,
  );
  if (choice !== SWITCH_TO_V2) return;
  await vscode.workspace.getConfiguration().update(API_VERSION_SETTING, 2, vscode.ConfigurationTarget.Global);
}
