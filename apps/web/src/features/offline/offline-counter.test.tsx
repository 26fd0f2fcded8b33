import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Order, OrderCreate, PagedResult } from '@snowgear/contracts';
import { useAppStore } from '@/features/app-state/stores/app-store';
import { loginWithPassword, useSession } from '@/features/auth/stores/session-store';
import { createOrQueueOrder } from '@/features/orders/api/order-create';
import { useConfirmCash } from '@/features/orders/api/order-actions';
import { CashPending } from '@/features/orders/components/cash-pending';
import {
  EMPTY_DRAFT,
  loadOrderDraft,
  saveOrderDraft,
  clearOrderDraft,
} from '@/features/orders/utils/order-create-form';
import { reopenQueuedDraft, useCreatedOffline } from './queued-order';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { newGear } from '@/test/gear';
import { storeMorning } from '@/test/store-time';
import { counterOrder, currentAgreementVersion } from '@/test/counter-order';
import { photoBlob } from '@/test/photo';
import { offlineDb, resetOfflineDbForTests, type QueuedRequest } from './offline-db';
import { mergeWrites } from './offline-merge';
import { flushQueue, sendOrQueue } from './offline-queue';
import { startOfflineSync } from './offline-sync';
import { useQueueStore } from './stores/queue-store';
import { emptyIndexedDb } from '@/test/indexed-db';

/** The customer's finger signature under the current agreement, as the create page keeps it. */
async function drawnSignature() {
  return { version: await currentAgreementVersion(), blob: photoBlob() };
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
}
const queued = async () => (await offlineDb()).getAllFromIndex('requests', 'createdAt');
/** The page reloaded: a new connection to the phone's store, which still holds the queue. */
const reload = () => resetOfflineDbForTests();

const storeId = () => useSession.getState().user!.primaryStoreId!;
const userId = () => useSession.getState().user!.id;

/** A counter order for the test's own poles, from tomorrow 10:00 for a day. */
function orderInput(gear: { id: string }[], phone: string, name: string): OrderCreate {
  return {
    storeId: storeId(),
    customerName: name,
    customerPhone: phone,
    rentalStartTime: storeMorning(1),
    rentalEndTime: storeMorning(2),
    items: gear.map((g) => ({ equipmentId: g.id })),
  };
}

const ordersOf = async (phone: string) =>
  (await api.get<PagedResult<Order>>('/app/orders', { params: { keyword: phone } })).items;

/** A paid order of the test's own poles, started an hour ago. */
async function paidOrder(phone: string) {
  const gear = await newGear(storeId(), '雪杖', '离线合并雪杖', 'OM');
  const start = Date.now() - 60_000; // now: an order is never backdated
  const order = await counterOrder({
    storeId: storeId(),
    customerName: '离线合并',
    customerPhone: phone,
    rentalStartTime: new Date(start).toISOString(),
    rentalEndTime: new Date(start + 86_400_000).toISOString(),
    items: gear.map((g) => ({ equipmentId: g.id })),
  });
  for (const bill of order.bills) {
    await api.post(`/app/orders/confirm-cash-received?billId=${bill.id}`);
  }
  return { order, gear };
}

