import componentData from '../../../data/components.generated.json';

/** A prop of a built-in component, as the platform documents it. */
export interface ComponentProp {
  /** `string`, `boolean`, `number`, or a TypeScript type the platform names (`ReactNode`, `string[]`). */
  type: string;
  required?: boolean;
  /** The only values it takes. */
  values?: string[];
  default?: string;
  description: string;
  /** Accepted by the component, but not on its docs page. */
  undocumented?: boolean;
}

export interface BuiltInComponent {
  name: string;
  /** What it is, in one line. */
  summary: string;
  /** Its docs page on the platform's documentation site. */
  docs: string;
  /** The components it must sit directly in, when the platform documents any. */
  parents?: string[];
  props: Record<string, ComponentProp>;
}

interface ComponentData {
  components: Record<string, Omit<BuiltInComponent, 'name'>>;
  /** Names the platform lets through that have no docs page: known, but their props are not. */
  undocumented: string[];
  /** HTML tags the platform lets through at block level. */
  htmlTags: string[];
}

const data = componentData as ComponentData;

/** The built-in components, in alphabetical order (generated from server/data/platform-components.json). */
export const builtInComponents: readonly BuiltInComponent[] = Object.entries(data.components)
  .map(([name, component]) => ({ name, ...component }))
  .sort((a, b) => a.name.localeCompare(b.name));

const byName = new Map(builtInComponents.map((component) => [component.name, component]));
const undocumented = new Set(data.undocumented);
const htmlTags = new Set(data.htmlTags);

export function builtInComponent(name: string): BuiltInComponent | undefined {
  return byName.get(name);
}

/** Whether the platform renders a tag written at block level, before what a page defines: its components and the HTML tags it allows. */
export function isAllowedTag(name: string): boolean {
  return byName.has(name) || undocumented.has(name) || htmlTags.has(name);
}

/** Built-in names the platform knows without documenting their props. */
export function isUndocumentedComponent(name: string): boolean {
  return undocumented.has(name);
}

/** The names a did-you-mean may offer: documented components first. */
export const knownTagNames: readonly string[] = [...byName.keys(), ...undocumented, ...htmlTags];

/** An icon prop takes an icon name of the site's library (or a URL, a file, an SVG). */
export function isIconProp(name: string): boolean {
  return name === 'icon';
}
