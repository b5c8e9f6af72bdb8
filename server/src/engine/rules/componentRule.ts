import { builtInComponent, isAllowedTag, isIconProp, isUndocumentedComponent, knownTagNames, type BuiltInComponent, type ComponentProp } from '../components/componentTable';
import type { PageElement, WrittenAttribute } from '../components/jsxElements';
import { definedComponents, isDefined } from '../components/pageComponents';
import { isIconLibrary, type IconLibrary } from '../icons/iconNames';
import type { Suggestion } from '../diagnostic';
import type { OffsetRange } from '../json/path';
import type { PageModel } from '../pages/pageModel';
import type { SiteCheckContext, SiteRule } from '../pages/siteCheck';
import { didYouMean } from '../suggest';
import { lineEnd, quote, quoteList } from '../text';
import { iconCheck, iconProblem, pageIconSeverity, type IconCheck } from './iconRule';

/** The props of ParamField that name its parameter: exactly one is written. */
const parameterLocations = ['query', 'path', 'body', 'header'];
/** Props React reads on any element. */
const reactProps = new Set(['key']);
const panelExamples = ['RequestExample', 'ResponseExample'];

/**
 * The components of each page: known (built in, exported by the page or imported), placed where
 * they belong, with the props they take and values they accept; icon props against the site's
 * icon library, with the docs.json icon rule's check.
 */
export const componentRule: SiteRule = {
  codes: [
    'component/unknown',
    'component/unknown-inline',
    'component/unknown-prop',
    'component/missing-prop',
    'component/invalid-value',
    'component/prop-type',
    'component/param-location',
    'component/misplaced',
    'component/duplicate-example',
  ],
  start(ctx) {
    const check = ctx.graph.check;
    const icons = iconCheck(ctx.graph.host.files);
    const snippets = new Set(ctx.graph.files.snippetFiles);
    return {
      page(page) {
        const facts = page.mdxFacts;
        if (facts.error) return;
        const defined = definedComponents(page.imports, facts.esmNames);
        const pageCheck: PageCheck = { ctx, page, icons, siteLibrary: check?.siteIconLibrary ?? 'fontawesome', snippet: snippets.has(page.file), elements: facts.elements };
        const examples = new Map<string, PageElement>();
        const dropped = new Set<PageElement>();
        for (const element of facts.elements) {
          if (isDefined(element.name, defined) || (element.parent && dropped.has(element.parent))) {
            if (element.parent && dropped.has(element.parent)) dropped.add(element);
            continue;
          }
          const component = builtInComponent(element.name);
          if (!component) {
            if (!isAllowedTag(element.name) && checkUnknown(pageCheck, element, defined)) dropped.add(element);
            continue;
          }
          checkProps(pageCheck, element, component);
          checkPlace(pageCheck, element, component);
          if (panelExamples.includes(element.name)) {
            const first = examples.get(element.name);
            if (first) reportDuplicateExample(pageCheck, element, first);
            else examples.set(element.name, element);
          }
        }
      },
    };
  },
};

interface PageCheck {
  ctx: SiteCheckContext;
  page: PageModel;
  icons: IconCheck;
  siteLibrary: IconLibrary;
  /** A snippet is placed by the pages that import it: its top-level components are not misplaced. */
  snippet: boolean;
  /** The page's elements in document order. */
  elements: readonly PageElement[];
}

function iconLibraryOf(value: unknown): IconLibrary {
  return isIconLibrary(value) ? value : 'fontawesome';
}

/** HTML tags are written in lower case; components start with a capital or name a member (`Tree.File`). */
function isComponentName(name: string): boolean {
  return !/^[a-z]/.test(name) || name.includes('.');
}

