import type { AgentJobApi, RequestOptions } from './apiClient';
import { isAgentApiError } from './errors';
import { describeFailure, lowerFirst, type Failure, type FailureSurface } from './failure';

export type KeyCheckOutcome = 'accepted' | 'rejected' | 'could-not-check';

export interface KeyCheck {
  outcome: KeyCheckOutcome;
  /** What to tell users, e.g. "The API key was accepted." */
  message: string;
  /** Why it was rejected or could not be checked, with the action that helps. */
  failure?: Failure;
}

/**
 * Checks a key before it is saved, with the API's cheapest authenticated GET: accepted, rejected
 * (401, or 403: not usable for this project or from this network), or could not be checked
 * (no project id, network down, server failing, ...). Nothing is created.
 */
export async function checkApiKey(
  api: AgentJobApi,
  projectId: string | undefined,
  surface: FailureSurface,
  options?: RequestOptions,
): Promise<KeyCheck> {
  if (!projectId?.trim()) {
    return {
      outcome: 'could-not-check',
      message: 'The API key could not be checked: no project id is set.',
      failure: { message: 'No project id is set, so the key could not be checked.', action: 'SetProjectId', detail: 'no project id' },
    };
  }
  try {
    await api.probeKey(projectId, options);
    return { outcome: 'accepted', message: 'The API key was accepted.' };
  } catch (error) {
    const failure = describeFailure(error, { surface });
    if (isAgentApiError(error, 'unauthorized', 'forbidden')) return { outcome: 'rejected', message: failure.message, failure };
    return { outcome: 'could-not-check', message: `The API key could not be checked: ${lowerFirst(failure.message)}`, failure };
  }
}
