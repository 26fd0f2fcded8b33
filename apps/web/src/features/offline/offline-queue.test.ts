import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  BatchStockResult,
  Equipment,
  OperationHistory,
  PagedResult,
} from '@snowgear/contracts';
import { loginWithPassword, useSession } from '@/features/auth/stores/session-store';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import {
  recallEquipment,
  rememberChange,
  rememberEquipment,
  rememberedAt,
} from './equipment-memory';
import { photoBlob } from '@/test/photo';
import { offlineDb, resetOfflineDbForTests } from './offline-db';
import { configureOfflineQueue, flushQueue, newIdempotencyKey, sendOrQueue } from './offline-queue';
import { emptyIndexedDb } from '@/test/indexed-db';

/** Poles of the employee's store that nothing holds: this test's own. */
async function newPoles(count: number): Promise<Equipment[]> {
  const storeId = useSession.getState().user!.primaryStoreId!;
  const { items: categories } = await api.get<{ items: { id: string; name: string }[] }>(
    '/app/equipment/categories',
  );
  const poles = categories.find((c) => c.name === '雪杖')!.id;
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const made: Equipment[] = [];
  for (let n = 0; n < count; n++) {
    made.push(
      await api.post<Equipment>('/app/equipment', {
        storeId,
        categoryId: poles,
        name: `离线队列测试雪杖 ${n + 1}`,
        barcodeNumber: `OQ-${stamp}-${n + 1}`,
        dailyRentPrice: 10,
        deposit: 100,
      }),
    );
  }
  return made;
}

const statusOf = async (id: string) => (await api.get<Equipment>(`/app/equipment/${id}`)).status;
const history = async (id: string) =>
  (
    await api.get<PagedResult<OperationHistory>>(
      `/app/equipment/equipment-operation-history/${id}`,
      { params: { maxResultCount: 50 } },
    )
  ).items
    .map((h) => h.operation)
    .filter((operation) => operation !== 'create');

const checkOut = (items: Equipment[], label = 'out') =>
  sendOrQueue<BatchStockResult>({
    method: 'POST',
    url: '/app/equipment/batch-stock-out',
    body: {
      equipmentIds: items.map((e) => e.id),
      reason: '团体订单',
      remarks: '',
      otherStoreAcknowledged: false,
      unavailableStartTime: new Date(Date.now() + 3_600_000).toISOString(),
      unavailableEndTime: new Date(Date.now() + 86_400_000).toISOString(),
    },
    kind: 'batchStock',
    label,
  });
const checkIn = (items: Equipment[], label = 'in') =>
  sendOrQueue<BatchStockResult>({
    method: 'POST',
    url: '/app/equipment/batch-stock-in',
    body: {
      equipmentIds: items.map((e) => e.id),
      reason: '租赁归还',
      remarks: '',
      otherStoreAcknowledged: false,
      shouldClearManualUnavailableTime: true,
    },
    kind: 'batchStock',
    label,
  });

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
}
const queued = async () => (await offlineDb()).getAllFromIndex('requests', 'createdAt');

