import type { Kind } from '../finding';
import { anchors } from './anchors';
import { compile } from './compile';
import { components } from './components';
import { docsJson } from './docsJson';
import { frontmatter } from './frontmatter';
import { imageAlt } from './imageAlt';
import { links } from './links';
import { openapi } from './openapi';

export const allKinds: Kind[] = [compile, frontmatter, openapi, components, anchors, links, imageAlt, docsJson];
