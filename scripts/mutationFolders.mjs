// The folders `npm run mutation` tests, each with the test files that exercise it (stryker.config.mjs).
// A test file left out here cannot kill that folder's mutants: name every file that tests the folder.
// The CLI's end-to-end tests run the built dist/cli.js in a child process, which mutation testing
// does not reach: only the cli/src modules that unit tests import are mutated (`mutate`).
// A file that runs dist/ (which the sandbox leaves out) fails there: such files are not listed.
export const mutationFolders = [
  {
    name: 'agent-http',
    path: 'agent/src/http',
    tests: [
      'test/agent/httpErrors.test.ts',
      'test/agent/httpRequests.test.ts',
      'test/agent/retry.test.ts',
      'test/agent/apiClient.test.ts',
      'test/agent/apiV2.test.ts',
      'test/agent/connectionLost.test.ts',
      'test/agent/failure.test.ts',
      'test/agent/proxyUrl.test.ts',
      'test/agent/hostileText.test.ts',
    ],
  },
  {
    name: 'agent-stream',
    path: 'agent/src/stream',
    tests: [
      'test/agent/streamParts.test.ts',
      'test/agent/streamDecode.test.ts',
      'test/agent/jobStore.test.ts',
      'test/agent/apiClient.test.ts',
      'test/agent/hostileText.test.ts',
      'test/agent/connectionLost.test.ts',
    ],
  },
  // The examples only: the property test on real sites (test/engine/recheck.test.ts) takes minutes a mutant.
  {
    name: 'engine-recheck',
    path: 'server/src/engine/recheck',
    tests: ['test/engine/recheckParts.test.ts', 'test/engine/recheckEdits.test.ts', 'test/engine/specEdits.test.ts'],
  },
  {
    name: 'engine-redirects',
    path: 'server/src/engine/redirects',
    tests: ['test/engine/redirectPattern.test.ts', 'test/engine/redirectMatcher.test.ts', 'test/engine/redirectRules.test.ts', 'test/engine/pages/linkRule.test.ts'],
  },
  {
    name: 'engine-actions',
    path: 'server/src/engine/service/actions.ts',
    tests: ['test/engine/service/actions.test.ts', 'test/engine/duplicateKeyRule.test.ts'],
  },
  {
    name: 'engine-fix-all',
    path: 'server/src/engine/service/fix*.ts',
    tests: ['test/engine/service/fixAll.test.ts', 'test/engine/service/fixPasses.test.ts'],
  },
  // Not openapiValidation.test.ts: it tests the platform's verdict on specs (openapi/), no rule (it killed none of
  // the rules' mutants), and takes 17 s a run on a loaded machine, which every mutant it covers would pay.
  {
    name: 'engine-rules',
    path: 'server/src/engine/rules',
    // The invariant test first: a mutant of a rule's list of codes is covered by every file (each loads the rules), which
    // run in this order until one fails; the invariant test fails on it in seconds.
    tests: [
      'test/architecture/invariants.test.ts',
      'test/engine/navigationRules.test.ts',
      'test/engine/referenceRules.test.ts',
      'test/engine/redirectRules.test.ts',
      'test/engine/shapeRules.test.ts',
      'test/engine/openapiSpecRule.test.ts',
      'test/engine/operationLookup.test.ts',
      'test/engine/iconRules.test.ts',
      'test/engine/frontmatterRules.test.ts',
      'test/engine/droppedKeyRule.test.ts',
      'test/engine/duplicateKeyRule.test.ts',
      'test/engine/hostileDocsJson.test.ts',
      'test/engine/projectConfig.test.ts',
      'test/engine/pages/linkRule.test.ts',
      'test/engine/pages/componentRule.test.ts',
      'test/engine/pages/accessibilityRule.test.ts',
      'test/engine/pages/siteGraph.test.ts',
      'test/engine/pages/orphanRule.test.ts',
      'test/engine/pages/mdxSyntaxRule.test.ts',
      'test/engine/pages/translationRules.test.ts',
      // A re-check of docs.json runs the rules' top-level-member handlers, which a whole check does not.
      'test/engine/recheckEdits.test.ts',
    ],
  },
  {
    name: 'engine-pages',
    path: 'server/src/engine/pages',
    // The files that test one module first: a mutant runs its covering files in this order until one fails.
    tests: [
      'test/engine/pages/docsJsonPaths.test.ts',
      'test/engine/pages/maskedText.test.ts',
      'test/engine/pages/frontmatter.test.ts',
      'test/engine/pages/siteFiles.test.ts',
      'test/engine/pages/mdxFactsCache.test.ts',
      'test/engine/pages/siteCheck.test.ts',
      'test/engine/pages/pageFailure.test.ts',
      'test/engine/pages/mdxFacts.test.ts',
      'test/engine/pages/mdxWorkerPool.test.ts',
      'test/engine/pages/workerPool.test.ts',
      'test/engine/pages/routes.test.ts',
      'test/engine/pages/syntaxProblem.test.ts',
      'test/engine/pages/platformRewrites.test.ts',
      'test/engine/pages/pageModel.test.ts',
      'test/engine/pages/headingText.test.ts',
      'test/engine/pages/textMap.test.ts',
      'test/engine/pages/slug.test.ts',
      'test/engine/pages/parseMdx.test.ts',
      'test/engine/pages/reparseParts.test.ts',
      'test/engine/pages/reparse.test.ts',
      'test/engine/pages/textEdit.test.ts',
      'test/engine/pages/scanPage.test.ts',
      'test/engine/pages/scanAsParser.test.ts',
      'test/engine/pages/scanStretches.test.ts',
      'test/engine/pages/siteGraph.test.ts',
      'test/engine/pages/basePath.test.ts',
      'test/engine/pages/generatedPages.test.ts',
      'test/engine/pages/pageInputs.test.ts',
      'test/engine/pages/linkRule.test.ts',
      'test/engine/pages/componentRule.test.ts',
      'test/engine/pages/accessibilityRule.test.ts',
      'test/engine/pages/translationRules.test.ts',
      'test/engine/redirectMatcher.test.ts',
      'test/engine/frontmatterRules.test.ts',
    ],
  },
  {
    name: 'cli',
    path: 'cli/src',
    // Only the modules unit tests import: the rest runs in the end-to-end tests' child processes alone.
    mutate: ['cli/src/checkOutput.ts', 'cli/src/githubSummary.ts', 'cli/src/terminalSafe.ts', 'cli/src/jobOutput.ts'],
    tests: ['test/cli/terminalSafe.test.ts', 'test/cli/checkOutput.test.ts', 'test/cli/githubSummary.test.ts', 'test/cli/jobOutput.test.ts'],
  },
].map((folder) => ({ ...folder, mutate: folder.mutate ?? [folder.path.endsWith('.ts') ? folder.path : `${folder.path}/**/*.ts`] }));
