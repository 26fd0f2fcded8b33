import { useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, Input, List, Tag } from 'antd-mobile';
import { Dialog } from '@/components/antd/dialog';
import { CheckCircleFill, ScanningOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { OrderStatus, type Order } from '@snowgear/contracts';
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
import { useConfirmDelivery } from '../api/runs';
import {
  DeliveryDamage,
  deliveryDamageProblem,
  type DeliveryDamageState,
} from '../components/delivery-damage';
import { SignaturePad } from '@/components/signature-pad';
import { money } from '@/lib/money';
import { DoorPhoto, type DoorPhotoValue } from '@/features/damage-notes';

/**
 * /driver/delivery-confirm/:id: at the door, each item handed over is ticked or scanned, a photo
 * is taken and the recipient signs on the screen; then the order is delivered with that proof.
 */
export default function DeliveryConfirmPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const order = useOrder(id);
  return (
    <div className="door-page">
      <PageHeader title={t('routes.driverDeliveryConfirm')} backTo={Paths.driverOrderDetail(id)} />
      <QueryState query={order} lines={8}>
        {(o) =>
          o.status === OrderStatus.Delivering && o.collectOnDelivery > 0 ? (
            <CollectFirst order={o} />
          ) : o.status === OrderStatus.Delivering ? (
            <ConfirmDelivery order={o} />
          ) : (
            <p className="page-body section-tip">{t('driver.notOnTheWay')}</p>
          )
        }
      </QueryState>
    </div>
  );
}

/** Cash on delivery: the gear is handed over once the payment is collected (the server says so too). */
function CollectFirst({ order }: { order: Order }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const amount = money(order.collectOnDelivery);
  return (
    <div className="page-body">
      <p className="section-tip" role="alert">
        {t('cashOnDelivery.collectFirstTip', { amount })}
      </p>
      <Button
        block
        size="large"
        color="primary"
        onClick={() => void navigate(Paths.driverPayment(order.id))}
      >
        {t('cashOnDelivery.collectFirst', { amount })}
      </Button>
    </div>
  );
}

function ConfirmDelivery({ order }: { order: Order }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const confirm = useConfirmDelivery();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const [handed, setHanded] = useState<Set<string>>(new Set());
  const latest = useRef(handed);
  const [photo, setPhoto] = useState<DoorPhotoValue | null>(null);
  const [signature, setSignature] = useState<Blob | null>(null);
  const [recipient, setRecipient] = useState(order.customerName);
  // Once the driver has tried to confirm, what is missing is said, worked out from what is there
  // now: each part goes as soon as it is done. A refusal or a wrong scan goes with any change.
  const [attempted, setAttempted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [damage, setDamage] = useState<DeliveryDamageState>({});
  const damageProblem = deliveryDamageProblem(order, damage);
  const missing = [
    handed.size < order.items.length &&
      t('driver.tickAll', { count: order.items.length - handed.size }),
    !photo && t('driver.photoNeeded'),
    !signature && t('driver.signatureNeeded'),
    damageProblem && t(`offlineWork.${damageProblem}`),
  ].filter((m): m is string => !!m);
  const shown = [...(attempted ? missing : []), ...(error ? [error] : [])].join(' · ');

  const tick = (lineId: string) => {
    latest.current = new Set(latest.current).add(lineId);
    setHanded(latest.current);
    setError(null);
  };
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setError(null);
    };

  const handleCode = (raw: string): ScanVerdict => {
    const code = extractSerialNumber(raw).trim().toLowerCase();
    const line = order.items.find((i) => i.barcodeNumber?.toLowerCase() === code);
    if (!line) {
      const message = t('driver.notInOrder', { code: extractSerialNumber(raw).trim() });
      playSound(SoundKind.scanError);
      setError(message);
      return { ok: false, title: extractSerialNumber(raw).trim(), detail: message };
    }
    playSound(SoundKind.scanSuccess);
    tick(line.id);
    return {
      ok: true,
      title: line.equipmentName,
      detail: t('driver.handedCount', {
        done: latest.current.size,
        total: order.items.length,
      }),
    };
  };
  useWedgeTarget(handleCode, true);
  const { scanMany, scanning } = useBatchScan(handleCode);

  const handleSubmit = async () => {
    setAttempted(true);
    setError(null);
    if (missing.length > 0) return;
    const ok = await Dialog.confirm({
      title: t('driver.confirmDeliveryTitle'),
      content: t('driver.confirmDeliveryText', {
        count: order.items.length,
        name: recipient.trim() || order.customerName,
      }),
      confirmText: t('driver.confirmDelivery'),
      cancelText: t('orders.back'),
    });
    if (!ok) return;
    setSending(true);
    setError(null);
    try {
      const outcome = await confirm.mutateAsync({
        orderId: order.id,
        photo: photo!,
        signature: signature!,
        recipientName: recipient.trim(),
        label: `${t('driver.confirmDelivery')} ${order.orderNumber}`,
        damaged: order.items.flatMap((i) => {
          const note = damage[i.id];
          return note?.photo
            ? [{ orderItemId: i.id, remarks: note.remarks.trim(), photo: note.photo }]
            : [];
        }),
      });
      playSound(SoundKind.success);
      showSuccess(t(outcome.queued ? 'app.queuedSaved' : 'driver.delivered'));
      void navigate(Paths.driverOrderDetail(order.id), { replace: true });
    } catch (err) {
      playSound(SoundKind.error);
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <section className="page-body">
        <p className="section-tip">{t('driver.deliveryIntro')}</p>
        <p aria-live="polite">
          {t('driver.handedCount', { done: handed.size, total: order.items.length })}
        </p>
        <Button
          block
          size="large"
          loading={scanning}
          onClick={() => void scanMany({ title: t('driver.scanHanded') })}
        >
          <ScanningOutline aria-hidden /> {t('driver.scanHanded')}
        </Button>
      </section>
      <List>
        {order.items.map((item) => (
          <List.Item
            key={item.id}
            description={item.barcodeNumber ?? ''}
            extra={
              handed.has(item.id) ? (
                <Tag color="success">
                  <CheckCircleFill aria-hidden /> {t('driver.handed')}
                </Tag>
              ) : (
                <Button
                  size="middle"
                  onClick={() => tick(item.id)}
                  aria-label={t('driver.tickFor', { name: item.equipmentName })}
                >
                  {t('driver.tick')}
                </Button>
              )
            }
          >
            {item.equipmentName}
          </List.Item>
        ))}
      </List>
      <DeliveryDamage order={order} value={damage} onChange={changed(setDamage)} />
      <section className="page-body door-page__proof">
        <h2 className="section-title">{t('driver.doorPhoto')}</h2>
        <DoorPhoto label={t('driver.takePhoto')} value={photo} onChange={changed(setPhoto)} />
        <h2 className="section-title">{t('driver.signature.title')}</h2>
        <SignaturePad onChange={changed(setSignature)} />
        <label className="door-page__recipient">
          <span>{t('driver.recipient')}</span>
          <Input
            value={recipient}
            onChange={changed(setRecipient)}
            maxLength={50}
            aria-label={t('driver.recipient')}
            clearable
          />
        </label>
      </section>
      <div className="driver-actions">
        <p className="form-error" role="alert">
          {shown}
        </p>
        <Button
          block
          size="large"
          color="primary"
          loading={sending}
          onClick={() => void handleSubmit()}
        >
          {t('driver.confirmDelivery')}
        </Button>
      </div>
    </>
  );
}
