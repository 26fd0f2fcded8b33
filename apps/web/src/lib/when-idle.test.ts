import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextTask, whenDrawn, whenIdleInTurn, whenPageSettled } from './when-idle';

/** A query whose answer comes when the test says. */
function slowQuery(client: QueryClient) {
  let answer: (value: string) => void = () => undefined;
  void client.fetchQuery({
    queryKey: ['page'],
    queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
  });
  return (value: string) => answer(value);
}

describe('work that waits for the page to draw with its data', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('waits while the page’s data is on its way, and runs once it has come', async () => {
    const client = new QueryClient();
    const answer = slowQuery(client);
    const work = vi.fn();
    whenPageSettled(client, work);
    await vi.advanceTimersByTimeAsync(1000);
    expect(work).not.toHaveBeenCalled();

    answer('figures');
    await vi.advanceTimersByTimeAsync(400);
    expect(work).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('waits for the app’s start-up (the configuration it reads) as well', async () => {
    let started: () => void = () => undefined;
    const after = new Promise<void>((resolve) => (started = resolve));
    const work = vi.fn();
    whenPageSettled(new QueryClient(), work, { after });
    await vi.advanceTimersByTimeAsync(1000);
    expect(work).not.toHaveBeenCalled();
    started();
    await vi.advanceTimersByTimeAsync(400);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs work for what was drawn after the next frame and the drawing time, unless cancelled', async () => {
    const work = vi.fn();
    whenDrawn(work);
    await vi.advanceTimersByTimeAsync(200);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(work).toHaveBeenCalledTimes(1);

    const cancelled = vi.fn();
    const cancel = whenDrawn(cancelled);
    await vi.advanceTimersByTimeAsync(100);
    cancel();
    await vi.advanceTimersByTimeAsync(1000);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('runs at once when nothing is being fetched', async () => {
    const work = vi.fn();
    whenPageSettled(new QueryClient(), work);
    await vi.advanceTimersByTimeAsync(400);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs after the longest wait even when the data never comes', async () => {
    const client = new QueryClient();
    slowQuery(client);
    const work = vi.fn();
    whenPageSettled(client, work, { maxWaitMs: 3000 });
    await vi.advanceTimersByTimeAsync(2900);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('waits for the load event of a page still loading', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const work = vi.fn();
    whenPageSettled(new QueryClient(), work);
    await vi.advanceTimersByTimeAsync(100);
    expect(work).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(400);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled (the page left)', async () => {
    const client = new QueryClient();
    const answer = slowQuery(client);
    const work = vi.fn();
    const cancel = whenPageSettled(client, work, { maxWaitMs: 3000 });
    cancel();
    answer('figures');
    await vi.advanceTimersByTimeAsync(5000);
    expect(work).not.toHaveBeenCalled();
  });
});

describe('idle work, one piece at a time', () => {
  const idle = new Map<number, IdleRequestCallback>();
  let lastId = 0;
  /** The browser's next idle period: the first piece asked for runs in it, alone. */
  const idlePeriod = async () => {
    await vi.advanceTimersByTimeAsync(0);
    const [first] = idle;
    if (first) {
      idle.delete(first[0]);
      first[1]({ didTimeout: false, timeRemaining: () => 50 });
    }
    await vi.advanceTimersByTimeAsync(0);
  };
  beforeEach(() => {
    vi.useFakeTimers();
    idle.clear();
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => {
      idle.set(++lastId, callback);
      return lastId;
    });
    vi.stubGlobal('cancelIdleCallback', (id: number) => idle.delete(id));
  });
  afterEach(async () => {
    // What a test left waiting is let go, so the next starts with an empty queue.
    for (let i = 0; i < 10; i += 1) {
      await idlePeriod();
      await vi.advanceTimersByTimeAsync(1000);
    }
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs each piece in an idle period of its own, once the one before has finished', async () => {
    const ran: string[] = [];
    let sent: () => void = () => undefined;
    whenIdleInTurn(() => {
      ran.push('offline sync');
      return new Promise<void>((resolve) => (sent = resolve));
    });
    whenIdleInTurn(() => ran.push('service worker'));
    whenIdleInTurn(() => ran.push('sheet'));
    await idlePeriod();
    expect(ran).toEqual(['offline sync']);
    // The first piece is still at work: the next waits, though the browser is idle.
    await idlePeriod();
    expect(ran).toEqual(['offline sync']);
    sent();
    await vi.advanceTimersByTimeAsync(0);
    await idlePeriod();
    expect(ran).toEqual(['offline sync', 'service worker']);
    await idlePeriod();
    expect(ran).toEqual(['offline sync', 'service worker', 'sheet']);
  });

  it('lets the next piece go after half a second however long the network keeps one', async () => {
    const ran: string[] = [];
    whenIdleInTurn(() => {
      ran.push('waits on the network');
      return new Promise<void>(() => undefined);
    });
    whenIdleInTurn(() => ran.push('next'));
    await idlePeriod();
    await vi.advanceTimersByTimeAsync(400);
    await idlePeriod();
    expect(ran).toEqual(['waits on the network']);
    await vi.advanceTimersByTimeAsync(100);
    await idlePeriod();
    expect(ran).toEqual(['waits on the network', 'next']);
  });

  it('holds nothing up with a piece cancelled before its turn or while it waited', async () => {
    const ran: string[] = [];
    let sent: () => void = () => undefined;
    whenIdleInTurn(() => new Promise<void>((resolve) => (sent = resolve)));
    const cancelQueued = whenIdleInTurn(() => ran.push('cancelled in the queue'));
    whenIdleInTurn(() => ran.push('after'));
    await idlePeriod();
    cancelQueued();
    sent();
    await vi.advanceTimersByTimeAsync(0);
    await idlePeriod();
    expect(ran).toEqual(['after']);

    const cancelWaiting = whenIdleInTurn(() => ran.push('cancelled while waiting'));
    whenIdleInTurn(() => ran.push('last'));
    await vi.advanceTimersByTimeAsync(0);
    cancelWaiting();
    await idlePeriod();
    await idlePeriod();
    expect(ran).toEqual(['after', 'last']);
  });
});

describe('a start-up split into tasks', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('goes on in a later task, not in a microtask of the same one', async () => {
    let goneOn = false;
    void nextTask().then(() => (goneOn = true));
    // However many promise turns the current task takes, it has not gone on yet.
    for (let turn = 0; turn < 20; turn += 1) await Promise.resolve();
    expect(goneOn).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(goneOn).toBe(true);
  });

  it('asks the browser’s scheduler where there is one', async () => {
    const schedulerYield = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: schedulerYield });
    await nextTask();
    expect(schedulerYield).toHaveBeenCalledOnce();
  });
});
