// Building the panel's DOM: every string goes in as text (cleaned of control characters); only
// markdownBlock sets HTML, from the sanitising renderer.
import { renderMarkdown } from './markdown';
import { cleanText } from './text';
import type { PanelAction, PanelMessage } from './protocol';

interface VsCodeApi {
  postMessage(message: PanelMessage): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

export const vscodeApi = acquireVsCodeApi();
export const post = (message: PanelMessage) => vscodeApi.postMessage(message);

export type Attributes = Record<string, string | boolean | undefined>;

export function el<K extends string>(tag: K, attributes: Attributes = {}, ...children: (Node | string | undefined)[]): K extends keyof HTMLElementTagNameMap ? HTMLElementTagNameMap[K] : HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children) {
    if (child === undefined) continue;
    element.append(typeof child === 'string' ? document.createTextNode(cleanText(child)) : child);
  }
  return element as never;
}

/** A VS Code styled button (vscode-elements). */
export function button(label: string, attributes: Attributes, onClick: () => void): HTMLElement {
  const node = el('vscode-button', attributes, label);
  node.addEventListener('click', onClick);
  return node;
}

/** A button that asks the extension to do `action`. */
export function actionButton(label: string, action: PanelAction, attributes: Attributes = {}): HTMLElement {
  return button(label, attributes, () => post({ type: 'action', action }));
}

/** A text link that runs an action (inside sentences). */
export function actionLink(label: string, action: PanelAction): HTMLButtonElement {
  const node = el('button', { type: 'button', class: 'link' }, label);
  node.addEventListener('click', () => post({ type: 'action', action }));
  return node;
}

export function markdownBlock(text: string, attributes: Attributes = {}): HTMLDivElement {
  const block = el('div', { class: 'markdown', ...attributes });
  block.innerHTML = renderMarkdown(text);
  return block;
}
