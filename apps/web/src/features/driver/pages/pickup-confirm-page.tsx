import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, List, Selector } from 'antd-mobile';
import { Dialog } from '@/components/antd/dialog';
import { ScanningOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import {
  OrderStatus,
  PICKUP_CONDITIONS,
  ReturnMethod,
  type Order,
  type PickupCondition,
} from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { useAppStore } from '@/features/app-state';
import { playSound, SoundKind } from '@/features/audio';
import { useOrder } from '@/features/orders';
import {
  useBatchScan,
  useWedgeTarget,
  type ScanVerdict,
  extractSerialNumber,
} from '@/features/scanner';
import { useReportPickup } from '../api/runs';
import { LabelledTextArea } from '@/components/labelled-text-area';
import { DoorPhoto, type DoorPhotoValue } from '@/features/damage-notes';

interface Report {
  condition: PickupCondition | null;
  remarks: string;
  photo: DoorPhotoValue | null;
}

const PICKABLE: number[] = [OrderStatus.Delivered, OrderStatus.InUse, OrderStatus.PendingReturn];

/**
 * /driver/pickup-confirm/:id: at the door each item is scanned as collected (fine), or reported
 * damaged (with a photo and remarks) or lost (with remarks); the store's check-in settles it.
 */
export default function PickupConfirmPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const order = useOrder(id);
  return (
    <div className="door-page">
      <PageHeader title={t('routes.driverPickupConfirm')} backTo={Paths.driverOrderDetail(id)} />
      <QueryState query={order} lines={8}>
        {(o) =>
          o.returnMethod === ReturnMethod.Pickup && !o.pickedUpAt && PICKABLE.includes(o.status) ? (
            <ReportPickup order={o} />
          ) : (
            <p className="page-body section-tip">{t('driver.nothingToPickUp')}</p>
          )
        }
      </QueryState>
    </div>
  );
}

function ReportPickup({ order }: { order: Order }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const report = useReportPickup();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const out = order.items.filter((i) => !i.returnState && i.equipmentId);
  const [reports, setReports] = useState<Record<string, Report>>(() =>
    Object.fromEntries(out.map((i) => [i.id, { condition: null, remarks: '', photo: null }])),
  );
  // Once the driver has tried to confirm, what each item still needs is said beside it, worked
  // out from what is there now (so it goes as soon as it is done); the form's own message (what
  // is missing overall, a refusal, a wrong scan) goes with any change.
  const [attempted, setAttempted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problemOf = (r: Report) =>
    !r.condition
      ? t('driver.conditionNeeded')
      : r.condition === 'damaged' && !r.photo
        ? t('driver.damagePhotoNeeded')
        : r.condition !== 'fine' && !r.remarks.trim()
          ? t('driver.remarksNeeded')
          : null;

  const update = (lineId: string, patch: Partial<Report>) => {
    setReports((prev) => ({ ...prev, [lineId]: { ...prev[lineId]!, ...patch } }));
    setError(null);
  };

  const handleCode = (raw: string): ScanVerdict => {
    const code = extractSerialNumber(raw).trim();
    const line = out.find((i) => i.barcodeNumber?.toLowerCase() === code.toLowerCase());
    if (!line) {
      const message = t('driver.notInOrder', { code });
      playSound(SoundKind.scanError);
      setError(message);
      return { ok: false, title: code, detail: message };
    }
    playSound(SoundKind.scanSuccess);
    setError(null);
    // A scan says it is here; a damage already reported stays.
    setReports((prev) => {
      const current = prev[line.id]!;
      return current.condition ? prev : { ...prev, [line.id]: { ...current, condition: 'fine' } };
    });
    return { ok: true, title: line.equipmentName, detail: t('driver.collected') };
  };
  useWedgeTarget(handleCode, true);
  const { scanMany, scanning } = useBatchScan(handleCode);

  const handleSubmit = async () => {
    const next = reports;
    setAttempted(true);
    if (out.some((line) => problemOf(next[line.id]!))) {
      setError(t('driver.pickupIncomplete'));
      return;
    }
    const bad = out.filter((l) => next[l.id]!.condition !== 'fine').length;
    const ok = await Dialog.confirm({
      title: t('driver.confirmPickupTitle'),
      content:
        bad > 0
          ? t('driver.confirmPickupBad', { count: out.length, bad })
          : t('driver.confirmPickupText', { count: out.length }),
      confirmText: t('driver.confirmPickup'),
      cancelText: t('orders.back'),
    });
    if (!ok) return;
    try {
      const outcome = await report.mutateAsync({
        orderId: order.id,
        items: out.map((line) => {
          const r = next[line.id]!;
          return {
            orderItemId: line.id,
            condition: r.condition!,
            photo: r.photo,
            remarks: r.remarks.trim(),
          };
        }),
        label: `${t('driver.confirmPickup')} ${order.orderNumber}`,
      });
      playSound(SoundKind.success);
      showSuccess(t(outcome.queued ? 'app.queuedSaved' : 'driver.pickedUp'));
      void navigate(Paths.driverOrderDetail(order.id), { replace: true });
    } catch (err) {
      playSound(SoundKind.error);
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  const collected = out.filter((l) => reports[l.id]?.condition).length;
  return (
    <>
      <section className="page-body">
        <p className="section-tip">{t('driver.pickupIntro')}</p>
        <p aria-live="polite">
          {t('driver.collectedCount', { done: collected, total: out.length })}
        </p>
        <Button
          block
          size="large"
          loading={scanning}
          onClick={() => void scanMany({ title: t('driver.scanCollected') })}
        >
          <ScanningOutline aria-hidden /> {t('driver.scanCollected')}
        </Button>
      </section>
      <List>
        {out.map((item) => {
          const r = reports[item.id]!;
          return (
            <List.Item
              key={item.id}
              className="pickup-item"
              description={
                <div className="pickup-item__body">
                  <span>{item.barcodeNumber}</span>
                  <Selector<PickupCondition>
                    aria-label={t('driver.conditionOf', { name: item.equipmentName })}
                    columns={3}
                    options={PICKUP_CONDITIONS.map((c) => ({
                      label: t(`driver.condition.${c}`),
                      value: c,
                    }))}
                    value={r.condition ? [r.condition] : []}
                    onChange={(v) => update(item.id, { condition: v[0] ?? null })}
                  />
                  {r.condition && r.condition !== 'fine' && (
                    <LabelledTextArea
                      placeholder={t(
                        r.condition === 'damaged' ? 'driver.damageRemarks' : 'driver.lostRemarks',
                      )}
                      label={t('driver.remarksFor', { name: item.equipmentName })}
                      value={r.remarks}
                      onChange={(remarks) => update(item.id, { remarks })}
                      maxLength={200}
                      autoSize={{ minRows: 2, maxRows: 4 }}
                    />
                  )}
                  {r.condition === 'damaged' && (
                    <DoorPhoto
                      label={t('driver.damagePhoto')}
                      value={r.photo}
                      onChange={(photo) => update(item.id, { photo })}
                    />
                  )}
                  {attempted && problemOf(r) && (
                    <span className="field-error" role="alert">
                      {problemOf(r)}
                    </span>
                  )}
                </div>
              }
            >
              {item.equipmentName}
            </List.Item>
          );
        })}
      </List>
      <div className="driver-actions">
        <p className="form-error" role="alert">
          {error ?? ''}
        </p>
        <Button
          block
          size="large"
          color="primary"
          loading={report.isPending}
          onClick={() => void handleSubmit()}
        >
          {t('driver.confirmPickup')}
        </Button>
      </div>
    </>
  );
}
