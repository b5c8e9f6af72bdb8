import { truncateText } from './truncate';

export type TodoStatus = 'pending' | 'in_progress' | 'completed' | 'cancelled' | (string & {});
export type TodoPriority = 'high' | 'medium' | 'low' | (string & {});

/** One entry of the agent's todo list. Values the API may add later are kept as they are. */
export interface Todo {
  id?: string;
  content: string;
  status?: TodoStatus;
  priority?: TodoPriority;
}

const MAX_TODOS = 500;
const MAX_TODO_CHARS = 2_000;

function optionalString(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return truncateText(typeof value === 'string' ? value : JSON.stringify(value), MAX_TODO_CHARS);
}

function parseTodo(entry: unknown): Todo {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    return { content: optionalString(entry) ?? '' };
  }
  const fields = entry as Record<string, unknown>;
  const todo: Todo = { content: optionalString(fields.content) ?? optionalString(entry) ?? '' };
  for (const name of ['id', 'status', 'priority'] as const) {
    const value = optionalString(fields[name]);
    if (value !== undefined) todo[name] = value;
  }
  return todo;
}

/** The todo list in `value`, or undefined when `value` is not a list. */
export function parseTodos(value: unknown): Todo[] | undefined {
  return Array.isArray(value) ? value.slice(0, MAX_TODOS).map(parseTodo) : undefined;
}
