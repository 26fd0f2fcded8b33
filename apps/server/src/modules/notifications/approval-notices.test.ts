import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus, RoleName } from '@snowgear/contracts';
import { moneyApprovals, notifications, userRoles, users } from '@/db/schema.js';
import { createTestApp, type TestApp } from '@/testing/index.js';
import { ChannelNotifier, type Audience, type NotificationChannel } from './channels.js';
import type { Reminder } from './reminder.js';
import { sendApprovalNotices } from './approval-notices.js';
import { at, reminderWorld, type ReminderWorld } from './test-fixtures.js';

const ZONE = 'Asia/Shanghai';
const MINUTE = 60_000;

/** The sandbox as a test reads it: what went to whom. */
class RecordingChannel implements NotificationChannel {
  readonly name = 'sandbox' as const;
  readonly sent: { notice: Reminder; recipient: string }[] = [];
  audience(): Audience {
    return 'anyone';
  }
  recipient(notice: Reminder): string | null {
    return notice.phoneNumber || notice.openId || null;
  }
  send(notice: Reminder, recipient: string) {
    this.sent.push({ notice, recipient });
    return Promise.resolve();
  }
}

describe("a manager's phone is told of a money approval waiting", () => {
  let t: TestApp;
  let w: ReminderWorld;
  let clerk: string;
  const asked = at('01-20', '10:00');

  async function person(name: string, role: RoleName, phone: string | null, openId?: string) {
    const [user] = await t.database.db
      .insert(users)
      .values({
        tenantId: w.tenantId,
        userName: `${name}-${w.storeId.slice(0, 8)}`,
        realName: name,
        userType: 2,
        primaryStoreId: w.storeId,
        phoneNumber: phone,
        weChatOpenId: openId ?? null,
      })
      .returning({ id: users.id });
    await t.database.db.insert(userRoles).values({ userId: user!.id, roleName: role });
    return user!.id;
  }

  async function approval(orderId: string | null, createdAt = asked) {
    const [row] = await t.database.db
      .insert(moneyApprovals)
      .values({
        tenantId: w.tenantId,
        storeId: w.storeId,
        orderId,
        kind: 'discount',
        amountFen: 20_000,
        customerName: '钱先生',
        status: 'pending',
        requestedBy: clerk,
        requestedByName: '李店员',
        createdAt,
      })
      .returning({ id: moneyApprovals.id });
    return row!.id;
  }

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    w = await reminderWorld(t.database.db);
    await person('王店长', RoleName.StoreManager, '13700001111');
    await person('赵店长', RoleName.StoreManager, null, 'openid-zhao');
    clerk = await person('李店员', RoleName.StoreEmployee, '13700002222');
  });
  afterAll(() => t.close());

  it('tells each manager once, opening the approvals, and says so on the order', async () => {
    const order = await w.order({
      status: OrderStatus.InUse,
      start: at('01-20', '09:00'),
      end: at('01-21', '09:00'),
    });
    const id = await approval(order.id);
    const channel = new RecordingChannel();
    const notifier = new ChannelNotifier([channel]);
    // Two processes sweep at once: still one notice per manager.
    const sweeps = await Promise.all([
      sendApprovalNotices(t.database.db, notifier, ZONE, new Date(asked.getTime() + MINUTE)),
      sendApprovalNotices(t.database.db, notifier, ZONE, new Date(asked.getTime() + MINUTE)),
    ]);
    expect(sweeps[0].sent + sweeps[1].sent).toBe(2);
    expect(channel.sent.map((s) => s.recipient).sort()).toEqual(['13700001111', 'openid-zhao']);
    // The clerk who asked is not told.
    expect(channel.sent.every((s) => s.recipient !== '13700002222')).toBe(true);
    const notice = channel.sent[0]!.notice;
    expect(notice.link).toBe('/store/workspace/approvals');
    expect(notice.text).toBe(
      `${w.storeName}：李店员请您批准优惠 ¥200.00（钱先生，10:00），请到 工作台 › 待批准 处理。`,
    );
    expect(notice.fields.note).toBe('待批准：优惠 ¥200.00');
    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.approvalId, id));
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
    expect((await w.timeline(order.id)).map((e) => e.message).sort()).toEqual([
      '已发送待批准通知（王店长）（沙箱，未真实发送）',
      '已发送待批准通知（赵店长）（沙箱，未真实发送）',
    ]);

    // A later sweep sends nothing again.
    await sendApprovalNotices(
      t.database.db,
      notifier,
      ZONE,
      new Date(asked.getTime() + 2 * MINUTE),
    );
    expect(channel.sent).toHaveLength(2);
  });

  it('tells of an approval for an order still being created, and not of one answered or old', async () => {
    const forDraft = await approval(null);
    const answered = await approval(null);
    await t.database.db
      .update(moneyApprovals)
      .set({ status: 'approved' })
      .where(eq(moneyApprovals.id, answered));
    // Asked 40 minutes before the sweep: the workspace's list has it, the phone is not rung.
    await approval(null, new Date(asked.getTime() - 39 * MINUTE));
    const channel = new RecordingChannel();
    await sendApprovalNotices(
      t.database.db,
      new ChannelNotifier([channel]),
      ZONE,
      new Date(asked.getTime() + MINUTE),
    );
    const told = await t.database.db
      .select({ approvalId: notifications.approvalId })
      .from(notifications)
      .where(eq(notifications.kind, 'approvalWaiting'));
    expect(channel.sent).toHaveLength(2);
    expect(channel.sent.every((s) => s.notice.orderId === '')).toBe(true);
    expect(told.filter((r) => r.approvalId === forDraft)).toHaveLength(2);
    expect(told.filter((r) => r.approvalId === answered)).toHaveLength(0);
  });

  it('sends nothing where no channel carries the notice', async () => {
    await approval(null);
    const sweep = await sendApprovalNotices(
      t.database.db,
      new ChannelNotifier([]),
      ZONE,
      new Date(asked.getTime() + MINUTE),
    );
    expect(sweep).toEqual({ sent: 0, failed: 0 });
  });
});
