import { useId, useState } from 'react';
import { Button, Input, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import {
  AD_HOC_FEE_KINDS,
  BusinessParameterKey,
  ErrorCode,
  FEE_ADDABLE_STATUSES,
  FeeItemKind,
  GOODWILL_REFUND_STATUSES,
  MONEY_REASON_MAX,
  MoneyApprovalKind,
  type Order,
} from '@snowgear/contracts';
import { ActionPanel, PanelActions } from '@/components/action-panel';
import { ChoiceChips } from '@/components/choice-fields';
import { Dialog } from '@/components/antd/dialog';
import { useSession } from '@/features/auth';
import { useConfigStore, businessParameter } from '@/features/system-config';
import { ApiError } from '@/lib/api-errors';
import { money } from '@/lib/money';
import { isUnlimited, useAddFee, useGoodwillRefund } from '../api/money-approvals';
import { staffDiscountLimit } from '../utils/order-create-fees';
import { ApprovalSheet, type ApprovalWay } from './approval-sheet';

type Mode = 'fee' | 'refund';
type FeeKind = (typeof AD_HOC_FEE_KINDS)[number];

const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;
const sumOf = (order: Order, kinds: string[]) =>
  Math.round(
    order.feeItems.filter((f) => kinds.includes(f.kind)).reduce((s, f) => s + f.amount * 100, 0),
  ) / 100;

/**
 * What may still be given back (the server's rule): the rent and extensions less every discount
 * and refund so far, never more than was paid.
 */
export function refundableOf(order: Order): number {
  const rentNet = sumOf(order, [FeeItemKind.Rent, FeeItemKind.ExtensionFee, FeeItemKind.Discount]);
  return Math.max(0, Math.min(rentNet, order.paidAmount));
}

/**
 * The order's adjustments for its store's staff: a fee added by hand (a helmet taken at the door)
 * and rent given back out of goodwill, each with a reason, confirmed before it is sent, and a
 * manager's approval beyond the clerk's limit.
 */
export function OrderAdjustments({
  order,
  onDone,
}: {
  order: Order;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode | null>(null);
  const canFee = FEE_ADDABLE_STATUSES.includes(order.status);
  const canRefund = GOODWILL_REFUND_STATUSES.includes(order.status) && refundableOf(order) > 0;
  if (!canFee && !canRefund) return null;
  return (
    <List header={t('money.adjust.title')}>
      <List.Item>
        <div className="order-adjustments">
          {canFee && (
            <Button block onClick={() => setMode('fee')}>
              {t('money.adjust.addFee')}
            </Button>
          )}
          {canRefund && (
            <Button block color="warning" fill="outline" onClick={() => setMode('refund')}>
              {t('money.adjust.goodwillRefund')}
            </Button>
          )}
        </div>
      </List.Item>
      <AdjustmentSheet
        order={order}
        mode={mode ?? 'fee'}
        visible={mode !== null}
        onClose={() => setMode(null)}
        onDone={(message) => {
          setMode(null);
          onDone(message);
        }}
      />
    </List>
  );
}

function AdjustmentSheet({
  order,
  mode,
  visible,
  onClose,
  onDone,
}: {
  order: Order;
  mode: Mode;
  visible: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <ActionPanel
      visible={visible}
      title={t(mode === 'fee' ? 'money.adjust.addFee' : 'money.adjust.goodwillRefund')}
      onClose={onClose}
    >
      <AdjustmentForm order={order} mode={mode} onClose={onClose} onDone={onDone} />
    </ActionPanel>
  );
}

function AdjustmentForm({
  order,
  mode,
  onClose,
  onDone,
}: {
  order: Order;
  mode: Mode;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const kindLabel = useId();
  const roles = useSession((s) => s.roles);
  const config = useConfigStore((s) => s.config);
  const addFee = useAddFee();
  const refund = useGoodwillRefund();
  const [kind, setKind] = useState<FeeKind>(FeeItemKind.Other);
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<{ amount?: string; reason?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [approving, setApproving] = useState(false);
  const [approvalError, setApprovalError] = useState<string | null>(null);

  const rent = sumOf(order, [FeeItemKind.Rent, FeeItemKind.ExtensionFee]);
  const limit = isUnlimited(roles)
    ? null
    : staffDiscountLimit(
        rent,
        businessParameter(config, order.storeId, BusinessParameterKey.MaxStaffDiscountPercent),
      );
  const maxRefund = refundableOf(order);
  const amount = Number(amountText);
  const busy = addFee.isPending || refund.isPending;
  const kindName = t(`money.adjust.kinds.${kind}`);

  const check = () => {
    const found: typeof problems = {};
    if (!AMOUNT.test(amountText) || !(amount > 0)) found.amount = t('money.adjust.amountInvalid');
    else if (mode === 'refund' && amount > maxRefund)
      found.amount = t('money.adjust.refundAboveMax', { max: money(maxRefund) });
    if (!reason.trim()) found.reason = t('money.adjust.reasonRequired');
    setProblems(found);
    return Object.keys(found).length === 0;
  };

  const send = (way?: ApprovalWay) => {
    const body = { amount, reason: reason.trim(), ...way };
    const handlers = {
      onSuccess: () =>
        onDone(
          t(mode === 'fee' ? 'money.adjust.feeDone' : 'money.adjust.refundDone', {
            amount: money(amount),
          }),
        ),
      onError: (err: Error) => {
        if (err instanceof ApiError && err.code === ErrorCode.ManagerApprovalRequired) {
          setApprovalError(way ? err.message : null);
          setApproving(true);
          return;
        }
        if (way && err instanceof ApiError && err.status !== undefined && err.status < 500) {
          setApprovalError(err.message);
          return;
        }
        setApproving(false);
        setError(err.message);
      },
    };
    if (mode === 'fee') addFee.mutate({ id: order.id, kind, ...body }, handlers);
    else refund.mutate({ id: order.id, ...body }, handlers);
  };

  const handleSubmit = async () => {
    setError(null);
    if (!check()) return;
    const ok = await Dialog.confirm({
      content:
        mode === 'fee'
          ? t('money.adjust.confirmFee', { kind: kindName, amount: money(amount) })
          : t('money.adjust.confirmRefund', { amount: money(amount) }),
    });
    if (!ok) return;
    if (limit && amount > limit.amount) {
      setApprovalError(null);
      setApproving(true);
      return;
    }
    send();
  };

  return (
    <>
      {mode === 'fee' && (
        <div className="order-adjustments__kinds">
          <span id={kindLabel}>{t('money.adjust.kind')}</span>
          <ChoiceChips
            labelledBy={kindLabel}
            options={AD_HOC_FEE_KINDS.map((k) => ({
              label: t(`money.adjust.kinds.${k}`),
              value: k,
            }))}
            value={kind}
            onChange={setKind}
          />
        </div>
      )}
      <label className="approval-sheet__field">
        <span>{t('money.adjust.amount')}</span>
        <Input
          inputMode="decimal"
          placeholder="0.00"
          value={amountText}
          onChange={(v) => {
            setAmountText(v.replace(/[^\d.]/g, ''));
            setProblems((p) => ({ ...p, amount: undefined }));
          }}
        />
      </label>
      {problems.amount ? (
        <p className="field-error" role="alert">
          {problems.amount}
        </p>
      ) : (
        <p className="order-panel__tip">
          {mode === 'refund' && t('money.adjust.refundMax', { max: money(maxRefund) })}
          {mode === 'refund' && limit && ' '}
          {limit && t('money.adjust.limit', { limit: money(limit.amount), percent: limit.percent })}
        </p>
      )}
      <label className="approval-sheet__field">
        <span>{t('money.adjust.reason')}</span>
        <Input
          placeholder={t(
            mode === 'fee'
              ? 'money.adjust.feeReasonPlaceholder'
              : 'money.adjust.refundReasonPlaceholder',
          )}
          maxLength={MONEY_REASON_MAX}
          value={reason}
          onChange={(v) => {
            setReason(v);
            setProblems((p) => ({ ...p, reason: undefined }));
          }}
        />
      </label>
      {problems.reason && (
        <p className="field-error" role="alert">
          {problems.reason}
        </p>
      )}
      <PanelActions error={error}>
        <Button block size="large" onClick={onClose}>
          {t('money.approval.close')}
        </Button>
        <Button
          block
          size="large"
          color="primary"
          loading={busy && !approving}
          onClick={() => void handleSubmit()}
        >
          {t('money.adjust.submit')}
        </Button>
      </PanelActions>
      {limit && (
        <ApprovalSheet
          visible={approving}
          storeId={order.storeId}
          orderId={order.id}
          kind={mode === 'fee' ? MoneyApprovalKind.Fee : MoneyApprovalKind.Refund}
          amount={amount}
          base={rent}
          limit={limit.amount}
          percent={limit.percent}
          initialReason={reason.trim()}
          busy={busy}
          error={approvalError}
          onClose={() => setApproving(false)}
          onApproved={(way) => {
            setApprovalError(null);
            send(way);
          }}
        />
      )}
    </>
  );
}
