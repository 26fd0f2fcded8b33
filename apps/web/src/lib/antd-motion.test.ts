import { afterEach, describe, expect, it, vi } from 'vitest';
import { followSystemMotion, isMotionReduced, restoreMotion } from './antd-motion';

/** A stand-in for the phone's "reduce motion" setting, which the test can change. */
function systemSetting(reduce: boolean) {
  const listeners: ((event: { matches: boolean }) => void)[] = [];
  const query = {
    matches: reduce,
    addEventListener: (_: string, listener: (event: { matches: boolean }) => void) =>
      listeners.push(listener),
  };
  vi.stubGlobal('matchMedia', (media: string) => {
    expect(media).toBe('(prefers-reduced-motion: reduce)');
    return query;
  });
  return (next: boolean) => {
    query.matches = next;
    for (const listener of listeners) listener({ matches: next });
  };
}

describe("the phone's reduce-motion setting", () => {
  afterEach(() => {
    restoreMotion();
    vi.unstubAllGlobals();
  });

  it('stops the sheets sliding when the phone asks for less motion, and as it changes', () => {
    const change = systemSetting(true);
    followSystemMotion();
    expect(isMotionReduced()).toBe(true);
    change(false);
    expect(isMotionReduced()).toBe(false);
    change(true);
    expect(isMotionReduced()).toBe(true);
  });

  it('leaves the motion on a phone that does not ask', () => {
    systemSetting(false);
    followSystemMotion();
    expect(isMotionReduced()).toBe(false);
  });
});
