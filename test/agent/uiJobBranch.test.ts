// Finding a job's branch among a repository's remote refs, and telling whether a remote is the
// job's repository (the part of "Show Changes" / "Check Out Branch" that needs no VS Code).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { locateBranch, remoteNamesRepository, repositoryOfPullRequest } from '../../client/src/agent/jobBranch';

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
});
