import type { CheckContext } from '../checkContext';
import { childCursor, isRecord, type Cursor } from '../model/cursor';
import type { DocsJsonRule } from './rule';

/**
 * The colours of docs.json against the theme's backgrounds, as the platform's `a11y` command
 * measures them: WCAG AA for text (4.5:1) for the primary colour on the light background, the
 * light colour and the anchors' colours on theirs, and 3:1 for the dark colour on both.
 */
export const contrastRule: DocsJsonRule = {
  codes: ['a11y/contrast'],
  start: (ctx) => ({
    root(root) {
      checkContrast(ctx, root, true);
    },
    // An edit of "colors" alone re-checks them; the backgrounds and anchors are read by a full check (recheck/units.ts).
    topLevelMember(root, key) {
      if (key === 'colors') checkContrast(ctx, root, false);
    },
  }),
};

interface Rgb {
  r: number;
  g: number;
  b: number;
}

const aaText = 4.5;
const aaLarge = 3;

function checkContrast(ctx: CheckContext, root: Cursor, withAnchors: boolean): void {
  const config = root.value;
  if (!isRecord(config) || !isRecord(config.colors)) return;
  const colorsCursor = childCursor(root, 'colors', config.colors);
  const colors = config.colors;
  const backgrounds = backgroundsOf(config);
  if (!backgrounds) return;
  const check = (cursor: Cursor, name: string, value: unknown, mode: 'light' | 'dark', minimum: number) => {
    const color = typeof value === 'string' ? hexColor(value) : undefined;
    if (!color) return;
    const background = backgrounds[mode];
    const ratio = contrastRatio(color, background);
    if (ratio >= minimum) return;
    ctx.report({
      cursor,
      target: 'value',
      code: 'a11y/contrast',
      message: `"${name}" ${value as string} on the ${mode} background ${hexOf(background)} has a contrast of ${ratio.toFixed(2)}:1, below the ${minimum}:1 that ${minimum === aaText ? 'WCAG AA asks for text' : 'the platform asks of it'}: choose a ${mode === 'light' ? 'darker' : 'lighter'} colour`,
    });
  };
  const member = (key: string) => childCursor(colorsCursor, key, colors[key]);
  check(member('primary'), 'colors.primary', colors.primary, 'light', aaText);
  check(member('light'), 'colors.light', colors.light, 'dark', aaText);
  check(member('dark'), 'colors.dark', colors.dark, 'dark', aaLarge);
  check(member('dark'), 'colors.dark', colors.dark, 'light', aaLarge);
  if (!withAnchors) return;
  const navigation = config.navigation;
  const global = isRecord(navigation) && isRecord(navigation.global) ? navigation.global : undefined;
  if (!global || !Array.isArray(global.anchors)) return;
  const anchorsCursor = childCursor(childCursor(childCursor(root, 'navigation', navigation), 'global', global), 'anchors', global.anchors);
  global.anchors.forEach((anchor, index) => {
    if (!isRecord(anchor) || !isRecord(anchor.color)) return;
    const colorCursor = childCursor(childCursor(anchorsCursor, index, anchor), 'color', anchor.color);
    const label = `anchor "${typeof anchor.anchor === 'string' ? anchor.anchor : index}"`;
    check(childCursor(colorCursor, 'light', anchor.color.light), `color.light of ${label}`, anchor.color.light, 'light', aaText);
    check(childCursor(colorCursor, 'dark', anchor.color.dark), `color.dark of ${label}`, anchor.color.dark, 'dark', aaText);
  });
}

/**
 * The backgrounds the site shows: `background.color`, else white in light mode and, in dark mode,
 * near-black tinted with 2% of the light colour (3% and both modes tinted in the linden theme).
 */
function backgroundsOf(config: Record<string, unknown>): { light: Rgb; dark: Rgb } | undefined {
  const colors = config.colors as Record<string, unknown>;
  const primary = hexColor(typeof colors.primary === 'string' ? colors.primary : '') ?? hexColor('#16A34A')!;
  const light = hexColor(typeof colors.light === 'string' ? colors.light : '') ?? hexColor('#4ADE80')!;
  const background = isRecord(config.background) && isRecord(config.background.color) ? config.background.color : {};
  const written = (mode: 'light' | 'dark') => (typeof background[mode] === 'string' ? background[mode] : undefined);
  if (written('light') !== undefined && !hexColor(written('light')!)) return undefined;
  if (written('dark') !== undefined && !hexColor(written('dark')!)) return undefined;
  const linden = config.theme === 'linden';
  return {
    light: hexColor(written('light') ?? '') ?? (linden ? blend(hexColor('#ffffff')!, primary, 0.03) : hexColor('#ffffff')!),
    dark: hexColor(written('dark') ?? '') ?? blend(hexColor('#09090b')!, light, linden ? 0.03 : 0.02),
  };
}

/** `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (the alpha is not read). */
function hexColor(text: string): Rgb | undefined {
  const match = /^#?([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(text.trim());
  if (!match) return undefined;
  const digits = match[1].length < 6 ? [...match[1]].map((c) => c + c).join('') : match[1];
  const value = Number.parseInt(digits.slice(0, 6), 16);
  return { r: value >> 16, g: (value >> 8) & 0xff, b: value & 0xff };
}

function hexOf({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

/** A colour laid with an opacity over an opaque one. */
function blend(backdrop: Rgb, source: Rgb, opacity: number): Rgb {
  const mix = (b: number, s: number) => Math.round((1 - opacity) * b + opacity * s);
  return { r: mix(backdrop.r, source.r), g: mix(backdrop.g, source.g), b: mix(backdrop.b, source.b) };
}

/** WCAG 2 relative luminance. */
function luminance({ r, g, b }: Rgb): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrastRatio(a: Rgb, b: Rgb): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high + 0.05) / (low + 0.05);
}