describe('the offline queue (real server)', () => {
  let applied = 0;
  beforeEach(async () => {
    emptyIndexedDb();
    resetOfflineDbForTests();
    await changeLanguage('zh-CN');
    await loginWithPassword({
      userNameOrEmailAddress: 'employee',
      password: '1q2w3E*',
      rememberMe: false,
    });
    applied = 0;
    configureOfflineQueue({
      userId: () => useSession.getState().user?.id ?? null,
      onApplied: () => applied++,
    });
  });
  afterEach(() => setOnline(true));

  it('keeps writes made offline and applies each once, in order, when the network returns', async () => {
    const [a, b] = await newPoles(2);
    setOnline(false);
    expect(await checkOut([a!, b!])).toEqual({ queued: true });
    expect(await checkIn([a!])).toEqual({ queued: true });
    expect((await queued()).map((e) => [e.label, e.state])).toEqual([
      ['out', 'waiting'],
      ['in', 'waiting'],
    ]);
    // Nothing reached the server.
    expect(await statusOf(a!.id)).toBe(0);

    setOnline(true);
    const answers = await flushQueue();
    expect(answers.size).toBe(2);
    expect(applied).toBe(1);
    expect(await queued()).toEqual([]);
    expect(await statusOf(a!.id)).toBe(0);
    expect(await statusOf(b!.id)).toBe(1);
    expect(await history(a!.id)).toEqual(['stockIn', 'stockOut']);
    expect(await history(b!.id)).toEqual(['stockOut']);
  });

  it('sends a write whose answer was lost under the same key: the server applies it once', async () => {
    const [a] = await newPoles(1);
    const key = newIdempotencyKey();
    const body = {
      equipmentIds: [a!.id],
      reason: '团体订单',
      remarks: '',
      otherStoreAcknowledged: false,
      unavailableStartTime: new Date(Date.now() + 3_600_000).toISOString(),
      unavailableEndTime: new Date(Date.now() + 86_400_000).toISOString(),
    };
    // The first attempt reached the server; its answer never reached the phone.
    await api.post('/app/equipment/batch-stock-out', body, { idempotencyKey: key });
    await (
      await offlineDb()
    ).put('requests', {
      key,
      userId: useSession.getState().user!.id,
      method: 'POST',
      url: '/app/equipment/batch-stock-out',
      body,
      kind: 'batchStock',
      label: 'out',
      createdAt: Date.now(),
      state: 'waiting',
    });
    const answers = await flushQueue();
    expect((answers.get(key) as BatchStockResult).succeeded).toBe(1);
    expect(await queued()).toEqual([]);
    expect(await history(a!.id)).toEqual(['stockOut']);
  });

  it('keeps a write refused on arrival as a conflict, in the server’s words, and goes on', async () => {
    const [a, b] = await newPoles(2);
    setOnline(false);
    await checkOut([a!], 'mine');
    await checkOut([b!], 'then');
    // Meanwhile another phone checks a out.
    setOnline(true);
    await api.post(`/app/equipment/stock-out/${a!.id}`, {
      reason: '租赁',
      unavailableStartTime: new Date(Date.now() + 3_600_000).toISOString(),
      unavailableEndTime: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await flushQueue();
    const [conflict, ...rest] = await queued();
    expect(rest).toEqual([]);
    expect(conflict).toMatchObject({ label: 'mine', state: 'conflict' });
    expect(conflict!.problem).toContain(a!.barcodeNumber);
    expect(await statusOf(b!.id)).toBe(1);
    expect(await history(a!.id)).toEqual(['stockOut']);
  });

  it('keeps a single operation the server refuses (4xx) as a conflict with its words', async () => {
    const [a] = await newPoles(1);
    const stockOut = {
      reason: '租赁',
      unavailableStartTime: new Date(Date.now() + 3_600_000).toISOString(),
      unavailableEndTime: new Date(Date.now() + 86_400_000).toISOString(),
    };
    setOnline(false);
    const outcome = await sendOrQueue({
      method: 'POST',
      url: `/app/equipment/stock-out/${a!.id}`,
      body: stockOut,
      kind: 'stock',
      label: 'one',
    });
    expect(outcome).toEqual({ queued: true });
    setOnline(true);
    await api.post(`/app/equipment/stock-out/${a!.id}`, stockOut);
    await flushQueue();
    const [conflict] = await queued();
    expect(conflict).toMatchObject({ label: 'one', state: 'conflict' });
    expect(conflict!.problem).toBeTruthy();
    expect(await history(a!.id)).toEqual(['stockOut']);
  });

  it('queues behind older writes online too, so that the server sees them in order', async () => {
    const [a] = await newPoles(1);
    setOnline(false);
    await checkOut([a!]);
    setOnline(true);
    // Made online while the check-out still waits: both are sent now, the check-out first.
    const outcome = await checkIn([a!]);
    expect(outcome.queued).toBe(false);
    expect(await history(a!.id)).toEqual(['stockIn', 'stockOut']);
    expect(await queued()).toEqual([]);
  });

  it('sends only the signed-in user’s writes', async () => {
    const [a] = await newPoles(1);
    setOnline(false);
    await checkOut([a!]);
    setOnline(true);
    await loginWithPassword({
      userNameOrEmailAddress: 'admin',
      password: '1q2w3E*',
      rememberMe: false,
    });
    expect((await flushQueue()).size).toBe(0);
    expect(await statusOf(a!.id)).toBe(0);
    expect(await queued()).toHaveLength(1);
  });

  it('sends once someone signs in, after a try with nobody signed in', async () => {
    const [a] = await newPoles(1);
    setOnline(false);
    await checkOut([a!]);
    setOnline(true);
    let signedIn: string | null = null;
    configureOfflineQueue({ userId: () => signedIn, onApplied: () => undefined });
    expect((await flushQueue()).size).toBe(0);
    signedIn = useSession.getState().user!.id;
    expect((await flushQueue()).size).toBe(1);
    expect(await statusOf(a!.id)).toBe(1);
  });

  it('uploads the photos a write kept offline first, and sends their ids in it', async () => {
    const storeId = useSession.getState().user!.primaryStoreId!;
    const { items: categories } = await api.get<{ items: { id: string; name: string }[] }>(
      '/app/equipment/categories',
    );
    const barcodeNumber = `OQP-${Date.now()}`;
    setOnline(false);
    const outcome = await sendOrQueue({
      method: 'POST',
      url: '/app/equipment',
      body: {
        storeId,
        categoryId: categories.find((c) => c.name === '雪杖')!.id,
        name: '离线拍照雪杖',
        barcodeNumber,
        dailyRentPrice: 10,
        deposit: 100,
        imageFileIds: [''],
      },
      kind: 'stock',
      label: 'new item',
      attachments: [
        {
          field: 'imageFileIds.0',
          blob: photoBlob(),
          fileName: 'pole.png',
          businessType: 'EquipmentImage',
        },
      ],
    });
    expect(outcome).toEqual({ queued: true });
    setOnline(true);
    await flushQueue();
    const left = await queued();
    expect(left.map((e) => [e.state, e.problem, e.attachments?.length])).toEqual([]);
    const made = await api.get<Equipment>('/app/equipment/by-barcode', {
      params: { barcodeNumber },
    });
    expect(made.imageFiles).toHaveLength(1);
  });

  it('repeats a write whose answer was lost after its photo went up with that same photo: applied once, no conflict', async () => {
    const storeId = useSession.getState().user!.primaryStoreId!;
    const { items: categories } = await api.get<{ items: { id: string; name: string }[] }>(
      '/app/equipment/categories',
    );
    const barcodeNumber = `OQL-${Date.now()}`;
    // The create reaches the server, but its answer is lost on the way back.
    const Real = globalThis.XMLHttpRequest;
    let lost = 0;
    class AnswerLost extends Real {
      private loses = false;
      override open(method: string, url: string | URL, async = true) {
        this.loses = lost === 0 && method === 'POST' && String(url).endsWith('/app/equipment');
        super.open(method, url, async);
      }
      override send(body?: Document | XMLHttpRequestBodyInit | null) {
        if (this.loses) {
          lost++;
          this.onload = () => this.onerror?.(new ProgressEvent('error'));
        }
        super.send(body);
      }
    }
    globalThis.XMLHttpRequest = AnswerLost;
    let outcome;
    try {
      outcome = await sendOrQueue<Equipment>({
        method: 'POST',
        url: '/app/equipment',
        body: {
          storeId,
          categoryId: categories.find((c) => c.name === '雪杖')!.id,
          name: '答复丢失的雪杖',
          barcodeNumber,
          dailyRentPrice: 10,
          deposit: 100,
          imageFileIds: [''],
        },
        kind: 'stock',
        label: 'new item',
        attachments: [
          {
            field: 'imageFileIds.0',
            blob: photoBlob(),
            fileName: 'pole.png',
            businessType: 'EquipmentImage',
          },
        ],
      });
    } finally {
      globalThis.XMLHttpRequest = Real;
    }
    expect(lost).toBe(1);
    // Sent again at once under its key with the same photo: the server's first answer.
    expect(outcome.queued).toBe(false);
    expect(await queued()).toEqual([]);
    const made = await api.get<Equipment>('/app/equipment/by-barcode', {
      params: { barcodeNumber },
    });
    expect(made.imageFiles).toHaveLength(1);
    expect(outcome.queued === false && outcome.result.id).toBe(made.id);
  });

  it('remembers gear seen from the server for scans offline, with when it was seen', async () => {
    const [a] = await newPoles(1);
    await rememberEquipment([a!], 1_000);
    expect(await recallEquipment(a!.barcodeNumber, 2_000)).toMatchObject({ id: a!.id, status: 0 });
    // A check-out queued offline: the next scan sees the item out.
    await rememberChange([a!.id], { status: 1 });
    const recalled = await recallEquipment(a!.barcodeNumber, 2_000);
    expect(recalled?.status).toBe(1);
    expect(rememberedAt(recalled!)).toBe(1_000);
    // A week later the memory is no guide.
    expect(await recallEquipment(a!.barcodeNumber, 1_000 + 8 * 86_400_000)).toBeNull();
  });
});
