// The panel's markdown is untrusted input: the dev server's hostile mode ([fault:html]) sends
// script, img onerror, iframe, javascript: links, terminal escapes and bidi overrides.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startDevApiServer, type DevApiServer } from '../../agent/dev-server/server';
import { AgentApiClient } from '../../agent/src/apiClient';
import { JobTracker } from '../../agent/src/jobTracker';
import { cleanText, isWebUrl, renderMarkdown } from '../../client/webview/markdown';

/** Every href in the HTML. */
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);

function assertHarmless(html: string): void {
  assert.doesNotMatch(html, /<(script|img|iframe|object|embed|svg|style|link|meta|form|input)\b/i, html);
  assert.doesNotMatch(html, /<[^>]+\son[a-z]+=/i, 'no event handler attribute');
  assert.doesNotMatch(html, /[\u001b\u202a-\u202e\u2066-\u2069]/, 'no escape sequences or bidi overrides');
  for (const href of hrefs(html)) assert.ok(isWebUrl(href.replace(/&amp;/g, '&')), `link ${href} is http(s)`);
}

describe('panel markdown sanitising', () => {
  it('renders markdown, links only to http(s), and shows raw HTML as text', () => {
    const html = renderMarkdown(
      '# Title\n\n**bold** and `code` [ok](https://example.com/a?b=1&c=2) [bad](javascript:alert(1)) [data](data:text/html,x) ' +
        '<b>raw</b> ![pic](https://example.com/x.png) <javascript:alert(1)> https://auto.example.com',
    );
    assert.match(html, /<h1>Title<\/h1>/);
    assert.match(html, /<strong>bold<\/strong>/);
    assert.match(html, /<code>code<\/code>/);
    assert.match(html, /<a href="https:\/\/example\.com\/a\?b=1&amp;c=2" rel="noopener noreferrer"/);
    assert.match(html, /<a href="https:\/\/auto\.example\.com"/, 'linkified');
    assert.match(html, /&lt;b&gt;raw&lt;\/b&gt;/);
    assert.deepEqual(
      hrefs(html).map((href) => new URL(href.replace(/&amp;/g, '&')).protocol),
      ['https:', 'https:', 'https:'],
      'the image became a link; javascript: and data: are text',
    );
    assertHarmless(html);
  });

  it('strips terminal escapes, control characters and bidi overrides', () => {
    assert.equal(cleanText('\u001b[31mred\u001b[0m \u001b]8;;https://evil.example\u0007link\u001b]8;;\u0007 \u202Eeman\u202C a\u0000b\tc\n'), 'red link eman ab\tc\n');
  });

  describe("the dev server's hostile job", () => {
    let server: DevApiServer;
    let api: AgentApiClient;
    before(async () => {
      server = await startDevApiServer({ eventIntervalMs: 1, jobDurationMs: 100 });
      api = new AgentApiClient({ baseUrl: server.url, apiKey: server.apiKey });
    });
    after(async () => {
      await api.close();
      await server.close();
    });

    it('renders its text, message to the user, title and todos without any live HTML', async () => {
      const done = await JobTracker.create(api, 'p-html', { messages: [{ role: 'user', content: 'Go [fault:html]' }] }, { pollIntervalMs: 20 }).done;
      const text = done.transcript.events.flatMap((event) => (event.type === 'text' ? [event.text] : [])).join('');
      const record = done.record!;
      const hostile = [text, record.messageToUser ?? '', record.title ?? '', ...record.todos.map((todo) => todo.content).filter((content) => content.includes('<'))];
      assert.equal(hostile.length, 4);
      assert.ok(hostile.every((value) => value.includes('<script>')), 'the hostile text reached every field');
      for (const value of hostile) {
        const html = renderMarkdown(value);
        assertHarmless(html);
        assert.match(html, /&lt;script&gt;alert\(&quot;pwned&quot;\)&lt;\/script&gt;/, 'the script is shown as text');
        assert.match(html, /&lt;img src=x onerror=&quot;alert\(1\)&quot;&gt;/, 'the img is shown as text');
        assert.match(html, /\[a link\]\(javascript:alert\(1\)\)/, 'the javascript: link stays text');
      }
    });
  });
});
