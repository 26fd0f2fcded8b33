import { sql } from 'drizzle-orm';
import type { PricingCalendar, RateCard } from '@snowgear/contracts';
import {
  type AnyPgColumn,
  boolean,
  date,
  doublePrecision,
  jsonb,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
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
    /** The same in English for English readers; empty: not translated yet (the Chinese shows). */
    nameEn: text('name_en').notNull().default(''),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    addressEn: text('address_en').notNull().default(''),
    /** HH:mm, business time zone. */
    openTime: text('open_time').notNull().default('08:00'),
    closeTime: text('close_time').notNull().default('17:00'),
    /** Weekdays 0 (Sunday) to 6 the store is closed. */
    restDays: smallint('rest_days').array().notNull().default([]),
    /** Where the store is, WGS-84 (what phones report); null until set. Map links convert it. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
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

/** Roles of spec §6 per tenant, with their display name and icon (the role menu). */
export const roles = pgTable(
  'roles',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    displayName: text('display_name').notNull(),
    icon: text('icon').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.name] })],
);

/** The permission matrix (docs/permissions.md), stored so it can change without a release. */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    roleName: text('role_name').notNull(),
    permission: text('permission').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.roleName, t.permission] })],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userName: text('user_name').notNull(),
    /** 1 Customer, 2 Employee (spec §1). */
    userType: smallint('user_type').notNull().default(1),
    name: text('name').notNull().default(''),
    surname: text('surname').notNull().default(''),
    realName: text('real_name').notNull().default(''),
    email: text('email'),
    emailConfirmed: boolean('email_confirmed').notNull().default(false),
    phoneNumber: text('phone_number'),
    phoneNumberConfirmed: boolean('phone_number_confirmed').notNull().default(false),
    /** A customer's delivery address, remembered from their last booking. */
    deliveryAddress: text('delivery_address').notNull().default(''),
    /** argon2id; null for accounts that only sign in by phone or WeChat. */
    passwordHash: text('password_hash'),
    avatar: text('avatar').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    primaryStoreId: uuid('primary_store_id').references(() => stores.id, { onDelete: 'set null' }),
    weChatOpenId: text('wechat_open_id'),
    weChatUnionId: text('wechat_union_id'),
    /** An agent's referral code: bookings made through their link carry them. */
    referralCode: text('referral_code'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_tenant_user_name_unique').on(t.tenantId, sql`lower(${t.userName})`),
    uniqueIndex('users_tenant_referral_code_unique').on(t.tenantId, t.referralCode),
    uniqueIndex('users_tenant_email_unique').on(t.tenantId, sql`lower(${t.email})`),
    uniqueIndex('users_tenant_phone_unique').on(t.tenantId, t.phoneNumber),
    uniqueIndex('users_tenant_wechat_unique').on(t.tenantId, t.weChatOpenId),
    index('users_tenant_store_idx').on(t.tenantId, t.primaryStoreId),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleName: text('role_name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleName] })],
);

/**
 * Rotating refresh tokens, stored as SHA-256 hashes. All tokens of one sign-in share a family;
 * presenting a token that was already rotated revokes the whole family (token theft).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    rememberMe: boolean('remember_me').notNull().default(false),
    /**
     * The pair this token was rotated into, encrypted with a key derived from this token: a
     * second tab refreshing with the same token within the grace window gets the same pair.
     */
    successor: text('successor'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Counters of attempts within a window, shared by every server process: failed sign-ins per
 * account, device and address, and SMS sends per number and address. Incremented atomically
 * (one upsert), so concurrent attempts cannot all slip under a limit.
 */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    /** e.g. 'login:user:<id>', 'login:device:<nonce>', 'sms:send:<tenant>:<phone>' */
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('attempt_counters_window_idx').on(t.windowEndsAt)],
);

