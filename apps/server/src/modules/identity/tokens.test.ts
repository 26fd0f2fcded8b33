import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOST_TENANT_ID } from '@snowgear/contracts';
import { TokenService, type AccessClaims } from './tokens.js';

const claims: AccessClaims = {
  sub: '3f0c5a52-8e7e-4b8e-9d43-3c1f2b7a9e10',
  tenantId: HOST_TENANT_ID,
  sid: 'b5c8a1d2-6f4e-4a3b-8c9d-0e1f2a3b4c5d',
  unique_name: 'employee',
  role: 'StoreEmployee',
};

/** Access tokens are checked once per process and then remembered: what stays checked on every call. */
describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('expire on time though their signature was checked before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = new TokenService('secret-one-secret-one-secret-one', 60, 1);
    const token = await tokens.signAccessToken(claims);
    expect(await tokens.verifyAccessToken(token)).toMatchObject({ sub: claims.sub });
    vi.advanceTimersByTime(59_000);
    expect(await tokens.verifyAccessToken(token)).toMatchObject({ sid: claims.sid });
    vi.advanceTimersByTime(1_000);
    expect(await tokens.verifyAccessToken(token)).toBeNull();
    expect(await tokens.verifyAccessToken(token)).toBeNull();
  });

  it('are refused when altered or signed with another key, beside a remembered good one', async () => {
    const tokens = new TokenService('secret-one-secret-one-secret-one', 600, 1);
    const token = await tokens.signAccessToken(claims);
    expect(await tokens.verifyAccessToken(token)).not.toBeNull();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped =
      signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1)!;
    expect(await tokens.verifyAccessToken(`${header}.${payload}.${flipped}`)).toBeNull();
    const otherPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'x' }),
    ).toString('base64url');
    expect(await tokens.verifyAccessToken(`${header}.${otherPayload}.${signature}`)).toBeNull();
    const stranger = new TokenService('secret-two-secret-two-secret-two', 600, 1);
    expect(await tokens.verifyAccessToken(await stranger.signAccessToken(claims))).toBeNull();
    expect(await tokens.verifyAccessToken(token)).not.toBeNull();
  });
});
