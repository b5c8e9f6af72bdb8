/**
 * The findings of the page checks on the clean real sites, each reviewed by reading the page and its target:
 * anchors of headings since renamed (e.g. "#subscribe-command" for "Subscribe & Publish Commands"), anchors
 * that read "&" as "and" ("#analytics-and-dashboard": the page's id is "analytics-&-dashboard", and the
 * platform's own checker reports these three links too), links
 * to folders that have no index page ("/redis", "/devops": warnings, as the platform's checker takes
 * every folder as valid and nothing it publishes says what a reader gets there), an image that is
 * not in the repository. No anchor of a step, a view or an API page's parameter is among them: the
 * platform makes those. README.md files are not
 * part of a site (the platform always leaves them out), so their links are not checked. "file:line code covered-text".
 */
export const pinnedFindings: Record<string, string[]> = {
  'upstash+docs': [
    '_snippets/workflow/logs.mdx:81 link/missing-anchor #failurefunction',
    'box/overall/quickstart.mdx:221 link/missing-anchor #1-agent-server',
    'box/overall/quickstart.mdx:225 link/missing-anchor #2-multi-agent-orchestration',
    'box/overall/quickstart.mdx:229 link/missing-anchor #3-parallel-testing--model-comparison',
    'common/account/developerapi.mdx:12 link/folder-without-index /devops',
    'qstash/integrations/llm.mdx:12 link/missing-anchor #chat-api',
    'qstash/overall/changelog.mdx:183 link/missing-anchor #retry-after-header',
    'qstash/recipes/periodic-data-updates.mdx:129 link/missing-anchor #4-deploy-to-vercel',
    'redis/integrations/bullmq.mdx:36 link/missing-anchor #all-plans-and-limits',
    'redis/integrations/celery.mdx:88 link/missing-anchor #all-plans-and-limits',
    'redis/integrations/celery.mdx:94 link/folder-without-index /redis',
    'redis/integrations/sidekiq.mdx:82 link/missing-anchor #all-plans-and-limits',
    'redis/overall/changelog.mdx:64 link/missing-anchor #subscribe-command',
    'redis/sdks/py/commands/overview.mdx:554 link/missing-anchor #pipelines-and-transactions',
    'redis/sdks/ratelimit-ts/costs.mdx:97 link/missing-anchor #auto-ip-deny-list',
    'redis/sdks/ratelimit-ts/gettingstarted.mdx:174 link/missing-anchor #analytics-and-dashboard',
    'redis/sdks/ratelimit-ts/overview.mdx:48 link/missing-anchor #analytics-and-dashboard',
    'redis/search/index-management.mdx:240 link/missing-anchor #text-field-options',
    'redis/search/query-operators/field-operators/regex.mdx:31 link/missing-anchor #text-field-options',
    'redis/tutorials/python_realtime_chat.mdx:286 link/folder-without-index /redis',
    'redis/tutorials/python_session.mdx:171 link/folder-without-index /redis',
    'vector/integrations/ai-sdk.mdx:385 link/folder-without-index /vector',
    'vector/sdks/py/gettingstarted.mdx:69 link/folder-without-index /vector/sdks/py/example_calls',
    'workflow/agents/patterns/orchestrator-workers.mdx:61 link/missing-anchor #multi-agents',
    'workflow/changelog.mdx:121 link/folder-without-index /workflow/howto/local-development#development-server-recommended',
    'workflow/changelog.mdx:150 link/missing-anchor #trigger-workflow',
    'workflow/changelog.mdx:36 link/missing-anchor #trigger-workflow',
    'workflow/changelog.mdx:37 link/missing-anchor #retrydelay',
    'workflow/changelog.mdx:42 link/folder-without-index /workflow/howto/local-development#development-server-recommended',
    'workflow/examples/waitForEvent.mdx:154 link/missing-anchor #notify-waiting-workflow',
    'workflow/quickstarts/nextjs-fastapi.mdx:126 link/missing-anchor #using-qstashs-built-in-request-verification-recommended',
    'workflow/quickstarts/nextjs-flask.mdx:126 link/missing-anchor #using-qstashs-built-in-request-verification-recommended',
    'workflow/steps/call.mdx:71 link/missing-anchor #using-serve-manyny',
    'workflow/troubleshooting/general.mdx:139 link/missing-anchor #using-qstashs-built-in-request-verification-recommended',
    'workflow/troubleshooting/general.mdx:243 link/missing-anchor #verbose',
    'workflow/troubleshooting/general.mdx:258 link/missing-anchor #baseurl',
    'workflow/troubleshooting/general.mdx:260 link/missing-anchor #url',
  ],
  'PrefectHQ+fastmcp': [
    'changelog.mdx:2912 link/missing-anchor #disabling-tools',
    'getting-started/upgrading/from-fastmcp-3.mdx:141 link/missing-anchor #legacy-camelcase-field-access-keeps-working',
    'integrations/claude-desktop.mdx:29 link/missing-anchor #proxy-servers',
    'updates.mdx:291 link/missing-file assets/updates/release-3-0.png',
    'v2/clients/sampling.mdx:114 link/missing-anchor #using-the-openai-handler',
    'v2/clients/sampling.mdx:163 link/missing-anchor #sampling-fallback-handler',
    'v2/integrations/claude-desktop.mdx:29 link/missing-anchor #proxy-servers',
    'v2/servers/elicitation.mdx:72 link/missing-anchor #supported-response-types',
    'v2/servers/server.mdx:367 link/missing-anchor #input-validation-modes',
    'v2/servers/server.mdx:95 link/missing-anchor #input-validation-modes',
    'v3/changelog.mdx:2646 link/missing-anchor #disabling-tools',
    'v3/cli/running.mdx:72 link/missing-anchor #factory-functions',
    'v3/integrations/claude-desktop.mdx:29 link/missing-anchor #proxy-servers',
    'v3/servers/middleware.mdx:329 link/missing-anchor #http-requests',
    'v3/servers/middleware.mdx:798 link/missing-anchor #state-management',
    'v3/servers/middleware.mdx:87 link/missing-anchor #state-and-mounted-servers',
    'v3/servers/server.mdx:178 link/missing-anchor #input-validation-modes',
    'v3/servers/storage-backends.mdx:204 link/missing-anchor #caching-middleware',
    'v3/servers/storage-backends.mdx:294 link/missing-anchor #caching-middleware',
    'v3/servers/tools.mdx:434 link/missing-anchor #custom-dependencies',
    'v3/servers/transforms/code-mode.mdx:143 link/missing-anchor #tags',
    'v3/servers/transforms/code-mode.mdx:151 link/missing-anchor #tags',
    'v3/servers/transforms/code-mode.mdx:190 link/missing-anchor #tags',
    'v3/updates.mdx:219 link/missing-file assets/updates/release-3-0.png',
  ],
  'langgenius+dify-docs': [],
};
