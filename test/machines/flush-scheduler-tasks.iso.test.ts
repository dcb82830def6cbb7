// The default scheduler's macrotask, in Node and in Chromium: never setTimeout where the runtime has
// something without its floor (setImmediate in Node, a MessageChannel message in a browser, where
// nested timers wait at least 4 ms: a 1 MB reply read in a thousand slices would mostly wait).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFlushScheduler } from '../../machines/actors/flush-scheduler.js';

afterEach(() => vi.restoreAllMocks());

describe('the default scheduler', () => {
  it('runs a backlog of 40 one-unit tasks without setTimeout', async () => {
    const timeout = vi.spyOn(globalThis, 'setTimeout');
    const scheduler = createFlushScheduler({ sliceMs: 0 }); // one unit per task: 40 tasks
    const ran: number[] = [];
    const done = new Promise<void>((resolve) => {
      for (let i = 0; i < 40; i++)
        scheduler.queue(() => {
          ran.push(i);
          if (i === 39) resolve();
        });
    });
    await done;
    expect(ran).toEqual([...Array(40).keys()]);
    // (The test runner may set a timer of its own meanwhile; a scheduler on timers would set 40.)
    expect(timeout.mock.calls.length).toBeLessThan(5);
  });
});
