import {
  and,
  asc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  lt,
  lte,
  notExists,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { OrderStatus, PHONE_NUMBER_PATTERN } from '@snowgear/contracts';
import type { Database } from '@/db/client.js';
import { notifications, orders, stores, users } from '@/db/schema.js';
import type { MessageKey } from '@/lib/messages.js';
import { pgCode, UNIQUE_VIOLATION } from '@/lib/pg-errors.js';
import { appendEvent, say, SYSTEM, textIn } from '@/modules/orders/timeline.js';
import {
  ChannelRefusal,
  type Audience,
  type ChannelName,
  type NotificationChannel,
  type Notifier,
} from './channels.js';
import {
  composeReminder,
  ReminderKind,
  type OrderReminderKind,
  type Reminder,
} from './reminder.js';
import { addDays, startOfDay, wallClock } from './store-time.js';

/** Store-local hours: the pickup reminder goes from 18:00 the day before, the return one from 08:00. */
export const PICKUP_REMINDER_FROM_HOUR = 18;
export const RETURN_REMINDER_FROM_HOUR = 8;
/** No reminder is sent between 22:00 and 08:00 store time; one due then waits for the morning. */
export const QUIET_FROM_HOUR = 22;
export const QUIET_UNTIL_HOUR = 8;
/** An order is reminded that it is overdue once its rental end has passed by this much. */
export const OVERDUE_AFTER_MS = 60 * 60_000;
/** Orders reminded per kind and sweep; the rest wait for the next sweep (a minute later). */
export const REMINDER_BATCH = 50;

/**
 * What a claimed row says until the send is recorded: a process that stops in between leaves
 * this, and the reminder is not sent again (it may or may not have reached the customer).
 */
export const INTERRUPTED = 'interrupted: no answer was recorded (the server stopped while sending)';

const KIND_TEXT: Record<Reminder['kind'], MessageKey> = {
  pickupTomorrow: 'ReminderPickupTomorrow',
  returnToday: 'ReminderReturnToday',
  overdue: 'ReminderOverdue',
  approvalWaiting: 'ReminderApprovalWaiting',
};
const CHANNEL_TEXT: Record<ChannelName, MessageKey> = {
  sandbox: 'ReminderChannelSandbox',
  sms: 'ReminderChannelSms',
  wechat: 'ReminderChannelWeChat',
};

interface Due {
  kind: OrderReminderKind;
  dueOn: string;
  statuses: OrderStatus[];
  /** Which orders are due, on the orders table's columns. */
  window: SQL;
  order: SQL;
}

/** The reminders due at `now`, by the store-local clock; none in the quiet hours. */
export function dueReminders(timeZone: string, now: Date): Due[] {
  const clock = wallClock(now, timeZone);
  if (clock.hour >= QUIET_FROM_HOUR || clock.hour < QUIET_UNTIL_HOUR) return [];
  const today = clock.date;
  const tomorrow = addDays(today, 1);
  const due: Due[] = [];
  if (clock.hour >= PICKUP_REMINDER_FROM_HOUR) {
    due.push({
      kind: ReminderKind.PickupTomorrow,
      dueOn: tomorrow,
      statuses: [OrderStatus.Reserved, OrderStatus.PendingDelivery],
      window: and(
        gte(orders.rentalStartAt, startOfDay(tomorrow, timeZone)),
        lt(orders.rentalStartAt, startOfDay(addDays(today, 2), timeZone)),
      )!,
      order: asc(orders.rentalStartAt),
    });
  }
  if (clock.hour >= RETURN_REMINDER_FROM_HOUR) {
    const endOfToday = startOfDay(tomorrow, timeZone);
    due.push({
      kind: ReminderKind.ReturnToday,
      dueOn: today,
      statuses: [OrderStatus.InUse, OrderStatus.Delivered],
      // The start bound is implied (a rental starts before it ends); it lets the index narrow.
      window: and(
        gt(orders.rentalEndAt, now),
        lt(orders.rentalEndAt, endOfToday),
        lt(orders.rentalStartAt, endOfToday),
      )!,
      order: asc(orders.rentalEndAt),
    });
  }
  const overdueBefore = new Date(now.getTime() - OVERDUE_AFTER_MS);
  due.push({
    kind: ReminderKind.Overdue,
    dueOn: '',
    statuses: [OrderStatus.InUse, OrderStatus.Delivered],
    window: and(lte(orders.rentalEndAt, overdueBefore), lt(orders.rentalStartAt, overdueBefore))!,
    order: asc(orders.rentalEndAt),
  });
  return due;
}

/** The orders a channel can reach, as a condition (null: every order). */
function reachable(audiences: Set<Audience>): SQL | null {
  if (audiences.has('anyone')) return null;
  const conditions: SQL[] = [];
  if (audiences.has('mobile')) {
    conditions.push(sql`${orders.customerPhone} ~ ${PHONE_NUMBER_PATTERN.source}`);
  }
  if (audiences.has('wechat')) conditions.push(isNotNull(users.weChatOpenId));
  return or(...conditions)!;
}

/**
 * The orders a reminder of this kind is due for and not yet sent: one query, walking the orders
 * index (tenant, store, status, rental start) store by store.
 */
function findDue(db: Database, due: Due, audiences: Set<Audience>) {
  const reach = reachable(audiences);
  return db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      storeName: stores.name,
      customerPhone: orders.customerPhone,
      openId: users.weChatOpenId,
      deliveryMethod: orders.deliveryMethod,
      returnMethod: orders.returnMethod,
      rentalStartAt: orders.rentalStartAt,
      rentalEndAt: orders.rentalEndAt,
    })
    .from(stores)
    .innerJoin(orders, and(eq(orders.tenantId, stores.tenantId), eq(orders.storeId, stores.id)))
    .leftJoin(users, and(eq(users.id, orders.customerId), eq(users.tenantId, orders.tenantId)))
    .where(
      and(
        inArray(orders.status, due.statuses),
        due.window,
        ...(reach ? [reach] : []),
        notYetTold(
          db,
          eq(notifications.orderId, orders.id),
          eq(notifications.kind, due.kind),
          eq(notifications.dueOn, due.dueOn),
        ),
      ),
    )
    .orderBy(due.order)
    .limit(REMINDER_BATCH);
}

