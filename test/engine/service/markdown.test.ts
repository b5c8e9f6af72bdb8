import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inlineCode, plainParagraph, plainText } from '../../../server/src/engine/service/markdown';

test('inline code holds any text: a fence longer than its backtick runs, padded when it starts or ends with one', () => {
  assert.equal(inlineCode('guides/intro.mdx'), '`guides/intro.mdx`');
  assert.equal(inlineCode('a`b``c'), '```a`b``c```');
  assert.equal(inlineCode('`x'), '`` `x ``');
  assert.equal(inlineCode('two\n\nparagraphs'), '`two paragraphs`');
});

test('plain text escapes what would format, link or embed, and keeps to one line', () => {
  assert.equal(plainText('**bold** _it_ [x](https://e.example) <b>|~`'), '\\*\\*bold\\*\\* \\_it\\_ \\[x\\](https://e.example) \\<b\\>\\|\\~\\`');
  assert.equal(plainText('a\r\nb'), 'a b');
  assert.equal(plainText('Plain words, 3.1.0 - and #1'), 'Plain words, 3.1.0 - and #1');
});

test('a plain paragraph cannot start a heading, a list or a quote', () => {
  assert.equal(plainParagraph('# Title'), '\\# Title');
  assert.equal(plainParagraph('- item'), '\\- item');
  assert.equal(plainParagraph('12. step'), '12\\. step');
  assert.equal(plainParagraph('> quote'), '\\> quote');
  assert.equal(plainParagraph('What it is about'), 'What it is about');
});
