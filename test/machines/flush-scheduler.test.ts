import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFlushScheduler, FLUSH_SLICE_MS, sharedFlushScheduler } from '../../machines/actors/flush-scheduler.js';

/** A scheduler driven by hand: tasks wait in `tasks` until `runTask()`; the clock moves only when a flush says so. */
function manual(sliceMs = 4) {
  const tasks: (() => unknown)[] = [];
  let clock = 0;
  const scheduler = createFlushScheduler({ sliceMs, schedule: (task) => tasks.push(task), now: () => clock });
  return {
    scheduler,
    tasks,
    advance: (ms: number) => {
      clock += ms;
    },
    runTask: async () => {
      const task = tasks.shift();
      if (task === undefined) throw new Error('no task is scheduled');
      await task();
    },
  };
}

/** Queues `count` flushes that each take `ms` of the clock; returns the indexes of those that ran, in order. */
function queueCosting(m: ReturnType<typeof manual>, count: number, ms: number): number[] {
  const ran: number[] = [];
  for (let i = 0; i < count; i++)
    m.scheduler.queue(() => {
      ran.push(i);
      m.advance(ms);
    });
  return ran;
}

describe('createFlushScheduler', () => {
  it('runs each queued flush once, in the order queued, on a later task', async () => {
    const m = manual();
    const ran: string[] = [];
    const a = () => ran.push('a');
    const b = () => ran.push('b');
    m.scheduler.queue(a);
    m.scheduler.queue(b);
    m.scheduler.queue(a); // already queued: not twice
    expect(ran).toEqual([]);
    expect(m.scheduler.size).toBe(2);
    expect(m.tasks).toHaveLength(1); // one task for the whole queue
    await m.runTask();
    expect(ran).toEqual(['a', 'b']);
    expect(m.scheduler.size).toBe(0);
    expect(m.tasks).toHaveLength(0);
  });

  it('stops a task once its slice is spent and leaves the rest to the next task', async () => {
    const m = manual(4);
    const ran = queueCosting(m, 10, 1.5);
    await m.runTask();
    expect(ran).toEqual([0, 1, 2]); // 1.5, 3, 4.5 ms: the third passes the 4 ms slice
    expect(m.tasks).toHaveLength(1);
    await m.runTask();
    expect(ran).toEqual([0, 1, 2, 3, 4, 5]);
    await m.runTask();
    await m.runTask();
    expect(ran).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(m.tasks).toHaveLength(0);
  });

  it('runs at least one flush per task, however slow', async () => {
    const m = manual(1);
    const ran = queueCosting(m, 3, 50);
    await m.runTask();
    expect(ran).toEqual([0]);
    await m.runTask();
    await m.runTask();
    expect(ran).toEqual([0, 1, 2]);
  });

  it('runs what follows an awaited turn() inside the slice, and counts its time', async () => {
    const m = manual(4);
    const ran: string[] = [];
    const decode = async (name: string) => {
      await m.scheduler.turn();
      ran.push(name); // the "decoding": costs 3 ms
      m.advance(3);
    };
    void decode('a');
    void decode('b');
    void decode('c');
    expect(ran).toEqual([]);
    await m.runTask();
    expect(ran).toEqual(['a', 'b']); // 3 ms, then 6: past the 4 ms slice
    await m.runTask();
    expect(ran).toEqual(['a', 'b', 'c']);
    expect(m.tasks).toHaveLength(0);
  });

  it('leaves a flush queued while a task runs to a later task', async () => {
    const m = manual();
    const ran: string[] = [];
    const late = () => ran.push('late');
    m.scheduler.queue(() => {
      ran.push('first');
      m.scheduler.queue(late);
    });
    await m.runTask();
    expect(ran).toEqual(['first']);
    expect(m.tasks).toHaveLength(1); // scheduled once, not twice
    await m.runTask();
    expect(ran).toEqual(['first', 'late']);
    expect(m.tasks).toHaveLength(0);
  });

  it('queues a flush again after it ran', async () => {
    const m = manual();
    let runs = 0;
    const flush = () => runs++;
    m.scheduler.queue(flush);
    await m.runTask();
    m.scheduler.queue(flush);
    await m.runTask();
    expect(runs).toBe(2);
  });

  it('a flush that throws does not stop the others: they run in the next task', async () => {
    const m = manual();
    const ran: string[] = [];
    m.scheduler.queue(() => {
      throw new Error('boom');
    });
    m.scheduler.queue(() => ran.push('after'));
    await expect(m.runTask()).rejects.toThrow('boom');
    expect(m.tasks).toHaveLength(1);
    await m.runTask();
    expect(ran).toEqual(['after']);
  });

  it('property: every flush queued runs exactly once, in order, and no task runs past its slice by more than one flush', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 8 }),
        // each step: queue flush k (of 6) with a cost, or run a task
        fc.array(
          fc.oneof(
            fc.record({ queue: fc.integer({ min: 0, max: 5 }), cost: fc.integer({ min: 0, max: 5 }) }),
            fc.constant({ run: true as const }),
          ),
          { maxLength: 60 },
        ),
        async (sliceMs, steps) => {
          const m = manual(sliceMs);
          const costs = new Map<number, number>();
          const flushes = Array.from({ length: 6 }, (_, k) => () => {
            ran.push(k);
            m.advance(costs.get(k) ?? 0);
          });
          const ran: number[] = [];
          const expected: number[] = [];
          const waiting = new Set<number>();
          const runOne = async () => {
            const before = ran.length;
            let spent = 0;
            const at = ran.length;
            await m.runTask();
            for (let i = at; i < ran.length; i++) {
              waiting.delete(ran[i]);
              spent += costs.get(ran[i]) ?? 0;
            }
            const last = ran.length > before ? (costs.get(ran.at(-1)!) ?? 0) : 0;
            expect(ran.length).toBeGreaterThan(before);
            expect(spent - last).toBeLessThan(sliceMs);
          };
          for (const step of steps) {
            if ('run' in step) {
              if (m.tasks.length > 0) await runOne();
              continue;
            }
            costs.set(step.queue, step.cost);
            if (!waiting.has(step.queue)) {
              waiting.add(step.queue);
              expected.push(step.queue);
            }
            m.scheduler.queue(flushes[step.queue]);
          }
          while (m.tasks.length > 0) await runOne();
          expect(ran).toEqual(expected);
          expect(m.scheduler.size).toBe(0);
        },
      ),
    );
  });

  it('by default runs on a real later macrotask, with the shared slice', async () => {
    const scheduler = createFlushScheduler();
    const ran: string[] = [];
    scheduler.queue(() => ran.push('flush'));
    await Promise.resolve();
    expect(ran).toEqual([]); // not a microtask
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(ran).toEqual(['flush']);
  });

  it('the shared scheduler slices at FLUSH_SLICE_MS', async () => {
    const ran: number[] = [];
    const started = performance.now();
    let firstTaskEnd = 0;
    // Each flush busy-waits 1 ms: the first task stops after about FLUSH_SLICE_MS of them.
    for (let i = 0; i < 20; i++)
      sharedFlushScheduler.queue(() => {
        const until = performance.now() + 1;
        while (performance.now() < until);
        ran.push(i);
      });
    setImmediate(() => {
      firstTaskEnd = ran.length;
    });
    while (ran.length < 20) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(firstTaskEnd).toBeGreaterThanOrEqual(1);
    expect(firstTaskEnd).toBeLessThanOrEqual(FLUSH_SLICE_MS + 1);
    expect(ran).toEqual([...Array(20).keys()]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(20);
  });
});