/** SMS verification codes: stored hashed, valid a few minutes, a few tries each, used once. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    purpose: text('purpose', { enum: ['login'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_codes_phone_idx').on(t.tenantId, t.phoneNumber, t.createdAt)],
);

/** Small shared cache with expiry (WeChat access token and jsapi ticket). */
export const cacheEntries = pgTable('cache_entries', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const equipmentCategories = pgTable(
  'equipment_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The same in English for English readers; empty: not translated yet (the Chinese shows). */
    nameEn: text('name_en').notNull().default(''),
    sizeKind: text('size_kind', { enum: ['LargeEquipment', 'SmallEquipment'] }).notNull(),
    /** Skis with a binding whose release value (DIN) the technician sets for each rider. */
    dinAdjustable: boolean('din_adjustable').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [unique('equipment_categories_tenant_name_unique').on(t.tenantId, t.name)],
);

export const attributeDefinitions = pgTable(
  'attribute_definitions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** null: applies to every category. */
    categoryId: uuid('category_id').references(() => equipmentCategories.id, {
      onDelete: 'cascade',
    }),
    name: text('name').notNull(),
    displayName: text('display_name').notNull(),
    /** The same in English for English readers; empty: not translated yet (the Chinese shows). */
    displayNameEn: text('display_name_en').notNull().default(''),
    kind: text('kind', {
      enum: ['text', 'number', 'select', 'multi-select', 'boolean', 'date'],
    }).notNull(),
    options: text('options').array().notNull().default([]),
    /** Each option in English, by the same position (a value is stored as its Chinese option). */
    optionsEn: text('options_en').array().notNull().default([]),
    unit: text('unit').notNull().default(''),
    isRequired: boolean('is_required').notNull().default(false),
    isFilterable: boolean('is_filterable').notNull().default(false),
    /** A size the customer chooses when booking a kind (boot size, ski length …). */
    isSize: boolean('is_size').notNull().default(false),
    isEnabled: boolean('is_enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    unique('attribute_definitions_scope_name_unique')
      .on(t.tenantId, t.categoryId, t.name)
      .nullsNotDistinct(),
  ],
);

export const equipment = pgTable(
  'equipment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => equipmentCategories.id),
    name: text('name').notNull(),
    /** The same in English for English readers; empty: not translated yet (the Chinese shows). */
    nameEn: text('name_en').notNull().default(''),
    brand: text('brand').notNull().default(''),
    model: text('model').notNull().default(''),
    barcodeNumber: text('barcode_number').notNull(),
    /** Spec §4: 0 available, 1 out, 2 damaged, 3 lost, 4 in transfer, 5 scrapped. */
    status: smallint('status').notNull().default(0),
    /** Receiving store while in transfer (status 4). */
    transferToStoreId: uuid('transfer_to_store_id').references(() => stores.id),
    /** Money in fen. */
    dailyRentPriceFen: integer('daily_rent_price_fen').notNull().default(0),
    depositFen: integer('deposit_fen').notNull().default(0),
    usageCount: integer('usage_count').notNull().default(0),
    remarks: text('remarks').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('equipment_tenant_barcode_unique').on(t.tenantId, sql`lower(${t.barcodeNumber})`),
    index('equipment_tenant_store_status_idx').on(t.tenantId, t.storeId, t.status),
    // The list's order within a category (equipment/service.ts `list`): a page takes each
    // category's first items off these instead of sorting every item of the store.
    index('equipment_store_list_idx').on(
      t.tenantId,
      t.storeId,
      t.categoryId,
      t.name,
      t.barcodeNumber,
    ),
    index('equipment_tenant_category_idx').on(t.tenantId, t.categoryId, t.name, t.barcodeNumber),
  ],
);

export const equipmentAttributeValues = pgTable(
  'equipment_attribute_values',
  {
    equipmentId: uuid('equipment_id')
      .notNull()
      .references(() => equipment.id, { onDelete: 'cascade' }),
    attributeId: uuid('attribute_id')
      .notNull()
      .references(() => attributeDefinitions.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.equipmentId, t.attributeId] }),
    index('equipment_attribute_values_lookup_idx').on(t.attributeId, t.value),
  ],
);

/**
 * Every range in which an item is locked: manual check-outs and order holds alike. An
 * exclusion constraint (custom migration) makes two ranges of one item impossible to overlap.
 */
export const equipmentUnavailableTimes = pgTable(
  'equipment_unavailable_times',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    equipmentId: uuid('equipment_id')
      .notNull()
      .references(() => equipment.id, { onDelete: 'cascade' }),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    source: text('source', { enum: ['manual', 'order'] }).notNull(),
    orderId: uuid('order_id'),
    reason: text('reason').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('equipment_unavailable_times_equipment_idx').on(t.equipmentId, t.startAt)],
);

export const equipmentOperationHistory = pgTable(
  'equipment_operation_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    equipmentId: uuid('equipment_id')
      .notNull()
      .references(() => equipment.id, { onDelete: 'cascade' }),
    operation: text('operation').notNull(),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status'),
    reason: text('reason').notNull().default(''),
    remarks: text('remarks').notNull().default(''),
    orderId: uuid('order_id'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    operatorName: text('operator_name').notNull().default(''),
    /** The item's store at the time. */
    storeId: uuid('store_id').references(() => stores.id),
    /** The operator's own store: another than the item's when staff went on after the notice. */
    operatorStoreId: uuid('operator_store_id').references(() => stores.id),
    /** A photo of the item's condition (e.g. damage found at a batch check-in). */
    photoId: uuid('photo_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('equipment_operation_history_equipment_idx').on(t.equipmentId, t.createdAt),
    // The audit log reads stock changes by time.
    index('equipment_operation_history_time_idx').on(t.tenantId, t.createdAt),
  ],
);

/** Uploaded files; bytes live in the file store under `storage_key`, never under the given name. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** [{ size: 'small' | 'medium', key, width, height }] */
    thumbnails: jsonb('thumbnails')
      .$type<{ size: string; key: string; width: number; height: number }[]>()
      .notNull()
      .default([]),
    containerName: text('container_name').notNull().default(''),
    businessType: text('business_type').notNull().default(''),
    businessEntityId: text('business_entity_id'),
    description: text('description').notNull().default(''),
    tags: text('tags').array().notNull().default([]),
    isTemporary: boolean('is_temporary').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_expiry_idx').on(t.isTemporary, t.expiresAt)],
);

