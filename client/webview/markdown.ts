// The agent's text is untrusted: rendered as markdown with raw HTML off, images off and links
// limited to http(s). The result is safe to assign to innerHTML (the panel's CSP is a second fence).
import MarkdownIt from 'markdown-it';
import { cleanText, isWebUrl } from './text';

export { cleanText, isWebUrl };

const markdown = new MarkdownIt({ html: false, linkify: true, breaks: false, typographer: false });
markdown.disable(['image']);
markdown.validateLink = isWebUrl;
// Every link says where it goes and opens outside the panel (the panel's script intercepts clicks).
const defaultLinkOpen = markdown.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  token.attrSet('rel', 'noopener noreferrer');
  token.attrSet('title', token.attrGet('href') ?? '');
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** Largest text rendered as markdown; the rest is cut (the transcript keeps at most ~200 K anyway). */
const MAX_MARKDOWN_CHARS = 300_000;

/** Sanitised HTML for untrusted markdown. */
export function renderMarkdown(text: string): string {
  const clean = cleanText(text.length > MAX_MARKDOWN_CHARS ? `${text.slice(0, MAX_MARKDOWN_CHARS)}…` : text);
  return markdown.render(clean);
}
