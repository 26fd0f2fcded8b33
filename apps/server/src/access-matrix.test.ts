import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BillKind,
  BillStatus,
  DeliveryMethod,
  EquipmentStatus,
  ErrorCode,
  OrderStatus,
} from '@snowgear/contracts';
import {
  attributeDefinitions,
  bills,
  equipment,
  equipmentImages,
  equipmentUnavailableTimes,
  files,
  helpArticles,
  orders,
  smallEquipmentStock,
} from '@/db/schema.js';
import { multipart, photo, uploadAs } from '@/modules/files/test-upload.js';
import {
  createTestApp,
  customerToken,
  phoneSignIn,
  signIn,
  storeIdsByName,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';
import { ACCESS_MATRIX, CALLERS, type Caller } from './access-matrix.js';

/**
 * Walks every API route for every caller and compares the answer with access-matrix.ts. Calls
 * that change state are made so that they do no lasting harm: a body that fails validation (the
 * access check comes first), or a resource the action cannot apply to, found after the scope
 * check (an order already completed, an item already in stock, a barcode already taken).
 */

const TABLE_FILE = 'apps/server/src/access-matrix.ts';
const NIL = '00000000-0000-0000-0000-000000000000';
/** A second id of nothing (a pack names two kinds of gear). */
const OTHER_KIND = '7b0c3e1a-0000-4000-8000-000000000001';
const UNKNOWN_TRADE = '0'.repeat(32);
const ANSWERS = ['ok', '401', '403', '404'] as const;
type Answer = (typeof ANSWERS)[number];
type Scope = 'own' | 'other';
const SCOPES: readonly Scope[] = ['own', 'other'];

/** 403s that refuse the caller (the class `403`); any other 403 is a business answer (`ok`). */
const REFUSALS: readonly string[] = [
  ErrorCode.Forbidden,
  ErrorCode.OrderOtherStore,
  ErrorCode.OrderCashNotOnRun,
  ErrorCode.OrderCashNotYourRun,
  ErrorCode.EquipmentOtherStore,
  ErrorCode.NotYourStore,
  ErrorCode.RoleNotAssignable,
  ErrorCode.FileNotYours,
  ErrorCode.FileOtherStore,
];

// ---- the table -------------------------------------------------------------------------------

interface Row {
  key: string;
  /** Answers per store (own, other): called twice. */
  perStore: boolean;
  cells: Partial<Record<Caller, readonly [own: Answer, other: Answer]>>;
}

const isAnswer = (text: string): text is Answer => (ANSWERS as readonly string[]).includes(text);

function parseMatrix(text: string): { rows: Map<string, Row>; problems: string[] } {
  const rows = new Map<string, Row>();
  const problems: string[] = [];
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const [header, ...body] = lines;
  const columns = ['method', 'path', ...CALLERS].join(' ');
  if (header?.split(/\s+/).join(' ') !== columns)
    problems.push(`the table's first line must name its columns: ${columns}`);
  for (const line of body) {
    const [method = '', path = '', ...cells] = line.split(/\s+/);
    const key = `${method} ${path}`;
    if (rows.has(key)) problems.push(`${key}: declared twice`);
    const missing = CALLERS.slice(cells.length);
    if (missing.length > 0) problems.push(`${key}: declare the answer for ${missing.join(', ')}`);
    if (cells.length > CALLERS.length) problems.push(`${key}: more answers than callers`);
    const row: Row = { key, perStore: cells.some((c) => c.includes('/')), cells: {} };
    for (const [i, caller] of CALLERS.entries()) {
      const cell = cells[i];
      if (cell === undefined) continue;
      const [own = '', other = own, ...rest] = cell.split('/');
      if (rest.length > 0 || !isAnswer(own) || !isAnswer(other)) {
        problems.push(
          `${key}: "${cell}" for ${caller} is no answer (${ANSWERS.join(', ')}, or own/other)`,
        );
        continue;
      }
      row.cells[caller] = [own, other];
    }
    rows.set(key, row);
  }
  return { rows, problems };
}

// ---- answers ---------------------------------------------------------------------------------

function errorCode(res: LightMyRequestResponse): string | undefined {
  try {
    return res.json<{ error?: { code?: string } }>().error?.code;
  } catch {
    return undefined;
  }
}

/** The class of an answer; anything else (a 5xx) is returned as its status, which no cell holds. */
function classify(res: LightMyRequestResponse): string {
  const status = res.statusCode;
  if (status === 401) return '401';
  if (status === 404) return '404';
  if (status === 403 && REFUSALS.includes(errorCode(res) ?? '')) return '403';
  if (status >= 500) return String(status);
  return 'ok';
}

// ---- fixtures --------------------------------------------------------------------------------

interface Item {
  id: string;
  barcode: string;
}

/** What a call needs from one store (or, for the customer's orders, one customer). */
interface Side {
  storeId: string;
  /** A completed counter order; for the customer, their own order or another customer's. */
  order: { id: string; orderNumber: string };
  /** Paid in cash, on `order`. */
  bill: string;
  /** Given back in cash. */
  refundBill: string;
  /** In stock. */
  item: Item;
  /** Out with a customer, and its lock for that order. */
  busyItem: Item;
  orderLock: string;
  small: { id: string; name: string };
  /** A store employee of the store, made for this test. */
  employee: { id: string; fields: object };
}

interface Fixtures {
  stores: Record<Scope, Side>;
  /** The customer's own order and its bill. */
  customer: Pick<Side, 'order' | 'bill'>;
  attributeId: string;
  articleId: string;
  /** A scheme the customer saved. */
  schemeId: string;
  /** A self check-in the employee opened at their store, and its code. */
  checkin: { id: string; token: string };
}

interface Context {
  caller: Caller;
  scope: Scope;
  side: Side;
  fx: Fixtures;
  /** A fresh file uploaded by `owner`, for calls that delete one. */
  upload: (owner: Caller) => Promise<string>;
  /** A fresh picture of the item, uploaded by the admin, named `picture.png`. */
  picture: (itemId: string) => Promise<string>;
  /** A delivery photo the admin took, kept with the order (one per order). */
  keptPhoto: (orderId: string) => Promise<string>;
  /** A fresh rider of `owner`'s, for calls that change or delete one. */
  rider: (owner: Caller) => Promise<string>;
  /** A fresh saved address of the customer (own) or of another customer (other). */
  address: (scope: Scope) => Promise<string>;
}

interface Call {
  url: string;
  payload?: object | Buffer;
  headers?: Record<string, string>;
}

type Recipe = (c: Context) => Call | Promise<Call>;

const PASSWORD = '1q2w3E*';
const reason = '权限矩阵';
const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
const today = new Date().toISOString().slice(0, 10);
const later = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const someoneElse = (caller: Caller): Caller => (caller === 'admin' ? 'employee' : 'admin');

/**
 * How to call a route when filling its parameters with an unknown id (and sending `{}` as the
 * body) does not show what it is about. Each recipe keeps its call harmless (see the top).
 */
const RECIPES: Record<string, Recipe> = {
  // Any valid body would end the caller's own sign-in.
  'POST /api/app/account/logout': () => ({
    url: '/api/app/account/logout',
    payload: { refreshToken: 42 },
  }),

  'GET /api/app/employees/:id': ({ side }) => ({ url: `/api/app/employees/${side.employee.id}` }),
  // The user name is taken: 409 once the store is allowed.
  'POST /api/app/employees': ({ side }) => ({
    url: '/api/app/employees',
    payload: {
      userName: 'employee',
      password: PASSWORD,
      name: reason,
      roles: ['StoreEmployee'],
      primaryStoreId: side.storeId,
    },
  }),
  'PUT /api/app/employees/:id': ({ side }) => ({
    url: `/api/app/employees/${side.employee.id}`,
    payload: side.employee.fields,
  }),
  'POST /api/app/employees/:id/deactivate': ({ side }) => ({
    url: `/api/app/employees/${side.employee.id}/deactivate`,
  }),
  'POST /api/app/employees/:id/activate': ({ side }) => ({
    url: `/api/app/employees/${side.employee.id}/activate`,
  }),
  'POST /api/app/employees/:id/reset-password': ({ side }) => ({
    url: `/api/app/employees/${side.employee.id}/reset-password`,
    payload: { newPassword: PASSWORD },
  }),

  // Files of a store: a delivery photo kept with its order, a picture of its item.
  'GET /api/files/download/:id': async ({ side, keptPhoto }) => ({
    url: `/api/files/download/${await keptPhoto(side.order.id)}`,
  }),
  'GET /api/files/:id/link': async ({ side, keptPhoto }) => ({
    url: `/api/files/${await keptPhoto(side.order.id)}/link`,
  }),
  // Replacing the item's picture by an upload of the same name over it.
  'POST /api/files/upload': async ({ side, picture }) => {
    await picture(side.item.id);
    const body = multipart(
      { businessType: 'EquipmentImage', businessEntityId: side.item.id, overrideExisting: 'true' },
      { name: 'picture.png', bytes: await photo(8, 8, 'png') },
    );
    return {
      url: '/api/files/upload',
      payload: body.payload,
      headers: { 'content-type': body.contentType },
    };
  },

  'GET /api/app/schemes/:id': ({ fx }) => ({ url: `/api/app/schemes/${fx.schemeId}` }),
  'POST /api/app/self-checkins': ({ side }) => ({
    url: '/api/app/self-checkins',
    payload: { storeId: side.storeId },
  }),
  'GET /api/app/self-checkins/:id': ({ fx }) => ({
    url: `/api/app/self-checkins/${fx.checkin.id}`,
  }),
  'GET /api/app/checkin/:token': ({ fx }) => ({ url: `/api/app/checkin/${fx.checkin.token}` }),
  // A body that fails validation: nobody is added.
  'POST /api/app/checkin/:token/riders': ({ fx }) => ({
    url: `/api/app/checkin/${fx.checkin.token}/riders`,
    payload: { name: '' },
  }),
  'GET /api/app/schemes/:id/shared': ({ fx }) => ({
    url: `/api/app/schemes/${fx.schemeId}/shared`,
  }),
  'DELETE /api/files/:id': async ({ side, picture }) => ({
    url: `/api/files/${await picture(side.item.id)}`,
  }),
  'DELETE /api/files/my-files/:id': async ({ caller, scope, upload }) => ({
    url: `/api/files/my-files/${await upload(scope === 'own' ? caller : someoneElse(caller))}`,
  }),

  'GET /api/app/equipment/by-barcode': ({ side }) => ({
    url: `/api/app/equipment/by-barcode?barcodeNumber=${side.item.barcode}`,
  }),
  'GET /api/app/equipment/inquiry': ({ side }) => ({
    url: `/api/app/equipment/inquiry?sn=${side.item.barcode}`,
  }),
  'GET /api/app/equipment': ({ side }) => ({ url: `/api/app/equipment?storeId=${side.storeId}` }),
  'GET /api/app/equipment/catalog-items': ({ side }) => ({
    url: `/api/app/equipment/catalog-items?storeId=${side.storeId}&keyword=雪`,
  }),
  'GET /api/app/equipment-attribute/attribute-values/:id': ({ fx }) => ({
    url: `/api/app/equipment-attribute/attribute-values/${fx.attributeId}`,
  }),
  // No such category: 400 once the store is allowed.
  'POST /api/app/equipment': ({ side }) => ({
    url: '/api/app/equipment',
    payload: {
      categoryId: NIL,
      storeId: side.storeId,
      name: reason,
      barcodeNumber: 'MATRIX0001',
      dailyRentPrice: 1,
      deposit: 1,
    },
  }),
  'GET /api/app/equipment/:id': ({ side }) => ({ url: `/api/app/equipment/${side.item.id}` }),
  'PUT /api/app/equipment/:id': ({ side }) => ({
    url: `/api/app/equipment/${side.item.id}`,
    payload: { categoryId: NIL, name: reason, dailyRentPrice: 1, deposit: 1 },
  }),
  // Another item's barcode: 409.
  'PUT /api/app/equipment/:id/barcode': ({ side }) => ({
    url: `/api/app/equipment/${side.item.id}/barcode`,
    payload: { barcodeNumber: side.busyItem.barcode },
  }),
  // Gear out with a customer cannot be scrapped.
  'POST /api/app/equipment/change-status/:id': ({ side }) => ({
    url: `/api/app/equipment/change-status/${side.busyItem.id}`,
    payload: { newStatus: EquipmentStatus.Scrapped, reason },
  }),
  // To the store it is in already.
  'POST /api/app/equipment/:id/transfer': ({ side }) => ({
    url: `/api/app/equipment/${side.item.id}/transfer`,
    payload: { targetStoreId: side.storeId, reason },
  }),
  'GET /api/app/equipment/unavailable-times/:id': ({ side }) => ({
    url: `/api/app/equipment/unavailable-times/${side.item.id}`,
  }),
  // An order's lock goes with its order only.
  'DELETE /api/app/equipment/unavailable-time/:id': ({ side }) => ({
    url: `/api/app/equipment/unavailable-time/${side.orderLock}`,
  }),
  'GET /api/app/equipment/equipment-operation-history/:id': ({ side }) => ({
    url: `/api/app/equipment/equipment-operation-history/${side.item.id}`,
  }),
  'GET /api/app/equipment/equipment-usage-statistics/:id': ({ side }) => ({
    url: `/api/app/equipment/equipment-usage-statistics/${side.item.id}`,
  }),
  'GET /api/app/equipment/store-inventory-summary/:id': ({ side }) => ({
    url: `/api/app/equipment/store-inventory-summary/${side.storeId}`,
  }),
  // In stock already.
  'POST /api/app/equipment/stock-in/:equipmentId': ({ side }) => ({
    url: `/api/app/equipment/stock-in/${side.item.id}`,
    payload: { reason },
  }),
  // Out already.
  'POST /api/app/equipment/stock-out/:equipmentId': ({ side }) => ({
    url: `/api/app/equipment/stock-out/${side.busyItem.id}`,
    payload: { reason, unavailableStartTime: later(30), unavailableEndTime: later(31) },
  }),
  // Each item answers on its own (in stock already, another store's): the batch is answered.
  'POST /api/app/equipment/batch-stock-in': ({ side }) => ({
    url: '/api/app/equipment/batch-stock-in',
    payload: { equipmentIds: [side.item.id], reason },
  }),
  'POST /api/app/equipment/batch-stock-out': ({ side }) => ({
    url: '/api/app/equipment/batch-stock-out',
    payload: {
      equipmentIds: [side.busyItem.id],
      reason,
      unavailableStartTime: later(30),
      unavailableEndTime: later(31),
    },
  }),
  // For an order that is completed.
  'POST /api/app/equipment/early-return/:equipmentId': ({ side }) => ({
    url: `/api/app/equipment/early-return/${side.busyItem.id}`,
    payload: { orderId: side.order.id, reason },
  }),
  'GET /api/app/equipment/orders-count': ({ side }) => ({
    url: `/api/app/equipment/orders-count?equipmentId=${side.busyItem.id}`,
  }),
  'GET /api/app/equipment/in-use-orders': ({ side }) => ({
    url: `/api/app/equipment/in-use-orders?equipmentId=${side.busyItem.id}`,
  }),
  'GET /api/app/equipment/reserved-orders': ({ side }) => ({
    url: `/api/app/equipment/reserved-orders?equipmentId=${side.busyItem.id}`,
  }),
  'GET /api/app/equipment/unpaid-orders': ({ side }) => ({
    url: `/api/app/equipment/unpaid-orders?equipmentId=${side.busyItem.id}`,
  }),
  'GET /api/app/equipment/completed-orders': ({ side }) => ({
    url: `/api/app/equipment/completed-orders?equipmentId=${side.busyItem.id}`,
  }),
  // The store has small equipment of that name: 409.
  'POST /api/app/small-equipment': ({ side }) => ({
    url: '/api/app/small-equipment',
    payload: { storeId: side.storeId, name: side.small.name },
  }),
  // More than there is.
  'POST /api/app/small-equipment/:id/adjust': ({ side }) => ({
    url: `/api/app/small-equipment/${side.small.id}/adjust`,
    payload: { delta: -100_000, reason },
  }),
  // Its own Chinese name again (no English): allowed or refused by the store alone.
  'PUT /api/app/small-equipment/:id/names': ({ side }) => ({
    url: `/api/app/small-equipment/${side.small.id}/names`,
    payload: { name: side.small.name },
  }),
  'GET /api/app/small-equipment/:id/history': ({ side }) => ({
    url: `/api/app/small-equipment/${side.small.id}/history`,
  }),

  // The same item twice: 400 once the store is allowed.
  'POST /api/app/orders': ({ side }) => ({
    url: '/api/app/orders',
    payload: {
      storeId: side.storeId,
      customerName: reason,
      customerPhone: '13900001111',
      rentalStartTime: later(40),
      rentalEndTime: later(41),
      items: [{ equipmentId: side.item.id }, { equipmentId: side.item.id }],
    },
  }),
  'POST /api/app/orders/quote': ({ side }) => ({
    url: '/api/app/orders/quote',
    payload: {
      storeId: side.storeId,
      rentalStartTime: later(40),
      rentalEndTime: later(41),
      items: [{ equipmentId: side.item.id }],
    },
  }),
  'GET /api/app/orders/item-availability': ({ side }) => ({
    url: `/api/app/orders/item-availability?barcode=${side.item.barcode}&storeId=${side.storeId}&from=${later(40)}&to=${later(41)}`,
  }),
  'GET /api/app/orders/customer-history': () => ({
    url: '/api/app/orders/customer-history?phone=13900001111',
  }),
  'GET /api/app/orders/customer-riders': () => ({
    url: '/api/app/orders/customer-riders?phone=13800138000',
  }),
  'GET /api/app/orders/by-number/:orderNumber': ({ side }) => ({
    url: `/api/app/orders/by-number/${side.order.orderNumber}`,
  }),
  'GET /api/app/orders/:id': ({ side }) => ({ url: `/api/app/orders/${side.order.id}` }),
  'GET /api/app/orders/:id/receipt': ({ side }) => ({
    url: `/api/app/orders/${side.order.id}/receipt`,
  }),
  'GET /api/app/orders/qr/:orderNumber/receipt': ({ side }) => ({
    url: `/api/app/orders/qr/${side.order.orderNumber}/receipt`,
  }),
  'GET /api/app/orders/qr/:orderNumber': ({ side }) => ({
    url: `/api/app/orders/qr/${side.order.orderNumber}`,
  }),
  // Paid already: confirming again records nothing.
  'POST /api/app/orders/confirm-cash-received': ({ side }) => ({
    url: `/api/app/orders/confirm-cash-received?billId=${side.bill}`,
  }),
  'POST /api/app/orders/confirm-cash-refunded': ({ side }) => ({
    url: `/api/app/orders/confirm-cash-refunded?billId=${side.refundBill}`,
  }),
  // The order is completed: every change is refused after the scope check.
  'POST /api/app/orders/:id/cancel': ({ side }) => ({
    url: `/api/app/orders/${side.order.id}/cancel`,
    payload: { reason },
  }),
  'POST /api/app/orders/:id/confirm': ({ side }) => ({
    url: `/api/app/orders/${side.order.id}/confirm`,
    payload: {},
  }),
  // Bodies that fail validation: no order is placed or withdrawn.
  'POST /api/app/agent/orders': () => ({ url: '/api/app/agent/orders', payload: {} }),
  'POST /api/app/agent/orders/:id/withdraw': () => ({
    url: `/api/app/agent/orders/${NIL}/withdraw`,
    payload: { reason: 'x'.repeat(201) },
  }),
  'PUT /api/app/orders/:id': ({ side }) => ({
    url: `/api/app/orders/${side.order.id}`,
    payload: {
      customerName: reason,
      customerPhone: '13900001111',
      deliveryAddress: '',
      returnAddress: '',
    },
  }),
  'PUT /api/app/orders/:id/delivery-method': ({ side }) => ({
    url: `/api/app/orders/${side.order.id}/delivery-method`,
    payload: {
      deliveryMethod: DeliveryMethod.SelfPickup,
      deliveryAddress: '',
      returnMethod: 'SelfReturn',
      returnAddress: '',
    },
  }),
  'PUT /api/app/orders/:id/agent': ({ side }) => ({
    url: `/api/app/orders/${side.order.id}/agent`,
    payload: { agentId: null },
  }),
  'POST /api/app/orders/:id/handover': ({ side }) => ({
    url: `/api/app/orders/${side.order.id}/handover`,
    payload: { barcodes: [side.item.barcode] },
  }),
  'POST /api/app/orders/:id/dispatch': ({ side }) => ({
    url: `/api/app/orders/${side.order.id}/dispatch`,
    payload: { barcodes: [side.item.barcode] },
  }),
  'POST /api/app/orders/:id/delivered': ({ side }) => ({
    url: `/api/app/orders/${side.order.id}/delivered`,
    payload: {},
  }),
  // A finished order no longer chooses how it is paid: refused as such.
  'POST /api/app/orders/:id/pay-at-door': ({ side }) => ({
    url: `/api/app/orders/${side.order.id}/pay-at-door`,
  }),
  'POST /api/app/orders/:id/start-return': ({ side }) => ({
    url: `/api/app/orders/${side.order.id}/start-return`,
    payload: {},
  }),
  // A counter order is not picked up: refused as such.
  'POST /api/app/orders/:id/pickup': ({ side }) => ({
    url: `/api/app/orders/${side.order.id}/pickup`,
    payload: { items: [{ orderItemId: side.order.id, condition: 'fine' }] },
  }),
  'GET /api/app/deliveries/tasks': () => ({ url: '/api/app/deliveries/tasks?kind=delivery' }),
  'GET /api/app/admin/stores/:id': ({ side }) => ({ url: `/api/app/admin/stores/${side.storeId}` }),
  // Bodies that fail validation: nothing is opened, changed or published.
  'POST /api/app/admin/stores': () => ({ url: '/api/app/admin/stores', payload: {} }),
  'PUT /api/app/admin/stores/:id': ({ side }) => ({
    url: `/api/app/admin/stores/${side.storeId}`,
    payload: {},
  }),
  'PUT /api/app/admin/system-info': () => ({ url: '/api/app/admin/system-info', payload: {} }),
  'POST /api/app/admin/rental-agreements': () => ({
    url: '/api/app/admin/rental-agreements',
    payload: {},
  }),
  'GET /api/app/admin/business-parameters': ({ side }) => ({
    url: `/api/app/admin/business-parameters?storeId=${side.storeId}`,
  }),
  // A blank store value of a business-wide parameter: nothing changes.
  'PUT /api/app/admin/business-parameters': ({ side }) => ({
    url: '/api/app/admin/business-parameters',
    payload: {
      storeId: side.storeId,
      values: [{ key: 'SnowGearSmartStore.Business.AgentCommissionRate', value: '' }],
    },
  }),
  'GET /api/app/rate-cards': ({ side }) => ({ url: `/api/app/rate-cards?storeId=${side.storeId}` }),
  // A card of no such kind of gear: refused after the store's, nothing saved.
  'PUT /api/app/rate-cards': ({ side }) => ({
    url: '/api/app/rate-cards',
    payload: {
      storeId: side.storeId,
      subjectKind: 'category',
      subjectId: NIL,
      junior: false,
      lengths: [100],
      furtherDay: 50,
    },
  }),
  'GET /api/app/rate-cards/preview': ({ side }) => ({
    url: `/api/app/rate-cards/preview?storeId=${side.storeId}&subjectKind=category&subjectId=${NIL}&junior=false&start=${today}&days=3`,
  }),
  'GET /api/app/rental-packs': ({ side }) => ({
    url: `/api/app/rental-packs?storeId=${side.storeId}`,
  }),
  // A pack of no such kinds of gear: refused after the store's, nothing saved.
  'POST /api/app/rental-packs': ({ side }) => ({
    url: '/api/app/rental-packs',
    payload: {
      storeId: side.storeId,
      name: reason,
      categoryIds: [NIL, OTHER_KIND],
      dailyPrice: 100,
      deposit: 0,
    },
  }),
  'PUT /api/app/rental-packs/:id': ({ side }) => ({
    url: `/api/app/rental-packs/${NIL}`,
    payload: {
      storeId: side.storeId,
      name: reason,
      categoryIds: [NIL, OTHER_KIND],
      dailyPrice: 100,
      deposit: 0,
    },
  }),
  'GET /api/app/price-seasons': ({ side }) => ({
    url: `/api/app/price-seasons?storeId=${side.storeId}`,
  }),
  // The last days the calendar holds: made once, then refused as overlapping.
  'POST /api/app/price-seasons': ({ side }) => ({
    url: '/api/app/price-seasons',
    payload: {
      storeId: side.storeId,
      from: '2099-12-30',
      to: '2099-12-31',
      percent: 150,
      weekendPercent: null,
      name: reason,
      nameEn: '',
    },
  }),
  'PUT /api/app/price-seasons/:id': () => ({
    url: `/api/app/price-seasons/${NIL}`,
    payload: {
      storeId: null,
      from: '2027-02-05',
      to: '2027-02-12',
      percent: 150,
      weekendPercent: null,
      name: reason,
      nameEn: '',
    },
  }),
  'GET /api/app/store-dashboard': ({ side }) => ({
    url: `/api/app/store-dashboard?storeId=${side.storeId}`,
  }),
  'GET /api/app/deliveries/drivers': ({ side }) => ({
    url: `/api/app/deliveries/drivers?storeId=${side.storeId}`,
  }),
  // A counter order has no delivery run: refused as such.
  'PUT /api/app/orders/:id/driver': ({ side }) => ({
    url: `/api/app/orders/${side.order.id}/driver`,
    payload: { kind: 'delivery', driverId: null },
  }),
  'POST /api/app/orders/:id/take': ({ side }) => ({
    url: `/api/app/orders/${side.order.id}/take`,
    payload: { kind: 'delivery' },
  }),
  // The order is completed: no fee or refund is taken after the scope check.
  'POST /api/app/orders/:id/fees': ({ side }) => ({
    url: `/api/app/orders/${side.order.id}/fees`,
    payload: { kind: 'Other', amount: 1, reason },
  }),
  'POST /api/app/orders/:id/goodwill-refund': ({ side }) => ({
    url: `/api/app/orders/${side.order.id}/goodwill-refund`,
    payload: { amount: 1, reason },
  }),
  // A body that fails validation: nothing is asked of the managers.
  'POST /api/app/money-approvals': () => ({
    url: '/api/app/money-approvals',
    payload: { kind: 'discount' },
  }),
  'POST /api/app/orders/:id/extend': ({ side }) => ({
    url: `/api/app/orders/${side.order.id}/extend`,
    payload: { rentalEndTime: later(60) },
  }),
  // Bodies that fail validation: the customer's own order stays as it is.
  'POST /api/app/my-orders/:id/cancel': ({ side }) => ({
    url: `/api/app/my-orders/${side.order.id}/cancel`,
    payload: { reason: 'x'.repeat(201) },
  }),
  'POST /api/app/my-orders/:id/extend': ({ side }) => ({
    url: `/api/app/my-orders/${side.order.id}/extend`,
    payload: { days: 0 },
  }),
  'POST /api/app/my-orders/:id/self-return': ({ side }) => ({
    url: `/api/app/my-orders/${side.order.id}/self-return`,
    payload: { items: [], returnMethod: 'SelfReturn' },
  }),
  'POST /api/app/orders/:id/return': ({ side }) => ({
    url: `/api/app/orders/${side.order.id}/return`,
    payload: { items: [{ orderItemId: NIL, state: 'returned' }] },
  }),
  // The fixture's order is settled: a manager's waiver is refused by its status, harmlessly.
  'POST /api/app/orders/:id/waive-late-fee': ({ side }) => ({
    url: `/api/app/orders/${side.order.id}/waive-late-fee`,
    payload: { reason },
  }),
  'POST /api/app/orders/:id/bind': ({ side }) => ({
    url: `/api/app/orders/${side.order.id}/bind`,
    payload: { barcodes: [side.item.barcode] },
  }),

  // The line is looked up after the scope and status checks: the completed order refuses first.
  'POST /api/app/orders/:id/items/:itemId/din': ({ side }) => ({
    url: `/api/app/orders/${side.order.id}/items/${NIL}/din`,
    payload: { setting: 6.5 },
  }),

  'PUT /api/app/riders/:id': async ({ caller, scope, rider }) => ({
    url: `/api/app/riders/${await rider(scope === 'own' ? caller : someoneElse(caller))}`,
    payload: { name: reason, heightCm: 175 },
  }),
  'DELETE /api/app/riders/:id': async ({ caller, scope, rider }) => ({
    url: `/api/app/riders/${await rider(scope === 'own' ? caller : someoneElse(caller))}`,
  }),
  'PUT /api/app/my-addresses/:id': async ({ scope, address }) => ({
    url: `/api/app/my-addresses/${await address(scope)}`,
    payload: { label: reason, address: reason },
  }),
  'DELETE /api/app/my-addresses/:id': async ({ scope, address }) => ({
    url: `/api/app/my-addresses/${await address(scope)}`,
  }),

  'GET /api/app/payments/checkout/:orderId': ({ side }) => ({
    url: `/api/app/payments/checkout/${side.order.id}`,
  }),
  'GET /api/app/orders/bill/:billId/payment-status': ({ side }) => ({
    url: `/api/app/orders/bill/${side.bill}/payment-status`,
  }),
  // Given back already: nothing more to send.
  'POST /api/app/payments/refund': ({ side }) => ({
    url: `/api/app/payments/refund?billId=${side.refundBill}`,
  }),
  'POST /api/payments/notify/:provider': () => ({ url: '/api/payments/notify/nobody' }),
  'GET /api/payments/sandbox/cashier/:outTradeNo': () => ({
    url: `/api/payments/sandbox/cashier/${UNKNOWN_TRADE}`,
  }),
  'POST /api/payments/sandbox/cashier/:outTradeNo/pay': () => ({
    url: `/api/payments/sandbox/cashier/${UNKNOWN_TRADE}/pay`,
  }),
  'POST /api/payments/sandbox/cashier/:outTradeNo/fail': () => ({
    url: `/api/payments/sandbox/cashier/${UNKNOWN_TRADE}/fail`,
  }),

  'GET /api/app/finance/summary': ({ side }) => ({
    url: `/api/app/finance/summary?storeId=${side.storeId}&from=${weekAgo}&to=${today}`,
  }),
  'GET /api/app/finance/agents': ({ side }) => ({
    url: `/api/app/finance/agents?storeId=${side.storeId}&from=${weekAgo}&to=${today}`,
  }),
  'GET /api/app/finance/bills': ({ side }) => ({
    url: `/api/app/finance/bills?storeId=${side.storeId}&from=${weekAgo}&to=${today}`,
  }),
  'GET /api/app/finance/export.csv': ({ side }) => ({
    url: `/api/app/finance/export.csv?storeId=${side.storeId}&from=${weekAgo}&to=${today}`,
  }),

  // An unknown permission: 400 once the caller may change roles, nothing stored.
  'PUT /api/app/roles/:name/permissions': () => ({
    url: '/api/app/roles/Driver/permissions',
    payload: { permissions: ['SnowGearSmartStore.NoSuchPermission'] },
  }),
  'GET /api/app/audit-log': ({ side }) => ({
    url: `/api/app/audit-log?storeId=${side.storeId}&from=${weekAgo}&to=${today}`,
  }),
  'GET /api/app/audit-log/export.csv': ({ side }) => ({
    url: `/api/app/audit-log/export.csv?storeId=${side.storeId}&from=${weekAgo}&to=${today}`,
  }),
  'GET /api/app/finance/shift-close': ({ side }) => ({
    url: `/api/app/finance/shift-close?storeId=${side.storeId}&date=${today}`,
  }),

  'GET /api/app/help/articles/search': () => ({ url: '/api/app/help/articles/search?keyword=雪' }),
  'GET /api/app/help/articles/:id': ({ fx }) => ({ url: `/api/app/help/articles/${fx.articleId}` }),
  'POST /api/app/help/articles/:id/feedback': ({ fx }) => ({
    url: `/api/app/help/articles/${fx.articleId}/feedback`,
    payload: {},
  }),

  // The catalogue: names in use (409), the attribute enabled already, ids that fail validation.
  'POST /api/app/catalogue/categories': () => ({
    url: '/api/app/catalogue/categories',
    payload: { name: '双板滑雪板', sizeKind: 'LargeEquipment' },
  }),
  'POST /api/app/catalogue/categories/reorder': () => ({
    url: '/api/app/catalogue/categories/reorder',
    payload: { ids: [NIL] },
  }),
  'GET /api/app/catalogue/categories/:id': () => ({ url: '/api/app/catalogue/categories/x' }),
  'PUT /api/app/catalogue/categories/:id': () => ({
    url: `/api/app/catalogue/categories/${NIL}`,
    payload: { name: '双板滑雪板', sizeKind: 'LargeEquipment' },
  }),
  'DELETE /api/app/catalogue/categories/:id': () => ({ url: '/api/app/catalogue/categories/x' }),
  'POST /api/app/catalogue/attributes': () => ({
    url: '/api/app/catalogue/attributes',
    payload: { categoryId: null, displayName: '颜色', kind: 'text' },
  }),
  'PUT /api/app/catalogue/attributes/:id': ({ fx }) => ({
    url: `/api/app/catalogue/attributes/${fx.attributeId}`,
    payload: {},
  }),
  'POST /api/app/catalogue/attributes/:id/enable': ({ fx }) => ({
    url: `/api/app/catalogue/attributes/${fx.attributeId}/enable`,
  }),
  'POST /api/app/catalogue/attributes/:id/disable': () => ({
    url: '/api/app/catalogue/attributes/x/disable',
  }),
  'DELETE /api/app/catalogue/attributes/:id': () => ({ url: '/api/app/catalogue/attributes/x' }),

  // Help articles: a slug in use (409), the article published already, ids that fail validation.
  'POST /api/app/help/admin/articles': () => ({
    url: '/api/app/help/admin/articles',
    payload: {
      slug: 'customer-how-to-book',
      audience: 'customer',
      language: 'zh-CN',
      title: reason,
      body: reason,
    },
  }),
  'GET /api/app/help/admin/articles/:id': ({ fx }) => ({
    url: `/api/app/help/admin/articles/${fx.articleId}`,
  }),
  'PUT /api/app/help/admin/articles/:id': ({ fx }) => ({
    url: `/api/app/help/admin/articles/${fx.articleId}`,
    payload: {},
  }),
  'POST /api/app/help/admin/articles/:id/publish': ({ fx }) => ({
    url: `/api/app/help/admin/articles/${fx.articleId}/publish`,
  }),
  'POST /api/app/help/admin/articles/:id/unpublish': () => ({
    url: '/api/app/help/admin/articles/x/unpublish',
  }),
  'DELETE /api/app/help/admin/articles/:id': () => ({ url: '/api/app/help/admin/articles/x' }),
};

/** Without a recipe: every parameter an unknown id, and `{}` as the body of a POST or PUT. */
function defaultCall(method: string, path: string): Call {
  const url = path.replace(/:\w+/g, NIL);
  return method === 'POST' || method === 'PUT' ? { url, payload: {} } : { url };
}

/** The table's lines by the first segment of their path after `/api/app/` (or `/` elsewhere). */
function areas(rows: Map<string, Row>): { area: string; routesOfArea: Row[] }[] {
  const byArea = new Map<string, Row[]>();
  for (const row of rows.values()) {
    const path = row.key.split(' ')[1] ?? '';
    const area = /^\/api\/app\/([^/]+)/.exec(path)?.[1] ?? '/';
    byArea.set(area, [...(byArea.get(area) ?? []), row]);
  }
  return [...byArea].map(([area, routesOfArea]) => ({ area, routesOfArea }));
}

/** The routes the table must cover: all but a HEAD route mirroring a GET with the same access. */
function routesToCover(table: TestApp['app']['routeAccessTable']): string[] {
  const get = new Map(table.filter((r) => r.method === 'GET').map((r) => [r.url, r.access]));
  return table
    .filter(
      (r) =>
        r.method !== 'HEAD' ||
        !get.has(r.url) ||
        JSON.stringify(get.get(r.url)) !== JSON.stringify(r.access),
    )
    .map((r) => `${r.method} ${r.url}`);
}

describe('authorization matrix: every route, every caller', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Partial<Record<Caller, string>> = {};
  let fx: Fixtures;
  const { rows, problems: tableProblems } = parseMatrix(ACCESS_MATRIX);

  const inject = (caller: Caller, method: string, call: Call) =>
    t.app.inject({
      method: method as 'GET',
      url: call.url,
      ...(call.payload ? { payload: call.payload } : {}),
      headers: {
        ...csrf,
        'accept-language': 'zh-CN',
        ...call.headers,
        ...(tokens[caller] ? { authorization: `Bearer ${tokens[caller]}` } : {}),
      },
    });

  const upload = async (owner: Caller): Promise<string> => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    const res = await uploadAs(
      t.app,
      csrf,
      tokens[owner === 'anonymous' ? 'admin' : owner]!,
      { businessType: 'Contract' },
      { name: 'matrix.pdf', bytes: pdf },
    );
    if (res.statusCode !== 201) throw new Error(`upload for ${owner}: ${res.body}`);
    return res.json<{ id: string }>().id;
  };

  const picture = async (itemId: string): Promise<string> => {
    const res = await uploadAs(
      t.app,
      csrf,
      tokens.admin!,
      { businessType: 'EquipmentImage' },
      { name: 'picture.png', bytes: await photo(8, 8, 'png') },
    );
    if (res.statusCode !== 201) throw new Error(`picture: ${res.body}`);
    const id = res.json<{ id: string }>().id;
    // As an item's edit attaches it.
    await t.database.db.insert(equipmentImages).values({ equipmentId: itemId, fileId: id });
    await t.database.db.update(files).set({ businessEntityId: itemId }).where(eq(files.id, id));
    return id;
  };

  const kept = new Map<string, string>();
  const keptPhoto = async (orderId: string): Promise<string> => {
    const known = kept.get(orderId);
    if (known) return known;
    const res = await uploadAs(
      t.app,
      csrf,
      tokens.admin!,
      { businessType: 'DeliveryPhoto' },
      { name: 'door.png', bytes: await photo(8, 8, 'png') },
    );
    if (res.statusCode !== 201) throw new Error(`delivery photo: ${res.body}`);
    const id = res.json<{ id: string }>().id;
    // As the hand-over keeps it with the order.
    await t.database.db.update(files).set({ businessEntityId: orderId }).where(eq(files.id, id));
    kept.set(orderId, id);
    return id;
  };

  const rider = async (owner: Caller): Promise<string> => {
    const who = owner === 'anonymous' ? 'admin' : owner;
    // Each owner keeps at most 10: the matrix's own riders go once used.
    const mine = await inject(who, 'GET', { url: '/api/app/riders' });
    for (const { id } of mine.json<{ items: { id: string }[] }>().items)
      await inject(who, 'DELETE', { url: `/api/app/riders/${id}` });
    const res = await inject(who, 'POST', { url: '/api/app/riders', payload: { name: reason } });
    if (res.statusCode !== 201) throw new Error(`rider for ${owner}: ${res.body}`);
    return res.json<{ id: string }>().id;
  };

  // Another customer, whose addresses are 'other' to the customer.
  let otherCustomerToken = '';
  const address = async (scope: Scope): Promise<string> => {
    const token = scope === 'own' ? tokens.customer : otherCustomerToken;
    const call = (method: string, url: string, payload?: object) =>
      t.app.inject({
        method: method as 'GET',
        url,
        ...(payload ? { payload } : {}),
        headers: { ...csrf, authorization: `Bearer ${token}` },
      });
    // Each customer keeps at most 20: the matrix's own addresses go once used.
    const mine = await call('GET', '/api/app/my-addresses');
    for (const { id } of mine.json<{ items: { id: string }[] }>().items)
      await call('DELETE', `/api/app/my-addresses/${id}`);
    const res = await call('POST', '/api/app/my-addresses', { address: reason });
    if (res.statusCode !== 201) throw new Error(`address (${scope}): ${res.body}`);
    return res.json<{ id: string }>().id;
  };

  beforeAll(async () => {
    // The admin uploads a fresh picture for each caller of each file route.
    t = await createTestApp({ settings: { FILE_UPLOADS_PER_USER_PER_MINUTE: '1000' } });
    csrf = await verificationHeaders(t.app);
    Object.assign(
      tokens,
      await signIn(t.app, csrf, ['driver', 'agent', 'employee', 'manager', 'admin']),
    );
    tokens.customer = await customerToken(t);
    const other = await phoneSignIn(t, csrf, { phoneNumber: '13700000901', realName: '权限矩阵' });
    otherCustomerToken = other.json<{ accessToken: string }>().accessToken;
    fx = await loadFixtures(t, async (storeId, userName) => {
      const fields = { name: userName, roles: ['StoreEmployee'], primaryStoreId: storeId };
      const res = await inject('admin', 'POST', {
        url: '/api/app/employees',
        payload: { ...fields, userName, password: PASSWORD },
      });
      if (res.statusCode !== 201) throw new Error(`employee ${userName}: ${res.body}`);
      return { id: res.json<{ id: string }>().id, fields };
    });
    const storeId = fx.stores.own.storeId;
    const saved = await inject('customer', 'POST', {
      url: '/api/app/schemes',
      payload: {
        name: reason,
        cart: { storeId, rentalStartTime: later(10), days: 1, lines: [] },
      },
    });
    if (saved.statusCode !== 201) throw new Error(`scheme: ${saved.body}`);
    fx.schemeId = saved.json<{ id: string }>().id;
    const checkin = await inject('employee', 'POST', {
      url: '/api/app/self-checkins',
      payload: { storeId },
    });
    if (checkin.statusCode !== 201) throw new Error(`self check-in: ${checkin.body}`);
    const opened = checkin.json<{ id: string; path: string }>();
    fx.checkin = { id: opened.id, token: opened.path.split('/').pop()! };
  });
  afterAll(() => t.close());

  it('declares an answer for every route, and none for a route that is gone', () => {
    const routes = routesToCover(t.app.routeAccessTable);
    const problems = [...tableProblems];
    for (const route of routes)
      if (!rows.has(route))
        problems.push(`${route}: no line in ${TABLE_FILE}; declare what each caller gets`);
    for (const key of rows.keys())
      if (!routes.includes(key))
        problems.push(`${key}: no such route any more; remove its line from ${TABLE_FILE}`);
    for (const row of rows.values())
      if (row.perStore && !RECIPES[row.key])
        problems.push(
          `${row.key}: answers per store, so give it a recipe in access-matrix.test.ts that calls it for a resource of each`,
        );
    for (const key of Object.keys(RECIPES))
      if (!routes.includes(key)) problems.push(`${key}: a recipe for a route that is gone`);
    expect(problems, problems.join('\n')).toEqual([]);
  });

  // One test per area of the API, so that each stays short on a busy machine and a failure names
  // its area; the test above reports a line whose route is gone.
  it.each(areas(rows))(
    'gives every caller the declared answer: $area',
    async ({ routesOfArea }) => {
      const routes = new Set(routesToCover(t.app.routeAccessTable));
      const differences: string[] = [];
      for (const row of routesOfArea) {
        if (!routes.has(row.key)) continue;
        const [method = '', path = ''] = row.key.split(' ');
        const recipe = RECIPES[row.key] ?? (() => defaultCall(method, path));
        const actual: string[] = [];
        const wrong: string[] = [];
        for (const caller of CALLERS) {
          const expected = row.cells[caller];
          const got: string[] = [];
          for (const scope of row.perStore ? SCOPES : SCOPES.slice(0, 1)) {
            const side =
              caller === 'customer' && scope === 'own'
                ? { ...fx.stores.own, ...fx.customer }
                : fx.stores[scope];
            const call = await recipe({
              caller,
              scope,
              side,
              fx,
              upload,
              picture,
              keptPhoto,
              rider,
              address,
            });
            const res = await inject(caller, method, call);
            const answer = classify(res);
            got.push(answer);
            const want = expected?.[scope === 'own' ? 0 : 1];
            if (want && answer !== want) {
              const where = row.perStore
                ? `, ${scope === 'own' ? 'own store' : 'another store'}`
                : '';
              wrong.push(
                `  ${caller}${where}: expected ${want}, got ${answer} ` +
                  `(${[res.statusCode, errorCode(res)].filter(Boolean).join(' ')})`,
              );
            }
          }
          actual.push(got[0] === got[1] || got.length === 1 ? got[0]! : got.join('/'));
        }
        if (wrong.length > 0)
          differences.push(
            [
              row.key,
              ...wrong,
              `  the line as it answers now: ${row.key}  ${actual.join(' ')}`,
            ].join('\n'),
          );
      }
      const report =
        `${differences.length} route(s) answer differently from ${TABLE_FILE}. Fix the code, or ` +
        `if the new answer is intended, change the line:\n\n${differences.join('\n\n')}`;
      expect(differences, report).toEqual([]);
    },
  );
});

