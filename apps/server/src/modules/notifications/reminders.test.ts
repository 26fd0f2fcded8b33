import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DeliveryMethod, OrderStatus } from '@snowgear/contracts';
import { loadSettings } from '@/config/env.js';
import { orders } from '@/db/schema.js';
import { WeChatClient } from '@/modules/wechat/client.js';
import { createTestApp, TEST_SECRET, type TestApp } from '@/testing/index.js';
import {
  ChannelNotifier,
  ChannelRefusal,
  createNotifier,
  type Audience,
  type ChannelName,
  type NotificationChannel,
  type Notifier,
} from './channels.js';
import type { Reminder } from './reminder.js';
import { INTERRUPTED, sendDueReminders } from './reminders.js';
import { at, day, reminderWorld, type ReminderWorld } from './test-fixtures.js';

const ZONE = 'Asia/Shanghai';

/** A channel that records what it sends (or fails, or hangs, as told). */
class RecordingChannel implements NotificationChannel {
  readonly sent: { reminder: Reminder; recipient: string }[] = [];
  constructor(
    readonly name: ChannelName = 'sandbox',
    private readonly reach: Audience = 'anyone',
    private readonly before?: (reminder: Reminder) => Promise<void>,
  ) {}
  audience(): Audience {
    return this.reach;
  }
  recipient(reminder: Reminder): string | null {
    if (this.reach === 'wechat') return reminder.openId;
    return reminder.phoneNumber || null;
  }
  async send(reminder: Reminder, recipient: string) {
    await this.before?.(reminder);
    this.sent.push({ reminder, recipient });
  }
  to(orderId: string) {
    return this.sent.filter((s) => s.reminder.orderId === orderId);
  }
}

