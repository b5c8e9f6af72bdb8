import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { agentPanelHtml, contentSecurityPolicy, makeNonce } from '../../client/src/agent/webviewHtml';

const CSP_SOURCE = 'https://file+.vscode-resource.vscode-cdn.net';
const SCRIPT = `${CSP_SOURCE}/ext/dist/webview.js`;
const STYLE = `${CSP_SOURCE}/ext/media/agentPanel.css`;

function cspOf(html: string): Map<string, string[]> {
  const content = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]+)">/)?.[1];
  assert.ok(content, 'a CSP meta tag');
  return new Map(
    content
      .replace(/&#39;|&apos;/g, "'")
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );
}

describe('agent panel HTML', () => {
  it('has a strict CSP: nothing by default, scripts only with the nonce, styles and images only from the extension', () => {
    const html = agentPanelHtml({ cspSource: CSP_SOURCE, scriptUri: SCRIPT, styleUri: STYLE, nonce: 'abc123nonce' });
    const csp = cspOf(html);
    assert.deepEqual(csp.get('default-src'), ["'none'"]);
    assert.deepEqual(csp.get('script-src'), ["'nonce-abc123nonce'"]);
    assert.deepEqual(csp.get('style-src'), [CSP_SOURCE]);
    assert.deepEqual(csp.get('img-src'), [CSP_SOURCE, 'data:']);
    assert.deepEqual(csp.get('connect-src'), ["'none'"]);
    assert.deepEqual(csp.get('frame-src'), ["'none'"]);
    for (const values of csp.values()) assert.ok(!values.some((value) => /unsafe-(inline|eval)|^\*$|^https?:$/.test(value)), values.join(' '));
  });

  it('loads its one script with the nonce, and nothing remote', () => {
    const html = agentPanelHtml({ cspSource: CSP_SOURCE, scriptUri: SCRIPT, styleUri: STYLE, nonce: 'n0nce' });
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]);
    assert.equal(scripts.length, 1);
    assert.match(scripts[0], /nonce="n0nce"/);
    assert.match(scripts[0], new RegExp(`src="${SCRIPT.replace(/[.+]/g, '\\$&')}"`));
    const urls = [...html.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    assert.deepEqual(urls.sort(), [SCRIPT, STYLE].sort(), 'only the extension\'s own files');
    assert.doesNotMatch(html, /\sstyle=|<style\b|\son[a-z]+=/i, 'no inline styles or handlers');
  });

  it('makes a new, unguessable nonce each time', () => {
    const nonces = new Set(Array.from({ length: 50 }, makeNonce));
    assert.equal(nonces.size, 50);
    for (const nonce of nonces) assert.match(nonce, /^[A-Za-z0-9]{20,}$/);
    const first = agentPanelHtml({ cspSource: CSP_SOURCE, scriptUri: SCRIPT, styleUri: STYLE });
    const second = agentPanelHtml({ cspSource: CSP_SOURCE, scriptUri: SCRIPT, styleUri: STYLE });
    assert.notEqual(cspOf(first).get('script-src')![0], cspOf(second).get('script-src')![0]);
    assert.equal(contentSecurityPolicy('x', 'y').includes("'nonce-y'"), true);
  });
});
