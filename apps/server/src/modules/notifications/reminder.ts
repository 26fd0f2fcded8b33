import { DeliveryMethod, ReturnMethod } from '@snowgear/contracts';
import type { ReminderField } from '@/config/env.js';
import { chineseTime, clockTime, weChatTime } from './store-time.js';

/** The reminders an order gets: the day before the rental starts, the return day, overdue. */
export const ReminderKind = {
  PickupTomorrow: 'pickupTomorrow',
  ReturnToday: 'returnToday',
  Overdue: 'overdue',
  /** Not an order's reminder: a store manager is told a money approval waits for them. */
  ApprovalWaiting: 'approvalWaiting',
} as const;
export type ReminderKind = (typeof ReminderKind)[keyof typeof ReminderKind];
/** The reminders an order's customer gets. */
export type OrderReminderKind = Exclude<ReminderKind, typeof ReminderKind.ApprovalWaiting>;

/** The order as the reminder sweep reads it. */
export interface ReminderOrder {
  id: string;
  orderNumber: string;
  storeName: string;
  customerPhone: string;
  /** The customer's Official Account openid, when they bound WeChat. */
  openId: string | null;
  deliveryMethod: string;
  returnMethod: string;
  rentalStartAt: Date;
  rentalEndAt: Date;
}

/** One reminder, in every shape a channel needs. */
export interface Reminder {
  kind: ReminderKind;
  /** The store day it is about (YYYY-MM-DD); '' for the one overdue reminder. */
  dueOn: string;
  orderId: string;
  phoneNumber: string;
  openId: string | null;
  /** What it says, in Chinese (the customer's language is not known here): the outbox keeps it. */
  text: string;
  /** The values templates are filled with (SMS variables, WeChat keywords). */
  fields: Record<ReminderField, string>;
  /** The app's page it opens (a path); the customer's order page when not given. */
  link?: string;
}

/** Short: the order number, the store, the time, what to do. */
export function composeReminder(
  order: ReminderOrder,
  kind: OrderReminderKind,
  dueOn: string,
  timeZone: string,
): Reminder {
  const number = order.orderNumber;
  const store = order.storeName;
  const at = kind === ReminderKind.PickupTomorrow ? order.rentalStartAt : order.rentalEndAt;
  const clock = clockTime(at, timeZone);
  let text: string;
  let note: string;
  switch (kind) {
    case ReminderKind.PickupTomorrow:
      if (order.deliveryMethod === DeliveryMethod.Delivery) {
        text = `订单${number}：明天 ${clock} 送装备上门，请保持电话畅通。`;
        note = '明天送装备上门，请保持电话畅通';
      } else {
        text = `订单${number}：明天 ${clock} 请到${store}取装备，记得带上身份证件。`;
        note = '请按时到店取装备，带上身份证件';
      }
      break;
    case ReminderKind.ReturnToday:
      if (order.returnMethod === ReturnMethod.Pickup) {
        text = `订单${number}：今天 ${clock} 到期，我们将上门取件，请保持电话畅通。`;
        note = '今天到期，将上门取件';
      } else {
        text = `订单${number}：今天 ${clock} 到期，请按时到${store}归还装备；需要续租请联系门店。`;
        note = '请按时归还，续租请联系门店';
      }
      break;
    case ReminderKind.Overdue:
      text = `订单${number}已于 ${chineseTime(at, timeZone)} 到期，请尽快联系${store}归还装备，逾期将产生费用。`;
      note = '已逾期，请尽快归还';
      break;
  }
  return {
    kind,
    dueOn,
    orderId: order.id,
    phoneNumber: order.customerPhone,
    openId: order.openId,
    text,
    fields: { order: number, store, time: weChatTime(at, timeZone), note },
  };
}