export const equipmentImages = pgTable(
  'equipment_images',
  {
    equipmentId: uuid('equipment_id')
      .notNull()
      .references(() => equipment.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.equipmentId, t.fileId] })],
);

export const smallEquipmentStock = pgTable(
  'small_equipment_stock',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    name: text('name').notNull(),
    /** The same in English for English readers; empty: not translated yet (the Chinese shows). */
    nameEn: text('name_en').notNull().default(''),
    unit: text('unit').notNull().default('件'),
    quantity: integer('quantity').notNull().default(0),
    lowStockThreshold: integer('low_stock_threshold').notNull().default(0),
    ...timestamps,
  },
  (t) => [unique('small_equipment_store_name_unique').on(t.tenantId, t.storeId, t.name)],
);

export const smallEquipmentMovements = pgTable(
  'small_equipment_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stockId: uuid('stock_id')
      .notNull()
      .references(() => smallEquipmentStock.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    quantityAfter: integer('quantity_after').notNull(),
    reason: text('reason').notNull(),
    remarks: text('remarks').notNull().default(''),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    operatorName: text('operator_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('small_equipment_movements_stock_idx').on(t.stockId, t.createdAt),
    index('small_equipment_movements_time_idx').on(t.createdAt),
  ],
);

// ---- orders ------------------------------------------------------------------------------------

/** Daily order-number counters: `YYYYMMDD` + this sequence, allocated inside the order's transaction. */
export const orderNumberSequences = pgTable(
  'order_number_sequences',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day] })],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    orderNumber: text('order_number').notNull(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    orderType: text('order_type').notNull(),
    status: smallint('status').notNull(),
    customerId: uuid('customer_id').references(() => users.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone').notNull(),
    rentalStartAt: timestamp('rental_start_at', { withTimezone: true }).notNull(),
    rentalEndAt: timestamp('rental_end_at', { withTimezone: true }).notNull(),
    days: integer('days').notNull(),
    /**
     * The store's seasons the order was priced on and its first calendar day (docs/pricing.md,
     * modules/pricing/more-days.ts), kept so that its extensions and late days are priced as it
     * was; null on orders from before rate cards (every day 100 %).
     */
    pricingCalendar: jsonb('pricing_calendar').$type<PricingCalendar & { start: string }>(),
    deliveryMethod: text('delivery_method').notNull(),
    deliveryAddress: text('delivery_address').notNull().default(''),
    returnMethod: text('return_method').notNull(),
    returnAddress: text('return_address').notNull().default(''),
    agentId: uuid('agent_id').references(() => users.id, { onDelete: 'set null' }),
    remarks: text('remarks').notNull().default(''),
    totalFen: integer('total_fen').notNull(),
    /** The rental agreement the customer accepted: its version, when, and from which address. */
    agreementVersion: text('agreement_version'),
    agreementAcceptedAt: timestamp('agreement_accepted_at', { withTimezone: true }),
    agreementAcceptedFrom: text('agreement_accepted_from'),
    /** A counter order: the customer's finger signature under the agreement, on the clerk's phone. */
    agreementSignatureId: uuid('agreement_signature_id').references(() => files.id, {
      onDelete: 'set null',
    }),
    /** When the customer handed the gear back by self-return (null: they did not). */
    selfReturnAt: timestamp('self_return_at', { withTimezone: true }),
    /** The drivers of the delivery and the pickup run (null: in the store's open pool). */
    deliveryDriverId: uuid('delivery_driver_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    pickupDriverId: uuid('pickup_driver_id').references(() => users.id, { onDelete: 'set null' }),
    /** Proof of the delivery at the door: when, a photo, the recipient's signature and name. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    deliveryPhotoId: uuid('delivery_photo_id').references(() => files.id, { onDelete: 'set null' }),
    deliverySignatureId: uuid('delivery_signature_id').references(() => files.id, {
      onDelete: 'set null',
    }),
    deliveryRecipient: text('delivery_recipient').notNull().default(''),
    /**
     * A booking delivered to the door: the length of the window, from the rental start, within
     * which the gear arrives (null: no window was promised, e.g. a counter order).
     */
    deliveryWindowMinutes: integer('delivery_window_minutes'),
    /** When a driver collected the gear at the door (each item's condition is on its line). */
    pickedUpAt: timestamp('picked_up_at', { withTimezone: true }),
    /**
     * When the store confirmed an order that waited for it (Pending, e.g. an agent's): the time
     * to pay runs from here, not from when the order was placed.
     */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    unique('orders_number_unique').on(t.tenantId, t.orderNumber),
    index('orders_store_status_idx').on(t.tenantId, t.storeId, t.status, t.rentalStartAt),
    index('orders_customer_idx').on(t.customerId),
    // The counter's look-up of a phone number's past (customer history at order create).
    index('orders_customer_phone_idx').on(t.tenantId, t.customerPhone, t.rentalStartAt),
    // An agent's business: their orders by when they were placed.
    index('orders_agent_idx').on(t.tenantId, t.agentId, t.createdAt),
    // The order list's sort (newest first, then by number) within a store: the all tab and the
    // tabs of common statuses read a page off it and stop; a tab of one status reads the second.
    index('orders_store_created_idx').on(t.tenantId, t.storeId, t.createdAt, t.orderNumber),
    index('orders_store_status_created_idx').on(
      t.tenantId,
      t.storeId,
      t.status,
      t.createdAt,
      t.orderNumber,
    ),
    // The in-use tab (delivered, 4, or in use, 5) and the overdue one (those past their end),
    // whose orders are all out with a customer: in the list's order, with the end for the
    // overdue tab, so a deep page counts its way down this small index alone (list-page.ts)
    // instead of reading and sorting every order out (21,000 at five million orders).
    index('orders_out_created_idx')
      .on(t.tenantId, t.storeId, t.createdAt, t.orderNumber, t.rentalEndAt)
      .where(sql`${t.status} in (4, 5)`),
    // The self-return tab (returned by the customer, 7, waiting for the store) in the same way.
    index('orders_self_return_idx')
      .on(t.tenantId, t.storeId, t.createdAt, t.orderNumber)
      .where(sql`${t.status} = 7 and ${t.selfReturnAt} is not null`),
    // The list narrowed to rentals starting on some days, whatever their status.
    index('orders_store_start_idx').on(t.tenantId, t.storeId, t.rentalStartAt),
    // The minute sweeps (modules/orders/sweep.ts) look for pending (0), unpaid (1) and delivered
    // (4) orders: a few among a million, found without reading the rest.
    index('orders_sweep_idx')
      .on(t.status, t.rentalStartAt)
      .where(sql`${t.status} in (0, 1, 4)`),
    // The order search (any part of the number, the customer's name or phone; modules/orders/
    // search.ts): trigrams for three characters or more (a number's beginning, which tells the
    // day it was placed, is found by that day instead), the characters themselves for fewer.
    index('orders_search_tail_trgm_idx').using('gin', sql`${orderSearchTail(t)} gin_trgm_ops`),
    index('orders_search_chars_idx').using(
      'gin',
      sql`string_to_array(lower(${orderSearchText(t)}), null)`,
    ),
  ],
);

/**
 * The text the order search looks in: number, customer name and phone, one space apart. The
 * search's indexes hold this expression, and the search (modules/orders/search.ts) writes it the
 * same way, or PostgreSQL would not use them.
 */
export function orderSearchText(t: {
  orderNumber: AnyPgColumn;
  customerName: AnyPgColumn;
  customerPhone: AnyPgColumn;
}) {
  return sql`(${t.orderNumber} || ' ' || ${t.customerName} || ' ' || ${t.customerPhone})`;
}

/** The same text from the number's second character on (modules/orders/search.ts says why). */
export function orderSearchTail(t: {
  orderNumber: AnyPgColumn;
  customerName: AnyPgColumn;
  customerPhone: AnyPgColumn;
}) {
  return sql`(substr(${t.orderNumber}, 2) || ' ' || ${t.customerName} || ' ' || ${t.customerPhone})`;
}

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').references(() => equipmentCategories.id),
    equipmentId: uuid('equipment_id').references(() => equipment.id),
    /**
     * A line booked by kind holds a free item of that kind and size for its window (locked like
     * any item) until preparation or handover binds one, which may be another equivalent item.
     */
    heldEquipmentId: uuid('held_equipment_id').references(() => equipment.id),
    /** The size booked: attribute id → value, for the category's size attributes. */
    size: jsonb('size').$type<Record<string, string>>().notNull().default({}),
    /** The pack this line is part of (its price is the pack's, shared over its lines). */
    packId: uuid('pack_id').references(() => rentalPacks.id, { onDelete: 'set null' }),
    packName: text('pack_name').notNull().default(''),
    packNameEn: text('pack_name_en').notNull().default(''),
    /** Which rider of the order this line is for (a key shared by that rider's lines). */
    riderKey: text('rider_key'),
    riderProfileId: uuid('rider_profile_id').references(() => riderProfiles.id, {
      onDelete: 'set null',
    }),
    /** The rider as booked (the profile may change next season). */
    rider: jsonb('rider').$type<OrderRiderSnapshot>(),
    /** The release value the technician set on the binding (DIN), confirmed at preparation. */
    dinSetting: doublePrecision('din_setting'),
    dinConfirmedBy: uuid('din_confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    dinConfirmedAt: timestamp('din_confirmed_at', { withTimezone: true }),
    dailyPriceFen: integer('daily_price_fen').notNull(),
    depositFen: integer('deposit_fen').notNull(),
    days: integer('days').notNull(),
    /**
     * The line's rent as priced (and grown by extensions), and its share of the rate card it was
     * priced on, kept for its extensions and late days (docs/pricing.md). Null on lines from before
     * rate cards: daily price × days, on a card of that daily price.
     */
    rentFen: integer('rent_fen'),
    rateCard: jsonb('rate_card').$type<RateCard>(),
    returnState: text('return_state', { enum: ['returned', 'damaged', 'lost', 'earlyReturned'] }),
    /** A self-return: how the customer checked this item (its label scanned, or ticked). */
    selfReturnCheck: text('self_return_check', { enum: ['scanned', 'ticked'] }),
    /** A self-return: the customer's photo of the item's condition. */
    selfReturnPhotoId: uuid('self_return_photo_id').references(() => files.id, {
      onDelete: 'set null',
    }),
    /** A pickup at the door: the driver's word on the item (fine, damaged or lost), with proof. */
    pickupState: text('pickup_state', { enum: ['fine', 'damaged', 'lost'] }),
    pickupPhotoId: uuid('pickup_photo_id').references(() => files.id, { onDelete: 'set null' }),
    pickupRemarks: text('pickup_remarks').notNull().default(''),
    /** A delivery at the door: the driver's word on the item as handed over (fine or damaged). */
    deliveryState: text('delivery_state', { enum: ['fine', 'damaged'] }),
    deliveryPhotoId: uuid('delivery_photo_id').references(() => files.id, { onDelete: 'set null' }),
    deliveryRemarks: text('delivery_remarks').notNull().default(''),
    /** The counter's return check-in: a photo and a note on a damaged or lost item. */
    returnPhotoId: uuid('return_photo_id').references(() => files.id, { onDelete: 'set null' }),
    returnRemarks: text('return_remarks').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_equipment_idx').on(t.equipmentId),
    // An item's lines not yet back (the order holding it out), among its hundreds of past ones.
    index('order_items_open_equipment_idx')
      .on(t.equipmentId)
      .where(sql`${t.returnState} is null`),
    index('order_items_held_equipment_idx').on(t.heldEquipmentId),
  ],
);

