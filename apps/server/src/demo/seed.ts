import { HOST_TENANT_ID, RoleName, UserType } from '@snowgear/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { hashPassword } from '@/modules/identity/passwords.js';
import type { Database, Transaction } from '@/db/client.js';
import { agreementVersion } from '@/lib/agreement.js';
import { SystemSettingKey } from '@/modules/config-distribution/system-setting-keys.js';
import {
  agreementVersions,
  businessParameters,
  helpArticles,
  rolePermissions,
  roles,
  stores,
  systemSettings,
  tenants,
  userRoles,
  users,
} from '@/db/schema.js';
import { DEMO_PASSWORD, demoCustomer, demoRoles, demoStaff } from './data/people.js';
import { seedInventory } from './inventory.js';
import { seedOrders } from './orders.js';
import { seedDemoPricing } from './pricing.js';
import { demoGlobalParameters, demoStores, demoSystemSettings } from './data/tenant.js';
import { helpArticles as demoHelpArticles } from './data/help-articles.js';

export interface SeedSummary {
  stores: { code: string; name: string }[];
  helpArticles: number;
  /** Items added by this run. */
  equipment: number;
  logins: { userName: string; roles: string[] }[];
  customer: { phoneNumber: string; realName: string };
  password: string;
}

/**
 * A real business's first start (no demo data): the business as every one starts, and its
 * super administrator, who sets up the stores, staff and settings in the app's administration.
 * The settings a real business has its own of (company name, filing numbers) are left unset.
 */
export async function seedFirstAdmin(
  db: Database,
  admin: { userName: string; password: string },
): Promise<void> {
  const passwordHash = await hashPassword(admin.password);
  await db.transaction(async (tx) => {
    await seedBusiness(tx, {
      [SystemSettingKey.SystemName]: demoSystemSettings[SystemSettingKey.SystemName]!,
      [SystemSettingKey.RentalAgreement]: demoSystemSettings[SystemSettingKey.RentalAgreement]!,
      [SystemSettingKey.RentalAgreementEn]: demoSystemSettings[SystemSettingKey.RentalAgreementEn]!,
    });
    const [row] = await tx
      .insert(users)
      .values({
        tenantId: HOST_TENANT_ID,
        userName: admin.userName,
        userType: UserType.Employee,
        name: admin.userName,
        passwordHash,
      })
      .returning({ id: users.id });
    await tx.insert(userRoles).values({ userId: row!.id, roleName: RoleName.SuperAdmin });
  });
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
 *
 * `pricing` (default on) loads the Chongli rate cards and the seasons of the coming winter
 * (demo/pricing.ts). The test apps' demo leaves them out: their prices are the gear's daily
 * prices whatever day a test runs on, and a pricing test loads the cards itself.
 */
export async function seedDemoData(
  db: Database,
  { pricing = true, today = new Date() }: { pricing?: boolean; today?: Date } = {},
): Promise<SeedSummary> {
  // Hashing is slow on purpose: do it before the transaction.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const tenantId = HOST_TENANT_ID;
    await seedBusiness(tx, demoSystemSettings);

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
      // Demo data from before stores had coordinates gets them; coordinates set since stay.
      await tx
        .update(stores)
        .set({ latitude: fields.latitude, longitude: fields.longitude })
        .where(and(eq(stores.id, row.id), isNull(stores.latitude)));
      // Likewise the English name and address, where none was given since.
      await tx
        .update(stores)
        .set({ nameEn: fields.nameEn })
        .where(and(eq(stores.id, row.id), eq(stores.nameEn, '')));
      await tx
        .update(stores)
        .set({ addressEn: fields.addressEn })
        .where(and(eq(stores.id, row.id), eq(stores.addressEn, '')));
      const entries = Object.entries(parameters);
      if (entries.length > 0) {
        await tx
          .insert(businessParameters)
          .values(entries.map(([key, value]) => ({ tenantId, storeId: row.id, key, value })))
          .onConflictDoNothing();
      }
    }

    const storeIds = new Map(
      (
        await tx
          .select({ id: stores.id, code: stores.code })
          .from(stores)
          .where(eq(stores.tenantId, tenantId))
      ).map((s) => [s.code, s.id]),
    );
    const people = [
      ...demoStaff.map((u) => ({
        values: {
          tenantId,
          userName: u.userName,
          userType: UserType.Employee,
          name: u.name,
          realName: u.name,
          email: u.email,
          emailConfirmed: true,
          phoneNumber: u.phoneNumber,
          passwordHash,
          primaryStoreId: u.storeCode ? (storeIds.get(u.storeCode) ?? null) : null,
        },
        roles: u.roles,
      })),
      {
        values: {
          tenantId,
          userName: demoCustomer.userName,
          userType: UserType.Customer,
          name: demoCustomer.realName,
          realName: demoCustomer.realName,
          phoneNumber: demoCustomer.phoneNumber,
        },
        roles: [RoleName.Customer],
      },
    ];
    for (const person of people) {
      await tx.insert(users).values(person.values).onConflictDoNothing();
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.tenantId, tenantId),
            eq(sql`lower(${users.userName})`, person.values.userName),
          ),
        );
      if (!row) throw new Error(`seed: user ${person.values.userName} missing after insert`);
      await tx
        .insert(userRoles)
        .values(person.roles.map((roleName) => ({ userId: row.id, roleName })))
        .onConflictDoNothing();
    }

    const equipmentCreated = await seedInventory(tx, tenantId, storeIds);
    await seedOrders(tx, tenantId, storeIds);
    if (pricing) {
      // The demo's stores are in Chongli: their calendar is Beijing time.
      const day = today.toLocaleDateString('en-CA', { timeZone: 'Asia/Shanghai' });
      await seedDemoPricing(tx, tenantId, day);
    }

    return {
      equipment: equipmentCreated,
      stores: demoStores.map(({ code, name }) => ({ code, name })),
      helpArticles: demoHelpArticles.length,
      logins: demoStaff.map((u) => ({ userName: u.userName, roles: u.roles })),
      customer: { phoneNumber: demoCustomer.phoneNumber, realName: demoCustomer.realName },
      password: DEMO_PASSWORD,
    };
  });
}

