/**
 * Bounds on upload work inside one server process. They are per process on purpose: what they
 * protect is this process's CPU and memory, so each process keeps its own.
 */

/** A queue refused more work: the caller should retry after a short wait. */
export class QueueFullError extends Error {
  constructor() {
    super('work queue is full');
    this.name = 'QueueFullError';
  }
}

/**
 * Runs at most `concurrency` tasks at a time, in arrival order; at most `maxWaiting` more may wait.
 * Image decoding holds a core for as long as it runs, so a few at a time leaves the rest of the
 * machine to every other request, and a bounded queue bounds the upload bytes held in memory.
 */
export class WorkQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
  ) {}

  /** Tasks running and waiting now (for `/metrics`). */
  get length(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) {
      this.running++;
    } else {
      if (this.waiting.length >= this.maxWaiting) throw new QueueFullError();
      // The finishing task hands its slot over, so `running` stays counted.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/** Counts what each key (a user) has in progress; `enter` refuses above `max`. */
export class InProgressCounter {
  private readonly counts = new Map<string, number>();

  constructor(readonly max: number) {}

  /** A release function, or null when the key already has `max` in progress. */
  enter(key: string): (() => void) | null {
    const now = this.counts.get(key) ?? 0;
    if (now >= this.max) return null;
    this.counts.set(key, now + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.counts.get(key) ?? 1) - 1;
      if (left > 0) this.counts.set(key, left);
      else this.counts.delete(key);
    };
  }
}
