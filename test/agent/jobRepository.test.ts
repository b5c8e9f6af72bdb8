import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseJobRecord } from '../../agent/src/jobRecord';
import { jobRepository, remoteIsRepository } from '../../agent/src/jobRepository';

describe("a job's repository", () => {
  it('is the v2 source.repository, else the owner/name of its pull request link, else unknown', () => {
    assert.equal(jobRepository(parseJobRecord({ repository: 'acme/docs', pullRequestLink: 'https://github.com/other/site/pull/3' })), 'acme/docs');
    assert.equal(jobRepository(parseJobRecord({ pullRequestLink: 'https://github.com/acme/docs/pull/12' })), 'acme/docs');
    assert.equal(jobRepository(parseJobRecord({ pullRequestLink: 'https://gitlab.com/acme/team/docs/-/merge_requests/4' })), 'acme/team/docs');
    assert.equal(jobRepository(parseJobRecord({ pullRequestLink: 'javascript:alert(1)' })), undefined);
    assert.equal(jobRepository(parseJobRecord({})), undefined);
    assert.equal(jobRepository(undefined), undefined);
  });

  it('a remote is the repository when its URL or path ends with owner/name, in any case, .git or not', () => {
    for (const remote of ['git@github.com:acme/docs.git', 'https://github.com/Acme/Docs', 'https://github.com/acme/docs.git/', 'ssh://git@github.com/acme/docs', '/srv/git/acme/docs.git']) {
      assert.ok(remoteIsRepository(remote, 'acme/docs'), remote);
    }
    for (const remote of ['git@github.com:acme/docs-site.git', 'https://github.com/notacme/docs', 'https://github.com/docs', '']) {
      assert.ok(!remoteIsRepository(remote, 'acme/docs'), remote);
    }
    assert.ok(!remoteIsRepository('https://github.com/acme/docs', ''));
  });
});
