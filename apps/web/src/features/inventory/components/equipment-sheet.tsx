import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, List } from 'antd-mobile';
import { Dialog } from '@/components/antd/dialog';
import { Popup } from '@/components/antd/popup';
import { useTranslation } from 'react-i18next';
import {
  BusinessParameterKey,
  EquipmentStatus,
  Permissions,
  RoleName,
  type Equipment,
} from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { QueryState } from '@/components/query-state';
import { useAppStore } from '@/features/app-state';
import { useSession } from '@/features/auth';
import { useConfigStore, businessParameter } from '@/features/system-config';
import { DEFAULT_BUSINESS_TIME_ZONE, storeTimeText } from '@/lib/store-time';
import { useEquipment } from '../api/get-equipment';
import { rememberedAt } from '@/features/offline';
import { useStockOperation, type StockOperation } from '../api/stock-operations';
import { CHECK_IN_LABEL } from '../utils/status';
import {
  clearDraft,
  defaultStartDate,
  loadDraft,
  restorableDraft,
  saveDraft,
  todayIn,
  unavailableRange,
  validateStockForm,
  type StockFormValues,
} from '../utils/stock-form';
import { StatusTag } from './status-tag';
import { EquipmentPhotos } from '@/components/equipment-photos';
import { RelatedOrders, useMayOpenOrders } from './related-orders';
import { StockOperationForm } from './stock-operation-form';
import type { EquipmentDialogFlags, EquipmentDialogProps } from './equipment-dialog-props';

const money = (v: number) => v.toFixed(2);

/** The quick reasons of the check-in that each status offers (spec §4's check-in labels). */
const QUICK_REASONS_BY_STATUS: Partial<Record<number, string>> = {
  [EquipmentStatus.InUse]: 'checkIn',
  [EquipmentStatus.Damaged]: 'repaired',
  [EquipmentStatus.Lost]: 'found',
  [EquipmentStatus.InTransfer]: 'received',
  [EquipmentStatus.Scrapped]: 'unscrapped',
};

