// "Create Agent Job...": message, branch, model and pull request kind in one quick input with Back.
import type { CreateJobRequest } from '../../../agent/src/apiClient';
import { JOB_MODELS, NO_MESSAGE } from '../../webview/jobOptions';
import { MultiStepInput, type TextStep } from './multiStepInput';
import type { AgentSettings } from './settings';
import { branchForRequest, isDefaultBranch } from '../../webview/branchName';

/** The repository's default branch, and how to ask before the agent commits to it. */
export interface BranchChoice {
  defaultBranch: string | undefined;
  confirmDefault(branch: string): Promise<boolean>;
}

const TITLE = 'Create Agent Job';

/**
 * Asks for a job: the message first, then the branch, which defaults to a new one named from the
 * message (`docs/agent-…`); the repository's default branch is taken only once the user confirms.
 * Undefined when the user cancelled.
 */
export async function askForJob(settings: AgentSettings, branchChoice: BranchChoice): Promise<CreateJobRequest | undefined> {
  if (settings.apiVersion === 2) return askForPrompt();
  const input = new MultiStepInput(TITLE, 4);
  /** The message the branch step last showed a branch for. */
  let branchFrom: string | undefined;
  const values = await input.run([
    (step, values) => step.text(messageStep((values[0] as string | undefined) ?? '', ' (For several messages with roles, use "Compose Agent Job in Panel".)')),
    (step, values) => {
      const message = values[0] as string;
      // What was typed here before going Back, unless the message changed since.
      const value = values[1] !== undefined && branchFrom === message ? (values[1] as string) : branchForRequest(message);
      branchFrom = message;
      return step.text({
        kind: 'text',
        prompt: 'The branch the agent commits to; created when it does not exist. Leave empty to let the platform name one.',
        placeholder: 'Branch',
        value,
        confirm: (branch) => (isDefaultBranch(branch, branchChoice.defaultBranch) ? branchChoice.confirmDefault(branch.trim()) : Promise.resolve(true)),
      });
    },
    (step, values) =>
      step.pick({
        kind: 'pick',
        placeholder: 'Model',
        items: JOB_MODELS.map((model) => ({ label: model.name, description: model.description, value: model.name })),
        active: (values[2] as string | undefined) ?? settings.defaultModel,
      }),
    (step, values) =>
      step.pick({
        kind: 'pick',
        placeholder: 'Pull request',
        items: [
          { label: 'Open a pull request', value: false },
          { label: 'Open a draft pull request', value: true },
        ],
        active: (values[3] as boolean | undefined) ?? settings.draftByDefault,
      }),
  ]);
  if (!values) return undefined;
  const [message, chosenBranch, model, asDraft] = values as [string, string, string, boolean];
  return { branch: chosenBranch.trim() || undefined, messages: [{ role: 'user', content: message }], model, asDraft };
}

function messageStep(value: string, hint = ''): TextStep {
  return {
    kind: 'text',
    prompt: `What should the agent change in the docs? The first line names the job.${hint}`,
    placeholder: 'Message',
    value,
    validate: (text) => (text.trim() ? undefined : NO_MESSAGE),
  };
}

/** API v2 takes one prompt: the platform picks the branch and the model. */
async function askForPrompt(): Promise<CreateJobRequest | undefined> {
  const values = await new MultiStepInput(TITLE, 1).run([(step) => step.text(messageStep(''))]);
  return values ? { messages: [{ role: 'user', content: values[0] as string }] } : undefined;
}