/** Reports an unknown tag; whether the site drops it (its content with it: what it holds is not checked). */
function checkUnknown({ ctx, page }: PageCheck, element: PageElement, defined: ReadonlySet<string>): boolean {
  const { name } = element;
  const component = isComponentName(name);
  // Inline, an HTML tag is rendered as written: only an unknown component fails.
  if (!element.block && !component) return false;
  const candidates = component ? [...knownTagNames.filter(isComponentName), ...defined] : knownTagNames.filter((tag) => !isComponentName(tag));
  const suggestion = didYouMean(name, candidates);
  const what = component ? `the component <${name}>` : `the HTML tag <${name}> at block level`;
  const parts = element.block ? undefined : elementParts(page.text, element);
  const ownLine = parts && isOnLinesOfItsOwn(page.text, element.range);
  const consequence = element.block
    ? 'it drops it silently, with its content'
    : ownLine
      ? 'the text on the same line as its tags makes it an inline element in MDX, and an unknown inline component makes the page fail to render'
      : 'inside a line of text it makes the page fail to render';
  const unless = component ? ' (it is not built in, and the page neither exports nor imports it)' : '';
  const suggestions: Suggestion[] = [];
  if (suggestion) suggestions.push({ title: `Change to <${suggestion}>`, replacement: suggestion, alsoAt: closingName(page.text, element) });
  if (parts && ownLine) suggestions.push(contentOnItsOwnLine(page.text, element, parts));
  if (parts) suggestions.push({ title: `Remove <${name}>, keep its text`, range: element.range, replacement: page.text.slice(parts.openingEnd, parts.closingStart).trim() });
  ctx.report(page.file, {
    range: element.nameRange,
    code: element.block ? 'component/unknown' : 'component/unknown-inline',
    message: `The site does not know ${what}: ${consequence}${unless}${suggestion ? `. Did you mean <${suggestion}>?` : ''}`,
    suggestions: suggestions.length > 0 ? suggestions : undefined,
  });
  return element.block;
}

/** Where an element's content starts and ends, between its opening and closing tags; none when it closes itself or spreads props. */
function elementParts(text: string, element: PageElement): { openingEnd: number; closingStart: number } | undefined {
  const closing = closingName(text, element)?.[0];
  if (!closing || !element.attributes) return undefined;
  const afterAttributes = element.attributes.at(-1)?.range.end ?? element.nameRange.end;
  const openingEnd = text.indexOf('>', afterAttributes) + 1;
  const closingStart = closing.start - 2;
  return openingEnd > 0 && openingEnd <= closingStart ? { openingEnd, closingStart } : undefined;
}

/** Whether nothing but spaces shares the element's first and last lines with it. */
function isOnLinesOfItsOwn(text: string, range: OffsetRange): boolean {
  const lineStart = text.lastIndexOf('\n', range.start - 1) + 1;
  const lineEnd = text.indexOf('\n', range.end);
  return /^[ \t]*$/.test(text.slice(lineStart, range.start)) && /^[ \t\r]*$/.test(text.slice(range.end, lineEnd < 0 ? text.length : lineEnd));
}

/** The element's tags on lines of their own around its text: MDX then reads it as a block, which the site drops without failing. */
function contentOnItsOwnLine(text: string, element: PageElement, parts: { openingEnd: number; closingStart: number }): Suggestion {
  const indent = /^[ \t]*/.exec(text.slice(text.lastIndexOf('\n', element.range.start - 1) + 1))![0];
  const content = text.slice(parts.openingEnd, parts.closingStart).trim();
  const eol = lineEnd(text);
  return {
    title: `Put the text on its own line between the tags (the site then drops <${element.name}> and its text)`,
    range: { start: parts.openingEnd, end: parts.closingStart },
    replacement: `${eol}${indent}${content}${eol}${indent}`,
  };
}

/** Where the closing tag's name is, so that a rename changes both tags. */
function closingName(text: string, element: PageElement): OffsetRange[] | undefined {
  const end = element.range.end;
  const closing = `</${element.name}>`;
  if (text.slice(end - closing.length, end) !== closing) return undefined;
  return [{ start: end - closing.length + 2, end: end - 1 }];
}