/** The equipment info dialog of spec §2 (equipment-dialog.tsx loads it when first opened). */
export default function EquipmentSheet({
  equipmentId,
  onClose,
  flags = { stockOperations: true, statusChange: true },
  onChanged,
}: EquipmentDialogProps) {
  const query = useEquipment(equipmentId);
  return (
    <Popup
      showCloseButton
      visible={equipmentId !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="sheet equipment-dialog"
      destroyOnClose
    >
      <QueryState query={query} lines={6}>
        {(equipment) => (
          <EquipmentDialogBody
            key={equipment.id}
            equipment={equipment}
            flags={flags}
            onClose={onClose}
            onChanged={onChanged}
          />
        )}
      </QueryState>
    </Popup>
  );
}

function EquipmentDialogBody({
  equipment,
  flags,
  onClose,
  onChanged,
}: {
  equipment: Equipment;
  flags: EquipmentDialogFlags;
  onClose: () => void;
  onChanged?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const user = useSession((s) => s.user);
  const permissions = useSession((s) => s.permissions);
  const roles = useSession((s) => s.roles);
  const config = useConfigStore((s) => s.config);
  const showSuccess = useAppStore((s) => s.showSuccess);
  const operation = useStockOperation();
  const timeZone = DEFAULT_BUSINESS_TIME_ZONE;
  const threshold = businessParameter(
    config,
    equipment.storeId,
    BusinessParameterKey.NextDayThreshold,
  );
  const today = todayIn(timeZone);
  const defaultStart = defaultStartDate(new Date(), threshold, timeZone);
  const initial: StockFormValues = {
    reason: '',
    remarks: '',
    startDate: defaultStart,
    days: 1,
    ...restorableDraft(loadDraft(equipment.id), today, defaultStart),
  };
  const [values, setValues] = useState<StockFormValues>(initial);
  const [errors, setErrors] = useState<ReturnType<typeof validateStockForm>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const otherStore =
    !!user && !roles.includes(RoleName.SuperAdmin) && equipment.storeId !== user.primaryStoreId;
  const [acknowledged, setAcknowledged] = useState(!otherStore);

  useEffect(() => {
    saveDraft(equipment.id, values);
  }, [equipment.id, values]);

  const canStock = permissions.includes(Permissions.BusinessOperations.InventoryManage);
  const status = equipment.status;
  const isCheckOut = status === EquipmentStatus.Available;
  // Gear out on an active order comes back only through that order's return (the server
  // refuses a plain check-in or status change of it).
  const outOnOrder = equipment.outOnOrder;
  const offerStock = canStock && flags.stockOperations && !outOnOrder;
  const offerStatus =
    canStock &&
    flags.statusChange &&
    !outOnOrder &&
    (status === EquipmentStatus.Available || status === EquipmentStatus.InUse);
  const offerEarlyReturn =
    canStock &&
    flags.earlyReturn &&
    !!flags.orderId &&
    (status === EquipmentStatus.Available || status === EquipmentStatus.InUse);
  const checkInLabel = CHECK_IN_LABEL[status];
  // Quick reasons that fit the actions on offer: the main one's first (check-out, check-in,
  // repair done, found, received, scrapping undone), then early return's, then damage or loss.
  const reasonKeys = [
    ...(offerStock
      ? [isCheckOut ? 'checkOut' : (QUICK_REASONS_BY_STATUS[status] ?? 'checkIn')]
      : []),
    ...(offerEarlyReturn ? ['earlyReturn'] : []),
    ...(offerStatus ? ['status'] : []),
  ] as const;
  const quickReasons = [
    ...new Set(
      reasonKeys.flatMap((key) =>
        t(`inventory.quick.${key}` as 'inventory.quick.checkIn', { returnObjects: true }),
      ),
    ),
  ];

  const run = async (kind: 'checkOut' | 'checkIn' | 'damaged' | 'lost' | 'earlyReturn') => {
    setServerError(null);
    const found = validateStockForm(values, kind === 'checkOut');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (kind === 'damaged' || kind === 'lost' || kind === 'earlyReturn') {
      const ok = await Dialog.confirm({
        content: t(
          kind === 'damaged'
            ? 'inventory.confirmDamaged'
            : kind === 'lost'
              ? 'inventory.confirmLost'
              : 'inventory.confirmEarlyReturn',
        ),
        confirmText: t('profile.confirm'),
        cancelText: t('profile.cancel'),
      });
      if (!ok) return;
    }
    const base = {
      reason: values.reason.trim(),
      remarks: values.remarks.trim(),
      // The notice was shown and the user chose to go on (the body is shown only then).
      otherStoreAcknowledged: otherStore,
    };
    const op: StockOperation =
      kind === 'checkOut'
        ? {
            kind: 'stockOut',
            id: equipment.id,
            input: { ...base, ...unavailableRange(values, new Date(), timeZone) },
          }
        : kind === 'checkIn'
          ? {
              kind: 'stockIn',
              id: equipment.id,
              input: { ...base, shouldClearManualUnavailableTime: true },
            }
          : kind === 'earlyReturn'
            ? { kind: 'earlyReturn', id: equipment.id, input: { ...base, orderId: flags.orderId! } }
            : {
                kind: 'changeStatus',
                id: equipment.id,
                input: {
                  ...base,
                  newStatus: kind === 'damaged' ? EquipmentStatus.Damaged : EquipmentStatus.Lost,
                },
              };
    const fallback = t(
      kind === 'checkOut'
        ? 'inventory.failed.checkOut'
        : kind === 'checkIn'
          ? 'inventory.failed.checkIn'
          : kind === 'earlyReturn'
            ? 'inventory.failed.earlyReturn'
            : 'inventory.failed.status',
    );
    try {
      const label = `${t(
        kind === 'checkOut'
          ? 'inventory.actions.checkOut'
          : kind === 'checkIn'
            ? 'inventory.actions.checkIn'
            : kind === 'earlyReturn'
              ? 'inventory.actions.earlyReturn'
              : kind === 'damaged'
                ? 'inventory.actions.markDamaged'
                : 'inventory.actions.markLost',
      )} ${equipment.barcodeNumber} ${equipment.nameShown}`;
      const result = await operation.mutateAsync({ ...op, label });
      showSuccess(result.message);
      if (!result.queued) onChanged?.();
      clearDraft(equipment.id);
      setValues({
        reason: '',
        remarks: '',
        startDate: defaultStartDate(new Date(), threshold, timeZone),
        days: 1,
      });
    } catch (err) {
      setServerError(err instanceof Error && err.message ? err.message : fallback);
    }
  };

  if (!acknowledged) {
    return (
      <div
        className="page-body other-store-notice"
        role="alertdialog"
        aria-label={equipment.nameShown}
      >
        <h2 className="sheet__title">{equipment.nameShown}</h2>
        <p>{t('inventory.otherStore', { store: equipment.storeName })}</p>
        <div className="sheet__actions">
          <Button block onClick={onClose}>
            {t('inventory.close')}
          </Button>
          <Button block color="primary" onClick={() => setAcknowledged(true)}>
            {t('inventory.continue')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="equipment-dialog__body">
      {equipment.imageFiles.length > 0 && (
        <EquipmentPhotos equipment={equipment} name={equipment.nameShown} />
      )}
      <header className="equipment-dialog__head">
        {equipment.imageFiles.length === 0 && (
          <EquipmentPhotos equipment={equipment} name={equipment.nameShown} compact />
        )}
        <div>
          <h2 className="equipment-dialog__name">{equipment.nameShown}</h2>
          <div className="equipment-dialog__barcode">{equipment.barcodeNumber}</div>
          <StatusTag status={status} />
        </div>
      </header>
      {rememberedAt(equipment) !== undefined && (
        <p className="data-age page-body" role="note">
          {t('app.rememberedAt', {
            time: storeTimeText(rememberedAt(equipment)!, i18n.language, {
              month: 'numeric',
              day: 'numeric',
              hour: '2-digit',
              minute: '2-digit',
            }),
          })}
        </p>
      )}
      {otherStore && (
        <p className="other-store-hint">
          {t('inventory.otherStore', { store: equipment.storeName })}
        </p>
      )}
      <List className="equipment-dialog__details">
        <List.Item extra={equipment.storeName}>{t('inventory.fields.store')}</List.Item>
        <List.Item extra={equipment.brand || '—'}>{t('inventory.fields.brand')}</List.Item>
        <List.Item extra={equipment.model || '—'}>{t('inventory.fields.model')}</List.Item>
        <List.Item extra={equipment.categoryName}>{t('inventory.fields.category')}</List.Item>
        <List.Item extra={t('inventory.money', { value: money(equipment.dailyRentPrice) })}>
          {t('inventory.fields.dailyRent')}
        </List.Item>
        <List.Item extra={t('inventory.money', { value: money(equipment.deposit) })}>
          {t('inventory.fields.deposit')}
        </List.Item>
        <List.Item extra={t('inventory.times', { count: equipment.usageCount })}>
          {t('inventory.fields.usageCount')}
        </List.Item>
      </List>
      {outOnOrder && (
        <OutOnOrderNotice
          equipmentId={equipment.id}
          storeName={equipment.storeName}
          order={outOnOrder}
          canReturn={canStock}
          onNavigate={onClose}
        />
      )}
      <RelatedOrders equipmentId={equipment.id} onNavigate={onClose} />
      {(offerStock || offerStatus || offerEarlyReturn) && (
        <>
          <StockOperationForm
            values={values}
            errors={errors}
            isCheckOut={isCheckOut && !!offerStock}
            quickReasons={quickReasons}
            today={today}
            onChange={setValues}
          />
          <p className="form-error" role="alert">
            {serverError ?? ''}
          </p>
          <div className="equipment-dialog__actions">
            {offerStock && isCheckOut && (
              <Button
                color="primary"
                size="large"
                loading={operation.isPending}
                onClick={() => void run('checkOut')}
              >
                {t('inventory.actions.checkOut')}
              </Button>
            )}
            {offerStock && checkInLabel && (
              <Button
                color="primary"
                size="large"
                loading={operation.isPending}
                onClick={() => void run('checkIn')}
              >
                {t(`inventory.actions.${checkInLabel}`)}
              </Button>
            )}
            {offerEarlyReturn && (
              <Button
                color="warning"
                size="large"
                disabled={operation.isPending}
                onClick={() => void run('earlyReturn')}
              >
                {t('inventory.actions.earlyReturn')}
              </Button>
            )}
            {offerStatus && (
              <Button
                color="warning"
                fill="outline"
                size="large"
                disabled={operation.isPending}
                onClick={() => void run('damaged')}
              >
                {t('inventory.actions.markDamaged')}
              </Button>
            )}
            {offerStatus && (
              <Button
                color="danger"
                fill="outline"
                size="large"
                disabled={operation.isPending}
                onClick={() => void run('lost')}
              >
                {t('inventory.actions.markLost')}
              </Button>
            )}
          </div>
        </>
      )}
      <div className="page-body">
        <Link to={Paths.inventoryDetail(equipment.id)} onClick={onClose}>
          {t('inventory.actions.detail')}
        </Link>
      </div>
    </div>
  );
}

/** Gear still out on an order: the order is named, and its return check-in is one tap away. */
function OutOnOrderNotice({
  equipmentId,
  storeName,
  order,
  canReturn,
  onNavigate,
}: {
  equipmentId: string;
  /** The item's store, whose order it is. */
  storeName: string;
  order: NonNullable<Equipment['outOnOrder']>;
  canReturn: boolean;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const roles = useSession((s) => s.roles);
  const mayOpen = useMayOpenOrders();
  const navigate = useNavigate();
  const ownStore = roles.includes(RoleName.SuperAdmin) || order.storeId === user?.primaryStoreId;
  const { orderId } = order;
  return (
    <section className="out-on-order" aria-label={t('inventory.outOnOrder.title')}>
      <p>
        {/* Another store's order is named to that store only: its store is said instead. */}
        {orderId
          ? t('inventory.outOnOrder.text', {
              number: order.orderNumber,
              customer: order.customerName,
            })
          : t('inventory.outOnOrder.otherStoreText', { store: storeName })}
      </p>
      {mayOpen && ownStore && orderId && (
        <Button
          block
          color="primary"
          size="large"
          onClick={() => {
            const query = canReturn ? `?return=${encodeURIComponent(equipmentId)}` : '';
            void navigate(`${Paths.storeOrderDetail(orderId)}${query}`);
            onNavigate();
          }}
        >
          {t(canReturn ? 'inventory.outOnOrder.return' : 'inventory.outOnOrder.open')}
        </Button>
      )}
    </section>
  );
}