export const orderFeeItems = pgTable(
  'order_fee_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    amountFen: integer('amount_fen').notNull(),
    description: text('description').notNull().default(''),
    /** The same in English for English readers; empty: not translated yet (the Chinese shows). */
    descriptionEn: text('description_en').notNull().default(''),
    /**
     * A rent line whose description says how its price came about (a card, a season, a junior
     * rate, a pack's saving, booking early: modules/pricing), more than "双板 × 3": the order
     * shows it beside its gear as the booking's summary did.
     */
    explains: boolean('explains').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    /**
     * Why a line was added by hand or waived (a discount, an ad-hoc fee or refund, a late fee
     * waived): money changes by lines with a reason, never by editing amounts.
     */
    reason: text('reason').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The manager who allowed a line beyond a clerk's limits (null: none was needed). */
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedByName: text('approved_by_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_fee_items_order_idx').on(t.orderId)],
);

/** Payments, supplements and refunds; a paid bill never changes again. */
export const bills = pgTable(
  'bills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['payment', 'supplement', 'refund'] }).notNull(),
    amountFen: integer('amount_fen').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'cancelled'] }).notNull(),
    method: text('method'),
    confirmedBy: uuid('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    confirmedByName: text('confirmed_by_name'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The receipt's number, given when the bill is settled (`R` + YYYYMMDD + a daily sequence). */
    receiptNo: text('receipt_no'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bills_order_idx').on(t.orderId),
    unique('bills_receipt_no_unique').on(t.tenantId, t.receiptNo),
    // Money by the day it came in or went out (shift close, finance).
    index('bills_paid_idx').on(t.tenantId, t.paidAt),
  ],
);

