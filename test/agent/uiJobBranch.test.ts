// Finding a job's branch among a repository's remote refs, and telling whether a remote is the
// job's repository (the part of "Show Changes" / "Check Out Branch" that needs no VS Code).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defaultBranchOf, locateBranch, remoteNamesRepository, repositoryOfPullRequest } from '../../client/src/agent/jobBranch';
import { branchForRequest, isDefaultBranch } from '../../client/webview/branchName';

const refs = (...names: string[]) => names.map((name) => ({ name, remote: name.split('/')[0] }));
const at = (commit: string, ...names: string[]) => refs(...names).map((ref) => ({ ...ref, commit }));

describe('job branch', () => {
  it("finds the branch on a remote and compares it with the remote's default branch", () => {
    assert.deepEqual(locateBranch('docs/e2e', refs('origin/HEAD', 'origin/main', 'origin/docs/e2e')), { branchRef: 'origin/docs/e2e', remote: 'origin', baseRef: 'origin/HEAD' });
    const named = [...at('c1', 'origin/HEAD', 'origin/develop'), ...at('c2', 'origin/main', 'origin/docs/e2e')];
    assert.equal(locateBranch('docs/e2e', named)?.baseRef, 'origin/develop', 'HEAD is named after the branch it points at');
    assert.deepEqual(locateBranch('docs/e2e', refs('upstream/master', 'upstream/docs/e2e')), { branchRef: 'upstream/docs/e2e', remote: 'upstream', baseRef: 'upstream/master' });
    assert.equal(locateBranch('docs/e2e', refs('origin/main', 'origin/docs/other')), undefined);
    assert.equal(locateBranch('main', refs('origin/main'))?.baseRef, undefined, 'a branch is not its own base');
  });

  it('reads the repository of a pull request link and matches it against remote URLs', () => {
    assert.equal(repositoryOfPullRequest('https://github.com/acme/docs/pull/12'), 'acme/docs');
    assert.equal(repositoryOfPullRequest('https://gitlab.com/group/sub/docs/-/merge_requests/3'), 'group/sub/docs');
    assert.equal(repositoryOfPullRequest(undefined), undefined);
    assert.ok(remoteNamesRepository('https://github.com/Acme/docs.git', 'acme/docs'));
    assert.ok(remoteNamesRepository('git@github.com:acme/docs.git', 'acme/docs'));
    assert.ok(remoteNamesRepository('ssh://git@github.com/acme/docs', 'acme/docs'));
    assert.ok(!remoteNamesRepository('https://github.com/acme/website.git', 'acme/docs'));
  });

  it('names a new branch from the request: docs/agent-<slug of its first line>, never empty', () => {
    assert.equal(branchForRequest('Update the quickstart!'), 'docs/agent-update-the-quickstart');
    assert.equal(branchForRequest('\n  Réécrire la page « Démarrage »\nmore lines'), 'docs/agent-reecrire-la-page-demarrage');
    assert.equal(branchForRequest('Document the new API: rate limits, retries, pagination and errors in every SDK'), 'docs/agent-document-the-new-api-rate-limits-retries');
    assert.equal(branchForRequest(''), 'docs/agent-update');
    assert.equal(branchForRequest('!!! 🚀'), 'docs/agent-update');
    assert.match(branchForRequest('x'.repeat(300)), /^docs\/agent-x{40}$/);
    for (const message of ['Fix the "Install" page', 'a..b', 'end.', '@{x}', 'tab\there']) {
      assert.match(branchForRequest(message), /^docs\/agent-[a-z0-9]+(-[a-z0-9]+)*$/, 'a valid git branch name');
    }
  });

  it("finds the repository's default branch, and asks only for it (main or master when it is not known)", () => {
    assert.equal(defaultBranchOf(at('c1', 'origin/HEAD', 'origin/trunk', 'origin/docs/x'), []), 'trunk');
    assert.equal(defaultBranchOf(refs('origin/main', 'origin/docs/x'), ['docs/x']), 'main');
    assert.equal(defaultBranchOf([...refs('upstream/master'), ...refs('origin/develop', 'origin/main')], []), 'main', 'origin first');
    assert.equal(defaultBranchOf([], ['feature', 'master']), 'master', 'no remote: a local main or master');
    assert.equal(defaultBranchOf([], ['feature']), undefined);
    assert.ok(isDefaultBranch('trunk', 'trunk'));
    assert.ok(isDefaultBranch(' main ', 'main'));
    assert.ok(!isDefaultBranch('main', 'trunk'));
    assert.ok(isDefaultBranch('main', undefined) && isDefaultBranch('master', undefined));
    assert.ok(!isDefaultBranch('docs/agent-x', undefined));
    assert.ok(!isDefaultBranch('', 'main') && !isDefaultBranch(undefined, 'main'), 'empty: the platform names a new branch');
  });
});
