import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_TTL_MS, drafts } from './drafts';

const HOUR = 3600_000;

describe('form drafts', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps a draft for 24 hours, then no longer offers it', () => {
    const key = drafts.key('test', 'u1');
    const t0 = Date.UTC(2027, 0, 10, 8);
    drafts.save(key, { name: '张三' }, t0);
    expect(drafts.load(key, t0 + 23 * HOUR)).toEqual({ savedAt: t0, values: { name: '张三' } });
    expect(drafts.load(key, t0 + DRAFT_TTL_MS)?.values).toEqual({ name: '张三' });
    expect(drafts.load(key, t0 + DRAFT_TTL_MS + 1)).toBeNull();
    // Gone for good: going back in time does not bring it back.
    expect(drafts.load(key, t0)).toBeNull();
  });

  it('keeps drafts apart by what they are for, and clears one', () => {
    const mine = drafts.key('test', 'u1');
    const theirs = drafts.key('test', 'u2');
    drafts.save(mine, { name: '张三' });
    expect(drafts.load(theirs)).toBeNull();
    drafts.clear(mine);
    expect(drafts.load(mine)).toBeNull();
  });

  it('treats unreadable or foreign content as no draft, and removes it', () => {
    const key = drafts.key('test');
    for (const raw of ['{broken', 'null', '{"name":"no savedAt"}', '{"savedAt":"x","values":{}}']) {
      window.localStorage.setItem(key, raw);
      expect(drafts.load(key)).toBeNull();
      expect(window.localStorage.getItem(key)).toBeNull();
    }
  });

  it('lives on without storage: full or disabled storage only means no draft', () => {
    const fail = () => {
      throw new DOMException('quota', 'QuotaExceededError');
    };
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(fail);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(fail);
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(fail);
    const key = drafts.key('test');
    expect(() => drafts.save(key, { name: '张三' })).not.toThrow();
    expect(drafts.load(key)).toBeNull();
    expect(() => drafts.clear(key)).not.toThrow();
    expect(() => drafts.sweep()).not.toThrow();
  });

  it('removes drafts a day old that nobody opens again, and nothing else', () => {
    const t0 = Date.UTC(2027, 0, 10, 8);
    drafts.save(drafts.key('test', 'old'), { a: 1 }, t0);
    drafts.save(drafts.key('test', 'new'), { a: 2 }, t0 + 20 * HOUR);
    window.localStorage.setItem('language', 'zh-CN');
    drafts.sweep(t0 + 25 * HOUR);
    expect(window.localStorage.getItem(drafts.key('test', 'old'))).toBeNull();
    expect(drafts.load(drafts.key('test', 'new'), t0 + 25 * HOUR)?.values).toEqual({ a: 2 });
    expect(window.localStorage.getItem('language')).toBe('zh-CN');
  });
});