/**
 * One attempt to pay a bill online (a bill may see several: a WeChat try given up, then Alipay).
 * At most one attempt per bill succeeds into the bill; a second success is money taken twice and
 * is refunded automatically.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    billId: uuid('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** What the provider knows the attempt by (out_trade_no). */
    outTradeNo: text('out_trade_no').notNull().unique(),
    provider: text('provider', { enum: ['sandbox', 'wechatpay', 'alipay'] }).notNull(),
    method: text('method', { enum: ['wechat', 'alipay'] }).notNull(),
    channel: text('channel', { enum: ['jsapi', 'h5', 'native'] }).notNull(),
    amountFen: integer('amount_fen').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed', 'closed'] }).notNull(),
    /** What the payer was told to do (redirect, QR code, JSAPI parameters), to resume it. */
    action: jsonb('action').notNull(),
    providerTradeNo: text('provider_trade_no'),
    /** Set when this success found its bill already paid: the money went back. */
    duplicate: boolean('duplicate').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * When the sweep last asked the provider about this attempt while it stayed pending: a
     * process sweeping takes an attempt by moving this forward, so one asks at a time.
     */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('payments_bill_idx').on(t.billId),
    index('payments_order_idx').on(t.orderId),
    // The sweep's attempts still waiting for a word from their provider (few among millions).
    index('payments_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Money sent back through the provider a payment came by (all or part of it). */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** The refund bill this settles; none for the automatic refund of a duplicate payment. */
    billId: uuid('bill_id').references(() => bills.id, { onDelete: 'cascade' }),
    outRefundNo: text('out_refund_no').notNull().unique(),
    amountFen: integer('amount_fen').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull(),
    providerRefundNo: text('provider_refund_no'),
    reason: text('reason').notNull().default(''),
    failure: text('failure'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('refunds_payment_idx').on(t.paymentId),
    index('refunds_bill_idx').on(t.billId),
    // The sweep follows refunds still at the provider: few among many.
    index('refunds_pending_idx')
      .on(t.createdAt)
      .where(sql`status = 'pending'`),
  ],
);

