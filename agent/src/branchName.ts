// A branch name from the API checked as `git check-ref-format --branch` does, before it reaches
// any git command: a name such as `-Bmain` would be read by git as an option.

/** Why git would refuse `name` as a branch name (or it could be read as an option), or undefined when it is a sound one. */
export function branchNameProblem(name: string): string | undefined {
  if (name === '') return 'it is empty';
  if (name.length > 255) return 'it is longer than 255 characters';
  if (name.startsWith('-')) return 'it starts with "-", so git would read it as an option';
  if (/[\u0000-\u0020\u007f]/.test(name)) return 'it holds spaces or control characters';
  const forbidden = name.match(/[~^:?*[\\]/)?.[0];
  if (forbidden) return `it holds "${forbidden}"`;
  if (name.includes('..')) return 'it holds ".."';
  if (name.includes('@{')) return 'it holds "@{"';
  if (name === '@' || name === 'HEAD') return `"${name}" names no branch`;
  if (name.startsWith('/') || name.endsWith('/') || name.includes('//')) return 'it has an empty part between slashes';
  if (name.endsWith('.')) return 'it ends with "."';
  const parts = name.split('/');
  if (parts.some((part) => part.startsWith('.'))) return 'a part of it starts with "."';
  if (parts.some((part) => part.endsWith('.lock'))) return 'a part of it ends with ".lock"';
  return undefined;
}
