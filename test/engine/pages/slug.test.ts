// Anchors of headings and fields as the published page has them. Each expected value here was
// checked against the platform's own slug code and its link checker (`mint broken-links
// --check-anchors` accepts a link to these anchors, and rejects the "and" and transliterated forms).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AnchorCounter, fieldAnchor, headingAnchor, shownAnchor, slugOf } from '../../../server/src/engine/pages/slug';
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

  it('a <Param> is anchored like a <ParamField> (the platform\'s rehypeParamFieldIds takes both), repeats numbered across them', () => {
    const page = readPage('p.mdx', '<Param query="pageSize">a</Param>\n<ParamField query="page_size">b</ParamField>\n');
    assert.deepEqual(page.componentAnchors.map((a) => a.anchor), ['param-page-size', 'param-page-size-1']);
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

// The rules each function's comment states, over every character class they name. Unlike the cases
// above, these were not each checked against the platform: they hold the rules in place.
describe('the rules of each slug, character by character', () => {
  it('accordions: the apostrophe of "\'s" and "\'t" dropped (straight or curly), every run of ASCII marks one "-", "_" kept, the ends trimmed', () => {
    assert.deepEqual(["It's Bob's", 'Don’t stop', "rock'n'roll", "The 'test' case", "x's", "5't", "a's-b", 'snake_case Name', '  --Hello, World!--  ', 'Über Straße', 'Step 1: Go', 'a\u00a0b\tc\nd', 'a\u007fb\u0001c'].map(slugOf), [
      'its-bobs',
      'dont-stop',
      'rock-n-roll',
      'the-test-case',
      'xs',
      '5t',
      'as-b',
      'snake_case-name',
      'hello-world',
      'über-straße',
      'step-1-go',
      'a-b-c-d',
      'a-b-c',
    ]);
    assert.equal(slugOf('a!b"c#d$e%f(g)h*i+j,k-l.m/n:o;p<q=r>s?t@u[v\\w]x^y`z{0|1}2~3'), 'a-b-c-d-e-f-g-h-i-j-k-l-m-n-o-p-q-r-s-t-u-v-w-x-y-z-0-1-2-3');
    assert.equal(slugOf('A&B'), 'a-and-b');
  });

  it('headings: trimmed, whitespace "-", runs of "-" one, the ends trimmed; a lone surrogate is kept as it is', () => {
    assert.deepEqual(['a\ud800 b', '  Padded  ', 'Über\tuns', 'Q1 2024: Results', "Café's  menu", 'A (b) [c] {d}', 'C-s here', 'x_y-z', 'a--b', "What's new in 配置", 'Tab\u00a0Space', '-lead-', '~tilde~', "it's (here)"].map((text) => headingAnchor(text)), [
      'a\ud800-b',
      'padded',
      'über-uns',
      'q1-2024-results',
      'cafés-menu',
      'a-b-c-d',
      'cs-here',
      'x_y-z',
      'a-b',
      'whats-new-in-配置',
      'tab-space',
      'lead',
      'tilde',
      'its-here',
    ]);
  });

  it('the page drops emoji, their modifiers, joiners and variation selectors, and the marks ? , ; : ! \' " ( ) [ ] { }', () => {
    assert.deepEqual(['👍🏽 Thumbs', '❤️ Love', '👨‍👩‍👧 Family', '✔︎ ok', 'a?b,c;d:e!f\'g"h(i)j[k]l{m}n', 'keep-._~*'].map(shownAnchor), [' Thumbs', ' Love', ' Family', ' ok', 'abcdefghijklmn', 'keep-._~*']);
  });

  it('fields: capitals runs and digits split from words, a capital run before a word split ("s" ends a plural), marks one "-"', () => {
    assert.deepEqual(
      ['HTTPServer2', 'IPv4Address', 'userID', 'getHTTPResponse', 'XMLHttpRequest', 'OAuth2Token', 'API2Key', 'listAPIs', 'a.b-c', 'x__y', 'item[0]', 'it_s', "don't", '@type', 'Größe', 'A-B', 'abc_', 'v2Beta', 'ABCDef', 'a{b}c|d~e', 'sizeX2', 'user__s', 'v1_s'].map((name) => fieldAnchor(name)),
      [
        'param-http-server2',
        'param-i-pv4-address',
        'param-user-id',
        'param-get-http-response',
        'param-xml-http-request',
        'param-o-auth2-token',
        'param-api-2-key',
        'param-list-apis',
        'param-a-b-c',
        'param-x-y',
        'param-item-0',
        'param-its',
        'param-dont',
        'param-type',
        'param-größe',
        'param-a-b',
        'param-abc',
        'param-v2-beta',
        'param-abc-def',
        'param-a-b-c-d-e',
        'param-size-x2',
        'param-users',
        'param-v1s',
      ],
    );
  });
});