/** Every notification a provider sent, and what became of it (applied, duplicate, refused). */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    outTradeNo: text('out_trade_no'),
    outcome: text('outcome', {
      enum: ['applied', 'duplicate', 'ignored', 'rejected', 'mismatch', 'unknown', 'failed'],
    }).notNull(),
    detail: text('detail').notNull().default(''),
    /** The body as received, cut to 4 KB (decrypted content is not kept). */
    body: text('body').notNull().default(''),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A verified notification that could not be applied (outcome `failed`): what it said, kept
     * to be applied again by the sweep from `retryAt` on; null once applied.
     */
    notification: jsonb('notification').$type<KeptNotification>(),
    retryAt: timestamp('retry_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [
    index('payment_notifications_trade_idx').on(t.outTradeNo),
    index('payment_notifications_retry_idx')
      .on(t.retryAt)
      .where(sql`${t.retryAt} is not null`),
  ],
);

/** What a kept notification said, as the payment adapters decode it. */
export interface KeptNotification {
  provider: string;
  outTradeNo: string;
  state: 'pending' | 'succeeded' | 'failed' | 'closed';
  amountFen: number;
  providerTradeNo: string;
}

/** The order's timeline: every status change, binding, payment and note, with who and when. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Orders the timeline when several events share a transaction's time. */
    seq: integer('seq').notNull(),
    kind: text('kind').notNull(),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status'),
    message: text('message').notNull().default(''),
    /** The same in English, for English readers (null: written before there was one). */
    messageEn: text('message_en'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    operatorName: text('operator_name').notNull().default(''),
    /** For the system and payment providers, whose names differ by language. */
    operatorNameEn: text('operator_name_en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('order_events_seq_unique').on(t.orderId, t.seq),
    // The audit log reads order and money changes by time.
    index('order_events_time_idx').on(t.createdAt),
  ],
);

/** A rider's snapshot kept with an order line: what sizing and the DIN suggestion were based on. */
export interface OrderRiderSnapshot {
  name: string;
  heightCm: number | null;
  weightKg: number | null;
  age: number | null;
  ability: 'I' | 'II' | 'III' | null;
  bootSizeMondopoint: number | null;
  bootSoleLengthMm: number | null;
  stance: 'regular' | 'goofy' | null;
}

/**
 * Ready-made packs (ski + boots + poles + helmet …) priced as a whole: booking one books a line
 * of each component kind for the rider, sharing the pack's price. Store null: every store.
 */
export const rentalPacks = pgTable(
  'rental_packs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id').references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The same in English for English readers; empty: not translated yet (the Chinese shows). */
    nameEn: text('name_en').notNull().default(''),
    description: text('description').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    dailyPriceFen: integer('daily_price_fen').notNull(),
    depositFen: integer('deposit_fen').notNull(),
    /** The component kinds, in the order they are listed. */
    categoryIds: uuid('category_ids').array().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Its picture on the booking page (public, as an item's picture is). */
    pictureFileId: uuid('picture_file_id').references(() => files.id, { onDelete: 'set null' }),
    /**
     * The grade of gear it holds: an option of the categories' `grade` size attribute (高端 …);
     * '' any (contracts' rental-packs.ts).
     */
    grade: text('grade').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('rental_packs_tenant_store_idx').on(t.tenantId, t.storeId)],
);

