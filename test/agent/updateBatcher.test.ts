import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { createUpdateBatcher } from '../../agent/src/updateBatcher';

describe('update batcher', () => {
  it('posts a burst pushed in one go as one batch, in order', async () => {
    const posted: number[][] = [];
    const batcher = createUpdateBatcher<number>({ maxUpdates: 10, intervalMs: 1_000, post: (batch) => posted.push(batch) });
    for (let index = 0; index < 1_000; index++) batcher.push(index);
    await sleep(20);
    assert.equal(posted.length, 1);
    assert.deepEqual(posted[0], Array.from({ length: 1_000 }, (_, index) => index));
  });

  it('posts at most maxUpdates batches per interval while items keep coming, losing none', async () => {
    const posted: { at: number; batch: number[] }[] = [];
    const batcher = createUpdateBatcher<number>({
      maxUpdates: 5,
      intervalMs: 100,
      post: (batch) => posted.push({ at: performance.now(), batch }),
    });
    const started = performance.now();
    let next = 0;
    while (performance.now() - started < 500) {
      batcher.push(next++);
      await sleep(1);
    }
    batcher.flush();
    assert.deepEqual(posted.flatMap((entry) => entry.batch), Array.from({ length: next }, (_, index) => index));
    for (let index = 5; index < posted.length - 1; index++) {
      assert.ok(posted[index].at - posted[index - 5].at >= 95, `batches ${index - 5}..${index} fit in one interval`);
    }
    assert.ok(posted.length <= 27, `${posted.length} batches for ${next} items over 500 ms`);
  });

  it('flushes at once on request and posts nothing after dispose', async () => {
    const posted: string[][] = [];
    const batcher = createUpdateBatcher<string>({ maxUpdates: 1, intervalMs: 10_000, post: (batch) => posted.push(batch) });
    batcher.push('a');
    batcher.flush();
    assert.deepEqual(posted, [['a']]);
    batcher.push('b');
    batcher.dispose();
    batcher.push('c');
    await sleep(20);
    assert.deepEqual(posted, [['a']]);
  });
});
