import { builtInComponent, isAllowedTag, isIconProp, isUndocumentedComponent, knownTagNames, type BuiltInComponent, type ComponentProp } from '../components/componentTable';
import type { PageElement, WrittenAttribute } from '../components/jsxElements';
import { definedComponents, isDefined } from '../components/pageComponents';
import { isIconLibrary, type IconLibrary } from '../icons/iconNames';
import type { OffsetRange } from '../json/path';
import type { PageModel } from '../pages/pageModel';
import type { SiteCheckContext, SiteRule } from '../pages/siteCheck';
import { didYouMean } from '../suggest';
import { quote, quoteList } from '../text';
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
        const pageCheck: PageCheck = { ctx, page, icons, siteLibrary: check?.siteIconLibrary ?? 'fontawesome', snippet: snippets.has(page.file) };
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
  const consequence = element.block
    ? 'it drops it silently, with its content'
    : 'inside a line of text it makes the page fail to render';
  const unless = component ? ' (it is not built in, and the page neither exports nor imports it)' : '';
  ctx.report(page.file, {
    range: element.nameRange,
    code: element.block ? 'component/unknown' : 'component/unknown-inline',
    message: `The site does not know ${what}: ${consequence}${unless}${suggestion ? `. Did you mean <${suggestion}>?` : ''}`,
    suggestions: suggestion ? [{ title: `Change to <${suggestion}>`, replacement: suggestion, alsoAt: closingName(page.text, element) }] : undefined,
  });
  return element.block;
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

function checkPlace({ ctx, page, snippet }: PageCheck, element: PageElement, component: BuiltInComponent): void {
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
  });
}

function reportDuplicateExample({ ctx, page }: PageCheck, element: PageElement, first: PageElement): void {
  const line = page.text.slice(0, first.range.start).split('\n').length;
  ctx.report(page.file, {
    range: element.nameRange,
    code: 'component/duplicate-example',
    message: `This page already has a <${element.name}> (line ${line}): the site shows one per page in its side panel; put every example in that one`,
  });
}
