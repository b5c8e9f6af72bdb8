import { LineIndex } from '../json/lineIndex';
import { plural } from '../text';
import type { SpecFileProblem } from './specProblems';

/**
 * A fetched spec's problems told on its reference in docs.json, as it is no file of the
 * workspace: the first in full with where it is (`https://…/openapi.yaml:14:23`), and how many
 * more there are with the line and column of the first few.
 */
export function fetchedSpecProblems(url: string, text: string, [first, ...more]: SpecFileProblem[]): string {
  if (!first) return '';
  const lines = new LineIndex(text);
  const place = ({ range }: SpecFileProblem) => {
    if (range.start === 0 && range.end === 0) return undefined;
    const { line, character } = lines.position(range.start);
    return `${line + 1}:${character + 1}`;
  };
  const at = place(first);
  const morePlaces = more.map(place).filter((where): where is string => where !== undefined);
  const shown = morePlaces.slice(0, 5);
  const moreWhere = shown.length > 0 ? `, at ${shown.join(', ')}${morePlaces.length > shown.length ? ' and further' : ''}` : '';
  return `${first.message}${at ? ` (${url}:${at})` : ''}${more.length > 0 ? ` (and ${plural(more.length, 'more problem')} in the spec${moreWhere})` : ''}`;
}