/** No notification row matches `where` yet: nobody has been told (or is being told) this. */
export function notYetTold(db: Database, ...where: SQL[]) {
  return notExists(
    db
      .select({ one: sql`1` })
      .from(notifications)
      .where(and(...where)),
  );
}

/**
 * Takes the reminder's one row before anything is sent, if the order still qualifies and no one
 * took it: whoever inserts it sends it; every other process (or sweep) finds the row and skips.
 */
async function claim(
  db: Database,
  due: Due,
  reminder: Reminder,
  channel: ChannelName,
  recipient: string,
): Promise<string | null> {
  const result: unknown = await db.execute(sql`
    insert into ${notifications}
      (tenant_id, order_id, user_id, kind, due_on, channel, recipient, content, status, failure)
    select ${orders.tenantId}, ${orders.id}, ${orders.customerId}, ${due.kind}::text,
      ${due.dueOn}::text, ${channel}::text, ${recipient}::text, ${reminder.text}::text,
      'failed', ${INTERRUPTED}::text
    from ${orders}
    where ${and(eq(orders.id, reminder.orderId), inArray(orders.status, due.statuses))}
    on conflict (order_id, kind, due_on) do nothing
    returning id`);
  return (result as { rows: { id: string }[] }).rows[0]?.id ?? null;
}

/** Why a reminder was not sent: the provider's text for the row, a shorter one for the timeline. */
interface Failure {
  text: string;
  reason: string | ((english: boolean) => string);
}

/**
 * The send's outcome on the row, and on the order's timeline in both languages, at once (a
 * notice about no order yet has the row alone). `what` names the notification on the timeline.
 */
async function record(
  db: Database,
  claimId: string,
  reminder: Reminder,
  channel: ChannelName,
  failure: Failure | null,
  what: (english: boolean) => string = (english) => textIn(english, KIND_TEXT[reminder.kind]),
) {
  const params = {
    reminder: what,
    channel: (english: boolean) => textIn(english, CHANNEL_TEXT[channel]),
  };
  const message = failure
    ? say('ReminderFailed', { ...params, reason: failure.reason })
    : say('ReminderSent', params);
  // The timeline numbers events per order; someone writing to it at the same moment takes the
  // number first, and this tries again.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.transaction(async (tx) => {
        if (reminder.orderId) {
          await tx
            .select({ id: orders.id })
            .from(orders)
            .where(eq(orders.id, reminder.orderId))
            .for('no key update');
        }
        await tx
          .update(notifications)
          .set(
            failure
              ? { status: 'failed', failure: failure.text }
              : { status: 'sent', failure: null },
          )
          .where(eq(notifications.id, claimId));
        if (reminder.orderId) {
          await appendEvent(tx, reminder.orderId, { kind: 'reminder', message }, SYSTEM);
        }
      });
      return;
    } catch (err) {
      if (attempt >= 3 || pgCode(err) !== UNIQUE_VIOLATION) throw err;
    }
  }
}

/** A provider's reason, cut to fit a timeline line. */
function shortReason(text: string): string {
  const chars = [...text];
  return chars.length > 120 ? `${chars.slice(0, 119).join('')}…` : text;
}

/**
 * Sends a notification whose row this process claimed, and records the outcome (a refusal is
 * recorded as failed and not retried). True when it was sent.
 */
export async function sendClaimed(
  db: Database,
  chosen: { channel: NotificationChannel; recipient: string },
  reminder: Reminder,
  claimId: string,
  what?: (english: boolean) => string,
): Promise<boolean> {
  let failure: Failure | null = null;
  try {
    await chosen.channel.send(reminder, chosen.recipient);
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    failure = {
      text,
      reason:
        err instanceof ChannelRefusal && err.customerRefused
          ? (english) => textIn(english, 'ReminderCustomerRefused')
          : shortReason(text),
    };
  }
  await record(db, claimId, reminder, chosen.channel.name, failure, what);
  return failure === null;
}

export interface ReminderSweep {
  sent: number;
  failed: number;
}

/**
 * Sends the reminders due at `now` (store-local time in `timeZone`): the day before pickup, on
 * the return day, and once when overdue. Each reminder is sent at most once whoever sweeps and
 * however often: its row is claimed first, then it is sent, then the outcome is recorded. A
 * refusal is recorded as failed and not retried.
 */
export async function sendDueReminders(
  db: Database,
  notifier: Notifier,
  timeZone: string,
  now = new Date(),
): Promise<ReminderSweep> {
  const result: ReminderSweep = { sent: 0, failed: 0 };
  for (const due of dueReminders(timeZone, now)) {
    const audiences = notifier.audiences(due.kind);
    if (audiences.size === 0) continue;
    for (const order of await findDue(db, due, audiences)) {
      const reminder = composeReminder(order, due.kind, due.dueOn, timeZone);
      const chosen = notifier.choose(reminder);
      if (!chosen) continue;
      const claimId = await claim(db, due, reminder, chosen.channel.name, chosen.recipient);
      if (!claimId) continue;
      if (await sendClaimed(db, chosen, reminder, claimId)) result.sent += 1;
      else result.failed += 1;
    }
  }
  return result;
}
