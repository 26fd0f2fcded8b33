import type { FastifyRequest } from 'fastify';
import { isEnglish } from '@/lib/messages.js';

/** What discounts, ad-hoc fees, goodwill refunds and managers' approvals say, in both languages. */
const zh = {
  DiscountAboveRent: '优惠只能抵扣租金：本单租金 ¥{rent}，优惠不能超过它（押金和配送费不参与优惠）',
  ApprovalRequired:
    '超出店员权限：店员最多可给 ¥{limit}（租金 ¥{base} 的 {percent}%），本次 ¥{amount} 需要店长批准',
  ApproverNotManager: '{name} 不是本门店的店长，不能批准',
  ApproverIsYou: '请由店长本人批准，不能用自己的账号批准',
  ApprovalNotFound: '批准申请不存在或已撤回',
  ApprovalPending: '店长还没有批准这项申请',
  ApprovalRefused: '店长已拒绝这项申请',
  ApprovalUsed: '这项批准已经用过了，每项批准只能用一次',
  ApprovalExpired: '这项批准已超过 {minutes} 分钟，请重新申请',
  ApprovalOtherStore: '这项批准属于其他门店',
  ApprovalOtherKind: '这项批准不是用于此操作的',
  ApprovalOtherOrder: '这项批准属于另一张订单',
  ApprovalOtherMoneyDiscount:
    '此审批批准的是租金 ¥{base} 的 ¥{approved} 折扣，与本单（租金 ¥{rent}，折扣 ¥{amount}）不符，请重新申请',
  ApprovalOtherMoneyFee:
    '此审批批准的是租金 ¥{base} 的订单加收 ¥{approved}，与本次（租金 ¥{rent}，加收 ¥{amount}）不符，请重新申请',
  ApprovalOtherMoneyRefund:
    '此审批批准的是租金 ¥{base} 的订单退款 ¥{approved}，与本次（租金 ¥{rent}，退款 ¥{amount}）不符，请重新申请',
  ApprovalAlreadyDecided: '这项申请已经处理过了',
  ApprovalNotYours: '只能由申请人撤回',
  ApprovalNotYourStore: '只能处理本门店的申请',
  FeeNotNow: '订单{status}，不能再加收费用',
  RefundNotNow: '订单{status}，不能办理善意退款',
  RefundAboveRentPaid: '善意退款最多 ¥{max}（已付的租金，押金不在其中）',
  // Timeline (and audit) lines
  DiscountGiven: '优惠 ¥{amount}，原因：{reason}',
  ApprovedBy: '，{name} 批准',
  FeeAdded: '加收{kind} ¥{amount}，原因：{reason}',
  RefundGiven: '善意退款 ¥{amount}，原因：{reason}',
  DiscountLine: '优惠',
  RefundLine: '善意退款',
  FeeCleaningFee: '清洁费',
  FeeDamageFee: '损坏赔偿',
  FeeOther: '其他费用',
};
type Key = keyof typeof zh;

const en: Record<Key, string> = {
  DiscountAboveRent:
    'A discount comes off the rent only: this order’s rent is ¥{rent}, and the discount cannot be more (deposits and delivery fees are not discounted)',
  ApprovalRequired:
    'Beyond a clerk’s limit: a clerk gives at most ¥{limit} ({percent}% of the ¥{base} rent); ¥{amount} needs a store manager’s approval',
  ApproverNotManager: '{name} is not a manager of this store and cannot approve',
  ApproverIsYou: 'A manager must approve this themselves, not with your own account',
  ApprovalNotFound: 'This approval request does not exist or was withdrawn',
  ApprovalPending: 'The manager has not approved this request yet',
  ApprovalRefused: 'The manager refused this request',
  ApprovalUsed: 'This approval has been used; each approval allows one change',
  ApprovalExpired: 'This approval is more than {minutes} minutes old; please ask again',
  ApprovalOtherStore: 'This approval belongs to another store',
  ApprovalOtherKind: 'This approval is for something else',
  ApprovalOtherOrder: 'This approval belongs to another order',
  ApprovalOtherMoneyDiscount:
    'This approval is for a ¥{approved} discount on ¥{base} of rent, which does not match this order (rent ¥{rent}, discount ¥{amount}); please ask again',
  ApprovalOtherMoneyFee:
    'This approval is for a ¥{approved} fee on an order with ¥{base} of rent, which does not match this one (rent ¥{rent}, fee ¥{amount}); please ask again',
  ApprovalOtherMoneyRefund:
    'This approval is for a ¥{approved} refund on an order with ¥{base} of rent, which does not match this one (rent ¥{rent}, refund ¥{amount}); please ask again',
  ApprovalAlreadyDecided: 'This request has already been answered',
  ApprovalNotYours: 'Only the person who asked can withdraw it',
  ApprovalNotYourStore: 'You can answer requests of your own store only',
  FeeNotNow: 'The order is {status}: no fee can be added now',
  RefundNotNow: 'The order is {status}: no goodwill refund can be given now',
  RefundAboveRentPaid:
    'A goodwill refund is at most ¥{max} (the rent paid; the deposit is not part of it)',
  DiscountGiven: 'Discount ¥{amount}, reason: {reason}',
  ApprovedBy: ', approved by {name}',
  FeeAdded: 'Added {kind} ¥{amount}, reason: {reason}',
  RefundGiven: 'Goodwill refund ¥{amount}, reason: {reason}',
  DiscountLine: 'Discount',
  RefundLine: 'Goodwill refund',
  FeeCleaningFee: 'cleaning fee',
  FeeDamageFee: 'damage fee',
  FeeOther: 'other fee',
};
export type MoneyMessageKey = Key;

export function moneyText(
  english: boolean,
  key: Key,
  params: Record<string, string | number> = {},
): string {
  return (english ? en : zh)[key].replace(/\{(\w+)\}/g, (_, name: string) =>
    String(params[name] ?? ''),
  );
}

export function moneyMessage(
  request: Pick<FastifyRequest, 'headers'>,
  key: Key,
  params: Record<string, string | number> = {},
): string {
  return moneyText(isEnglish(request), key, params);
}
