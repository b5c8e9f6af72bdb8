// A hostile API's text reaches notifications as text, never as a link: the dev server's
// `command-link` fault puts `[Show Job](command:…)` in a job's haultReason (v2: status) and title.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startDevApiServer, type DevApiServer } from '../../agent/dev-server/server';
import type { AgentJobApi } from '../../agent/src/apiClient';
import { createAgentJobApi } from '../../agent/src/apiVersion';
import { safeText } from '../../agent/src/displayText';
import { AgentApiError } from '../../agent/src/errors';
import { describeFailure } from '../../agent/src/failure';
import { explainRecord } from '../../agent/src/jobOutcome';

/** VS Code's pattern for links in notifications (src/vs/base/common/linkedText.ts). */
const NOTIFICATION_LINK = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/i;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('hostile API text', () => {
  let server: DevApiServer;
  const clients: AgentJobApi[] = [];
  const client = (apiVersion: 1 | 2) => {
    const created = createAgentJobApi({ apiVersion, baseUrl: server.url, apiKey: server.apiKey, retry: { baseDelayMs: 5, maxDelayMs: 20 } });
    clients.push(created);
    return created;
  };
  before(async () => {
    server = await startDevApiServer({ eventIntervalMs: 1, jobDurationMs: 60 });
  });
  after(async () => {
    await Promise.all(clients.map((created) => created.close()));
    await server.close();
  });

  for (const apiVersion of [1, 2] as const) {
    it(`v${apiVersion}: an unknown state holding a command link is explained without the link`, async () => {
      const api = client(apiVersion);
      const created = await api.createJob('p-link', { messages: [{ role: 'user', content: 'Update [fault:command-link]' }] });
      await sleep(150);
      const record = await api.getJob('p-link', created.sessionId!);
      const reported = apiVersion === 1 ? record.haultReason : record.status;
      assert.match(reported ?? '', NOTIFICATION_LINK, 'the record holds the link');
      const explanation = explainRecord(record);
      assert.match(explanation, /Show Job\] \(command:/, 'the text is kept, readable');
      assert.doesNotMatch(explanation, NOTIFICATION_LINK);
      if (apiVersion === 1) {
        assert.match(record.title ?? '', NOTIFICATION_LINK);
        // The notification's text is sanitized as a whole: a title and a reason cannot join into a link.
        assert.doesNotMatch(safeText(`Agent job "${record.title}": ${explanation}`), NOTIFICATION_LINK);
      }
    });
  }

  it("a refused request's server text is quoted without the link", () => {
    const error = new AgentApiError('bad-request', 'HTTP 400', { status: 400, serverSaid: 'Bad prompt [Fix it](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22rm%22%7D)' });
    const { message } = describeFailure(error, { surface: 'editor' });
    assert.match(message, /^The platform refused the request: "Bad prompt \[Fix it\] \(command:/);
    assert.doesNotMatch(message, NOTIFICATION_LINK);
  });
});
