import { AgentApiClient, type AgentApiClientOptions, type AgentJobApi, type ApiVersion } from './apiClient';
import { AgentApiV2Client } from './apiV2';
import { AgentApiError } from './errors';

/**
 * The version the platform recommends: its API reference marks v1 (our specification) deprecated
 * and documents v2 as current. v1 stays selectable for its branch, model, draft and live output.
 */
export const DEFAULT_API_VERSION: ApiVersion = 2;
/** Where users choose the version: the editor setting, the CLI flag and its environment variable. */
export const API_VERSION_SETTING = 'docsjson.agent.apiVersion';
export const API_VERSION_FLAG = '--api-version';
export const API_VERSION_ENV = 'DOCS_AGENT_API_VERSION';

/** "1", "2", "v2", 2 ...; undefined for empty input; throws `bad-option` for anything else. */
export function parseApiVersion(value: unknown): ApiVersion | undefined {
  if (value === undefined || value === null || String(value).trim() === '') return undefined;
  const text = String(value).trim().toLowerCase().replace(/^v/, '');
  if (text === '1' || text === '2') return Number(text) as ApiVersion;
  throw new AgentApiError('bad-option', `The agent API version must be 1 or 2 (got "${String(value).slice(0, 20)}").`);
}

/** The editor setting's version (its manifest default when unset); a value it should not hold gives the default. */
export function settingApiVersion(value: unknown): ApiVersion {
  return value === 1 || value === 2 ? value : DEFAULT_API_VERSION;
}

/** The client of the chosen API version. */
export function createAgentJobApi(options: AgentApiClientOptions & { apiVersion?: ApiVersion }): AgentJobApi {
  const { apiVersion = DEFAULT_API_VERSION, ...rest } = options;
  return apiVersion === 2 ? new AgentApiV2Client(rest) : new AgentApiClient(rest);
}
