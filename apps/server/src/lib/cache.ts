/**
 * A small in-process cache for data that is read on almost every request and changes rarely
 * (who is signed in, the tenant, the client configuration). Entries expire after `ttlMs`, so a
 * change made by another server process is seen within that time; a change made here is seen at
 * once, as the code that makes it calls `forget` (after its transaction commits).
 *
 * A load that started before a `forget` of its key is not stored: a read racing a change can
 * never put the old value back for a whole `ttlMs`.
 */
export class Cache<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();
  private readonly loading = new Map<K, Promise<V>>();
  /** Bumped by every forget; a load stores its result only if no forget happened meanwhile. */
  private epoch = 0;
  private readonly forgottenAt = new Map<K, number>();
  private allForgottenAt = 0;

  constructor(
    private readonly options: { ttlMs: number; maxEntries: number; now?: () => number },
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** The cached value, or what `load` gives (one load at a time per key). */
  async get(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.now()) {
      // Map order is insertion order: re-inserting keeps the most used at the end.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const pending = this.loading.get(key);
    if (pending) return pending;
    const startedAt = this.epoch;
    const promise = load().then(
      (value) => {
        this.loading.delete(key);
        const forgotten = Math.max(this.allForgottenAt, this.forgottenAt.get(key) ?? 0);
        if (forgotten <= startedAt) this.store(key, value);
        return value;
      },
      (error: unknown) => {
        this.loading.delete(key);
        throw error;
      },
    );
    this.loading.set(key, promise);
    return promise;
  }

  private store(key: K, value: V) {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.now() + this.options.ttlMs });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  /** Drops the keys that `match` selects (all of a user's sign-ins, say). */
  forgetWhere(match: (key: K) => boolean): void {
    this.epoch += 1;
    for (const key of [...this.entries.keys(), ...this.loading.keys()]) {
      if (!match(key)) continue;
      this.entries.delete(key);
      this.loading.delete(key);
      this.forgottenAt.set(key, this.epoch);
    }
    // Marks of keys long gone are kept only while a load could still be racing them.
    if (this.forgottenAt.size > this.options.maxEntries) this.forgottenAt.clear();
  }

  forget(key: K): void {
    this.forgetWhere((k) => k === key);
  }

  forgetAll(): void {
    this.epoch += 1;
    this.allForgottenAt = this.epoch;
    this.entries.clear();
    this.loading.clear();
    this.forgottenAt.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
