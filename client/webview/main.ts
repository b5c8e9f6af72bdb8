// The agent job panel (browser side): a form to compose a job, or a view to watch one. Every
// value from the API is put in the page as text, except the agent's markdown, which goes through
// renderMarkdown (raw HTML off, links http(s) only). Links open through the extension.
import { renderCompose, showComposeError } from './compose';
import { el, post, vscodeApi } from './dom';
import type { HostMessage, PanelState } from './protocol';
import { isWebUrl } from './text';
import { applyUpdate, renderWatch, stopWatching } from './watchView';

const app = document.getElementById('app')!;

// Links (in rendered markdown) open outside, through the extension, and only when http(s).
document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest?.('a');
  if (!link) return;
  event.preventDefault();
  const href = link.getAttribute('href') ?? '';
  if (isWebUrl(href)) post({ type: 'openLink', href });
});

window.addEventListener('message', (event: MessageEvent<HostMessage>) => {
  const message = event.data;
  switch (message?.type) {
    case 'compose':
      stopWatching();
      renderCompose(app, message.context, message.draft ?? (vscodeApi.getState() as PanelState | undefined)?.draft ?? message.context.defaults);
      return;
    case 'snapshot':
      renderWatch(app, message.job);
      return;
    case 'update':
      applyUpdate(message);
      return;
    case 'error':
      if (!showComposeError(message.message)) app.prepend(el('p', { class: 'error', role: 'alert' }, message.message));
      return;
  }
});

post({ type: 'ready' });
