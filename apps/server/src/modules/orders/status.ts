import { EquipmentStatus, OrderStatus, type ReturnState } from '@snowgear/contracts';
import type { MessageKey } from '@/lib/messages.js';

const ZH: Record<OrderStatus, string> = {
  [OrderStatus.Pending]: '待确认',
  [OrderStatus.Unpaid]: '待支付',
  [OrderStatus.PendingDelivery]: '待配送',
  [OrderStatus.Delivering]: '配送中',
  [OrderStatus.Delivered]: '已送达',
  [OrderStatus.InUse]: '使用中',
  [OrderStatus.PendingPayment]: '待补款',
  [OrderStatus.PendingReturn]: '待归还',
  [OrderStatus.Returned]: '已归还',
  [OrderStatus.Completed]: '已完成',
  [OrderStatus.Cancelled]: '已取消',
  [OrderStatus.Reserved]: '已预订',
};
const EN: Record<OrderStatus, string> = {
  [OrderStatus.Pending]: 'pending confirmation',
  [OrderStatus.Unpaid]: 'unpaid',
  [OrderStatus.PendingDelivery]: 'waiting for delivery',
  [OrderStatus.Delivering]: 'being delivered',
  [OrderStatus.Delivered]: 'delivered',
  [OrderStatus.InUse]: 'in use',
  [OrderStatus.PendingPayment]: 'waiting for a supplement',
  [OrderStatus.PendingReturn]: 'waiting for return',
  [OrderStatus.Returned]: 'returned',
  [OrderStatus.Completed]: 'completed',
  [OrderStatus.Cancelled]: 'cancelled',
  [OrderStatus.Reserved]: 'reserved',
};

export function orderStatusName(status: number, english: boolean): string {
  return (english ? EN : ZH)[status as OrderStatus] ?? String(status);
}

export type OrderAction =
  | 'cancel'
  | 'pay'
  | 'handover'
  | 'dispatch'
  | 'deliver'
  | 'startReturn'
  | 'pickup'
  | 'extend'
  | 'return'
  | 'din'
  | 'confirm'
  | 'withdraw'
  | 'payAtDoor'
  | 'waiveLateFee';
const ACTIONS: Record<OrderAction, [string, string]> = {
  cancel: ['取消', 'cancelled'],
  pay: ['支付', 'paid'],
  handover: ['交付设备', 'handed over'],
  dispatch: ['出发配送', 'sent out for delivery'],
  deliver: ['确认送达', 'marked delivered'],
  startReturn: ['发起归还', 'put up for return'],
  pickup: ['上门取件', 'picked up'],
  extend: ['续租', 'extended'],
  return: ['归还', 'returned'],
  din: ['设置 DIN', 'given a DIN setting'],
  confirm: ['确认', 'confirmed'],
  withdraw: ['撤回', 'withdrawn'],
  payAtDoor: ['改为货到付款', 'switched to cash on delivery'],
  waiveLateFee: ['免除超时费', 'have its late fee waived'],
};
export function orderActionName(action: OrderAction, english: boolean): string {
  return ACTIONS[action][english ? 1 : 0];
}

/** Where each action may start (ARCHITECTURE.md §4). */
export const ORDER_ALLOWED_FROM: Record<OrderAction, readonly OrderStatus[]> = {
  cancel: [
    OrderStatus.Pending,
    OrderStatus.Unpaid,
    OrderStatus.Reserved,
    OrderStatus.PendingDelivery,
  ],
  pay: [OrderStatus.Unpaid, OrderStatus.PendingPayment],
  // An order the store has to confirm (an agent's) is confirmed, or withdrawn by its agent, once.
  confirm: [OrderStatus.Pending],
  withdraw: [OrderStatus.Pending],
  // Cash on delivery (cash-on-delivery.ts): chosen while unpaid, where the store takes it.
  payAtDoor: [OrderStatus.Unpaid],
  handover: [OrderStatus.Reserved],
  dispatch: [OrderStatus.PendingDelivery],
  deliver: [OrderStatus.Delivering],
  startReturn: [OrderStatus.InUse, OrderStatus.Delivered],
  pickup: [OrderStatus.Delivered, OrderStatus.InUse, OrderStatus.PendingReturn],
  extend: [
    OrderStatus.Reserved,
    OrderStatus.PendingDelivery,
    OrderStatus.Delivered,
    OrderStatus.InUse,
    OrderStatus.PendingReturn,
  ],
  return: [OrderStatus.InUse, OrderStatus.Delivered, OrderStatus.PendingReturn],
  // Before or at the return's check-in: once settled, the late fee is charged.
  waiveLateFee: [OrderStatus.InUse, OrderStatus.Delivered, OrderStatus.PendingReturn],
  // From preparation until the gear comes back (a rider may come in to have it adjusted).
  din: [
    OrderStatus.Pending,
    OrderStatus.Unpaid,
    OrderStatus.Reserved,
    OrderStatus.PendingDelivery,
    OrderStatus.Delivering,
    OrderStatus.Delivered,
    OrderStatus.InUse,
    OrderStatus.PendingReturn,
  ],
};

/** Overdue: still out (in use or delivered) after the rental end. Derived, not a status. */
export const OUT_WITH_CUSTOMER: readonly OrderStatus[] = [OrderStatus.InUse, OrderStatus.Delivered];

/** Where a checked-in item goes, and how the timeline names its state. */
export const RETURN_TO_STATUS: Record<ReturnState, EquipmentStatus> = {
  returned: EquipmentStatus.Available,
  damaged: EquipmentStatus.Damaged,
  lost: EquipmentStatus.Lost,
};
export const RETURN_STATE_KEY: Record<ReturnState, MessageKey> = {
  returned: 'ReturnStateReturned',
  damaged: 'ReturnStateDamaged',
  lost: 'ReturnStateLost',
};