/**
 * What every business starts with, demo or real: the host tenant, its settings (the given ones,
 * the rest left unset), the global business parameters, the help articles and the roles with
 * their permissions. Idempotent, like the demo data.
 */
async function seedBusiness(tx: Transaction, settings: Record<string, string>) {
  const tenantId = HOST_TENANT_ID;
  await tx.insert(tenants).values({ id: tenantId, name: 'host' }).onConflictDoNothing();

  const { [SystemSettingKey.RentalAgreementEn]: agreementEn, ...rest } = settings;
  await tx
    .insert(systemSettings)
    .values(Object.entries(rest).map(([key, value]) => ({ tenantId, key, value })))
    .onConflictDoNothing();
  const setting = async (key: string) =>
    (
      await tx
        .select({ value: systemSettings.value })
        .from(systemSettings)
        .where(and(eq(systemSettings.tenantId, tenantId), eq(systemSettings.key, key)))
    )[0]?.value ?? '';
  // The English agreement is the translation of this Chinese one: never put beside a text the
  // business wrote itself.
  const text = await setting(SystemSettingKey.RentalAgreement);
  if (agreementEn && text === settings[SystemSettingKey.RentalAgreement]) {
    await tx
      .insert(systemSettings)
      .values({ tenantId, key: SystemSettingKey.RentalAgreementEn, value: agreementEn })
      .onConflictDoNothing();
  }
  // The agreement in force, in the history of published agreements (what orders accepted).
  if (text) {
    const textEn = await setting(SystemSettingKey.RentalAgreementEn);
    await tx
      .insert(agreementVersions)
      .values({ tenantId, version: agreementVersion(text, textEn), text, textEn })
      .onConflictDoNothing();
  }

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

  await tx
    .insert(helpArticles)
    .values(demoHelpArticles.map((article) => ({ tenantId, ...article })))
    .onConflictDoNothing();

  // A role's permissions are seeded with the role, once: the super admin changes the matrix
  // afterwards (administration), and seeding again never grants back what they took away.
  const created = await tx
    .insert(roles)
    .values(demoRoles.map(({ permissions: _, ...role }) => ({ tenantId, ...role })))
    .onConflictDoNothing()
    .returning({ name: roles.name });
  const newRoles = demoRoles.filter((role) => created.some((c) => c.name === role.name));
  if (newRoles.length > 0) {
    await tx
      .insert(rolePermissions)
      .values(
        newRoles.flatMap((role) =>
          role.permissions.map((permission) => ({ tenantId, roleName: role.name, permission })),
        ),
      )
      .onConflictDoNothing();
  }
}
