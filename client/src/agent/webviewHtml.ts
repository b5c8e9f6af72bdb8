// The agent job panel's HTML: a strict Content-Security-Policy (scripts only with this page's
// nonce, styles and images only from the extension), no remote content, nothing inline but the
// nonce'd script tag. No `vscode` import: unit-tested.
import { randomBytes } from 'node:crypto';

export interface PanelHtmlOptions {
  /** `webview.cspSource`. */
  cspSource: string;
  /** `webview.asWebviewUri(...)` of dist/webview.js and media/agentPanel.css, as strings. */
  scriptUri: string;
  styleUri: string;
  nonce?: string;
}

export function makeNonce(): string {
  return randomBytes(16).toString('hex');
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `img-src ${cspSource} data:`,
    `style-src ${cspSource}`,
    `font-src ${cspSource}`,
    `script-src 'nonce-${nonce}'`,
    "connect-src 'none'",
    "frame-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
}

export function agentPanelHtml(options: PanelHtmlOptions): string {
  const nonce = options.nonce ?? makeNonce();
  const csp = contentSecurityPolicy(options.cspSource, nonce);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeAttribute(options.styleUri)}">
<title>Agent Job</title>
</head>
<body>
<main id="app" aria-live="polite"><p class="muted">Loading…</p></main>
<script nonce="${escapeAttribute(nonce)}" src="${escapeAttribute(options.scriptUri)}"></script>
</body>
</html>`;
}
