import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps,
});

/** Per-tenant settings: system info and filing numbers (keys in modules/config-distribution). */
export const systemSettings = pgTable(
  'system_settings',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull().default(''),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] })],
);

export const stores = pgTable(
  'stores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** Short human code, unique per tenant (used by the seed and by staff). */
    code: text('code').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    /** HH:mm, business time zone. */
    openTime: text('open_time').notNull().default('08:00'),
    closeTime: text('close_time').notNull().default('17:00'),
    /** Weekdays 0 (Sunday) to 6 the store is closed. */
    restDays: smallint('rest_days').array().notNull().default([]),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    unique('stores_tenant_code_unique').on(t.tenantId, t.code),
    index('stores_tenant_idx').on(t.tenantId),
  ],
);

/** `SnowGearSmartStore.Business.*` values; `store_id` null = the global value. */
export const businessParameters = pgTable(
  'business_parameters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id').references(() => stores.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    unique('business_parameters_scope_key_unique')
      .on(t.tenantId, t.storeId, t.key)
      .nullsNotDistinct(),
  ],
);

export const helpArticles = pgTable(
  'help_articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    audience: text('audience', { enum: ['customer', 'store', 'driver'] }).notNull(),
    language: text('language', { enum: ['zh-CN', 'en-US'] }).notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    /** Markdown; rendered by the client without raw HTML. */
    body: text('body').notNull(),
    tags: text('tags').array().notNull().default([]),
    sortOrder: integer('sort_order').notNull().default(0),
    isPublished: boolean('is_published').notNull().default(true),
    /** Readers' answers to 'was this helpful?'. */
    helpfulCount: integer('helpful_count').notNull().default(0),
    notHelpfulCount: integer('not_helpful_count').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    unique('help_articles_tenant_language_slug_unique').on(t.tenantId, t.language, t.slug),
    index('help_articles_listing_idx').on(t.tenantId, t.language, t.audience, t.sortOrder),
  ],
);
