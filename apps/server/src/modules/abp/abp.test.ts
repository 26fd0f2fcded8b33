import { ApplicationConfigurationSchema } from '@snowgear/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@/testing/index.js';

describe('GET /api/abp/application-configuration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  it('describes an anonymous visitor of the host tenant and sets the verification cookie', async () => {
    const res = await t.app.inject('/api/abp/application-configuration?_t=1');
    expect(res.statusCode).toBe(200);
    const body = ApplicationConfigurationSchema.parse(res.json());
    expect(body.currentUser.isAuthenticated).toBe(false);
    expect(body.auth.grantedPolicies).toEqual({});
    expect(Object.keys(body.auth.policies)).toContain(
      'SnowGearSmartStore.BusinessOperations.OrderCreate',
    );
    expect(body.currentTenant).toEqual({ id: null, name: null, isAvailable: false });
    expect(body.timing.timeZone.iana.timeZoneName).toBe('Asia/Shanghai');
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.path).toBe('/');
  });

  it('keeps a still-valid token so other open tabs stay in step', async () => {
    const first = (await t.app.inject('/api/abp/application-configuration')).cookies[0]?.value;
    const second = await t.app.inject({
      url: '/api/abp/application-configuration',
      cookies: { 'XSRF-TOKEN': first ?? '' },
    });
    expect(second.cookies[0]?.value).toBe(first);
    const forged = await t.app.inject({
      url: '/api/abp/application-configuration',
      cookies: { 'XSRF-TOKEN': 'forged.value' },
    });
    expect(forged.cookies[0]?.value).not.toBe('forged.value');
  });

  it('answers in the language the browser asks for', async () => {
    const res = await t.app.inject({
      url: '/api/abp/application-configuration',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(res.json().localization.currentCulture.cultureName).toBe('en-US');
  });
});