describe('order reminders', () => {
  let t: TestApp;
  let w: ReminderWorld;
  let channel: RecordingChannel;
  let notifier: ChannelNotifier;
  const sweep = (now: Date, using: Notifier = notifier) =>
    sendDueReminders(t.database.db, using, ZONE, now);

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    w = await reminderWorld(t.database.db);
    channel = new RecordingChannel();
    notifier = new ChannelNotifier([channel]);
  });
  // Each test's orders go, so one test's orders are never due in another's sweep.
  afterEach(async () => {
    await t.database.db.delete(orders).where(eq(orders.tenantId, w.tenantId));
  });

  it('reminds of tomorrow’s pickup from 18:00 the day before, once, and only orders that will happen', async () => {
    const reserved = await w.order({
      status: OrderStatus.Reserved,
      start: at('01-16', '09:30'),
      end: at('01-18', '17:00'),
    });
    const delivery = await w.order({
      status: OrderStatus.PendingDelivery,
      start: at('01-16', '23:30'),
      end: at('01-18', '17:00'),
      deliveryMethod: DeliveryMethod.Delivery,
    });
    const unpaid = await w.order({
      status: OrderStatus.Unpaid,
      start: at('01-16', '10:00'),
      end: at('01-18', '17:00'),
    });
    const dayAfter = await w.order({
      status: OrderStatus.Reserved,
      start: at('01-17', '00:00'),
      end: at('01-18', '17:00'),
    });

    expect(await sweep(at('01-15', '17:59'))).toEqual({ sent: 0, failed: 0 });
    expect(await sweep(at('01-15', '18:00'))).toEqual({ sent: 2, failed: 0 });
    expect(await sweep(at('01-15', '18:01'))).toEqual({ sent: 0, failed: 0 });
    expect(await sweep(at('01-15', '21:59'))).toEqual({ sent: 0, failed: 0 });

    expect(channel.to(reserved.id)).toHaveLength(1);
    expect(channel.to(reserved.id)[0]!.reminder).toMatchObject({
      kind: 'pickupTomorrow',
      dueOn: day('01-16'),
      text: `订单${reserved.orderNumber}：明天 09:30 请到${w.storeName}取装备，记得带上身份证件。`,
    });
    expect(channel.to(delivery.id)[0]!.reminder.text).toBe(
      `订单${delivery.orderNumber}：明天 23:30 送装备上门，请保持电话畅通。`,
    );
    expect(channel.to(unpaid.id)).toHaveLength(0);
    expect(channel.to(dayAfter.id)).toHaveLength(0);

    expect(await w.rows(reserved.id)).toMatchObject([
      {
        kind: 'pickupTomorrow',
        dueOn: day('01-16'),
        channel: 'sandbox',
        recipient: '13800009999',
        status: 'sent',
        failure: null,
        content: expect.stringContaining(reserved.orderNumber),
      },
    ]);
    expect(await w.timeline(reserved.id)).toMatchObject([
      {
        kind: 'reminder',
        message: '已发送取装备提醒（沙箱，未真实发送）',
        messageEn: 'Pickup reminder sent (sandbox, not really sent)',
        operatorName: '系统',
        operatorNameEn: 'System',
        userId: null,
      },
    ]);

    // The next evening it is the day-after order's turn.
    await sweep(at('01-16', '18:00'));
    expect(channel.to(dayAfter.id)).toHaveLength(1);
    expect(channel.to(reserved.id)).toHaveLength(1);
  });

  it('reminds of the return from 08:00 on the return day, unless the end has passed', async () => {
    const inUse = await w.order({
      status: OrderStatus.InUse,
      start: at('01-13', '09:00'),
      end: at('01-15', '17:00'),
    });
    const delivered = await w.order({
      status: OrderStatus.Delivered,
      start: at('01-14', '09:00'),
      end: at('01-15', '21:00'),
    });
    const early = await w.order({
      status: OrderStatus.InUse,
      start: at('01-13', '09:00'),
      end: at('01-15', '07:30'),
    });
    const tomorrow = await w.order({
      status: OrderStatus.InUse,
      start: at('01-13', '09:00'),
      end: at('01-16', '10:00'),
    });
    const returned = await w.order({
      status: OrderStatus.Returned,
      start: at('01-13', '09:00'),
      end: at('01-15', '17:00'),
    });

    await sweep(at('01-15', '07:59'));
    expect(channel.sent).toHaveLength(0);
    await sweep(at('01-15', '08:00'));
    await sweep(at('01-15', '08:10'));
    expect(channel.to(inUse.id).map((s) => s.reminder.kind)).toEqual(['returnToday']);
    expect(channel.to(delivered.id).map((s) => s.reminder.kind)).toEqual(['returnToday']);
    expect(channel.to(inUse.id)[0]!.reminder.text).toBe(
      `订单${inUse.orderNumber}：今天 17:00 到期，请按时到${w.storeName}归还装备；需要续租请联系门店。`,
    );
    // Ended at 07:30: no return-day reminder, and not overdue until 08:30.
    expect(channel.to(early.id)).toHaveLength(0);
    expect(channel.to(tomorrow.id)).toHaveLength(0);
    expect(channel.to(returned.id)).toHaveLength(0);
    await sweep(at('01-15', '08:30'));
    expect(channel.to(early.id).map((s) => s.reminder.kind)).toEqual(['overdue']);

    // The next morning, tomorrow's order is due, and today's are not reminded again.
    await sweep(at('01-16', '08:00'));
    expect(channel.to(tomorrow.id).map((s) => s.reminder.kind)).toEqual(['returnToday']);
    expect(channel.to(inUse.id).map((s) => s.reminder.kind)).toEqual(['returnToday', 'overdue']);
    expect((await w.timeline(inUse.id)).map((e) => e.messageEn)).toEqual([
      'Return reminder sent (sandbox, not really sent)',
      'Overdue reminder sent (sandbox, not really sent)',
    ]);
  });

  it('says an order is overdue once its end has passed by an hour, once ever, never at night', async () => {
    const late = await w.order({
      status: OrderStatus.InUse,
      start: at('01-13', '09:00'),
      end: at('01-15', '10:00'),
    });
    const night = await w.order({
      status: OrderStatus.InUse,
      start: at('01-13', '09:00'),
      end: at('01-15', '21:30'),
    });

    await sweep(at('01-15', '10:59'));
    expect(channel.to(late.id).filter((s) => s.reminder.kind === 'overdue')).toHaveLength(0);
    await sweep(at('01-15', '11:00'));
    await sweep(at('01-15', '11:01'));
    expect(channel.to(late.id).filter((s) => s.reminder.kind === 'overdue')).toHaveLength(1);
    expect(channel.to(late.id).at(-1)!.reminder.text).toBe(
      `订单${late.orderNumber}已于 1月15日 10:00 到期，请尽快联系${w.storeName}归还装备，逾期将产生费用。`,
    );

    // 22:30 is an hour past 21:30, but quiet hours hold it until 08:00.
    await sweep(at('01-15', '22:30'));
    await sweep(at('01-16', '03:00'));
    expect(channel.to(night.id).filter((s) => s.reminder.kind === 'overdue')).toHaveLength(0);
    await sweep(at('01-16', '08:00'));
    expect(channel.to(night.id).filter((s) => s.reminder.kind === 'overdue')).toHaveLength(1);

    // Days later it is still overdue, and still reminded only once.
    await sweep(at('01-20', '12:00'));
    expect(channel.to(late.id).filter((s) => s.reminder.kind === 'overdue')).toHaveLength(1);
    // Its end had passed before the first sweep of the day: no return-day reminder.
    expect(await w.rows(late.id)).toMatchObject([{ kind: 'overdue', dueOn: '', status: 'sent' }]);
  });

  it('sends once when several processes sweep at the same moment', async () => {
    const slow = new RecordingChannel(
      'sandbox',
      'anyone',
      () => new Promise((r) => setTimeout(r, 30)),
    );
    const orderIds: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const o = await w.order({
        status: OrderStatus.Reserved,
        start: at('01-16', '10:00'),
        end: at('01-17', '10:00'),
      });
      orderIds.push(o.id);
    }
    const processes = [0, 1, 2].map(() => new ChannelNotifier([slow]));
    const results = await Promise.all(processes.map((p) => sweep(at('01-15', '19:00'), p)));
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(5);
    for (const id of orderIds) {
      expect(slow.to(id)).toHaveLength(1);
      expect(await w.rows(id)).toHaveLength(1);
      expect(await w.timeline(id)).toHaveLength(1);
    }
  });

  it('a process that stops while sending leaves a row that says so, and nobody sends it again', async () => {
    const o = await w.order({
      status: OrderStatus.Reserved,
      start: at('01-16', '10:00'),
      end: at('01-17', '10:00'),
    });
    // Released at the end, whether the send had begun by then or not.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const stuck = new RecordingChannel('sandbox', 'anyone', () => released);
    const abandoned = sweep(at('01-15', '19:00'), new ChannelNotifier([stuck]));
    await expect
      .poll(async () => (await w.rows(o.id)).length, { timeout: 10_000, interval: 20 })
      .toBe(1);
    expect(await w.rows(o.id)).toMatchObject([{ status: 'failed', failure: INTERRUPTED }]);

    expect(await sweep(at('01-15', '19:01'))).toEqual({ sent: 0, failed: 0 });
    expect(channel.to(o.id)).toHaveLength(0);
    release();
    await abandoned;
  });

  it('records a refusal as failed, on the timeline too, and does not try again', async () => {
    const o = await w.order({
      status: OrderStatus.InUse,
      start: at('01-13', '09:00'),
      end: at('01-15', '17:00'),
    });
    const refusing = new RecordingChannel('sms', 'anyone', () =>
      Promise.reject(new ChannelRefusal('isv.BUSINESS_LIMIT_CONTROL: 触发天级流控')),
    );
    const failing = new ChannelNotifier([refusing]);
    expect(await sweep(at('01-15', '09:00'), failing)).toEqual({ sent: 0, failed: 1 });
    expect(await sweep(at('01-15', '09:01'), failing)).toEqual({ sent: 0, failed: 0 });
    expect(await w.rows(o.id)).toMatchObject([
      {
        channel: 'sms',
        status: 'failed',
        failure: 'isv.BUSINESS_LIMIT_CONTROL: 触发天级流控',
      },
    ]);
    expect(await w.timeline(o.id)).toMatchObject([
      {
        kind: 'reminder',
        message: '归还提醒发送失败（短信）：isv.BUSINESS_LIMIT_CONTROL: 触发天级流控',
        messageEn:
          'Return reminder could not be sent (SMS): isv.BUSINESS_LIMIT_CONTROL: 触发天级流控',
      },
    ]);
  });

  it('reaches only the customers a channel can: WeChat-only reminders skip customers without WeChat', async () => {
    const bound = await w.customer('oWx-bound-customer');
    const unbound = await w.customer(null);
    const withWeChat = await w.order({
      status: OrderStatus.Reserved,
      start: at('01-16', '10:00'),
      end: at('01-17', '10:00'),
      customerId: bound,
    });
    const without = await w.order({
      status: OrderStatus.Reserved,
      start: at('01-16', '10:00'),
      end: at('01-17', '10:00'),
      customerId: unbound,
    });
    const wechat = new RecordingChannel('wechat', 'wechat');
    await sweep(at('01-15', '18:00'), new ChannelNotifier([wechat]));
    expect(wechat.to(withWeChat.id).map((s) => s.recipient)).toEqual(['oWx-bound-customer']);
    expect(wechat.to(without.id)).toHaveLength(0);
    // Nothing is recorded for the customer nobody could reach.
    expect(await w.rows(without.id)).toHaveLength(0);
    expect(await w.timeline(without.id)).toHaveLength(0);
  });

  it('sends nothing, and records nothing, when the sandbox is off and no channel is configured', async () => {
    const production = loadSettings({
      DATABASE_URL: 'postgres://localhost/snowgear',
      APP_SECRET: TEST_SECRET,
      PUBLIC_BASE_URL: 'https://rent.example.test',
    });
    expect(production.NOTIFICATION_SANDBOX).toBe(false);
    const wechat = new WeChatClient({
      apiBaseUrl: production.WECHAT_API_BASE_URL,
      authorizeUrl: production.WECHAT_AUTHORIZE_URL,
    });
    const log = { info: () => undefined, warn: () => undefined };
    const off = createNotifier(production, { db: t.database.db, wechat, log });
    const o = await w.order({
      status: OrderStatus.InUse,
      start: at('01-13', '09:00'),
      end: at('01-15', '10:00'),
    });
    expect(await sweep(at('01-15', '12:00'), off)).toEqual({ sent: 0, failed: 0 });
    expect(await w.rows(o.id)).toHaveLength(0);
    expect(await w.timeline(o.id)).toHaveLength(0);

    // The embedded demo has it on by default, and it writes the outbox.
    const embedded = loadSettings({ APP_SECRET: TEST_SECRET });
    expect(embedded.NOTIFICATION_SANDBOX).toBe(true);
    const on = createNotifier(embedded, { db: t.database.db, wechat, log });
    expect(await sweep(at('01-15', '12:00'), on)).toEqual({ sent: 1, failed: 0 });
    expect((await w.rows(o.id)).map((r) => [r.kind, r.channel, r.status])).toEqual([
      ['overdue', 'sandbox', 'sent'],
    ]);
  });
});
