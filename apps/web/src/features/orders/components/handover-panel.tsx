import { useRef, useState } from 'react';
import { Button, List, Tag } from 'antd-mobile';
import { CheckCircleFill, ScanningOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { ActionPanel, PanelActions } from '@/components/action-panel';
import type { Equipment, Order } from '@snowgear/contracts';
import { useAppStore } from '@/features/app-state';
import { playSound, SoundKind } from '@/features/audio';
import { getEquipmentByBarcode } from '@/features/inventory';
import {
  useBatchScan,
  type ScanVerdict,
  useWedgeTarget,
  extractSerialNumber,
} from '@/features/scanner';
import { useDispatch, useHandover } from '../api/order-actions';
import { CollectOnDeliveryTag } from '@/features/cash-on-delivery';

/** Which line a scanned item fills: its own line, else a free line of its category. */
export function matchLine(
  order: Pick<Order, 'items'>,
  scanned: Map<string, Pick<Equipment, 'id' | 'categoryId' | 'barcodeNumber'>>,
  gear: Pick<Equipment, 'id' | 'categoryId'>,
): string | null {
  const own = order.items.find((i) => i.equipmentId === gear.id);
  if (own) return own.id;
  const free = order.items.find(
    (i) => !i.equipmentId && i.categoryId === gear.categoryId && !scanned.has(i.id),
  );
  return free?.id ?? null;
}

/**
 * Gear going out, scanned item by item (camera or barcode gun): at the counter (handover) or into
 * the van (dispatch). The camera stays open from item to item (batch mode) and the gun works
 * throughout; each line ticks off as its item is scanned; the order goes out when all are there.
 */
export function HandoverPanel({
  order,
  visible,
  onClose,
  mode = 'handover',
}: {
  order: Order;
  visible: boolean;
  onClose: () => void;
  mode?: 'handover' | 'dispatch';
}) {
  const { t } = useTranslation();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const handover = useHandover();
  const dispatch = useDispatch();
  const send = mode === 'handover' ? handover : dispatch;
  const text = (key: 'title' | 'progress' | 'scanTitle' | 'submit') =>
    `orders.${mode}.${key}` as const;
  const [scanned, setScanned] = useState(
    new Map<string, Pick<Equipment, 'id' | 'categoryId' | 'barcodeNumber'>>(),
  );
  // Scans can come faster than renders: each one sees the lines the one before filled.
  const latest = useRef(scanned);
  const [error, setError] = useState<string | null>(null);

  const addCode = async (raw: string): Promise<ScanVerdict> => {
    const code = extractSerialNumber(raw);
    setError(null);
    const refuse = (message: string, title = code): ScanVerdict => {
      playSound(SoundKind.scanError);
      setError(message);
      return { ok: false, title, detail: message };
    };
    let gear: Equipment;
    try {
      gear = await getEquipmentByBarcode(code);
    } catch {
      return refuse(t('orders.handover.unknown', { barcode: code }));
    }
    const alreadyIn = [...latest.current.values()].some((g) => g.id === gear.id);
    const line = alreadyIn ? null : matchLine(order, latest.current, gear);
    if (!line) {
      return refuse(
        alreadyIn
          ? t('orders.handover.already', { barcode: gear.barcodeNumber })
          : t('orders.handover.notInOrder', { barcode: gear.barcodeNumber }),
        gear.name,
      );
    }
    playSound(SoundKind.scanSuccess);
    latest.current = new Map(latest.current).set(line, gear);
    setScanned(latest.current);
    return {
      ok: true,
      title: gear.name,
      detail: t('orders.handover.counted', {
        barcode: gear.barcodeNumber,
        done: latest.current.size,
        total: order.items.length,
      }),
    };
  };

  useWedgeTarget((text) => void addCode(text), visible);
  const { scanMany, scanning } = useBatchScan(addCode);
  const handleScan = () => scanMany({ title: t(text('scanTitle')) });

  const complete = scanned.size === order.items.length;
  const handleSubmit = () => {
    send.mutate(
      {
        id: order.id,
        barcodes: [...scanned.values()].map((g) => g.barcodeNumber),
        label: `${t(text('title'))} ${order.orderNumber} · ${scanned.size}`,
      },
      {
        onSuccess: (outcome) => {
          playSound(SoundKind.success);
          if (outcome.queued) showSuccess(t('app.queuedSaved'));
          latest.current = new Map();
          setScanned(latest.current);
          onClose();
        },
        onError: (err) => {
          playSound(SoundKind.error);
          setError(err.message);
        },
      },
    );
  };

  return (
    <ActionPanel visible={visible} title={t(text('title'))} onClose={onClose}>
      <p className="order-panel__tip">
        {t(text('progress'), { done: scanned.size, total: order.items.length })}
      </p>
      {mode === 'dispatch' && <CollectOnDeliveryTag order={order} />}
      <List>
        {order.items.map((item) => {
          const gear = scanned.get(item.id);
          return (
            <List.Item
              key={item.id}
              prefix={
                gear ? (
                  <CheckCircleFill color="var(--adm-color-success)" fontSize={22} />
                ) : (
                  <span className="order-panel__pending" aria-hidden />
                )
              }
              description={gear?.barcodeNumber ?? item.barcodeNumber ?? t('orders.notBound')}
              extra={gear ? <Tag color="success">{t('orders.handover.scanned')}</Tag> : null}
            >
              {item.equipmentName}
            </List.Item>
          );
        })}
      </List>
      <PanelActions error={error}>
        <Button block size="large" onClick={() => void handleScan()} loading={scanning}>
          <ScanningOutline /> {t('orders.handover.scan')}
        </Button>
        <Button
          block
          size="large"
          color="primary"
          disabled={!complete}
          loading={send.isPending}
          onClick={handleSubmit}
        >
          {t(text('submit'))}
        </Button>
      </PanelActions>
    </ActionPanel>
  );
}
