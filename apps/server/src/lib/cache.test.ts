import { describe, expect, it } from 'vitest';
import { Cache } from './cache.js';

describe('Cache', () => {
  it('loads once, serves until the time is up, then loads again', async () => {
    let now = 0;
    let loads = 0;
    const cache = new Cache<string, number>({ ttlMs: 1000, maxEntries: 10, now: () => now });
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1]);
    now = 999;
    expect(await cache.get('a', load)).toBe(1);
    now = 1000;
    expect(await cache.get('a', load)).toBe(2);
  });

  it('never keeps what a load read before the key was forgotten', async () => {
    const cache = new Cache<string, string>({ ttlMs: 60_000, maxEntries: 10 });
    let release!: (value: string) => void;
    const slow = cache.get('user', () => new Promise<string>((resolve) => (release = resolve)));
    cache.forget('user'); // the change commits while the old value is being read
    release('old');
    expect(await slow).toBe('old'); // that caller gets what it read…
    expect(await cache.get('user', async () => 'new')).toBe('new'); // …the next one reads again
    expect(await cache.get('user', async () => 'newer')).toBe('new');
  });

  it('forgets by a rule or wholly, and keeps only the most used entries', async () => {
    const cache = new Cache<string, string>({ ttlMs: 60_000, maxEntries: 2 });
    await cache.get('t|u1|s1', async () => 'a');
    await cache.get('t|u2|s2', async () => 'b');
    cache.forgetWhere((k) => k.includes('|u1|'));
    expect(await cache.get('t|u1|s1', async () => 'a2')).toBe('a2');
    expect(await cache.get('t|u2|s2', async () => 'b2')).toBe('b');
    await cache.get('t|u3|s3', async () => 'c'); // evicts the least recently used (u1)
    expect(cache.size).toBe(2);
    expect(await cache.get('t|u2|s2', async () => 'b3')).toBe('b');
    cache.forgetAll();
    expect(await cache.get('t|u2|s2', async () => 'b4')).toBe('b4');
  });
});
