/** A node of a page's tree as the walks read it. */
export interface TreeNode {
  type?: string;
  children?: unknown;
  attributes?: unknown;
}

/**
 * Each node of some trees, roots first and each node before what it holds (its `children`, and
 * its `attributes` where asked), in document order. Without recursion: a page's depth (5,000
 * nested quotes take 5 KB) cannot exhaust the stack.
 */
export function* treeNodes<N extends TreeNode>(roots: readonly N[], keys: readonly ('children' | 'attributes')[] = ['children']): Generator<N> {
  const pending = [...roots].reverse();
  while (pending.length > 0) {
    const node = pending.pop()!;
    yield node;
    for (let key = keys.length - 1; key >= 0; key--) {
      const held = node[keys[key]];
      if (Array.isArray(held)) for (let index = held.length - 1; index >= 0; index--) pending.push(held[index] as N);
    }
  }
}
