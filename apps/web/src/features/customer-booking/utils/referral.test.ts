import { describe, expect, it } from 'vitest';
import { currentReferral, rememberReferral } from './referral';

describe('referral codes from an agent’s link', () => {
  it('keeps a well-formed code for 30 days, in capitals', () => {
    const now = Date.UTC(2026, 10, 23);
    rememberReferral('abcd2345', now);
    expect(currentReferral(now + 29 * 86_400_000)).toBe('ABCD2345');
    expect(currentReferral(now + 31 * 86_400_000)).toBeUndefined();
  });

  it('ignores what is not a code, keeping the one it had', () => {
    const now = Date.UTC(2026, 10, 23);
    rememberReferral('WXYZ6789', now);
    rememberReferral('<script>', now);
    rememberReferral('O0I1O0I1', now);
    expect(currentReferral(now)).toBe('WXYZ6789');
  });
});
