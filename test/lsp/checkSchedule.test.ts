// The schedule of a site's checks, alone: when checks run and which result each request gets.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { CheckSchedule } from '../../server/src/lsp/checkSchedule';

/** A schedule whose checks return the state's number, counting checks and idle runs. */
function counting() {
  const log = { state: 0, checks: 0, idle: [] as number[], lastGiven: [] as (number | undefined)[] };
  const schedule = new CheckSchedule<number>(
    (last) => {
      log.checks++;
      log.lastGiven.push(last);
      return log.state;
    },
    (value) => log.idle.push(value),
  );
  const change = () => {
    log.state++;
    schedule.changed();
  };
  return { schedule, log, change };
}

test('a request never checks inside the call: the check runs after the messages already received', async () => {
  const { schedule, log, change } = counting();
  const first = schedule.result('current');
  assert.equal(log.checks, 0);
  change(); // an edit read in the same turn goes into the check
  assert.equal(await first, 1);
  assert.equal(log.checks, 1);
});

test('requests and edits that arrive together are served by one check', async () => {
  const { schedule, log, change } = counting();
  change();
  const results = [schedule.result('current'), schedule.result('current')];
  change();
  results.push(schedule.result('current'));
  assert.deepEqual(await Promise.all(results), [2, 2, 2]);
  assert.equal(log.checks, 1);
  assert.equal(await schedule.result('current'), 2);
  assert.equal(log.checks, 1, 'no second check of the same state');
});

test('"latest" answers with the last check however old; "current" checks the change', async () => {
  const { schedule, log, change } = counting();
  assert.equal(await schedule.result('latest'), 0, 'the first check when there is none');
  change();
  assert.equal(await schedule.result('latest'), 0);
  assert.equal(log.checks, 1);
  assert.equal(await schedule.result('current'), 1);
  assert.deepEqual(log.lastGiven, [undefined, 0], 'each check is given the last one to build on');
  assert.equal(schedule.lastChecked, 1);
});

test('a failed check rejects its requests; the next request checks again', async () => {
  let fail = true;
  const schedule = new CheckSchedule<string>(
    () => {
      if (fail) throw new Error('broken');
      return 'ok';
    },
    () => undefined,
  );
  await assert.rejects(schedule.result('current'), /broken/);
  fail = false;
  assert.equal(await schedule.result('current'), 'ok');
});

test('idle work runs half a second after a check when nothing changed, not after a change', async () => {
  const { schedule, log, change } = counting();
  await schedule.result('current');
  await sleep(650);
  assert.deepEqual(log.idle, [0]);
  change();
  await schedule.result('current');
  await sleep(100);
  change();
  await sleep(600);
  assert.deepEqual(log.idle, [0], 'a change within the pause cancels it');
  schedule.dispose();
});