function checkProps(check: PageCheck, element: PageElement, component: BuiltInComponent): void {
  const { ctx, page } = check;
  const { attributes } = element;
  const written = new Map((attributes ?? []).map((attribute) => [attribute.name, attribute]));
  if (attributes && !isUndocumentedComponent(component.name)) {
    for (const attribute of attributes) {
      if (Object.hasOwn(component.props, attribute.name) || reactProps.has(attribute.name)) continue;
      // A prop name that starts differently is another word, not a typo ("style" is no "type").
      const near = didYouMean(attribute.name, Object.keys(component.props));
      const suggestion = near?.[0].toLowerCase() === attribute.name[0].toLowerCase() ? near : undefined;
      ctx.report(page.file, {
        range: attributeNameRange(attribute),
        code: 'component/unknown-prop',
        // With no prop near it, it may be one the docs do not list: a note, not a warning.
        severity: suggestion ? undefined : 'information',
        message: `<${component.name}> has no prop "${attribute.name}": it is ignored${suggestion ? `. Did you mean "${suggestion}"?` : ''}`,
        suggestions: suggestion && !written.has(suggestion) ? [{ title: `Change to "${suggestion}"`, replacement: suggestion }] : undefined,
      });
    }
    const missing = Object.entries(component.props).filter(([name, prop]) => prop.required && !written.has(name));
    for (const [name] of missing) {
      ctx.report(page.file, { range: element.nameRange, code: 'component/missing-prop', message: `<${component.name}> needs a "${name}" (its docs mark it required)` });
    }
  }
  for (const attribute of written.values()) {
    const prop = component.props[attribute.name];
    if (prop) checkValue(check, component, attribute, prop, written);
  }
  if (component.name === 'ParamField' && attributes) {
    const locations = parameterLocations.filter((location) => written.has(location));
    if (locations.length !== 1) {
      ctx.report(page.file, {
        range: element.nameRange,
        code: 'component/param-location',
        message:
          locations.length === 0
            ? `<ParamField> needs one of ${quoteList(parameterLocations.map(String))} to name the parameter and say where it goes`
            : `<ParamField> takes exactly one of ${quoteList(parameterLocations)}, not ${quoteList(locations, 'and')}: keep the one that says where the parameter goes`,
      });
    }
  }
}

function attributeNameRange(attribute: WrittenAttribute) {
  return { start: attribute.range.start, end: attribute.range.start + attribute.name.length };
}

function checkValue(check: PageCheck, component: BuiltInComponent, attribute: WrittenAttribute, prop: ComponentProp, written: Map<string, WrittenAttribute>): void {
  const { ctx, page } = check;
  const { name } = attribute;
  // A text is true to the component (`defaultOpen="True"` opens it, as meant); only "false" written as text means the opposite of what it says.
  if (prop.type === 'boolean' && attribute.quoted && attribute.valueRange) {
    if (attribute.text?.trim().toLowerCase() !== 'false') return;
    ctx.report(page.file, {
      range: attribute.valueRange,
      code: 'component/prop-type',
      message: `"${name}" of <${component.name}> takes true or false, and any text counts as true, "${attribute.text}" too: write ${name}={false}`,
      suggestions: [{ title: 'Change to {false}', replacement: '{false}' }],
    });
    return;
  }
  if (prop.type === 'number' && attribute.quoted && attribute.valueRange) {
    const value = (attribute.text ?? '').trim();
    const meant = /^-?\d+(\.\d+)?$/.test(value) ? value : undefined;
    ctx.report(page.file, {
      range: attribute.valueRange,
      code: 'component/prop-type',
      message: `"${name}" of <${component.name}> takes a number: write ${name}={${meant ?? '…'}}`,
      suggestions: meant === undefined ? undefined : [{ title: `Change to {${meant}}`, replacement: `{${meant}}` }],
    });
    return;
  }
  const value = attribute.text ?? (attribute.expression !== undefined && /^\s*-?\d+\s*$/.test(attribute.expression) ? attribute.expression.trim() : undefined);
  if (value === undefined) return;
  if (prop.values && !prop.values.includes(value)) {
    const suggestion = didYouMean(value, prop.values);
    const range = attribute.textRange ?? attribute.valueRange!;
    ctx.report(page.file, {
      range,
      code: 'component/invalid-value',
      message: `${quote(value)} is not a ${name} of <${component.name}>: use ${quoteList(prop.values)}${suggestion ? `. Did you mean "${suggestion}"?` : ''}`,
      suggestions: suggestion && attribute.textRange ? [{ title: `Change to "${suggestion}"`, replacement: suggestion }] : undefined,
    });
    return;
  }
  if (isIconProp(name) && attribute.textRange) {
    const library = iconLibraryOf(written.get('iconLibrary')?.text ?? check.siteLibrary);
    const problem = iconProblem(check.icons, library, value, `<${component.name}>`);
    if (!problem) return;
    ctx.report(page.file, {
      range: attribute.textRange,
      code: problem.code,
      severity: pageIconSeverity(problem),
      message: problem.message,
      suggestions: problem.replacement === undefined ? undefined : [{ title: `Change to "${problem.replacement}"`, replacement: problem.replacement }],
      data: problem.data,
    });
  }
}

