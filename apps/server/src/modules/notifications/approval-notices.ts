import { and, eq, gte, ne, or, isNull, sql } from 'drizzle-orm';
import { MoneyApprovalKind, RoleName } from '@snowgear/contracts';
import type { Database } from '@/db/client.js';
import { moneyApprovals, notifications, orders, stores, userRoles, users } from '@/db/schema.js';
import { textIn } from '@/modules/orders/timeline.js';
import type { ChannelName, Notifier } from './channels.js';
import { ReminderKind, type Reminder } from './reminder.js';
import { INTERRUPTED, notYetTold, sendClaimed, type ReminderSweep } from './reminders.js';
import { clockTime, weChatTime } from './store-time.js';

/**
 * A manager is told of an approval asked for in the last this long; an older one still waiting
 * (the server was down when it was asked) is left to the workspace's list and its badge.
 */
export const APPROVAL_NOTICE_WITHIN_MS = 30 * 60_000;
/** Notices sent per sweep; the rest go a sweep later. */
const NOTICE_BATCH = 50;

/** Where a manager answers: the workspace's list of approvals waiting. */
const APPROVALS_PAGE = '/store/workspace/approvals';

const KIND_WORDS: Record<string, string> = {
  [MoneyApprovalKind.Discount]: '优惠',
  [MoneyApprovalKind.Fee]: '加收费用',
  [MoneyApprovalKind.Refund]: '退款',
};

/** An approval waiting, with one of its store's managers to tell. */
interface Waiting {
  approvalId: string;
  tenantId: string;
  orderId: string | null;
  orderNumber: string | null;
  kind: string;
  amountFen: number;
  customerName: string;
  requestedByName: string;
  createdAt: Date;
  storeName: string;
  managerId: string;
  managerName: string;
  phoneNumber: string | null;
  openId: string | null;
}

/** What the manager reads: who asks, for what, for whom, and where to answer. */
export function composeApprovalNotice(w: Waiting, timeZone: string): Reminder {
  const amount = `¥${(w.amountFen / 100).toFixed(2)}`;
  const what = `${KIND_WORDS[w.kind] ?? w.kind} ${amount}`;
  const whom = w.customerName || (w.orderNumber ? `订单${w.orderNumber}` : '新订单');
  return {
    kind: ReminderKind.ApprovalWaiting,
    dueOn: '',
    orderId: w.orderId ?? '',
    phoneNumber: w.phoneNumber ?? '',
    openId: w.openId,
    text: `${w.storeName}：${w.requestedByName || '店员'}请您批准${what}（${whom}，${clockTime(w.createdAt, timeZone)}），请到 工作台 › 待批准 处理。`,
    fields: {
      order: w.orderNumber ?? '',
      store: w.storeName,
      time: weChatTime(w.createdAt, timeZone),
      note: `待批准：${what}`,
    },
    link: APPROVALS_PAGE,
  };
}

/** The approvals of the last half hour still waiting, each with a manager not yet told. */
function findWaiting(db: Database, now: Date) {
  return db
    .select({
      approvalId: moneyApprovals.id,
      tenantId: moneyApprovals.tenantId,
      orderId: moneyApprovals.orderId,
      orderNumber: orders.orderNumber,
      kind: moneyApprovals.kind,
      amountFen: moneyApprovals.amountFen,
      customerName: moneyApprovals.customerName,
      requestedByName: moneyApprovals.requestedByName,
      createdAt: moneyApprovals.createdAt,
      storeName: stores.name,
      managerId: users.id,
      managerName: sql<string>`coalesce(nullif(${users.realName}, ''), nullif(${users.name}, ''), ${users.userName})`,
      phoneNumber: users.phoneNumber,
      openId: users.weChatOpenId,
    })
    .from(moneyApprovals)
    .innerJoin(stores, eq(stores.id, moneyApprovals.storeId))
    .leftJoin(orders, eq(orders.id, moneyApprovals.orderId))
    .innerJoin(
      users,
      and(
        eq(users.tenantId, moneyApprovals.tenantId),
        eq(users.primaryStoreId, moneyApprovals.storeId),
        eq(users.isActive, true),
        // The one who asked is not told of their own request.
        or(isNull(moneyApprovals.requestedBy), ne(users.id, moneyApprovals.requestedBy)),
      ),
    )
    .innerJoin(
      userRoles,
      and(eq(userRoles.userId, users.id), eq(userRoles.roleName, RoleName.StoreManager)),
    )
    .where(
      and(
        eq(moneyApprovals.status, 'pending'),
        gte(moneyApprovals.createdAt, new Date(now.getTime() - APPROVAL_NOTICE_WITHIN_MS)),
        notYetTold(
          db,
          eq(notifications.approvalId, moneyApprovals.id),
          eq(notifications.userId, users.id),
        ),
      ),
    )
    .orderBy(moneyApprovals.createdAt)
    .limit(NOTICE_BATCH);
}

/**
 * Takes the notice's row before it is sent, if the approval still waits and no one took it:
 * whoever inserts it sends it. The row names the approval (and not the order, whose reminders
 * are counted once per kind and day).
 */
async function claim(
  db: Database,
  w: Waiting,
  notice: Reminder,
  channel: ChannelName,
  recipient: string,
): Promise<string | null> {
  const result: unknown = await db.execute(sql`
    insert into ${notifications}
      (tenant_id, approval_id, user_id, kind, due_on, channel, recipient, content, status, failure)
    select ${moneyApprovals.tenantId}, ${moneyApprovals.id}, ${w.managerId}::uuid,
      ${notice.kind}::text, '', ${channel}::text, ${recipient}::text, ${notice.text}::text,
      'failed', ${INTERRUPTED}::text
    from ${moneyApprovals}
    where ${and(eq(moneyApprovals.id, w.approvalId), eq(moneyApprovals.status, 'pending'))}
    on conflict do nothing
    returning id`);
  return (result as { rows: { id: string }[] }).rows[0]?.id ?? null;
}

/**
 * Tells each manager of the store, on their phone (WeChat, SMS, or the sandbox in the demo), of
 * a money approval a clerk asked for: once per approval and manager, whoever sweeps. The order's
 * timeline says who was told, and how.
 */
export async function sendApprovalNotices(
  db: Database,
  notifier: Notifier,
  timeZone: string,
  now = new Date(),
): Promise<ReminderSweep> {
  const result: ReminderSweep = { sent: 0, failed: 0 };
  if (notifier.audiences(ReminderKind.ApprovalWaiting).size === 0) return result;
  for (const waiting of await findWaiting(db, now)) {
    const notice = composeApprovalNotice(waiting, timeZone);
    const chosen = notifier.choose(notice);
    if (!chosen) continue;
    const claimId = await claim(db, waiting, notice, chosen.channel.name, chosen.recipient);
    if (!claimId) continue;
    const what = (english: boolean) =>
      textIn(english, 'ReminderApprovalWaiting', { manager: waiting.managerName });
    if (await sendClaimed(db, chosen, notice, claimId, what)) result.sent += 1;
    else result.failed += 1;
  }
  return result;
}
