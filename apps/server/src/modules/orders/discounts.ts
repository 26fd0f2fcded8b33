import type { FastifyRequest } from 'fastify';
import { ErrorCode, MoneyApprovalKind, type ManagerApproval } from '@snowgear/contracts';
import type { Database } from '@/db/client.js';
import { AppError } from '@/lib/errors.js';
import { allowMoneyChange, type Allowed } from './approvals.js';
import { moneyMessage, moneyText } from './money-messages.js';
import { toFen, toYuan } from './pricing.js';
import type { Text } from './timeline.js';

/**
 * A new order's discount: rent only (more than the rent is refused, naming it), within the
 * clerk's limit or with a manager's approval. Null when there is none.
 */
export async function allowDiscount(
  db: Database,
  request: FastifyRequest,
  input: {
    storeId: string;
    discount: number;
    discountReason?: string;
    approval?: ManagerApproval;
    approvalId?: string;
  },
  rentFen: number,
): Promise<(Allowed & { amountFen: number }) | null> {
  const amountFen = toFen(input.discount);
  if (amountFen <= 0) return null;
  if (amountFen > rentFen) {
    throw new AppError(
      400,
      ErrorCode.DiscountAboveRent,
      moneyMessage(request, 'DiscountAboveRent', { rent: toYuan(rentFen).toFixed(2) }),
      undefined,
      { rent: toYuan(rentFen) },
    );
  }
  const allowed = await allowMoneyChange(db, request, {
    storeId: input.storeId,
    orderId: null,
    kind: MoneyApprovalKind.Discount,
    amountFen,
    baseFen: rentFen,
    reason: input.discountReason ?? '',
    approval: input.approval,
    approvalId: input.approvalId,
  });
  return { ...allowed, amountFen };
}

/** The timeline's (and the audit log's) line for a change of money: amount, reason, approver. */
export function moneyLine(
  key: 'DiscountGiven' | 'FeeAdded' | 'RefundGiven',
  change: { amountFen: number; reason: string; approvedByName: string | null; kind?: string },
): Text {
  return (english) =>
    moneyText(english, key, {
      amount: toYuan(change.amountFen).toFixed(2),
      reason: change.reason || '—',
      kind: change.kind ? moneyText(english, `Fee${change.kind}` as 'FeeOther') : '',
    }) +
    (change.approvedByName
      ? moneyText(english, 'ApprovedBy', { name: change.approvedByName })
      : '');
}
