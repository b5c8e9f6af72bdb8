// Anchors of headings and fields as the published page has them. Each expected value here was
// checked against the platform's own slug code and its link checker (`mint broken-links
// --check-anchors` accepts a link to these anchors, and rejects the "and" and transliterated forms).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AnchorCounter, fieldAnchor, headingAnchor, slugOf } from '../../../server/src/engine/pages/slug';
import { readPage } from '../../../server/src/engine/pages/pageModel';

const anchors = (cases: string[]) => cases.map((text) => headingAnchor(text));

describe('heading anchors', () => {
  it('plain words: lower case, one "-" between words, "_" kept, contractions joined', () => {
    assert.deepEqual(anchors(['API Reference', 'snake_case Name', "Don't panic", "It's here", 'x -- y', 'a.b c', '  Trailing (paren)  ']), [
      'api-reference',
      'snake_case-name',
      'dont-panic',
      'its-here',
      'x-y',
      'a-b-c',
      'trailing-paren',
    ]);
  });

  it('"&" stays "&", it is not read as "and"', () => {
    assert.deepEqual(anchors(['Analytics & Dashboard', 'Q&A', '配置 & 部署']), ['analytics-&-dashboard', 'q&a', '配置-&-部署']);
  });

  it('non-Latin text keeps its characters, lower-cased, untransliterated', () => {
    assert.deepEqual(anchors(['CORS 配置', '方法 1：サインイン', 'Настройка сервера', 'Über uns', 'Café\'s menu', '한국어']), [
      'cors-配置',
      '方法-1：サインイン',
      'настройка-сервера',
      'über-uns',
      'cafés-menu',
      '한국어',
    ]);
  });

  it('marks a URL encodes stay; the page drops ? , ; : ! \' " ( ) [ ] { } and emoji without joining the "-" around them', () => {
    assert.deepEqual(anchors(['Setup: CLI', 'Step 1 : Install', 'What? Why!', 'A/B tests', 'C++ API', '100% done', 'Email @ Scale', '🚀 Quickstart', 'Don’t panic']), [
      'setup-cli',
      'step-1--install',
      'what-why',
      'a/b-tests',
      'c++-api',
      '100%-done',
      'email-@-scale',
      '-quickstart',
      'don’t-panic',
    ]);
  });

  it('a lone "s" or "t" word joins the word before it, as the platform\'s contractions do', () => {
    assert.deepEqual(anchors(['Type S', 'Plan T here']), ['types', 'plant-here']);
  });

  it('accordions keep the plain slug: "&" read as "and"', () => {
    assert.equal(slugOf('Setup & Go'), 'setup-and-go');
  });
});

describe('field anchors', () => {
  it('"param-" and the name with camelCase split, "_" and marks one "-", "&" read as "and"', () => {
    assert.deepEqual(['expireAfterSecs', 'APIKey', 'user_id', 'Setup & Go', 'x`y^z'].map((name) => fieldAnchor(name)), [
      'param-expire-after-secs',
      'param-api-key',
      'param-user-id',
      'param-setup-and-go',
      'param-xyz',
    ]);
  });

  it('a repeated name is numbered from 1', () => {
    assert.deepEqual([0, 1, 2].map((count) => fieldAnchor('userId', count)), ['param-user-id', 'param-user-id-1', 'param-user-id-2']);
  });

  it('a <ResponseField> is anchored like a <ParamField>, repeats numbered across both', () => {
    const page = readPage('p.mdx', '<ParamField body="userId">a</ParamField>\n<ResponseField name="user_id">b</ResponseField>\n<ResponseField name="total_count">c</ResponseField>\n');
    assert.deepEqual(page.componentAnchors.map((a) => a.anchor), ['param-user-id', 'param-user-id-1', 'param-total-count']);
  });
});

describe('anchor numbering', () => {
  it('numbers repeats from 2 and skips a number another anchor took', () => {
    const counter = new AnchorCounter();
    assert.deepEqual(['intro', 'intro-2', 'intro', 'intro'].map((slug) => counter.next(slug)), ['intro', 'intro-2', 'intro-3', 'intro-4']);
  });

  it('custom ids share the numbering with headings, and lose the marks the page drops', () => {
    const page = readPage('p.mdx', '## Intro\n\n## Other {#intro}\n\n## Why? {#why?}\n');
    assert.deepEqual(page.headings.map((h) => h.anchor), ['intro', 'intro-2', 'why']);
  });

  it('a <Tab title> has the anchor of a heading of its text; an <Accordion title> the plain slug', () => {
    const page = readPage('p.mdx', '<Tabs>\n  <Tab title="新 Agent">x</Tab>\n  <Tab title="Setup & Go">y</Tab>\n</Tabs>\n<Accordion title="Setup & Go">z</Accordion>\n');
    assert.deepEqual(page.componentAnchors.map((a) => `${a.tag} ${a.anchor}`), ['Tab 新-agent', 'Tab setup-&-go', 'Accordion setup-and-go']);
  });
});
