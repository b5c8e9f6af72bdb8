// The form that composes a job: branch (named from the first message until edited), messages
// with roles, model, draft. Built from vscode-elements; the draft is kept in the webview state on every change (a reload restores it).
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import '@vscode-elements/elements/dist/vscode-form-helper/index.js';
import '@vscode-elements/elements/dist/vscode-label/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-textarea/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import type { VscodeCheckbox, VscodeTextarea, VscodeTextfield, VscodeSingleSelect, VscodeButton } from '@vscode-elements/elements';
import { actionLink, button, el, post, vscodeApi } from './dom';
import { branchForRequest } from './branchName';
import { JOB_MODELS, MESSAGE_ROLES, NO_MESSAGE } from './jobOptions';
import { cleanText } from './text';
import type { ComposeContext, ComposeDraft, MessageView, PanelState } from './protocol';

function select(id: string | undefined, label: string, options: readonly { name: string; description?: string }[], value: string): VscodeSingleSelect {
  const node = el(
    'vscode-single-select',
    { id, 'aria-label': label },
    ...options.map((option) => el('vscode-option', { value: option.name, selected: option.name === value, description: option.description }, option.name)),
  ) as VscodeSingleSelect;
  return node;
}

export function renderCompose(app: HTMLElement, context: ComposeContext, draft: ComposeDraft, problem?: string): void {
  const branch = el('vscode-textfield', { id: 'branch', placeholder: 'empty: the platform names one', spellcheck: 'false' }) as VscodeTextfield;
  const firstContent = draft.messages.find((message) => message.content.trim() !== '')?.content ?? '';
  branch.value = draft.branch || branchForRequest(firstContent);
  /** The branch follows the first message (`docs/agent-…`) until the user edits it. */
  let branchEdited = draft.branch !== '' && draft.branch !== branchForRequest(firstContent);
  branch.addEventListener('input', () => (branchEdited = true));
  const messages = el('div', { id: 'messages' });
  const model = select('model', 'Model', JOB_MODELS, draft.model);
  const asDraft = el('vscode-checkbox', { id: 'draft', label: 'Draft pull request', checked: draft.asDraft }) as VscodeCheckbox;
  const messageError = el('vscode-form-helper', { id: 'messages-error', class: 'error', role: 'alert' });
  const error = el('p', { id: 'compose-error', class: 'error', role: 'alert' }, problem ?? '');
  const create = button('Create Job', { id: 'create' }, () => submit()) as VscodeButton;

  const rows = () => [...messages.querySelectorAll<HTMLElement>('.message')];
  const contents = () => rows().map((row) => row.querySelector('vscode-textarea') as VscodeTextarea);
  const readDraft = (): ComposeDraft => ({
    branch: branch.value.trim(),
    messages: rows().map((row) => ({
      role: (row.querySelector('vscode-single-select') as VscodeSingleSelect | null)?.value ?? 'user',
      content: (row.querySelector('vscode-textarea') as VscodeTextarea).value,
    })),
    model: model.value,
    asDraft: asDraft.checked,
  });
  const save = () => vscodeApi.setState({ draft: readDraft() } satisfies PanelState);
  /** The only message cannot be removed; the message error goes as soon as there is a message. */
  const refresh = () => {
    if (!branchEdited) branch.value = branchForRequest(contents().find((content) => content.value.trim() !== '')?.value ?? '');
    const only = rows().length === 1;
    for (const remove of messages.querySelectorAll<VscodeButton>('.remove')) remove.disabled = only;
    if (messageError.textContent && contents().some((content) => content.value.trim() !== '')) {
      messageError.textContent = '';
      for (const content of contents()) content.invalid = false;
    }
  };

  const addMessage = (message: MessageView) => {
    const content = el('vscode-textarea', { class: 'content', rows: '4', 'aria-label': 'Message', placeholder: 'What should the agent change in the docs?', resize: 'vertical' }) as VscodeTextarea;
    content.value = message.content;
    if (!context.createOptions) {
      // API v2: one prompt, no roles.
      messages.append(el('div', { class: 'message prompt' }, content));
      return;
    }
    const role = select(undefined, 'Role', MESSAGE_ROLES.map((name) => ({ name })), message.role);
    role.classList.add('role');
    const row = el('div', { class: 'message' }, role, content);
    row.append(
      button('Remove', { class: 'remove', secondary: true, title: 'Remove this message' }, () => {
        if (rows().length > 1) row.remove();
        refresh();
        save();
      }),
    );
    messages.append(row);
    refresh();
  };

  const submit = () => {
    const value = readDraft();
    value.messages = value.messages.filter((message) => message.content.trim() !== '');
    if (value.messages.length === 0) {
      messageError.textContent = NO_MESSAGE;
      for (const content of contents()) content.invalid = true;
      contents()[0]?.focus();
      return;
    }
    error.textContent = '';
    create.disabled = true;
    post({ type: 'create', draft: value });
  };

  const given = draft.messages.length > 0 ? draft.messages : [{ role: 'user', content: '' }];
  (context.createOptions ? given : given.slice(0, 1)).forEach(addMessage);
  const form = context.createOptions
    ? el(
        'div',
        { id: 'compose', class: 'form' },
        el('vscode-label', { for: 'branch' }, 'Branch'),
        branch,
        el('vscode-label', {}, 'Messages'),
        messages,
        messageError,
        el('div', { class: 'row' }, button('Add Message', { id: 'add-message', secondary: true }, () => {
          addMessage({ role: 'user', content: '' });
          save();
        })),
        el('div', { class: 'row' }, el('vscode-label', { for: 'model' }, 'Model'), model, asDraft),
        error,
        el('div', { class: 'row' }, create),
      )
    : el(
        'div',
        { id: 'compose', class: 'form' },
        el('vscode-label', {}, 'What should the agent do?'),
        messages,
        messageError,
        el('p', { class: 'muted' }, 'Agent API version 2: the platform picks the branch and the model; you can send follow-up messages to the job once it has run.'),
        error,
        el('div', { class: 'row' }, create),
      );
  form.addEventListener('input', () => {
    refresh();
    save();
  });
  form.addEventListener('change', save);

  const target = context.projectId
    ? el('p', { class: 'muted' }, `Project ${context.projectId}${context.apiUrl ? ` at ${context.apiUrl}` : ''}`)
    : el('p', { class: 'warning' }, 'No project id is set.', ' ', actionLink('Open Settings', 'openSettings'));
  const key = context.hasApiKey ? undefined : el('p', { class: 'warning' }, 'No API key is set. ', actionLink('Set API Key', 'setApiKey'));
  app.replaceChildren(el('h1', {}, 'New agent job'), target, key ?? '', form);
  save();
}

/** The extension could not create the job: the form is usable again, with the reason. */
export function showComposeError(message: string): boolean {
  const error = document.getElementById('compose-error');
  if (!error) return false;
  const create = document.getElementById('create') as VscodeButton | null;
  if (create) create.disabled = false;
  error.textContent = cleanText(message);
  return true;
}