function checkPlace({ ctx, page, snippet, elements }: PageCheck, element: PageElement, component: BuiltInComponent): void {
  const parents = component.parents;
  if (!parents) return;
  const parent = element.parent?.name;
  if (parent === undefined ? snippet : parents.includes(parent)) return;
  const where = parent === undefined ? 'at the top of the page' : `in <${parent}>`;
  const checked = component.name === 'Tab' || component.name === 'Step' ? ' (the site warns about it in its build log and may not show it as one)' : '';
  ctx.report(page.file, {
    range: element.nameRange,
    code: 'component/misplaced',
    message: `<${component.name}> must sit directly in ${parents.map((name) => `<${name}>`).join(' or ')}, not ${where}${checked}`,
    suggestions: wrapInParent(page, elements, element, parents[0]),
  });
}

/**
 * Wraps the element, with the same elements written right before and after it beside it, in the
 * parent it needs: `<Tabs>` around a run of `<Tab>`s, on lines of their own at the first one's indent.
 */
function wrapInParent(page: PageModel, elements: readonly PageElement[], element: PageElement, parent: string): Suggestion[] | undefined {
  const siblings = elements.filter((other) => other.parent === element.parent);
  const at = siblings.indexOf(element);
  const joined = (before: PageElement, after: PageElement) => after.name === element.name && page.text.slice(before.range.end, after.range.start).trim() === '';
  let first = at;
  while (first > 0 && joined(siblings[first - 1], siblings[first])) first--;
  let last = at;
  while (last < siblings.length - 1 && joined(siblings[last], siblings[last + 1])) last++;
  const run = { start: siblings[first].range.start, end: siblings[last].range.end };
  if (!isOnLinesOfItsOwn(page.text, run)) return undefined;
  const lineStart = page.text.lastIndexOf('\n', run.start - 1) + 1;
  const indent = page.text.slice(lineStart, run.start);
  return [
    {
      title: `Wrap in <${parent}>`,
      range: { start: lineStart, end: lineStart },
      replacement: `${indent}<${parent}>${lineEnd(page.text)}`,
      alsoEdits: [{ file: page.file, range: { start: run.end, end: run.end }, newText: `${lineEnd(page.text)}${indent}</${parent}>` }],
    },
  ];
}

function reportDuplicateExample({ ctx, page }: PageCheck, element: PageElement, first: PageElement): void {
  const line = page.text.slice(0, first.range.start).split('\n').length;
  ctx.report(page.file, {
    range: element.nameRange,
    code: 'component/duplicate-example',
    message: `This page already has a <${element.name}> (line ${line}): the site shows one per page in its side panel; put every example in that one`,
  });
}
