// Builds the engine's table of the platform's built-in components from
// server/data/platform-components.json (the components as the platform documents and accepts them,
// with our one-line summary of each): a new platform component is one entry there.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const sourcePath = join(root, 'server', 'data', 'platform-components.json');
export const componentDataPath = join(root, 'server', 'data', 'components.generated.json');

/** A prop as the engine reads it: the type a value must have, and the values it allows. */
function prop({ type, required, enum: values, default: defaultValue, description, documented }) {
  return {
    type,
    ...(required ? { required: true } : {}),
    ...(values ? { values: values.map(String) } : {}),
    ...(defaultValue !== undefined ? { default: defaultValue } : {}),
    description,
    ...(documented ? {} : { undocumented: true }),
  };
}

export function buildComponentData() {
  if (existsSync(componentDataPath) && statSync(sourcePath).mtimeMs <= statSync(componentDataPath).mtimeMs) return;
  const source = JSON.parse(readFileSync(sourcePath, 'utf8'));
  const components = {};
  for (const component of source.components) {
    components[component.name] = {
      summary: component.summary,
      docs: component.docs,
      ...(Array.isArray(component.parent) ? { parents: component.parent } : {}),
      // `children` is the content between the tags, never written as an attribute.
      props: Object.fromEntries(component.props.filter((p) => p.name !== 'children').map((p) => [p.name, prop(p)])),
    };
  }
  const data = { components, undocumented: source.allowlistedButUndocumented, htmlTags: source.allowlistedHtmlTags };
  mkdirSync(dirname(componentDataPath), { recursive: true });
  writeFileSync(componentDataPath, `${JSON.stringify(data, null, 1)}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildComponentData();
