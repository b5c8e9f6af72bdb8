// The connection to the agent API as the settings and the stored key make it: rebuilt (one change
// at a time) when either changes, and handed to the job manager. Also keeps the "when" context
// keys of the sidebar's welcome views true.
import * as vscode from 'vscode';
import { DEFAULT_API_URL, type AgentJobApi } from '../../../agent/src/apiClient';
import { createAgentJobApi } from '../../../agent/src/apiVersion';
import { noApiKeyFailure, noProjectFailure } from '../../../agent/src/failure';
import { parseApiBaseUrl } from '../../../agent/src/http/apiBaseUrl';
import { checkApiKey, type KeyCheck } from '../../../agent/src/keyCheck';
import type { JobScope } from '../../../agent/src/trackedJob';
import type { ApiKeys } from './apiKeys';
import type { JobManager } from './jobManager';
import { readSettings, type AgentSettings } from './settings';

/** The jobs of these settings are stored and listed under this scope (undefined: no project id or a bad URL). */
export function scopeOf(settings: AgentSettings): JobScope | undefined {
  if (!settings.projectId) return undefined;
  try {
    return { apiUrl: parseApiBaseUrl(settings.apiUrl), projectId: settings.projectId };
  } catch {
    return undefined;
  }
}

export function setAgentContext(key: string, value: unknown): void {
  void vscode.commands.executeCommand('setContext', `docsjson.agent.${key}`, value);
}

export class AgentConnection {
  private configuring: Promise<void> = Promise.resolve();
  private lastConnection: string[] | undefined;
  private currentKey: string | undefined;

  constructor(
    private readonly manager: JobManager,
    private readonly keys: ApiKeys,
    private readonly log: (line: string) => void,
    private readonly userAgent: string,
    /** Called after each change of settings or key (e.g. to refresh open compose forms). */
    private readonly onDidReconfigure: () => void,
  ) {}

  /** The key in use (for redacting logs); undefined when none is set. */
  get key(): string | undefined {
    return this.currentKey;
  }

  /** Resolves once the latest change of settings or key is applied. */
  ready(): Promise<void> {
    return this.configuring;
  }

  /** Shows the stored jobs of the configured scope at once, before the key is read. */
  showStoredJobs(): Promise<void> {
    return this.manager.configure({ scope: scopeOf(readSettings()), api: undefined });
  }

  /** Applies the current settings and key; running jobs keep their streams when the connection is unchanged. */
  reconfigure(): Promise<void> {
    this.configuring = this.configuring
      .then(() => this.apply())
      .catch((error: unknown) => this.log(`setting up the agent API failed: ${String(error)}`));
    return this.configuring;
  }

  private async apply(): Promise<void> {
    const settings = readSettings();
    let key: string | undefined;
    try {
      key = await this.keys.get(settings.apiUrl);
    } catch (error) {
      this.log(`could not read the API key from the secret storage: ${String(error)}`);
    }
    this.currentKey = key;
    setAgentContext('hasApiKey', !!key);
    setAgentContext('hasProject', !!settings.projectId);
    setAgentContext('usesOwnApiUrl', settings.apiUrl !== DEFAULT_API_URL);
    this.onDidReconfigure();
    const trackerOptions = { pollIntervalMs: settings.pollIntervalMs, connectionRetryMs: settings.connectionRetryMs };
    // Unchanged connection (e.g. only the default model changed, or the key was set twice):
    // running trackers and their live streams are kept.
    const connection = [settings.apiUrl, String(settings.apiVersion), settings.projectId, key ?? '', settings.proxyUrl ?? '', settings.noProxy ?? ''];
    if (this.lastConnection?.every((value, index) => value === connection[index])) {
      this.manager.setTrackerOptions(trackerOptions);
      return;
    }
    this.lastConnection = connection;
    const { api, problem } = this.client(settings, key);
    this.log(`agent API ${settings.apiUrl} v${settings.apiVersion}, project ${settings.projectId || '(none)'}${problem ? `: ${problem}` : ''}`);
    await this.manager.configure({ scope: scopeOf(settings), api, problem, trackerOptions });
  }

  /** Whether the platform accepts a key for the current settings, before anything is stored. */
  async checkNewKey(key: string): Promise<KeyCheck> {
    const settings = readSettings();
    const { api, problem } = this.client(settings, key);
    if (!api) {
      const message = problem ?? 'The agent API is not set up.';
      return { outcome: 'could-not-check', message, failure: { message, action: settings.projectId ? 'SetApiUrl' : 'SetProjectId', detail: message } };
    }
    try {
      return await checkApiKey(api, settings.projectId, 'editor');
    } finally {
      await api.close().catch(() => {});
    }
  }

  private client(settings: AgentSettings, key: string | undefined): { api?: AgentJobApi; problem?: string } {
    if (!settings.projectId) return { problem: noProjectFailure('editor').message };
    if (!key) return { problem: noApiKeyFailure('editor').message };
    try {
      return {
        api: createAgentJobApi({
          apiVersion: settings.apiVersion,
          baseUrl: settings.apiUrl,
          apiKey: key,
          proxyUrl: settings.proxyUrl,
          noProxy: settings.noProxy,
          log: this.log,
          userAgent: this.userAgent,
        }),
      };
    } catch (error) {
      return { problem: error instanceof Error ? error.message : String(error) };
    }
  }
}
