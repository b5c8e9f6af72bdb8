import assert from 'node:assert/strict';
import { test } from 'node:test';
import { headingText } from '../../../server/src/engine/pages/headingText';

test('the text a heading shows: code spans as written, marks, tags, images and string expressions dropped, escapes and entities read', () => {
  const shown: [markdown: string, text: string][] = [
    ['Plain words', 'Plain words'],
    ['`code` and ``a ` b`` and `` spaced ``', 'code and a ` b and spaced'],
    ['` not closed', '` not closed'],
    ['a ``` b ` c', 'a ``` b ` c'],
    ['`a`b`c`', 'abc'],
    ['[a](/x)`[b](/y)`', 'a[b](/y)'],
    ['![img](/a.png) Title', 'Title'],
    ['[link](/x) and [ref][r]', 'link and ref'],
    ['<Badge>New</Badge> text <br/>', 'New text'],
    ['{"quoted"} and { \'s\' }', 'quoted and s'],
    ['**bold** __under__ ~~gone~~', 'bold under gone'],
    ['*em* and _em_ and snake_case_name', 'em and em and snake_case_name'],
    ['** not bold **', '** not bold **'],
    ['a * b * c', 'a * b * c'],
    ['_a_b', '_a_b'],
    ['\\[x\\] \\_y\\_', '[x] _y_'],
    ['\\*not em\\* and \\&amp;', '*not em* and &amp;'],
    ['&amp; &lt;tag&gt; &quot;q&quot; &apos;a&apos; &#39;b&#39; &nbsp;x &copy;', '& <tag> "q" \'a\' \'b\'  x &copy;'],
    ['  spaced  ', 'spaced'],
    ['_em_ first', 'em first'],
    ['`a b ` end', 'a b  end'],
    ['` a b` end', 'a b end'],
    ['`a`\\_', 'a_'],
    ['\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\*', '___________*'],
    ['[ref][rr] **two words** *emph* _emph_ x', 'ref two words emph emph x'],
  ];
  for (const [markdown, text] of shown) assert.equal(headingText(markdown), text, markdown);
});
