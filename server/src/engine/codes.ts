import type { Severity } from './diagnostic';

/** A quick fix the editor offers for a code beyond its diagnostics' own suggestions (see service/actions.ts). */
export type FixKind = 'create-page' | 'remove-property' | 'wrap-pages-in-group';

export interface CodeInfo {
  /** The severity a rule reports with unless it says otherwise (or a setting changes it). */
  severity: Severity;
  /** What the code is about, in one line (the README's table is made from it). */
  summary: string;
  /** A message it gives, shortened with "…" where long. */
  example?: string;
  fix?: FixKind;
  /** The setting that changes its severity. */
  setting?: string;
  /**
   * An empty value, which every value is for a moment as it is typed (`""` once a quote is typed):
   * an editor shows it as a hint while it is what the last edit wrote, at full severity once the
   * writer edits elsewhere or saves.
   */
  emptyWhileTyped?: true;
}

/**
 * Every diagnostic code the checker can report. The family before the "/" says what is checked:
 * the JSON text, the schema, the navigation's structure, references to files and specs, icons,
 * and in pages, links.
 */
export const codes = {
  'json/syntax': { severity: 'error', summary: 'broken JSON (the rest of the file is still checked); comments', example: 'Expected "," between items' },
  'schema/required': { severity: 'error', summary: 'a required key is missing (told at a key that is a near-spelling of it, with the rename: `"them"` for `"theme"`)', example: 'docs.json is missing "name"' },
  'schema/type': { severity: 'error', summary: 'wrong type', example: '"name" must be a string, not the number 42' },
  'schema/enum': {
    severity: 'error',
    summary: 'a value outside its list (themes, icon styles, `styling.eyebrows`, language codes…), with a did-you-mean',
    example: '"mapel" is not a valid value for "theme": use "mint", "maple", … Did you mean "maple"?',
  },
  'schema/pattern': { severity: 'error', summary: 'colours must be hex, hrefs well formed', example: '"colors.primary" must be a hex colour such as "#0D9373" or "#fff" (got "green")' },
  'schema/empty': { severity: 'error', summary: 'an empty name (of the site or of a group, tab, anchor…) or an empty list', example: '"group" in a group must not be empty', emptyWhileTyped: true },
  'schema/range': { severity: 'error', summary: 'a number outside the bounds its schema sets' },
  'schema/deprecated': { severity: 'warning', summary: 'a key the schema marks as deprecated, or the language code `ua`, which the site drops (it knows `uk`)', example: '`url` is the old mint.json key: use `href` for a link, or `pages`/`groups` for a section.' },
  'schema/unknown-key': {
    severity: 'warning',
    summary: 'a key the site silently drops, with a did-you-mean',
    example: 'Unknown key "icn" in group "G". Did you mean "icon"? The site ignores it silently',
  },
  'schema/dropped-key': {
    severity: 'warning',
    summary: 'a key the site drops because another one beside it wins (`fonts.heading`/`body` beside `fonts.family`)',
    example: '"fonts.heading" is dropped by the site: beside "fonts.family" only the family is read, for all text. …',
  },
  'schema/duplicate-key': {
    severity: 'warning',
    summary: 'a key written twice in one object: the site reads only the last one',
    example: '"colors" is written 2 times in this object: the site reads only the last one, on line 12, and ignores this one. …',
    fix: 'remove-property',
  },
  'schema/legacy-key': {
    severity: 'warning',
    summary: 'a mint.json key',
    example: '"topbarLinks" is a mint.json key that docs.json no longer reads: move the links to "navbar.links"',
  },
  'nav/no-root-pattern': {
    severity: 'error',
    summary: '`navigation` has none of pages/groups/tabs/anchors/dropdowns/products/versions/languages',
    example: '"navigation" needs one of "pages", "groups", … at its root',
  },
  'nav/multiple-root-patterns': {
    severity: 'warning',
    summary: 'more than one root pattern (`global` may stand beside it)',
    example: '"navigation" holds "tabs" and "groups": the site shows the tabs and drops these groups; …',
    fix: 'wrap-pages-in-group',
  },
  'nav/mixed-children': { severity: 'warning', summary: 'two child types on one level', example: 'Tab "Guides" holds "anchors" and "groups" side by side: the site shows the anchors and drops these groups; …', fix: 'wrap-pages-in-group' },
  'nav/child-not-allowed': {
    severity: 'warning',
    summary: 'a child the element cannot hold (e.g. a menu item with anchors)',
    example: 'Menu item "M" cannot hold "anchors": a menu item holds only groups, pages and links',
  },
  'nav/menu-outside-tab': { severity: 'warning', summary: '`menu` anywhere but a tab or a product', example: '"menu" is only allowed inside a tab or a product, not in anchor "A"' },
  'nav/missing-name': { severity: 'error', summary: 'a group/tab/anchor/… without its name key', example: 'A group in tab "T" is missing "group"' },
  'nav/missing-pages': { severity: 'warning', summary: 'a group with neither `pages` nor its own `openapi`', example: 'Group "API Reference" is missing "pages"' },
  'nav/invalid-page-entry': {
    severity: 'error',
    summary: 'an entry of `pages` that is neither a page path nor a group object',
    example: 'Each entry of "pages" in group "G" must be a page path or a group object, not the number 42',
  },
  'nav/invalid-child': { severity: 'error', summary: 'an entry of `tabs`, `anchors`… that is not an object', example: 'Each entry of "tabs" in "navigation" must be a tab object, not the string "x"' },
  'nav/expanded-no-effect': {
    severity: 'warning',
    summary: '`expanded` on a top-level group',
    example: '"expanded" has no effect on top-level group "Top": …',
    fix: 'remove-property',
  },
  'nav/global-anchor-href': {
    severity: 'warning',
    summary: 'a global anchor without an external URL',
    example: '… links to "/blog": global anchors need an external URL (https://… or mailto:)',
  },
  'nav/too-deep': { severity: 'warning', summary: 'navigation nested more than 64 levels, which this check does not read further (the platform accepts hundreds of levels)' },
  'ref/missing-page': {
    severity: 'error',
    summary: 'a page entry with no `.mdx`/`.md` file, with a did-you-mean',
    example: 'Page "guides/instal" not found: … Did you mean "guides/install"?',
    fix: 'create-page',
    setting: 'docsjson.missingPages.severity',
  },
  'ref/empty-page': { severity: 'error', summary: 'an empty page entry', example: 'A page entry must not be empty', emptyWhileTyped: true },
  'ref/page-extension': { severity: 'warning', summary: 'a page written with its extension', example: 'Write page paths without the extension: "intro"' },
  'ref/outside-root': {
    severity: 'error',
    summary: 'a page, spec, icon file or `$ref` that leaves the docs root (`../`, absolute paths, symbolic links out); never read',
    example: 'Page "../../etc/passwd" is outside the docs root …',
  },
  'ref/missing-openapi': { severity: 'error', summary: 'a local OpenAPI spec that is missing (a warning when a page\'s frontmatter names it and another spec has the operation, which the page shows)', example: 'OpenAPI spec not found: missing.json' },
  'ref/invalid-openapi': {
    severity: 'error',
    summary: 'a local spec that does not parse, is not OpenAPI 3.x / Swagger 2 (JSON or YAML), or that the platform\'s validation refuses (its operations get no pages)',
    example: 'OpenAPI spec openapi.json does not validate, so its 3 operations get no pages. …',
  },
  'ref/unknown-operation': {
    severity: 'error',
    summary: 'a `"METHOD /path"` entry or frontmatter `openapi` not in the spec in force, with a did-you-mean (in frontmatter, a warning when another spec has it: the page shows that one)',
    example: 'Operation "GET /user" is not in openapi.json. Did you mean "GET /users"?',
  },
  'ref/operation-without-spec': { severity: 'error', summary: 'a `"METHOD /path"` entry with no spec on the element, its parents or `api.openapi`; a frontmatter `openapi` in a site with no spec' },
  'ref/missing-file': { severity: 'error', summary: 'a `$ref` to a file that does not exist', example: '"$ref" file not found: nope.json' },
  'ref/cycle': { severity: 'error', summary: 'a `$ref` that leads back to a file on its own way', example: '"$ref" to a.json makes a cycle: a.json → b.json → a.json' },
  'ref/remote': { severity: 'error', summary: 'a `$ref` to a URL (only files in the docs folder are read)', example: '"$ref" must be a file in the docs folder, not a URL: …' },
  'ref/fan-out': {
    severity: 'warning',
    summary: '`$ref`s that fan out beyond what one check follows (5,000 `$ref`s or 64 MB read), e.g. files that each refer twice to the next; the rest is not read (the platform follows every one)',
    example: '"$ref" to level12.json is not followed: this check has already followed 5,000 "$ref"s …',
  },
  'openapi/invalid-spec': {
    severity: 'error',
    summary: 'in a spec the site declares, each reason the platform\'s validation refuses it, at its line (JSON or YAML): syntax, a value OpenAPI does not allow, a `$ref` it cannot follow or that leaves the spec, Swagger 2.0',
    example: 'The 200 response schema of GET /users points to "#/components/schemas/Missing", which the spec does not define. …',
  },
  'openapi/converter-error': {
    severity: 'warning',
    summary: 'in a spec the platform\'s validation accepts, what its converter of operations into pages reports as an error: a security requirement naming a scheme the spec does not define, an HTTP scheme other than "basic" or "bearer", code samples that are not a list of `lang` and `source`, a schema type it does not know, schemas it cannot combine (an `allOf` of conflicting types, a type its `oneOf` cannot be, a `oneOf` with no option that holds), a parameter with no `schema`; for a fetched spec, on its reference in docs.json, with where in the spec',
    example: 'GET /users requires the security scheme "apiKey", which "components.securitySchemes" does not define: …',
  },
  'ref/remote-unread': {
    severity: 'information',
    summary: 'a spec given by URL that was not read (not fetched, or unreadable): the links and redirects into its pages are counted in one line instead of reported',
    example: 'Cannot check 24 links and redirects into /api-reference/, where the spec at https://… makes its pages: it was not fetched. Run docsjson check with --fetch-remote …',
  },
  'icon/unknown': {
    severity: 'warning',
    summary: 'an icon name not in the library in force (the icon\'s `library`, else `icons.library`, else Font Awesome: Free and Pro, which the site renders), with a did-you-mean',
    example: 'Unknown Font Awesome icon "rocker" in group "G". Did you mean "rocket"?',
  },
  'icon/fa-prefix': {
    severity: 'error',
    summary: 'a name starting with `fa-`: in docs.json the platform\'s validation refuses the file; in a page (frontmatter, a component\'s prop) a warning, as the icon is not found and not shown',
    example: 'Icon "fa-rocket" does not need the "fa-" prefix: write "rocket"',
  },
  'icon/missing-file': { severity: 'warning', summary: 'an image icon path with no file', example: 'Icon file not found: images/nope.svg' },
  'link/missing-page': {
    severity: 'error',
    summary: 'a link in a page to a path that no page, generated OpenAPI page, file or redirect serves, with a did-you-mean',
    example: 'Link "/guides/strat" leads nowhere: no page, generated page, file or redirect is at /guides/strat. Did you mean "/guides/start"?',
    fix: 'create-page',
  },
  'link/folder-without-index': {
    severity: 'warning',
    summary: 'a link in a page to a folder that holds pages but no index page: the platform\'s link checker accepts any folder, yet no page of the site is at that path; with the folder\'s first page',
    example: 'Link "/redis" leads to the folder /redis, which has no index page: no page of the site is at /redis. Link to its first page, "/redis/overall/getstarted"',
  },
  'link/missing-file': {
    severity: 'error',
    summary: 'an image, video or file in a page that the site does not have, with a did-you-mean',
    example: 'Image "/images/logo.pngg" not found: there is no file images/logo.pngg in the site. Did you mean "/images/logo.png"?',
  },
  'link/missing-anchor': {
    severity: 'warning',
    summary: 'a `#anchor` that no heading, `{#id}`, `id` or component of the target page (its snippets included) defines, with the nearest anchor; on a translated page whose version in the default language has it, told as a translated heading',
    example: '"#instal" is not an anchor of guides/start.mdx: no heading or id there makes it. Did you mean "#install"?',
  },
  'link/outside-root': { severity: 'error', summary: 'a link or image in a page that leaves the docs root (`../` past it)', example: 'Link "../../x" leaves the docs root (a path that leaves the docs root): …' },
  'link/missing-snippet': {
    severity: 'warning',
    summary: 'a snippet import that names no file of the site, or a file in `_snippets/` (the older snippet folder, which imports do not reach)',
    example: 'Snippet "/snippets/intro.mdx" not found: the import names no file of the site (…)',
  },
  'link/base-path': {
    severity: 'error',
    summary: 'three or more redirects and links (component `href`s included) written with the base path the site is served under (`/docs/…` where the page is `/…`): told once, at the first, with one fix for all',
    example: '12 redirects and 3 links start with "/docs", which is not part of this site\'s paths: "/docs/quickstart" is "/quickstart". Remove the "/docs" prefix (…)',
  },
  'frontmatter/syntax': {
    severity: 'error',
    summary: 'a page\'s frontmatter is not valid YAML (the page fails to build): an unquoted colon, a repeated key, tabs…',
    example: 'The frontmatter is not valid YAML, so the page fails to build: a value holds ": " (a colon and a space); put the value in quotes, such as title: "…"',
  },
  'frontmatter/type': { severity: 'warning', summary: 'a frontmatter key the site reads, with a value of the wrong type', example: '"hidden" in the frontmatter must be true or false, not the text "yes"' },
  'frontmatter/enum': {
    severity: 'warning',
    summary: 'a frontmatter value outside its list (`mode`, `playground`, `iconType`), with a did-you-mean',
    example: '"mode" in the frontmatter must be "default", "wide", … not the text "wid". Did you mean "wide"?',
  },
  'frontmatter/unknown-key': {
    severity: 'warning',
    summary: 'a frontmatter key in other case or one typo away from one the site reads that the page does not set, whose value is then ignored (other keys are the writer\'s own and pass)',
    example: 'Unknown frontmatter key "Title". Did you mean "title"? Keys are case-sensitive, so the site does not read "Title"',
  },
  'mdx/syntax': {
    severity: 'error',
    summary: 'a page or snippet the platform cannot parse as MDX (its deploy stops): an unclosed tag, `<br>`, an HTML comment, a stray `{`, an unquoted attribute, `<https://…>`…; one error, where the platform places it, with the fix',
    example: '`<br>` must be closed in MDX: write `<br />` (the page does not build)',
  },
  'mdx/too-slow': {
    severity: 'warning',
    summary: 'a page the platform\'s MDX parser takes longer than the time limit to read (deeply nested quotes or lists, long runs of emphasis): the platform\'s build may time out on it; its components and images are not checked',
    example: 'This page takes too long to read (over 10 s): the platform\'s build may time out on it. Its components and images are not checked',
  },
  'page/check-failed': {
    severity: 'warning',
    summary: 'a page the checker failed on (an internal error, such as a stack overflow on deep nesting): some of its problems may not be found; the other pages are checked',
    example: 'This page could not be checked in full: Maximum call stack size exceeded (an internal error of docsjson)',
  },
  'redirect/missing-destination': {
    severity: 'error',
    summary: 'a redirect destination that is no page, file, API page or redirect source, or that starts a chain of redirects ending at none, with a did-you-mean',
    example: '"/quickstrat" is not a page, a file or another redirect\'s source: the redirect leads nowhere. Did you mean "/quickstart"?',
  },
  'redirect/folder-destination': {
    severity: 'warning',
    summary: 'a redirect to a folder that holds pages but no index page: the platform\'s link checker accepts any folder, yet no page of the site is at that path; with the folder\'s first page',
    example: '"/qstash" is a folder with no index page: no page of the site is at /qstash. Redirect to its first page, "/qstash/overall/getstarted"',
  },
  'redirect/chain': {
    severity: 'information',
    summary: 'a redirect to a path that is redirected again (visitors get there, one hop later); the fix points it at the end of the chain',
    example: '"/b" is redirected again: "/b" → "/c". Point this redirect straight at "/c"',
  },
  'redirect/loop': { severity: 'error', summary: 'redirects that lead back to where they started', example: 'Redirect loop: "/a" → "/b" → "/a": visitors never reach a page' },
  'redirect/duplicate-source': { severity: 'error', summary: 'two redirects from the same source', example: '"/start" is already redirected by redirect 1 (to "/quickstart"): only one of them takes effect' },
  'redirect/shadows-page': {
    severity: 'warning',
    summary: 'a redirect source (`:param` and `*` included) that is an existing page, which visitors then never see',
    example: '"/quickstart" is the page quickstart.mdx: this redirect sends its visitors to "/start", so the page is never shown',
  },
  'translation/missing-pages': {
    severity: 'information',
    summary: 'pages of the default language that another language of `navigation.languages` has no version of (the same path with its language code): one summary per language, at its entry, naming them; the language switcher takes readers of those pages elsewhere',
    example: '3 pages of "en" (the default language) have no "zh" version in this language\'s navigation: en/start, en/api, en/faq. The language switcher …',
  },
  'translation/other-language-link': {
    severity: 'warning',
    summary: 'a link from a page of one language to a page of another (not the page\'s own version there): the reader is silently taken out of their language; the fix links to the page\'s version in the link\'s language',
    example: 'Link "/en/guide" leads to a page of "en" from this page of "zh": readers leave their language there. Link to the "zh" version, "/zh/guide"',
  },
  'page/orphaned': {
    severity: 'information',
    summary: 'a page that no navigation lists and nothing reaches (no page links to or imports it, no link or redirect in docs.json); some are deliberate',
    example: 'No navigation lists this page and no page links to it: readers find it only by its URL (add it to docs.json or link to it)',
  },
  'component/unknown': {
    severity: 'warning',
    summary: 'a component at block level that is not built in, exported by the page or imported: the site silently drops it with its content; with a did-you-mean',
    example: 'The site does not know the component <Accordian>: it drops it silently, with its content. Did you mean <Accordion>?',
  },
  'component/unknown-inline': {
    severity: 'error',
    summary: 'an unknown component inside a line of text, or on a line of its own with its text (text on the tags\' line makes it inline in MDX): the page fails when it renders; the fixes put the text on a line of its own, or remove the tags',
    example: 'The site does not know the component <Badg>: inside a line of text it makes the page fail to render. Did you mean <Badge>?',
  },
  'component/unknown-prop': { severity: 'warning', summary: 'a prop the component does not take (it is ignored); a warning with a did-you-mean, else information', example: '<Card> has no prop "titel": it is ignored. Did you mean "title"?' },
  'component/missing-prop': { severity: 'information', summary: 'a prop the component\'s docs mark required is missing', example: '<Accordion> needs a "title" (its docs mark it required)' },
  'component/invalid-value': {
    severity: 'warning',
    summary: 'a prop value outside the ones the component takes, with a did-you-mean',
    example: '"pink" is not a color of <Badge>: use "gray", "blue", … Did you mean "purple"?',
  },
  'component/prop-type': {
    severity: 'warning',
    summary: '"false" written as text where a boolean is expected (any text counts as true: `defaultOpen="false"` opens the accordion), or a text where a number is',
    example: '"defaultOpen" of <Accordion> takes true or false, and any text counts as true, "false" too: write defaultOpen={false}',
  },
  'component/param-location': {
    severity: 'warning',
    summary: '`ParamField` without exactly one of `query`, `path`, `body`, `header`',
    example: '<ParamField> needs exactly one of "query", "path", "body" or "header" to name the parameter',
  },
  'component/misplaced': {
    severity: 'warning',
    summary: 'a component outside the one it belongs in (`Tab` in `Tabs`, `Step` in `Steps`, `Column`, `Tree.*`, `Color.*`); the fix wraps it, with the same components written next to it, in the one it needs',
    example: '<Tab> must sit directly in <Tabs>, not in <Card>',
  },
  'component/duplicate-example': {
    severity: 'warning',
    summary: 'a second `RequestExample` or `ResponseExample` on a page: the side panel shows one',
    example: 'This page already has a <RequestExample> (line 12): the site shows one per page; put every request in that one',
  },
  'a11y/image-alt': {
    severity: 'information',
    summary: 'an image (Markdown, `<img>`, `<video>`, in a `<Frame>` or not) with no alt text, which screen readers cannot describe',
    example: 'This image has no alt text: screen readers cannot describe it. Write what it shows between the brackets: ![what it shows](…)',
  },
  'a11y/contrast': {
    severity: 'information',
    summary: 'a `docs.json` colour whose contrast with the theme\'s light or dark background is below WCAG AA (as the platform\'s `a11y` command checks); brand colours often are, by choice, so it is a note',
    example: '"colors.primary" #7dd3fc on the light background #ffffff has a contrast of 1.7:1, below the 4.5:1 that WCAG AA asks for text',
  },
  'a11y/heading-skip': { severity: 'information', summary: 'a heading that skips a level (h2 then h4)', example: 'This heading skips a level: h4 after h2. Use h3, so the outline reads in order' },
  'suppress/unused': {
    severity: 'information',
    summary: 'a `docsjson-disable…` comment in a page that suppresses nothing (or a `docsjson-enable` that ends nothing), as ESLint reports unused disable directives',
    example: 'Unused suppression: no "link/missing-page" finding on the next line',
  },
  'config/syntax': { severity: 'error', summary: '`docsjson.config.json` is not valid JSON (comments and trailing commas are allowed)' },
  'config/type': { severity: 'error', summary: 'a value of the wrong type in `docsjson.config.json`, a severity that is not one of the five', example: 'The severity of "icon/unknown" must be "error", "warning", "information", "hint" or "off", not the string "warn". Did you mean "warning"?' },
  'config/unknown-key': { severity: 'error', summary: 'a key `docsjson.config.json` does not have', example: 'Unknown key "rule" in docsjson.config.json: use "$schema", "rules", "ignore" or "openapi". Did you mean "rules"?' },
  'config/unused-ignore': {
    severity: 'information',
    summary: 'a glob of the `ignore` list of `docsjson.config.json` that matches no file of the site, so it has no effect (as an unused suppression comment)',
    example: '"drafts/**" in "ignore" matches no file of the site: it has no effect (a file moved or renamed, or a typo?)',
  },
  'config/unknown-rule': { severity: 'error', summary: 'a rule code in `docsjson.config.json` that no check has, with a did-you-mean', example: 'No check has the code "icon/unknwn". Did you mean "icon/unknown"?' },
} as const satisfies Record<string, CodeInfo>;

export type Code = keyof typeof codes;

export function codeInfo(code: string): CodeInfo | undefined {
  return Object.hasOwn(codes, code) ? (codes as Record<string, CodeInfo>)[code] : undefined;
}
