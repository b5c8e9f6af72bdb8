/**
 * What `docsjson check` reports on each whole real site of the shared folder: every error, and the
 * number of warnings of each code (information is not pinned). Each error was reviewed by reading
 * the page and what it points to, and held to the platform's own code where it settles the kind
 * (`link-rot` for links and redirects, `getAST` for a page that compiles; the differences are in
 * docs/differences-from-the-platform.md); the reason for each class is beside it. A new error on a
 * site fails the test: read the page, and pin it here with its reason only if the published site is
 * really broken there.
 *
 * Line numbers are 1-based; the text after the code is what the finding covers (cut to 80 characters).
 */
export interface SiteFindings {
  errors: string[];
  warnings: Record<string, number>;
}

export const sharedSiteFindings: Record<string, SiteFindings> = {
  // The image of a <Card img> on two copies of the updates page: the repository has only release-2-7.png,
  // so the card shows a broken image (link-rot does not read <Card img>: a listed difference).
  'PrefectHQ+fastmcp': {
    errors: [
      'updates.mdx:291 link/missing-file assets/updates/release-3-0.png',
      'v3/updates.mdx:219 link/missing-file assets/updates/release-3-0.png',
    ],
    warnings: { 'icon/unknown': 2, 'link/missing-anchor': 22, 'schema/unknown-key': 40 },
  },
  'TracecatHQ+tracecat': {
    errors: [],
    warnings: { 'icon/unknown': 2 },
  },
  // An image no file of the repository is (img/ui/walkthrough has AddChunker, AddEmbedder,
  // AddEnrichment, no AddExtract), in a page and in the snippet written from it. Relative links without
  // "./", which a browser resolves from the page's folder (link-rot from the root: a listed
  // difference): "open-source/core-functionality/staging" on /open-source/integrations leads to
  // /open-source/open-source/…; "ui/enriching/image-descriptions" in the two snippets leads to
  // /ui/ui/enriching/… on ui/quickstart and ui/walkthrough-2, which import them (it works on /welcome,
  // which imports one of them too: broken on one importing page is a reader's 404 all the same).
  'Unstructured-IO+docs': {
    errors: [
      'open-source/integrations.mdx:77 link/missing-page open-source/core-functionality/staging#stage-for-weaviate',
      'snippets/general-shared-text/get-started-single-file-ui-part-2.mdx:225 link/missing-page ui/enriching/image-descriptions',
      'snippets/general-shared-text/get-started-single-file-ui-part-2.mdx:476 link/missing-file /img/ui/walkthrough/AddExtract.png',
      'snippets/general-shared-text/get-started-single-file-ui.mdx:63 link/missing-page ui/enriching/image-descriptions',
      'ui/walkthrough.mdx:553 link/missing-file /img/ui/walkthrough/AddExtract.png',
    ],
    warnings: { 'component/unknown': 19, 'link/missing-anchor': 70 },
  },
  // An <img> of a PNG the repository has only as changelog/images/20251215mcp-server.webp.
  'getlago+lago-doc': {
    errors: [
      'guide/ai-agents/mcp-server.mdx:10 link/missing-file /changelog/images/20251215mcp-server.png',
    ],
    warnings: { 'component/invalid-value': 10, 'component/prop-type': 2, 'link/folder-without-index': 19, 'link/missing-anchor': 73, 'schema/unknown-key': 2 },
  },
  // Three languages (en, the default, zh and ja), each page listed in all three: no page is missing
  // in a language. Its 566 links from zh and ja pages into en are the "translated by AI: read the
  // original" note, each to the page's own en version, which the platform's language switcher pairs
  // with it: meant, so not told (translation/other-language-link counts none); no anchor is missing.
  'langgenius+dify-docs': {
    errors: [],
    warnings: { 'component/unknown': 6, 'icon/unknown': 18, 'nav/expanded-no-effect': 36 },
  },
  'modelcontextprotocol+modelcontextprotocol': {
    errors: [],
    warnings: { 'component/unknown': 4, 'link/folder-without-index': 6, 'link/missing-anchor': 124 },
  },
  // A relative link without "./" on /changelog/0.21.5: the browser goes to
  // /changelog/documentation/sorting/topk, which is no page (link-rot resolves it from the root).
  'paradedb+paradedb': {
    errors: [
      'changelog/0.21.5.mdx:16 link/missing-page documentation/sorting/topk',
    ],
    warnings: { 'link/folder-without-index': 1, 'link/missing-anchor': 4, 'schema/unknown-key': 1 },
  },
  // Images that are not in the repository (most have a near name that is: "_partials" added, "order"
  // for "orders", no "-usd"; no "Platform API" image is there at all). Links to pages that do not exist and no
  // redirect serves (core-concepts/custom-fields, chatgpt-integration/…, storefront/theme-editor,
  // /sdk…), one through "../../" from developer/upgrades (to /advanced/…). The site is served under
  // /docs (docs.json's canonical URL): 433 Markdown links are written with "/docs", which the
  // platform's link component adds again (/docs/docs/…): told once (link/base-path), and two of them,
  // to "/docs/developer", told alone as their route is a folder, no page. The plans/ folder is part of
  // the site (no .mintignore): its links into the repository's code leave the docs root, one names
  // developer/order/order-routing.mdx, which does not exist, and decisions.md does not compile: the platform's getAST fails on
  // `{ |c| c.enabled = true }` ("Could not parse expression with acorn"), so the build fails.
  // The literal <a href="/docs/…"> of index.mdx are right: MDX does not hand a literal <a> to the
  // platform's link component, so they reach the browser as written, under /docs; none is told, nor
  // counted among the Markdown links told once (the first of which, in path order, is adyen.mdx's image).
  'spree+spree': {
    errors: [
      'api-reference/platform/authentication.mdx:13 link/missing-file /images/Platform API 2.png',
      'api-reference/platform/authentication.mdx:17 link/missing-file /images/Platform API 3.png',
      'api-reference/platform/authentication.mdx:21 link/missing-file /images/Platform API 4.png',
      'api-reference/platform/authentication.mdx:9 link/missing-file /images/Platform API 1.png',
      'developer/admin/extending-ui.mdx:1428 link/missing-file /images/developer/admin/products_filters.png',
      'developer/admin/extending-ui.mdx:1455 link/missing-file /images/developer/admin/product_dropdown.png',
      'developer/admin/extending-ui.mdx:1475 link/missing-file /images/developer/admin/product_form.png',
      'developer/admin/extending-ui.mdx:1531 link/missing-file /images/developer/admin/product_form_sidebar.png',
      'developer/admin/extending-ui.mdx:1623 link/missing-file /images/developer/admin/store_form.png',
      'developer/admin/navigation.mdx:429 link/missing-file /images/developer/admin/store_nav_partials.png',
      'developer/advanced/adding_spree_to_rails_app.mdx:7 link/missing-page /getting-started/quickstart',
      'developer/contributing/quickstart.mdx:16 link/missing-page /core-concepts',
      'developer/customization/authentication.mdx:7 link/missing-page /developer/quickstart',
      'developer/how-to/custom-stock-splitter.mdx:173 link/missing-page /developer/core-concepts/custom-fields',
      'developer/how-to/custom-stock-splitter.mdx:213 link/missing-page /developer/core-concepts/custom-fields',
      'developer/storefront/rails/pages.mdx:42 link/missing-page /user/storefront/create-page',
      'developer/storefront/rails/storefront.mdx:101 link/missing-page /user/storefront/theme-editor',
      'developer/tutorial/sdk.mdx:172 link/missing-page /sdk',
      'developer/upgrades/4.1-to-4.2.mdx:49 link/missing-page ../../advanced/deface_overrides_tutorial#organizing-overrides',
      'developer/upgrades/5.6-to-6.0.mdx:453 link/missing-page /developer/core-concepts/custom-fields',
      'integrations/payments/adyen.mdx:31 link/base-path /docs/images/integrations/adyen/1-payment-method-list.png',
      'index.mdx:320 link/missing-page /use-case/multi-store/model',
      'index.mdx:340 link/missing-page /use-case/chatgpt-integration/chatgpt-shopping',
      'plans/6.0-order-routing.md:167 link/missing-page ../developer/order/order-routing.mdx#stock-reservations-and-routing',
      'plans/6.1-channels-catalogs-b2b.md:129 link/outside-root ../../spree/core/app/models/spree/channel.rb',
      'plans/6.1-channels-catalogs-b2b.md:140 link/outside-root ../../spree/core/app/models/spree/product_publication.rb',
      'plans/6.1-channels-catalogs-b2b.md:151 link/outside-root ../../spree/core/app/models/spree/product.rb',
      'plans/6.1-channels-catalogs-b2b.md:151 link/outside-root ../../spree/core/app/models/spree/product/channels.rb',
      'plans/6.1-channels-catalogs-b2b.md:591 link/outside-root ../../packages/dashboard/src/components/spree/products/publishing-card.tsx',
      'plans/decisions.md:3354 mdx/syntax { |c| c.enabled = true }',
      'use-case/overview.mdx:18 link/missing-page /use-case/chatgpt-integration/chatgpt-instant-checkout',
      'use-case/overview.mdx:73 link/missing-page /use-case/chatgpt-integration/chatgpt-instant-checkout',
      'use-case/overview.mdx:91 link/missing-page /docs/developer',
      'user/how-to/regional-volume.mdx:59 link/missing-file /docs/images/user/how-to/regional-volume/3-edit-prices-usd.png',
      'user/migration/migrate-from-shopify.mdx:236 link/missing-page /developer/storefront/rest-api',
      'user/orders/editing-orders.mdx:16 link/missing-file /docs/images/user/orders/editing-orders/2-orders-details-page.png',
      'user/using-spree.mdx:42 link/missing-page /docs/developer',
    ],
    warnings: { 'component/unknown': 1, 'icon/unknown': 29, 'link/folder-without-index': 28, 'link/missing-anchor': 19, 'nav/multiple-root-patterns': 1, 'redirect/folder-destination': 1, 'redirect/shadows-page': 1 },
  },
  'supermemoryai+supermemory': {
    errors: [],
    warnings: { 'icon/unknown': 20 },
  },
  // Redirects to SDK overview pages that do not exist (vector/sdks/ts and py have no overview page)
  // and that no other redirect serves; link-rot's getBrokenRedirects reports them too.
  'upstash+docs': {
    errors: [
      'docs.json:2430 redirect/missing-destination "/vector/sdks/ts/overview"',
      'docs.json:2438 redirect/missing-destination "/vector/sdks/py/overview"',
    ],
    warnings: { 'component/param-location': 4, 'frontmatter/unknown-key': 1, 'link/folder-without-index': 8, 'link/missing-anchor': 29, 'redirect/folder-destination': 3, 'redirect/shadows-page': 1 },
  },
};
