// Seeded mutations of pages where MDX is fragile, for the differential tests of the MDX parse.

/** mulberry32: a small seeded generator, so a run can be repeated. */
export function generator(state: number): () => number {
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What mutations insert: MDX's fragile characters, tags, fences, comments, `{#id}` headings, `<MDX>` blocks. */
export const inserted = [
  '<', '>', '{', '}', '"', "'", '`', '$', '\\', '/', '!', '=', '\n', '\n\n', '  ', '> ', '- ', '1. ',
  '```\n', '~~~\n', '$$\n', '---\n', '<br>', '<br />', '<img src="/a.png">', '<!-- note -->', '<!--', '-->',
  '{/* c */}', '{x}', '{#id}', ' {#custom-id}', '## Heading {#h}\n', '<Card title="A">', '</Card>', '<Note>', '</Note>', '</Tip>', '<Tip>',
  '<MDX>', '</MDX>', '<https://example.com>', '<5', '<@user>', 'icon=rocket', 'title="x', '<>', '</>', 'export const a = 1;\n',
  'import X from "/snippets/x.mdx";\n', 'export const = ;\n', '<Card\n  title="A"\n>', '| a | b |\n|---|---|\n| <b> | c |\n',
];
