// "Create Agent Job...": branch, message, model and pull request kind in one quick input with Back.
import type { CreateJobRequest } from '../../../agent/src/apiClient';
import { JOB_MODELS, NO_MESSAGE } from '../../webview/jobOptions';
import { MultiStepInput, type TextStep } from './multiStepInput';
import type { AgentSettings } from './settings';

const TITLE = 'Create Agent Job';

/** Asks for a job; undefined when the user cancelled. */
export async function askForJob(settings: AgentSettings, branch: string | undefined): Promise<CreateJobRequest | undefined> {
  if (settings.apiVersion === 2) return askForPrompt();
  const input = new MultiStepInput(TITLE, 4);
  const values = await input.run([
    (step, values) =>
      step.text({
        kind: 'text',
        prompt: 'The branch the agent works on; created when it does not exist. Leave empty to let the platform name one.',
        placeholder: 'Branch (optional)',
        value: (values[0] as string | undefined) ?? branch ?? '',
      }),
    (step, values) => step.text(messageStep((values[1] as string | undefined) ?? '', ' (For several messages with roles, use "Compose Agent Job in Panel".)')),
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
  const [chosenBranch, message, model, asDraft] = values as [string, string, string, boolean];
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
