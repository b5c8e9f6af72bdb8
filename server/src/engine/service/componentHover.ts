import { builtInComponent } from '../components/componentTable';
import type { Hover } from './hover';
import { componentMarkdown, propMarkdown } from './componentCompletion';
import { inlineCode } from './markdown';
import { tagContextAt } from './tagContext';

/** On a built-in component's name (opening or closing tag): what it is and its props; on one of its props: its type, values and description. */
export function componentHover(text: string, offset: number): Hover | undefined {
  let start = offset;
  let end = offset;
  while (start > 0 && /[\w.-]/.test(text[start - 1])) start--;
  while (end < text.length && /[\w.-]/.test(text[end])) end++;
  if (start === end) return undefined;
  const word = text.slice(start, end);
  const range = { start, end };
  if (text[start - 1] === '/' && text[start - 2] === '<') {
    const component = builtInComponent(word);
    return component && { markdown: `${inlineCode(`<${component.name}>`)}\n\n${componentMarkdown(component)}`, range };
  }
  const context = tagContextAt(text, end);
  if (context?.kind === 'name' && context.range.start === start) {
    const component = builtInComponent(word);
    return component && { markdown: `${inlineCode(`<${component.name}>`)}\n\n${componentMarkdown(component)}`, range };
  }
  if (context?.kind === 'prop' && context.range.start === start) {
    const prop = builtInComponent(context.tag)?.props[word];
    return prop && { markdown: `${inlineCode(`${word}`)} of ${inlineCode(`<${context.tag}>`)}\n\n${propMarkdown(prop)}`, range };
  }
  return undefined;
}