describe('counter work kept offline (real server)', () => {
  let stop: () => void = () => undefined;
  beforeEach(async () => {
    emptyIndexedDb();
    reload();
    await changeLanguage('zh-CN');
    await loginWithPassword({
      userNameOrEmailAddress: 'employee',
      password: '1q2w3E*',
      rememberMe: false,
    });
    setOnline(true);
    stop = startOfflineSync(createQueryClient());
  });
  afterEach(() => {
    stop();
    cleanup();
    setOnline(true);
    clearOrderDraft(userId());
  });

  it('creates an order made offline once the network is back, once, and clears its draft then', async () => {
    const gear = await newGear(storeId(), '雪杖', '离线开单雪杖', 'OC');
    const phone = `139${String(Date.now()).slice(-8)}`;
    const draft = { ...EMPTY_DRAFT, customerName: '离线开单', customerPhone: phone };
    saveOrderDraft(userId(), draft);
    const signature = await drawnSignature();

    setOnline(false);
    expect(await createOrQueueOrder(orderInput(gear, phone, '离线开单'), signature)).toEqual({
      queued: true,
    });
    // Tapped again while it waits: still one order to send.
    expect(await createOrQueueOrder(orderInput(gear, phone, '离线开单'), signature)).toEqual({
      queued: true,
    });
    reload();
    const [entry, ...rest] = await queued();
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      kind: 'orderCreate',
      state: 'waiting',
      label: '新订单 离线开单 · 2 件',
    });
    // Nothing reached the server, and the draft is kept until the order exists.
    expect(await ordersOf(phone)).toEqual([]);
    expect(loadOrderDraft(userId())).toMatchObject({ customerName: '离线开单' });

    setOnline(true);
    await flushQueue();
    await flushQueue();
    const made = await ordersOf(phone);
    expect(made).toHaveLength(1);
    expect((await api.get<Order>(`/app/orders/${made[0]!.id}`)).items).toHaveLength(2);
    expect(await queued()).toEqual([]);
    // The clerk is told, the draft is gone, and the new-order page is sent to the order.
    expect(useAppStore.getState().success.text).toBe(
      `离线保存的订单已创建：${made[0]!.orderNumber}`,
    );
    expect(loadOrderDraft(userId())).toBeNull();
    expect(useCreatedOffline.getState().latest).toEqual({
      orderId: made[0]!.id,
      draftCleared: true,
    });
  });

  it('keeps the customer’s signature with an order made offline, uploads it first when the network is back, and the order carries it', async () => {
    const gear = await newGear(storeId(), '雪杖', '离线签名雪杖', 'OS');
    const phone = `134${String(Date.now()).slice(-8)}`;
    const signature = await drawnSignature();

    setOnline(false);
    expect(await createOrQueueOrder(orderInput(gear, phone, '离线签名'), signature)).toEqual({
      queued: true,
    });
    reload();
    const [entry] = await queued();
    expect(entry!.attachments).toHaveLength(1);
    expect(await ordersOf(phone)).toEqual([]);

    setOnline(true);
    await flushQueue();
    const [made] = await ordersOf(phone);
    const order = await api.get<Order>(`/app/orders/${made!.id}`);
    expect(order).toMatchObject({ agreementVersion: signature.version });
    expect(order.agreementSignatureId).toEqual(expect.any(String));
  });

  it('keeps an order refused on arrival (its item taken meanwhile) with the server’s words, and opens its draft again', async () => {
    const gear = await newGear(storeId(), '雪杖', '离线冲突雪杖', 'OX', { count: 1 });
    const phone = `138${String(Date.now()).slice(-8)}`;
    saveOrderDraft(userId(), { ...EMPTY_DRAFT, customerName: '离线冲突', customerPhone: phone });
    const signature = await drawnSignature();

    setOnline(false);
    expect(await createOrQueueOrder(orderInput(gear, phone, '离线冲突'), signature)).toEqual({
      queued: true,
    });
    // Meanwhile another phone books the same pole for the same days.
    setOnline(true);
    await counterOrder(orderInput(gear, '13700009999', '别的客人'));
    clearOrderDraft(userId());
    await flushQueue();

    const [conflict] = await queued();
    expect(conflict).toMatchObject({ kind: 'orderCreate', state: 'conflict' });
    expect(conflict!.problem).toContain(gear[0]!.barcodeNumber);
    expect(await ordersOf(phone)).toEqual([]);
    await waitFor(() =>
      expect(useQueueStore.getState().entries.map((e) => e.state)).toEqual(['conflict']),
    );
    // "Open the draft again" brings the form back as it was sent.
    expect(reopenQueuedDraft(conflict!)).toBe(true);
    expect(loadOrderDraft(userId())).toMatchObject({
      customerName: '离线冲突',
      customerPhone: phone,
    });
  });

  it('takes cash offline: the page says it is in and waiting, through a reload, and it is sent once', async () => {
    const gear = await newGear(storeId(), '雪杖', '离线收款雪杖', 'OP', { count: 1 });
    const phone = `137${String(Date.now()).slice(-8)}`;
    const order = await counterOrder(orderInput(gear, phone, '离线收款'));
    const bill = order.bills.find((b) => b.status === 'pending')!;
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );

    setOnline(false);
    const { result } = renderHook(() => useConfirmCash(), { wrapper });
    const cash = { billId: bill.id, orderId: order.id, label: '收现金' };
    let outcome: Awaited<ReturnType<typeof result.current.mutateAsync>> | undefined;
    await act(async () => {
      outcome = await result.current.mutateAsync(cash);
      // Confirmed twice by an impatient tap: one write waits.
      await result.current.mutateAsync(cash);
    });
    expect(outcome).toEqual({ queued: true });
    expect(await queued()).toHaveLength(1);

    // After a reload the page still says so, and does not ask for the cash again.
    reload();
    stop();
    stop = startOfflineSync(client);
    render(<CashPending orderId={order.id} />, { wrapper });
    expect(await screen.findByText('已收现金，待同步')).toBeTruthy();
    expect((await api.get<Order>(`/app/orders/${order.id}`)).bills[0]!.status).toBe('pending');

    setOnline(true);
    await act(async () => {
      await flushQueue();
    });
    await waitFor(() => expect(screen.queryByText('已收现金，待同步')).toBeNull());
    const paid = await api.get<Order>(`/app/orders/${order.id}`);
    expect(paid.bills.filter((b) => b.status === 'paid').map((b) => b.id)).toEqual([bill.id]);
  });

  it('merges two handovers of the same order queued offline into one, sent once', async () => {
    const { order, gear } = await paidOrder(`136${String(Date.now()).slice(-8)}`);
    const url = `/app/orders/${order.id}/handover`;
    const handover = (barcodes: string[]) =>
      sendOrQueue<Order>({
        method: 'POST',
        url,
        body: { barcodes },
        kind: 'orderAction',
        label: `交付 ${order.orderNumber} · ${barcodes.length}`,
      });
    setOnline(false);
    await handover([gear[0]!.barcodeNumber]);
    await handover([gear[0]!.barcodeNumber, gear[1]!.barcodeNumber]);
    await handover([gear[1]!.barcodeNumber]);
    const entries = await queued();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      label: `交付 ${order.orderNumber} · 2`,
      body: { barcodes: [gear[0]!.barcodeNumber, gear[1]!.barcodeNumber] },
    });

    setOnline(true);
    await flushQueue();
    expect(await queued()).toEqual([]);
    const after = await api.get<Order>(`/app/orders/${order.id}`);
    expect(after.status).toBe(5);
    expect(after.items.every((i) => i.equipmentId)).toBe(true);
  });

  it('merges two return check-ins of the same order, the later choice winning for an item', async () => {
    const { order, gear } = await paidOrder(`135${String(Date.now()).slice(-8)}`);
    const out = await api.post<Order>(`/app/orders/${order.id}/handover`, {
      barcodes: gear.map((g) => g.barcodeNumber),
    });
    const [first, second] = out.items;
    const checkIn = (items: { orderItemId: string; state: string; damageFee: number }[]) =>
      sendOrQueue<Order>({
        method: 'POST',
        url: `/app/orders/${order.id}/return`,
        body: { items },
        kind: 'orderAction',
        label: `归还验收 ${order.orderNumber} · ${items.length}`,
      });
    setOnline(false);
    await checkIn([{ orderItemId: first!.id, state: 'returned', damageFee: 0 }]);
    await checkIn([
      { orderItemId: first!.id, state: 'damaged', damageFee: 30 },
      { orderItemId: second!.id, state: 'returned', damageFee: 0 },
    ]);
    const entries = await queued();
    expect(entries).toHaveLength(1);
    expect((entries[0]!.body as { items: unknown[] }).items).toEqual([
      { orderItemId: first!.id, state: 'damaged', damageFee: 30 },
      { orderItemId: second!.id, state: 'returned', damageFee: 0 },
    ]);

    setOnline(true);
    await flushQueue();
    expect(await queued()).toEqual([]);
    const after = await api.get<Order>(`/app/orders/${order.id}`);
    expect(after.items.find((i) => i.id === first!.id)?.returnState).toBe('damaged');
    expect(after.items.find((i) => i.id === second!.id)?.returnState).toBe('returned');
  });
});

