import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, List, Selector, Tag } from 'antd-mobile';
import { Dialog } from '@/components/antd/dialog';
import { CloseOutline, ScanningOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import {
  BATCH_STOCK_MAX,
  BusinessParameterKey,
  RoleName,
  type Equipment,
} from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { useAppStore } from '@/features/app-state';
import { playSound, SoundKind } from '@/features/audio';
import { useSession } from '@/features/auth';
import { rememberedAt } from '@/features/offline';
import {
  useBatchScan,
  useWedgeTarget,
  type ScanVerdict,
  extractSerialNumber,
} from '@/features/scanner';
import { useConfigStore, businessParameter } from '@/features/system-config';
import { DEFAULT_BUSINESS_TIME_ZONE, storeTimeText } from '@/lib/store-time';
import { useBatchStock } from '../api/batch-stock';
import { getEquipmentByBarcode } from '../api/get-equipment-by-barcode';
import { BatchDamage, damagedForCheckIn, updateMark } from '../components/batch-damage';
import { StatusTag } from '../components/status-tag';
import { StockOperationForm } from '../components/stock-operation-form';
import { batchProblem, type BatchMode } from '../utils/batch';
import { STATUS_KEYS } from '../utils/status';
import {
  defaultStartDate,
  todayIn,
  unavailableRange,
  validateStockForm,
  type StockFormValues,
} from '../utils/stock-form';
import type { DamageValue } from '@/features/damage-notes';

interface Problem {
  message: string;
  /** Gear out on an order of this store comes back through that order's return. */
  orderId?: string;
  equipmentId?: string;
}

/**
 * Batch mode for stock (issue: the counter, scan-first): choose check-out or check-in, scan item
 * after item with the camera kept open or the barcode gun, see each verdict and the running list,
 * then one reason and one confirmation for them all. What the server refused stays listed with
 * its reason; what went through leaves the list.
 */
export default function InventoryBatchPage() {
  const { t, i18n } = useTranslation();
  const user = useSession((s) => s.user);
  const isAdmin = useSession((s) => s.roles.includes(RoleName.SuperAdmin));
  const config = useConfigStore((s) => s.config);
  const showSuccess = useAppStore((s) => s.showSuccess);
  const batch = useBatchStock();
  const timeZone = DEFAULT_BUSINESS_TIME_ZONE;
  const today = todayIn(timeZone);
  const startFor = () =>
    defaultStartDate(
      new Date(),
      businessParameter(config, user?.primaryStoreId, BusinessParameterKey.NextDayThreshold),
      timeZone,
    );

  const [mode, setMode] = useState<BatchMode>('checkOut');
  const [items, setItems] = useState<Equipment[]>([]);
  // Scans can come faster than renders: each one sees what the one before added.
  const latest = useRef(items);
  const [refused, setRefused] = useState<Record<string, string>>({});
  // Check-in: items that came back damaged, with a note and a photo.
  const [damage, setDamage] = useState<Record<string, DamageValue>>({});
  const [problem, setProblem] = useState<Problem | null>(null);
  const [values, setValues] = useState<StockFormValues>(() => ({
    reason: '',
    remarks: '',
    startDate: startFor(),
    days: 1,
  }));
  const [errors, setErrors] = useState<ReturnType<typeof validateStockForm>>({});
  const [serverError, setServerError] = useState<string | null>(null);

  const isCheckOut = mode === 'checkOut';
  const action = t(isCheckOut ? 'inventory.actions.checkOut' : 'inventory.actions.checkIn');
  const otherStore = (e: Equipment) =>
    !isAdmin &&
    !!user &&
    e.storeId !== user.primaryStoreId &&
    e.transferToStoreId !== user.primaryStoreId;

  const setList = (next: Equipment[]) => {
    latest.current = next;
    setItems(next);
  };

  const addCode = async (raw: string): Promise<ScanVerdict> => {
    const code = extractSerialNumber(raw).trim();
    setServerError(null);
    const refuse = (found: Problem, title = code): ScanVerdict => {
      playSound(SoundKind.scanError);
      setProblem(found);
      return { ok: false, title, detail: found.message };
    };
    if (latest.current.length >= BATCH_STOCK_MAX) {
      return refuse({ message: t('inventory.batch.full', { max: BATCH_STOCK_MAX }) });
    }
    let gear: Equipment;
    try {
      gear = await getEquipmentByBarcode(code);
    } catch {
      return refuse({ message: t('inventory.batch.unknown', { barcode: code }) });
    }
    if (latest.current.some((e) => e.id === gear.id)) {
      return refuse(
        { message: t('inventory.batch.already', { barcode: gear.barcodeNumber }) },
        gear.name,
      );
    }
    const why = batchProblem(gear, mode);
    if (why) {
      // Another store's order is named to that store only: its store is said instead.
      const orderId = why === 'onOrder' ? (gear.outOnOrder?.orderId ?? undefined) : undefined;
      const problem = why === 'onOrder' && !orderId ? 'onOtherStoreOrder' : why;
      return refuse(
        {
          message: t(`inventory.batch.problems.${problem}`, {
            status: t(`inventory.statuses.${STATUS_KEYS[gear.status] ?? 'available'}`),
            number: gear.outOnOrder?.orderNumber,
            store: gear.storeName,
            barcode: gear.barcodeNumber,
          }),
          orderId,
          equipmentId: gear.id,
        },
        gear.name,
      );
    }
    playSound(SoundKind.scanSuccess);
    setProblem(null);
    setList([gear, ...latest.current]);
    return {
      ok: true,
      title: gear.name,
      detail: t('inventory.batch.added', {
        barcode: gear.barcodeNumber,
        count: latest.current.length,
      }),
    };
  };

  useWedgeTarget((text) => void addCode(text), true);
  const { scanMany, scanning } = useBatchScan(addCode);

  const remove = (id: string) => {
    setList(latest.current.filter((e) => e.id !== id));
    setRefused(({ [id]: _, ...rest }) => rest);
    setDamage(({ [id]: _, ...rest }) => rest);
  };

  const switchMode = async (next: BatchMode) => {
    if (next === mode) return;
    if (items.length > 0) {
      const ok = await Dialog.confirm({
        content: t('inventory.batch.switchClears', { count: items.length }),
        confirmText: t('profile.confirm'),
        cancelText: t('profile.cancel'),
      });
      if (!ok) return;
    }
    setList([]);
    setRefused({});
    setDamage({});
    setProblem(null);
    setErrors({});
    setServerError(null);
    setValues((v) => ({ ...v, reason: '' }));
    setMode(next);
  };

  const submit = async () => {
    setServerError(null);
    const found = validateStockForm(values, isCheckOut);
    setErrors(found);
    if (Object.keys(found).length > 0 || items.length === 0) return;
    const others = items.filter(otherStore).length;
    const ok = await Dialog.confirm({
      title: t('inventory.batch.confirmTitle', { action, count: items.length }),
      content: others > 0 ? t('inventory.batch.confirmOthers', { count: others }) : undefined,
      confirmText: action,
      cancelText: t('profile.cancel'),
    });
    if (!ok) return;
    const base = {
      equipmentIds: items.map((e) => e.id),
      reason: values.reason.trim(),
      remarks: values.remarks.trim(),
      // Listed with their store named and confirmed just now.
      otherStoreAcknowledged: others > 0,
    };
    const label = t('inventory.batch.queuedLabel', {
      action,
      count: items.length,
      barcodes: items.map((e) => e.barcodeNumber).join(t('inquiry.listSeparator')),
    });
    const { damaged, photos } = damagedForCheckIn(base.equipmentIds, damage);
    try {
      const outcome = await batch.mutateAsync(
        isCheckOut
          ? {
              kind: 'checkOut',
              input: { ...base, ...unavailableRange(values, new Date(), timeZone) },
              label,
            }
          : {
              kind: 'checkIn',
              input: { ...base, shouldClearManualUnavailableTime: true, damaged },
              label,
              photos,
            },
      );
      if (outcome.queued) {
        // Kept on the phone: the list starts afresh, the banner counts what waits.
        playSound(SoundKind.success);
        showSuccess(t('app.queuedSaved'));
        setList([]);
        setRefused({});
        setDamage({});
        setValues({ reason: '', remarks: '', startDate: startFor(), days: 1 });
        return;
      }
      const result = outcome.result;
      const failed = result.items.filter((i) => !i.success);
      setRefused(Object.fromEntries(failed.map((i) => [i.equipmentId, i.message])));
      setList(latest.current.filter((e) => failed.some((f) => f.equipmentId === e.id)));
      setDamage((d) =>
        Object.fromEntries(
          Object.entries(d).filter(([id]) => failed.some((f) => f.equipmentId === id)),
        ),
      );
      if (result.succeeded > 0) {
        playSound(failed.length ? SoundKind.error : SoundKind.success);
        showSuccess(t('inventory.batch.done', { action, count: result.succeeded }));
      } else {
        playSound(SoundKind.error);
      }
      if (failed.length > 0) {
        setServerError(t('inventory.batch.someRefused', { count: failed.length }));
      } else {
        setValues({ reason: '', remarks: '', startDate: startFor(), days: 1 });
      }
    } catch (err) {
      playSound(SoundKind.error);
      setServerError(
        err instanceof Error && err.message
          ? err.message
          : t(isCheckOut ? 'inventory.failed.checkOut' : 'inventory.failed.checkIn'),
      );
    }
  };

  return (
    <div className="batch-page">
      <PageHeader title={t('inventory.batch.title')} backTo={Paths.inventoryList} />
      <div className="page-body">
        <Selector<BatchMode>
          className="batch-page__mode"
          aria-label={t('inventory.batch.mode')}
          columns={2}
          options={[
            { label: t('inventory.actions.checkOut'), value: 'checkOut' },
            { label: t('inventory.actions.checkIn'), value: 'checkIn' },
          ]}
          value={[mode]}
          onChange={(v) => v[0] && void switchMode(v[0])}
        />
        <p className="section-tip">
          {t(isCheckOut ? 'inventory.batch.tipOut' : 'inventory.batch.tipIn')}
        </p>
        <Button
          block
          size="large"
          color="primary"
          fill="outline"
          loading={scanning}
          onClick={() => void scanMany({ title: t('inventory.batch.scanTitle', { action }) })}
        >
          <ScanningOutline /> {t('inventory.batch.scan')}
        </Button>
        {problem && (
          <div className="batch-page__problem" role="alert">
            <span>{problem.message}</span>
            {problem.orderId && problem.equipmentId && (
              <Link
                className="adm-button adm-button-primary adm-button-small adm-button-shape-rounded"
                to={`${Paths.storeOrderDetail(problem.orderId)}?return=${encodeURIComponent(problem.equipmentId)}`}
              >
                {t('inventory.outOnOrder.return')}
              </Link>
            )}
          </div>
        )}
      </div>

      <h2 className="section-title page-body" aria-live="polite">
        {t('inventory.batch.listed', { count: items.length })}
      </h2>
      {items.length === 0 ? (
        <p className="section-tip page-body">{t('inventory.batch.empty')}</p>
      ) : (
        <List className="batch-page__list">
          {items.map((e) => (
            <List.Item
              key={e.id}
              description={
                <>
                  <span>{e.barcodeNumber}</span>
                  {rememberedAt(e) !== undefined && (
                    <Tag color="default" fill="outline">
                      {t('app.rememberedAt', {
                        time: storeTimeText(rememberedAt(e)!, i18n.language, {
                          month: 'numeric',
                          day: 'numeric',
                          hour: '2-digit',
                          minute: '2-digit',
                        }),
                      })}
                    </Tag>
                  )}
                  {otherStore(e) && (
                    <Tag color="warning" fill="outline">
                      {t('inventory.batch.otherStore', { store: e.storeName })}
                    </Tag>
                  )}
                  {refused[e.id] && (
                    <span className="field-error" role="alert">
                      {refused[e.id]}
                    </span>
                  )}
                  {!isCheckOut && (
                    <BatchDamage
                      name={e.nameShown}
                      value={damage[e.id]}
                      onChange={(update) => setDamage((d) => updateMark(d, e.id, update))}
                    />
                  )}
                </>
              }
              extra={
                <span className="batch-page__extra">
                  <StatusTag status={e.status} />
                  <Button
                    fill="none"
                    className="batch-page__remove"
                    aria-label={t('inventory.batch.remove', { name: e.name })}
                    onClick={() => remove(e.id)}
                  >
                    <CloseOutline />
                  </Button>
                </span>
              }
            >
              {e.nameShown}
            </List.Item>
          ))}
        </List>
      )}

      <StockOperationForm
        values={values}
        errors={errors}
        isCheckOut={isCheckOut}
        quickReasons={t(`inventory.quick.${mode}`, { returnObjects: true })}
        today={today}
        onChange={setValues}
      />
      <div className="page-body batch-page__submit">
        <p className="form-error" role="alert">
          {serverError ?? ''}
        </p>
        <Button
          block
          size="large"
          color="primary"
          disabled={items.length === 0}
          loading={batch.isPending}
          onClick={() => void submit()}
        >
          {t('inventory.batch.submit', { action, count: items.length })}
        </Button>
      </div>
    </div>
  );
}
