import { useState } from 'react';
import { Button, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { OrderStatus, RoleName, type Order, type OrderLateFee } from '@snowgear/contracts';
import { PromptDialog } from '@/components/prompt-dialog';
import { useAppStore } from '@/features/app-state';
import { useSession } from '@/features/auth';
import { money } from '@/lib/money';
import { storeTime } from '@/lib/store-clock';
import { textError } from '@/lib/text-rules';
import { useLateText } from '@/features/rental-summary';
import { useWaiveLateFee } from '../api/waive-late-fee';

/** Before the return is settled the late fee still follows the clock, and may be waived. */
const BEFORE_SETTLEMENT: readonly number[] = [
  OrderStatus.Delivered,
  OrderStatus.InUse,
  OrderStatus.PendingReturn,
];

/** The late fee still to be charged at the check-in (null: none, or already settled). */
export function pendingLateFee(order: Pick<Order, 'status' | 'lateFee'>): OrderLateFee | null {
  return order.lateFee && BEFORE_SETTLEMENT.includes(order.status) ? order.lateFee : null;
}

/** What the late fee adds at the check-in (nothing when waived). */
export function lateFeeDue(order: Pick<Order, 'status' | 'lateFee'>): number {
  const fee = pendingLateFee(order);
  return fee && !fee.waiver ? fee.amount : 0;
}

/** Managers (and the super admin) may waive a late fee; the server refuses anyone else. */
function useMayWaive() {
  const roles = useSession((s) => s.roles);
  return roles.includes(RoleName.StoreManager) || roles.includes(RoleName.SuperAdmin);
}

/**
 * The manager's waiver: shown only to managers while there is a late fee to waive; the reason is
 * required and kept with the fee line.
 */
export function WaiveLateFeeButton({ order }: { order: Order }) {
  const { t } = useTranslation();
  const mayWaive = useMayWaive();
  const waive = useWaiveLateFee();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const [open, setOpen] = useState(false);
  const fee = pendingLateFee(order);
  if (!mayWaive || !fee || fee.waiver || fee.amount <= 0) return null;
  return (
    <>
      <Button block size="large" color="warning" fill="outline" onClick={() => setOpen(true)}>
        {t('lateFee.waive')}
      </Button>
      <PromptDialog
        visible={open}
        title={t('lateFee.waiveTitle')}
        message={t('lateFee.waiveMessage', { amount: money(fee.amount) })}
        placeholder={t('lateFee.waiveReason')}
        emptyError={t('lateFee.waiveReasonRequired')}
        validate={(reason) => textError(t, reason, { required: t('lateFee.waiveReasonRequired') })}
        maxLength={200}
        confirmText={t('lateFee.waiveConfirm')}
        cancelText={t('orders.back')}
        onSubmit={async (reason) => {
          await waive.mutateAsync({ id: order.id, reason });
          showSuccess(t('lateFee.waiveDone'));
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/**
 * The store's view of a late return before it is settled: how late, what it costs so far (or
 * that it is still within the grace), whether it grows, and who waived it. Once settled, the fee
 * line among the fees says it.
 */
export function LateFeeSection({ order }: { order: Order }) {
  const { t } = useTranslation();
  const lateText = useLateText();
  const fee = pendingLateFee(order);
  if (!fee) return null;
  const daily = money(fee.dailyRent);
  return (
    <List header={t('lateFee.title')} className="late-fee">
      <List.Item
        description={t('lateFee.rule', { grace: fee.graceHours })}
        extra={<strong className="late-fee__amount">{money(fee.waiver ? 0 : fee.amount)}</strong>}
      >
        <div>{lateText(fee.hoursLate)}</div>
        <div className="late-fee__detail">
          {fee.days > 0
            ? t('lateFee.charged', { count: fee.days, daily, amount: money(fee.amount) })
            : t('lateFee.inGrace', {
                grace: fee.graceHours,
                from: storeTime(fee.chargedFrom),
                daily,
              })}
        </div>
        {fee.growing && <div className="late-fee__detail">{t('lateFee.growing', { daily })}</div>}
      </List.Item>
      {fee.waiver && (
        <List.Item description={storeTime(fee.waiver.at)}>
          {t('lateFee.waivedBy', { name: fee.waiver.byName, reason: fee.waiver.reason })}
        </List.Item>
      )}
      <WaiveItem order={order} />
    </List>
  );
}

function WaiveItem({ order }: { order: Order }) {
  const mayWaive = useMayWaive();
  const fee = pendingLateFee(order);
  if (!mayWaive || !fee || fee.waiver || fee.amount <= 0) return null;
  return (
    <List.Item>
      <WaiveLateFeeButton order={order} />
    </List.Item>
  );
}

/**
 * In the return check-in, before the clerk confirms: the late fee as its own line and, when this
 * check-in brings the last item in, what is then given back or collected.
 */
export function ReturnLateFeeLines({
  order,
  completes,
  damageFees,
}: {
  order: Order;
  /** This check-in brings the last item in (the order is settled by it). */
  completes: boolean;
  /** Damage fees typed for this check-in (yuan). */
  damageFees: number;
}) {
  const { t } = useTranslation();
  const fee = pendingLateFee(order);
  const late = lateFeeDue(order);
  const deposits = order.feeItems
    .filter((f) => f.kind === 'Deposit')
    .reduce((n, f) => n + Math.round(f.amount * 100), 0);
  const fen = (yuan: number) => Math.round(yuan * 100);
  // As the settlement works it out: what was paid against the total less the deposits held.
  const balance =
    fen(order.paidAmount) - (fen(order.totalAmount) + fen(late) + fen(damageFees) - deposits);
  if (!fee && !completes) return null;
  return (
    <List className="late-fee late-fee--return">
      {fee && (
        <List.Item
          description={
            fee.waiver
              ? t('lateFee.waivedBy', { name: fee.waiver.byName, reason: fee.waiver.reason })
              : completes
                ? undefined
                : t('lateFee.lastItemNote')
          }
          extra={<strong>{money(late)}</strong>}
        >
          {fee.waiver ? t('lateFee.lineWaived') : t('lateFee.line', { count: fee.days })}
        </List.Item>
      )}
      {completes && (
        <List.Item>
          <strong className="late-fee__balance" role="status">
            {balance > 0
              ? t('lateFee.refundAfter', { amount: money(balance / 100) })
              : balance < 0
                ? t('lateFee.collectAfter', { amount: money(-balance / 100) })
                : t('lateFee.evenAfter')}
          </strong>
        </List.Item>
      )}
    </List>
  );
}
