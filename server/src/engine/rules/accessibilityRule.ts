import type { OffsetRange } from '../json/path';
import type { SiteRule } from '../pages/siteCheck';

/** Tags whose content a screen reader describes by their `alt`, as the platform's `a11y` command checks. */
const describedTags = new Set(['img', 'video']);

/**
 * What the platform's accessibility check finds in pages: images and videos with no alt text
 * (Markdown, `<img>`, `<video>`, inside a `<Frame>` or not); and headings that skip a level.
 */
export const accessibilityRule: SiteRule = {
  codes: ['a11y/image-alt', 'a11y/heading-skip'],
  start(ctx) {
    return {
      page(page) {
        const facts = page.mdxFacts;
        if (!facts.error) {
          const report = (range: OffsetRange, message: string) => ctx.report(page.file, { range, code: 'a11y/image-alt', message });
          for (const image of facts.images) {
            if (image.alt?.trim()) continue;
            report(image.range, 'This image has no alt text: screen readers cannot describe it. Write what it shows between the brackets: ![what it shows](…)');
          }
          for (const element of facts.elements) {
            if (!describedTags.has(element.name) || !element.attributes) continue;
            const alt = element.attributes.find((attribute) => attribute.name === 'alt');
            if (alt && (alt.text === undefined ? alt.expression !== undefined : alt.text.trim() !== '')) continue;
            report(element.nameRange, `This <${element.name}> has no alt text: screen readers cannot describe it. Add alt="what it shows"`);
          }
        }
        let previous: number | undefined;
        for (const heading of page.headings) {
          if (previous !== undefined && heading.depth > previous + 1) {
            // A heading that skips a level is written with "#" marks: underlined ones are of level 1 or 2.
            const marks = page.text.indexOf('#', heading.range.start);
            ctx.report(page.file, {
              range: { start: marks, end: marks + heading.depth },
              code: 'a11y/heading-skip',
              message: `This heading skips a level: h${heading.depth} after h${previous}. Use h${previous + 1}, so the outline reads in order for screen readers`,
            });
          }
          previous = heading.depth;
        }
      },
    };
  },
};