/**
 * What a rental of each length costs (issue 60, docs/pricing.md): a card for a kind of gear (a
 * category) or a pack, an adult's or a junior's, of one store or (store null) of every store
 * without its own. Prices in fen, whole yuan: `lengths_fen[k - 1]` for k days, then each further
 * day.
 */
export const rateCards = pgTable(
  'rate_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id').references(() => stores.id, { onDelete: 'cascade' }),
    subjectKind: text('subject_kind', { enum: ['category', 'pack'] }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    junior: boolean('junior').notNull(),
    lengthsFen: integer('lengths_fen').array().notNull(),
    furtherDayFen: integer('further_day_fen').notNull(),
    /** The deposit a rental on this card holds (a junior's is lower); null: the gear's own. */
    depositFen: integer('deposit_fen'),
    /** An afternoon's rental back the same day; null: a half day costs the first day. */
    halfDayFen: integer('half_day_fen'),
    ...timestamps,
  },
  (t) => [
    unique('rate_cards_subject_unique')
      .on(t.tenantId, t.storeId, t.subjectKind, t.subjectId, t.junior)
      .nullsNotDistinct(),
  ],
);

/**
 * Days a store (or, store null, every store without seasons of its own) prices at a percent of
 * its rate cards (issue 60, docs/pricing.md): the Spring Festival week at 150 %, a low season at
 * 80 %, weekends within a season at their own percent. A store's seasons never share a day.
 */
export const priceSeasons = pgTable(
  'price_seasons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id').references(() => stores.id, { onDelete: 'cascade' }),
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    toDay: date('to_day', { mode: 'string' }).notNull(),
    percent: integer('percent').notNull(),
    weekendPercent: integer('weekend_percent'),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('price_seasons_store_idx').on(t.tenantId, t.storeId, t.fromDay)],
);

/**
 * A customer's riders (themselves and family members) with what sizing and binding settings
 * need, kept for next season.
 */
export const riderProfiles = pgTable(
  'rider_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The account holder themselves (one per owner). */
    isSelf: boolean('is_self').notNull().default(false),
    heightCm: smallint('height_cm'),
    weightKg: smallint('weight_kg'),
    /** Kept as the year of birth, so the age is right next season. */
    birthYear: smallint('birth_year'),
    /** ISO 11088 skier type: I cautious, II moderate, III aggressive. */
    ability: text('ability', { enum: ['I', 'II', 'III'] }),
    /** Mondopoint in tenths of a centimetre (26.5 → 265). */
    bootSizeMondopointMm: smallint('boot_size_mondopoint_mm'),
    bootSoleLengthMm: smallint('boot_sole_length_mm'),
    stance: text('stance', { enum: ['regular', 'goofy'] }),
    ...timestamps,
  },
  (t) => [index('rider_profiles_owner_idx').on(t.ownerId)],
);

/**
 * Schemes (方案): a saved plan of store, dates, riders and gear, priced as a quote when saved,
 * shareable by its id and turned into a booking in one tap.
 */
export const schemes = pgTable(
  'schemes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** The booking cart as the customer left it (contracts BookingCart). */
    cart: jsonb('cart').notNull(),
    quoteFen: integer('quote_fen').notNull(),
    ...timestamps,
  },
  (t) => [index('schemes_owner_idx').on(t.ownerId, t.updatedAt)],
);

/**
 * A family's self check-in at the counter: the clerk shows a QR code, each member scans it and
 * types their own height, weight, age, level and boot size on their own phone (no account), and
 * the riders appear on the clerk's new order. Opened by its unguessable token, for two hours.
 */
export const selfCheckins = pgTable(
  'self_checkins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The riders as the family typed them (contracts RiderFields, each with its key), in order. */
    riders: jsonb('riders').notNull().default([]),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('self_checkins_token_idx').on(t.token)],
);

/** A customer's saved addresses, offered for delivery and pickup. */
export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What the customer calls it: 酒店, 家 … (may be blank). */
    label: text('label').notNull().default(''),
    address: text('address').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('customer_addresses_user_idx').on(t.userId, t.updatedAt)],
);

