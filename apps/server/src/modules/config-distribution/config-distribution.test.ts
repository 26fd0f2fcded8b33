import { and, eq } from 'drizzle-orm';
import {
  BusinessParameterKey,
  H5ConfigSchema,
  HOST_TENANT_ID,
  Permissions,
  RoleName,
} from '@snowgear/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolePermissions, tenants } from '@/db/schema.js';
import { seedDemoData } from '@/demo/seed.js';
import { createTestApp, type TestApp } from '@/testing/index.js';

describe('GET /api/app/config-distribution/h5', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('returns system info, the three demo stores, global parameters and filing numbers', async () => {
    const res = await t.app.inject('/api/app/config-distribution/h5');
    expect(res.statusCode).toBe(200);
    const config = H5ConfigSchema.parse(res.json());
    expect(config.systemInfo.systemName).toBe('雪具租赁店管理系统');
    const stores = Object.values(config.storeConfigs);
    expect(stores.map((s) => s.storeName)).toEqual(['万龙雪场店', '太舞小镇店', '云顶夜场店']);
    for (const [id, store] of Object.entries(config.storeConfigs)) {
      expect(store.storeId).toBe(id);
      expect(store.businessHours.startTime).toMatch(/^\d\d:\d\d$/);
    }
    expect(stores.filter((s) => s.businessHours.restDays.length > 0)).toHaveLength(1);
    expect(new Set(stores.map((s) => s.businessHours.startTime)).size).toBe(3);
    const globalKeys = config.globalBusinessParameters.map((p) => p.key);
    for (const key of Object.values(BusinessParameterKey)) {
      // What the business pays its agents is its own business.
      if (key === BusinessParameterKey.AgentCommissionRate) expect(globalKeys).not.toContain(key);
      else expect(globalKeys).toContain(key);
    }
    expect(config.filingConfig.icpNumber).toMatch(/ICP/);
    expect(config.filingConfig.policeFilingLink).toMatch(/^https:/);
  });

  it('gives each store its own parameters, including a blank one that defers to the global value', async () => {
    const config = H5ConfigSchema.parse(
      (await t.app.inject('/api/app/config-distribution/h5')).json(),
    );
    const wanlong = Object.values(config.storeConfigs).find((s) => s.storeName === '万龙雪场店');
    const timeout = wanlong?.businessParameters.find(
      (p) => p.key === BusinessParameterKey.OrderTimeoutHours,
    );
    expect(timeout?.value.trim()).toBe('');
    const yunding = Object.values(config.storeConfigs).find((s) => s.storeName === '云顶夜场店');
    expect(yunding?.businessParameters).toContainEqual({
      key: BusinessParameterKey.AlipayEnabled,
      value: 'TRUE',
    });
  });

  it('ignores unknown query keys such as the cache-busting _t', async () => {
    const res = await t.app.inject('/api/app/config-distribution/h5?_t=1700000000000&foo=bar');
    expect(res.statusCode).toBe(200);
  });

  it('acts for the tenant named in __tenant and refuses an unknown one with 400', async () => {
    const unknown = await t.app.inject({
      url: '/api/app/config-distribution/h5',
      headers: { __tenant: 'no-such-tenant' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('App:TenantNotFound');

    const [other] = await t.database.db.insert(tenants).values({ name: 'Resort-B' }).returning();
    const byName = await t.app.inject({
      url: '/api/app/config-distribution/h5',
      headers: { __tenant: 'resort-b' },
    });
    expect(byName.statusCode).toBe(200);
    // A new tenant sees none of the host's stores: every query is scoped by tenant.
    expect(Object.keys(byName.json().storeConfigs)).toEqual([]);
    expect(other?.id).not.toBe(HOST_TENANT_ID);
  });

  it('seeding again changes nothing, not even a permission the super admin took away', async () => {
    const before = (await t.app.inject('/api/app/config-distribution/h5')).json();
    const taken = and(
      eq(rolePermissions.roleName, RoleName.StoreEmployee),
      eq(rolePermissions.permission, Permissions.BusinessOperations.EquipmentCreate),
    );
    await t.database.db.delete(rolePermissions).where(taken);
    await seedDemoData(t.database.db, { pricing: false });
    // Read afresh, as a process starting on this database would.
    t.app.h5Config.forgetAll();
    const after = (await t.app.inject('/api/app/config-distribution/h5')).json();
    expect(after).toEqual(before);
    expect(await t.database.db.select().from(rolePermissions).where(taken)).toEqual([]);
  });

  it('is assembled once and then answered without a query; an unchanged copy costs a 304', async () => {
    const first = await t.app.inject('/api/app/config-distribution/h5');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers['cache-control']).toBe('no-cache');

    const before = t.database.stats.queries;
    const again = await t.app.inject('/api/app/config-distribution/h5');
    expect(t.database.stats.queries).toBe(before);
    expect(again.json()).toEqual(first.json());

    const unchanged = await t.app.inject({
      url: '/api/app/config-distribution/h5',
      headers: { 'if-none-match': etag },
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    const stale = await t.app.inject({
      url: '/api/app/config-distribution/h5',
      headers: { 'if-none-match': 'W/"something-older"' },
    });
    expect(stale.statusCode).toBe(200);
  });
});
