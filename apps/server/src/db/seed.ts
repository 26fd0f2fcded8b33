import { HOST_TENANT_ID } from '@snowgear/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from './client.js';
import { businessParameters, helpArticles, stores, systemSettings, tenants } from './schema.js';
import { demoGlobalParameters, demoStores, demoSystemSettings } from './seed-data/demo-tenant.js';
import { helpArticles as demoHelpArticles } from './seed-data/help-articles.js';

export interface SeedSummary {
  stores: { code: string; name: string }[];
  helpArticles: number;
}

/** True once the host tenant exists, i.e. the database has been seeded or set up. */
export async function isSeeded(db: Database): Promise<boolean> {
  const rows = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(eq(tenants.id, HOST_TENANT_ID));
  return rows.length > 0;
}

/**
 * Loads the demo business. Idempotent: rows that already exist (by natural key) are left as
 * they are, so running it again never duplicates or overwrites what an operator changed.
 */
export async function seedDemoData(db: Database): Promise<SeedSummary> {
  return db.transaction(async (tx) => {
    const tenantId = HOST_TENANT_ID;
    await tx.insert(tenants).values({ id: tenantId, name: 'host' }).onConflictDoNothing();

    await tx
      .insert(systemSettings)
      .values(Object.entries(demoSystemSettings).map(([key, value]) => ({ tenantId, key, value })))
      .onConflictDoNothing();

    await tx
      .insert(businessParameters)
      .values(
        Object.entries(demoGlobalParameters).map(([key, value]) => ({
          tenantId,
          storeId: null,
          key,
          value,
        })),
      )
      .onConflictDoNothing();

    for (const store of demoStores) {
      const { parameters, ...fields } = store;
      await tx
        .insert(stores)
        .values({ tenantId, ...fields })
        .onConflictDoNothing();
      const [row] = await tx
        .select({ id: stores.id })
        .from(stores)
        .where(and(eq(stores.tenantId, tenantId), eq(stores.code, store.code)));
      if (!row) throw new Error(`seed: store ${store.code} missing after insert`);
      const entries = Object.entries(parameters);
      if (entries.length > 0) {
        await tx
          .insert(businessParameters)
          .values(entries.map(([key, value]) => ({ tenantId, storeId: row.id, key, value })))
          .onConflictDoNothing();
      }
    }

    await tx
      .insert(helpArticles)
      .values(demoHelpArticles.map((article) => ({ tenantId, ...article })))
      .onConflictDoNothing();

    return {
      stores: demoStores.map(({ code, name }) => ({ code, name })),
      helpArticles: demoHelpArticles.length,
    };
  });
}
