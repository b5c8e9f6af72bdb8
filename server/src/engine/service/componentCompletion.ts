import { builtInComponent, builtInComponents, isIconProp, type BuiltInComponent, type ComponentProp } from '../components/componentTable';
import { isIconLibrary, type IconLibrary } from '../icons/iconNames';
import type { PageModel } from '../pages/pageModel';
import type { CompletionItem, Completions } from './completion';
import { iconItems } from './completion';
import { inlineCode, plainParagraph } from './markdown';
import { tagContextAt, type TagContext } from './tagContext';

/**
 * Completions inside a tag of a page: after `<`, the built-in components and then the page's own
 * (its exports and imports); between props, the component's props not yet written, required
 * first; in a value, the values it takes or, for an icon, the names of the site's icon library.
 */
export function componentCompletions(page: PageModel, offset: number, siteLibrary: IconLibrary): Completions | undefined {
  const context = tagContextAt(page.text, offset);
  if (!context) return undefined;
  if (context.kind === 'name') return { range: context.range, items: nameItems(page), isIncomplete: false };
  const component = builtInComponent(context.tag);
  if (!component) return undefined;
  if (context.kind === 'prop') return { range: context.range, items: propItems(component, [...context.written, ...propsAfter(page.text, context.range.end)]), isIncomplete: false };
  return valueCompletions(component, context, siteLibrary);
}

function nameItems(page: PageModel): CompletionItem[] {
  const items: CompletionItem[] = builtInComponents.map((component) => ({
    label: component.name,
    kind: 'component',
    detail: component.summary,
    documentation: componentMarkdown(component, false),
    insertText: component.name,
    sortText: `0${component.name}`,
  }));
  const seen = new Set(builtInComponents.map((component) => component.name));
  for (const { name, source } of ownComponents(page)) {
    if (seen.has(name)) continue;
    seen.add(name);
    items.push({ label: name, kind: 'component', detail: source ? `Imported from ${source}` : 'Exported by this page', insertText: name, sortText: `1${name}` });
  }
  return items;
}

const exportedName = /^export\s+(?:const|let|var|function\*?|class)\s+([A-Z][\w$]*)/gm;

/** Components the page itself defines or imports (capitalised names: lower-case ones are values). */
function ownComponents(page: PageModel): { name: string; source?: string }[] {
  const own: { name: string; source?: string }[] = [];
  for (const imported of page.imports) for (const name of imported.names) if (/^[A-Z]/.test(name)) own.push({ name, source: imported.source });
  if (page.text.includes('export')) for (const match of page.text.matchAll(exportedName)) own.push({ name: match[1] });
  return own;
}

function propItems(component: BuiltInComponent, written: string[]): CompletionItem[] {
  const entries = Object.entries(component.props).filter(([name]) => !written.includes(name));
  return entries.map(([name, prop]) => ({
    label: name,
    kind: 'property',
    detail: `${prop.required ? 'required · ' : ''}${prop.type}`,
    documentation: propMarkdown(prop),
    insertText: prop.type === 'string' || prop.values ? `${name}="$1"` : `${name}={$1}`,
    snippet: true,
    // Required props first, then documented ones, each in the docs' order.
    sortText: `${prop.required ? 0 : prop.undocumented ? 2 : 1}${String(entries.findIndex(([other]) => other === name)).padStart(3, '0')}`,
  }));
}

/** The props written after the cursor in the same tag (up to its `>`, read roughly: values holding `>` end it early). */
function propsAfter(text: string, from: number): string[] {
  const end = text.indexOf('>', from);
  const rest = text.slice(from, end < 0 ? Math.min(text.length, from + 2000) : end);
  return [...rest.matchAll(/(?:^|\s)([A-Za-z_:][\w:.-]*)\s*=/g)].map((match) => match[1]);
}

function valueCompletions(component: BuiltInComponent, context: Extract<TagContext, { kind: 'value' }>, siteLibrary: IconLibrary): Completions | undefined {
  const prop = component.props[context.prop];
  if (!prop) return undefined;
  if (prop.values) {
    return {
      range: context.range,
      items: prop.values.map((value, index) => ({ label: value, kind: 'value', detail: value === prop.default ? 'default' : undefined, insertText: value, sortText: String(index).padStart(3, '0') })),
      isIncomplete: false,
    };
  }
  if (!isIconProp(context.prop)) return undefined;
  const own = context.written.get('iconLibrary');
  const library = isIconLibrary(own) ? own : siteLibrary;
  // The docs.json icon list, written bare between the quotes.
  return { range: context.range, items: iconItems(library, context.typed).map((item) => ({ ...item, insertText: item.label })), isIncomplete: true };
}

/** A component's summary (unless completion shows it already), where it sits and its props, for completion and hover. */
export function componentMarkdown(component: BuiltInComponent, withSummary = true): string {
  const props = Object.entries(component.props).filter(([, prop]) => !prop.undocumented);
  const lines = withSummary ? [plainParagraph(component.summary)] : [];
  if (component.parents) lines.push(`Sits directly in ${component.parents.map((name) => inlineCode(`<${name}>`)).join(' or ')}.`);
  if (props.length > 0) lines.push(`Props: ${props.map(([name, prop]) => inlineCode(prop.required ? `${name}*` : name)).join(', ')}`);
  return lines.join('\n\n');
}

/** A prop's type, values and description. */
export function propMarkdown(prop: ComponentProp): string {
  const lines = [`${inlineCode(prop.type)}${prop.required ? ' · required' : ''}${prop.default !== undefined ? ` · default ${inlineCode(prop.default)}` : ''}`];
  if (prop.values) lines.push(`One of ${prop.values.map((value) => inlineCode(value)).join(', ')}`);
  lines.push(plainParagraph(prop.description));
  return lines.join('\n\n');
}
