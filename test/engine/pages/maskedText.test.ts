// The mask a page scan reads: each stage blanks what it has read, and an offset in the mask is the same
// offset in the page (same length, line breaks kept).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MaskedText } from '../../../server/src/engine/pages/maskedText';

describe('a masked page text', () => {
  it('is the page text itself until something is blanked, lone surrogates and characters beyond the BMP included', () => {
    const page = '# Café 🚀\r\nbroken \uD800 pair \uDC00 end\n';
    assert.equal(new MaskedText(page).text, page);
  });

  it('blanks a range with spaces, keeping its length and its line breaks, so offsets stay the page’s', () => {
    const mask = new MaskedText('ab\ncd\nef');
    mask.blank(1, 7);
    assert.equal(mask.text, 'a \n  \n f');
  });

  it('blanks with the filler given (an escaped character becomes "x", not a space that would end a word)', () => {
    const mask = new MaskedText('a \\* b');
    mask.blank(2, 4, 'x');
    assert.equal(mask.text, 'a xx b');
  });

  it('shows each stage’s blanks to the next read, and leaves the rest of the page as written', () => {
    const mask = new MaskedText('`code` and [link](/a) 🚀');
    assert.equal(mask.text, '`code` and [link](/a) 🚀');
    mask.blank(0, 6);
    assert.equal(mask.text, '       and [link](/a) 🚀');
    mask.blank(11, 21, 'x');
    assert.equal(mask.text, '       and xxxxxxxxxx 🚀');
  });

  it('changes nothing for an empty range', () => {
    const mask = new MaskedText('keep');
    mask.blank(2, 2);
    assert.equal(mask.text, 'keep');
  });
});
