import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkQueue } from '@/modules/files/limits.js';
import {
  callerAs,
  counterOrdersAs,
  createTestApp,
  signIn,
  storeIdsByName,
  verificationHeaders,
  type TestApp,
} from '@/testing/index.js';

const TOKEN = 'scraper-token-0123456789abcdef';
const HOUR = 3_600_000;

/** One figure of the Prometheus text, or 0 when the series is not there yet. */
function figure(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('/metrics', () => {
  let t: TestApp;
  let csrf: Record<string, string>;
  const tokens: Record<string, string> = {};
  const call = (...args: Parameters<ReturnType<typeof callerAs>>) =>
    callerAs(t.app, csrf, tokens)(...args);
  const counterOrder = (...args: Parameters<ReturnType<typeof counterOrdersAs>>) =>
    counterOrdersAs(t.app, csrf, tokens)(...args);
  const scrape = async () => {
    const res = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    t = await createTestApp({ settings: { METRICS_TOKEN: TOKEN } });
    csrf = await verificationHeaders(t.app);
    Object.assign(tokens, await signIn(t.app, csrf, ['employee']));
  });
  afterAll(() => t.close());

  it('answers only the scraper holding the token, with the ABP error shape otherwise', async () => {
    const without = await t.app.inject('/metrics');
    expect(without.statusCode).toBe(401);
    expect(without.headers['www-authenticate']).toBe('Bearer');
    expect(without.json()).toMatchObject({ error: { code: 'App:Unauthorized' } });
    const wrong = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
    });
    expect(wrong.statusCode).toBe(401);
    // A signed-in user's own token is not the scraper's.
    const staff = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${tokens.employee}` },
    });
    expect(staff.statusCode).toBe(401);

    const res = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('snowgear_process_resident_memory_bytes');
    expect(res.body).toContain('snowgear_db_queries_total');
    expect(res.body).toContain('snowgear_order_sweeps_total');
  });

  it('counts requests by route pattern, never by the raw path', async () => {
    const item = (
      await call('employee', 'GET', '/api/app/equipment/by-barcode?barcodeNumber=SGWLSKI001')
    ).json<{ id: string }>();
    await call('employee', 'GET', `/api/app/equipment/${item.id}`);
    await call('employee', 'GET', '/api/app/equipment/00000000-0000-4000-8000-000000000000');
    const text = await scrape();
    expect(
      figure(
        text,
        'snowgear_http_requests_total{method="GET",route="/api/app/equipment/:id",status="2xx"}',
      ),
    ).toBe(1);
    expect(
      figure(
        text,
        'snowgear_http_requests_total{method="GET",route="/api/app/equipment/:id",status="4xx"}',
      ),
    ).toBe(1);
    expect(text).not.toContain(item.id);
    expect(
      figure(
        text,
        'snowgear_http_request_duration_seconds_count{method="GET",route="/api/app/equipment/:id"}',
      ),
    ).toBe(2);
  });

  it('counts scans, bookings and cash once each, whatever is confirmed twice', async () => {
    const before = await scrape();
    const events = (text: string, event: string) =>
      figure(text, `snowgear_business_events_total{event="${event}"}`);
    const wanlong = (await storeIdsByName(t.app))['万龙雪场店']!;
    const scan = await call(
      'employee',
      'GET',
      '/api/app/equipment/by-barcode?barcodeNumber=SGWLSKI004',
    );
    const item = scan.json<{ id: string }>();
    await call('employee', 'GET', '/api/app/equipment/by-barcode?barcodeNumber=NO-SUCH-CODE');
    const start = Date.now() + 30 * 24 * HOUR;
    const book = (customerName: string, customerPhone: string) =>
      counterOrder('employee', {
        storeId: wanlong,
        orderType: 'Normal',
        customerName,
        customerPhone,
        rentalStartTime: new Date(start).toISOString(),
        rentalEndTime: new Date(start + 48 * HOUR).toISOString(),
        deliveryMethod: 'SelfPickup',
        returnMethod: 'SelfReturn',
        items: [{ equipmentId: item.id }],
      });
    const order = await book('王五', '13900001111');
    expect(order.statusCode, order.body).toBe(201);
    const bill = order.json<{ bills: { id: string }[] }>().bills[0]!;
    for (let i = 0; i < 2; i++) {
      const paid = await call(
        'employee',
        'POST',
        `/api/app/orders/confirm-cash-received?billId=${bill.id}`,
      );
      expect(paid.statusCode).toBe(200);
    }
    // The same item again is refused: no second booking.
    const again = await book('赵六', '13900002222');
    expect(again.statusCode).toBe(409);

    const after = await scrape();
    expect(events(after, 'scan') - events(before, 'scan')).toBe(2);
    expect(events(after, 'booking') - events(before, 'booking')).toBe(1);
    expect(events(after, 'payment_cash') - events(before, 'payment_cash')).toBe(1);
    expect(figure(after, 'snowgear_bookings_waiting_turn')).toBe(0);
  });

  it('shows how many uploaded images are being decoded and how many wait', async () => {
    const idle = await scrape();
    expect(idle).toContain('snowgear_image_work{state="running"} 0');
    expect(idle).toContain('snowgear_image_work{state="waiting"} 0');
    // A queue as the uploads' is: one at a time here, a second upload waiting its turn.
    const queue = new WorkQueue(1, 5);
    t.app.metrics.queue('snowgear_test_work', 'A queue of this test', () => queue.length);
    let finish!: () => void;
    const first = queue.run(() => new Promise<void>((done) => (finish = done)));
    const second = queue.run(async () => undefined);
    const busy = await scrape();
    expect(figure(busy, 'snowgear_test_work{state="running"}')).toBe(1);
    expect(figure(busy, 'snowgear_test_work{state="waiting"}')).toBe(1);
    finish();
    await Promise.all([first, second]);
    expect(figure(await scrape(), 'snowgear_test_work{state="running"}')).toBe(0);
  });
});

describe('/metrics without a token configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  it('is not served at all', async () => {
    const res = await t.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer anything-anyone-might-try-here' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'App:NotFound' } });
  });
});
