// Codicons drawn as inline SVG (the paths are picked from @vscode/codicons when bundling).
import icons from 'codicon-paths:pass-filled,circle-large-filled,circle-large-outline,circle-slash,question';

const SVG = 'http://www.w3.org/2000/svg';

export type CodiconName = keyof typeof icons & string;

export function codicon(name: string, label?: string): SVGSVGElement {
  const icon = icons[name] ?? icons.question;
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('class', `codicon codicon-${name}`);
  svg.setAttribute('viewBox', icon.viewBox);
  svg.setAttribute('fill', 'currentColor');
  if (label) {
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', label);
  } else {
    svg.setAttribute('aria-hidden', 'true');
  }
  for (const d of icon.paths) {
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', d);
    svg.append(path);
  }
  return svg;
}
