// What a job request can hold: the message roles and the models. The compose panel, the quick
// input and the host's check of a panel's request all use these lists.

export const MESSAGE_ROLES = ['user', 'system', 'assistant'] as const;

export const JOB_MODELS = [
  { name: 'sonnet', description: 'Faster and cheaper.' },
  { name: 'opus', description: 'More powerful, slower.' },
] as const;

export type JobModel = (typeof JOB_MODELS)[number]['name'];

/** `value` when it names a model, else `fallback`. */
export function jobModel(value: unknown, fallback: JobModel): JobModel {
  return JOB_MODELS.find((model) => model.name === value)?.name ?? fallback;
}

/** Said when a job has no message to send. */
export const NO_MESSAGE = 'Write what the agent should do.';