describe('merging queued writes', () => {
  const entry = (patch: Partial<QueuedRequest>): QueuedRequest => ({
    key: 'k1',
    userId: 'u1',
    method: 'POST',
    url: '/app/orders/o1/handover',
    body: { barcodes: ['A'] },
    kind: 'orderAction',
    label: '交付 1 · 1',
    createdAt: 1,
    state: 'waiting',
    ...patch,
  });

  it('never changes a write already sent once: the server may have applied it under its key', () => {
    const sent = entry({ tried: true });
    expect(mergeWrites(sent, entry({ key: 'k2', body: { barcodes: ['B'] } }))).toBeNull();
    // The same barcodes again are still the same handover.
    expect(mergeWrites(sent, entry({ key: 'k2', body: { barcodes: ['a'] } }))).toBe('same');
  });

  it('keeps writes of other orders, users or kinds apart', () => {
    const waiting = entry({});
    expect(mergeWrites(waiting, entry({ url: '/app/orders/o2/handover' }))).toBeNull();
    expect(mergeWrites(waiting, entry({ userId: 'u2' }))).toBeNull();
    expect(mergeWrites(entry({ state: 'conflict' }), entry({}))).toBeNull();
  });

  it('moves a return’s photo still to upload with its line', () => {
    const photo = { bytes: new ArrayBuffer(1), type: 'image/jpeg', fileName: 'd.jpg' };
    const waiting = entry({
      url: '/app/orders/o1/return',
      body: { items: [{ orderItemId: 'i1' }, { orderItemId: 'i2' }] },
      attachments: [{ ...photo, field: 'items.1.photoFileId', businessType: 'DamagePhoto' }],
    });
    const next = entry({
      key: 'k2',
      url: '/app/orders/o1/return',
      body: { items: [{ orderItemId: 'i1', state: 'damaged' }] },
      attachments: [{ ...photo, field: 'items.0.photoFileId', businessType: 'DamagePhoto' }],
    });
    const merged = mergeWrites(waiting, next);
    expect(merged).not.toBe('same');
    const m = merged as QueuedRequest;
    expect(m.body).toEqual({
      items: [{ orderItemId: 'i2' }, { orderItemId: 'i1', state: 'damaged' }],
    });
    expect(m.attachments?.map((a) => a.field)).toEqual([
      'items.0.photoFileId',
      'items.1.photoFileId',
    ]);
  });
});