/** The demo data this test calls with: 万龙雪场店 is the callers' own store, 云顶夜场店 another. */
async function loadFixtures(
  t: TestApp,
  makeEmployee: (storeId: string, userName: string) => Promise<Side['employee']>,
): Promise<Fixtures> {
  const { db } = t.database;
  const storeIds = await storeIdsByName(t.app);
  const one = async <T>(what: string, rows: Promise<T[]>): Promise<T> => {
    const [row] = await rows;
    if (!row) throw new Error(`the demo data has no ${what}`);
    return row;
  };
  const paidBill = (kind: BillKind, where: ReturnType<typeof and>) =>
    db
      .select({ id: bills.id, orderId: orders.id, orderNumber: orders.orderNumber })
      .from(bills)
      .innerJoin(orders, eq(orders.id, bills.orderId))
      .where(and(eq(bills.kind, kind), eq(bills.status, BillStatus.Paid), where))
      .orderBy(asc(orders.orderNumber))
      .limit(1);
  const item = (storeId: string, status: number) =>
    db
      .select({ id: equipment.id, barcode: equipment.barcodeNumber })
      .from(equipment)
      .where(and(eq(equipment.storeId, storeId), eq(equipment.status, status)))
      .orderBy(asc(equipment.barcodeNumber))
      .limit(1);

  const side = async (storeName: string, employeeName: string): Promise<Side> => {
    const storeId = storeIds[storeName];
    if (!storeId) throw new Error(`no store ${storeName}`);
    const counterOrder = await one(
      `paid counter order at ${storeName}`,
      paidBill(
        BillKind.Payment,
        and(
          eq(orders.storeId, storeId),
          eq(orders.status, OrderStatus.Completed),
          eq(orders.deliveryMethod, DeliveryMethod.SelfPickup),
          eq(bills.method, 'cash'),
        ),
      ),
    );
    const refund = await one(
      `refund given back at ${storeName}`,
      paidBill(BillKind.Refund, eq(orders.storeId, storeId)),
    );
    const busyItem = await one(`gear out at ${storeName}`, item(storeId, EquipmentStatus.InUse));
    const lock = await one(
      `order lock at ${storeName}`,
      db
        .select({ id: equipmentUnavailableTimes.id })
        .from(equipmentUnavailableTimes)
        .where(
          and(
            eq(equipmentUnavailableTimes.equipmentId, busyItem.id),
            eq(equipmentUnavailableTimes.source, 'order'),
          ),
        ),
    );
    return {
      storeId,
      order: { id: counterOrder.orderId, orderNumber: counterOrder.orderNumber },
      bill: counterOrder.id,
      refundBill: refund.id,
      item: await one(`gear in stock at ${storeName}`, item(storeId, EquipmentStatus.Available)),
      busyItem,
      orderLock: lock.id,
      small: await one(
        `small equipment at ${storeName}`,
        db
          .select({ id: smallEquipmentStock.id, name: smallEquipmentStock.name })
          .from(smallEquipmentStock)
          .where(eq(smallEquipmentStock.storeId, storeId))
          .limit(1),
      ),
      employee: await makeEmployee(storeId, employeeName),
    };
  };

  const own = await side('万龙雪场店', 'matrix-wl');
  const other = await side('云顶夜场店', 'matrix-yd');
  const me = (
    await t.app.inject({
      url: '/api/app/account/my-profile',
      headers: { authorization: `Bearer ${await customerToken(t)}` },
    })
  ).json<{ id: string }>();
  const mine = await one(
    "the customer's paid order",
    paidBill(BillKind.Payment, eq(orders.customerId, me.id)),
  );
  return {
    stores: { own, other },
    // Another store's order is another customer's too.
    customer: { order: { id: mine.orderId, orderNumber: mine.orderNumber }, bill: mine.id },
    attributeId: (
      await one('attribute', db.select({ id: attributeDefinitions.id }).from(attributeDefinitions))
    ).id,
    articleId: (await one('help article', db.select({ id: helpArticles.id }).from(helpArticles)))
      .id,
    schemeId: '',
    checkin: { id: '', token: '' },
  };
}
