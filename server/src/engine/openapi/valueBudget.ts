/**
 * The most values the walks of one spec may visit. YAML aliases share values, and a walk that
 * visits a shared value again at each of its uses can meet billions in a few lines: walks keep
 * what they visited, and those that must visit a value again (where it is read at several paths)
 * count every visit here.
 */
export const maxSpecValues = 2_000_000;

/** A spec's walks went past their budget: what they found so far stands, nothing more is looked for. */
export class ValuesSpent extends Error {}

/** The values visited by the walks of one spec. */
export class ValueBudget {
  private spent = 0;

  constructor(private readonly limit = maxSpecValues) {}

  /** Counts visited values; throws `ValuesSpent` past the limit. */
  spend(count = 1): void {
    this.spent += count;
    if (this.spent > this.limit) throw new ValuesSpent();
  }
}

/** Each object and array reachable from a value, once however many times it is shared (a YAML alias's), counted. */
export function* objectsWithin(root: unknown, budget: ValueBudget): Generator<object> {
  const visited = new Set<object>();
  const pending = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (!value || typeof value !== 'object' || visited.has(value)) continue;
    visited.add(value);
    budget.spend();
    yield value;
    for (const item of Object.values(value)) if (item && typeof item === 'object' && !visited.has(item)) pending.push(item);
  }
}