/**
 * Reminders sent about an order (the day before pickup, the return day, overdue): one row per
 * order, kind and day it was due, so each is sent once whichever process sweeps.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** The order a reminder is about (null for an approval notice: its approval holds the order). */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** The approval a manager is told is waiting (kind approvalWaiting), else null. */
    approvalId: uuid('approval_id').references((): AnyPgColumn => moneyApprovals.id, {
      onDelete: 'cascade',
    }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** pickupTomorrow | returnToday | overdue | approvalWaiting */
    kind: text('kind').notNull(),
    /** The store day (YYYY-MM-DD) it is about; '' for the one overdue reminder. */
    dueOn: text('due_on').notNull().default(''),
    /** sandbox | sms | wechat */
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    content: text('content').notNull(),
    /** sent | failed */
    status: text('status').notNull(),
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('notifications_once_unique').on(t.orderId, t.kind, t.dueOn),
    // Each manager is told once of each approval.
    unique('notifications_approval_once_unique').on(t.approvalId, t.userId),
    index('notifications_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
);

/**
 * Who changed what and when, for changes that have no history of their own: stores, business
 * parameters, system information, the rental agreement, the catalogue, help articles, roles and
 * staff. Stock, orders and money keep theirs (equipment operation history, order timelines) and
 * the audit log reads those beside this one (modules/audit).
 */
/**
 * A manager's approval of money beyond a clerk's limits (a large discount, an ad-hoc fee or
 * refund, a late fee waived), asked for from the counter and given on the manager's own phone.
 * Once used by the change it allowed, it cannot allow another.
 */
export const moneyApprovals = pgTable(
  'money_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** The order it concerns (null: an order still being created at the counter). */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** discount, fee, refund */
    kind: text('kind').notNull(),
    /** Exactly what the change may be: an approval is for the money it names. */
    amountFen: integer('amount_fen').notNull(),
    /**
     * The order's rent as the server priced it when asked (from the order, or from the lines of an
     * order being created); the change's order must have the same rent.
     */
    baseFen: integer('base_fen').notNull().default(0),
    /** Whom the order is for, and its rent lines (gear × days), as the manager was shown them. */
    customerName: text('customer_name').notNull().default(''),
    gear: jsonb('gear').$type<{ name: string; nameEn: string }[]>().notNull().default([]),
    reason: text('reason').notNull().default(''),
    status: text('status', { enum: ['pending', 'approved', 'refused', 'used'] }).notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedByName: text('requested_by_name').notNull().default(''),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedByName: text('decided_by_name'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('money_approvals_store_status_idx').on(t.tenantId, t.storeId, t.status)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** The store the change concerns; null for the whole business. */
    storeId: uuid('store_id').references(() => stores.id, { onDelete: 'set null' }),
    /** What area: settings, staff (modules/audit/record.ts). */
    category: text('category').notNull(),
    /** What kind of thing changed: store, business-parameter, system-setting, category … */
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull().default(''),
    /** created, updated, deleted, published … */
    action: text('action').notNull(),
    /** One line in each language, as the log shows it. */
    summary: text('summary').notNull(),
    summaryEn: text('summary_en').notNull(),
    /** The fields that changed: name → [before, after]. */
    changes: jsonb('changes').$type<Record<string, [unknown, unknown]>>().notNull().default({}),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    operatorName: text('operator_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_tenant_time_idx').on(t.tenantId, t.createdAt),
    index('audit_log_store_time_idx').on(t.tenantId, t.storeId, t.createdAt),
  ],
);

/**
 * Every rental agreement the business has published: an order keeps the version its customer
 * accepted (the hash of the text, `orders.agreement_version`), and this keeps the text itself.
 */
export const agreementVersions = pgTable(
  'agreement_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    text: text('text').notNull(),
    /** The same in English for English readers; empty: not translated yet (the Chinese shows). */
    textEn: text('text_en').notNull().default(''),
    publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('agreement_versions_tenant_version_unique').on(t.tenantId, t.version)],
);

/**
 * Writes sent with an `Idempotency-Key` (plugins/idempotency.ts): a client that lost the answer
 * (the network dropped, an offline queue sent it again) gets the first answer back, and the write
 * is applied once. Kept a day.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /**
     * `user:<id>`, or `browser:<nonce>` of the anonymous caller's signed verification cookie: one
     * caller's keys never meet another's.
     */
    callerKey: text('caller_key').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** SHA-256 of method, path and body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull().default(''),
    /** Null while the first request is still being handled. */
    statusCode: integer('status_code'),
    /** Never kept for an answer that holds a token or secret (route config `secretAnswer`). */
    responseBody: text('response_body'),
    contentType: text('content_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.callerKey, t.key] }),
    index('idempotent_requests_created_idx').on(t.createdAt),
  ],
);

/**
 * The payment sandbox's trades (modules/payments/providers/sandbox.ts): what a provider would keep
 * on its side, kept here so every server process sees the same trade, whichever one the payer's
 * cashier page, a query or a refund reaches.
 */
export const paymentSandboxTrades = pgTable('payment_sandbox_trades', {
  outTradeNo: text('out_trade_no').primaryKey(),
  amountFen: integer('amount_fen').notNull(),
  description: text('description').notNull(),
  returnUrl: text('return_url').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** pending, succeeded or failed; a pending trade past `expiresAt` reads as closed. */
  state: text('state').notNull(),
  tradeNo: text('trade_no').notNull(),
  refundedFen: integer('refunded_fen').notNull().default(0),
  /** Refunds made, by our refund number: fen. */
  refunds: jsonb('refunds').$type<Record<string, number>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
