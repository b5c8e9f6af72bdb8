import { isRecord } from '../model/cursor';
import { readFrontmatterYaml } from '../pages/frontmatter';

export interface PageFrontmatter {
  title?: string;
  description?: string;
  icon?: string;
}

/** The title, description and icon in the YAML frontmatter of an MDX or Markdown page. */
export function readFrontmatter(text: string): PageFrontmatter {
  const match = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  if (!match) return {};
  let data: unknown;
  try {
    data = readFrontmatterYaml(match[1]);
  } catch {
    return {};
  }
  if (!isRecord(data)) return {};
  return {
    title: typeof data.title === 'string' ? data.title : undefined,
    description: typeof data.description === 'string' ? data.description : undefined,
    icon: typeof data.icon === 'string' ? data.icon : undefined,
  };
}

/** Words a file name writes in lower case that a title writes otherwise. */
const titleWords = new Map(
  ['AI', 'API', 'APIs', 'CLI', 'CSS', 'FAQ', 'FAQs', 'HTML', 'HTTP', 'ID', 'IDs', 'JSON', 'JWT', 'LLM', 'LLMs', 'MCP', 'MDX', 'OAuth', 'SDK', 'SDKs', 'SQL', 'SSO', 'UI', 'URL', 'URLs', 'YAML'].map((word) => [word.toLowerCase(), word]),
);

/** A title for a new page, from its file name: "guides/getting-started" -> "Getting started", "faq" -> "FAQ", "api-keys" -> "API keys". */
export function titleFromPath(page: string): string {
  const words = page.slice(page.lastIndexOf('/') + 1).replace(/[-_]+/g, ' ').trim().split(' ');
  const title = words.map((word) => titleWords.get(word) ?? word).join(' ');
  return title.charAt(0).toUpperCase() + title.slice(1);
}
