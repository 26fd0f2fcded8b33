import { useState } from 'react';
import { Button, List, Tag } from 'antd-mobile';
import { CheckCircleFill, ScanningOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { ActionPanel, PanelActions } from '@/components/action-panel';
import { QueryState } from '@/components/query-state';
import { playSound, SoundKind } from '@/features/audio';
import { useOrder } from '@/features/orders';
import {
  useBatchScan,
  type ScanVerdict,
  useWedgeTarget,
  extractSerialNumber,
} from '@/features/scanner';
import { useBindGear } from '../api/bind-gear';

/**
 * Picking gear for an order: each scan binds one item to a line of its kind, the camera staying
 * open from item to item (batch mode) and the gun working throughout.
 */
export function BindPanel({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const order = useOrder(orderId);
  const bind = useBindGear();
  const [error, setError] = useState<string | null>(null);

  const bindCode = async (raw: string): Promise<ScanVerdict> => {
    const code = extractSerialNumber(raw);
    setError(null);
    try {
      const bound = await bind.mutateAsync({ orderId, barcodes: [code] });
      playSound(SoundKind.scanSuccess);
      const line = bound.items.find((i) => i.barcodeNumber?.toLowerCase() === code.toLowerCase());
      const open = bound.items.filter((i) => !i.equipmentId).length;
      return {
        ok: true,
        title: line?.equipmentName ?? code,
        detail: open === 0 ? t('workspace.bindDone') : t('workspace.bindLeft', { code, open }),
      };
    } catch (err) {
      playSound(SoundKind.scanError);
      const message = err instanceof Error ? err.message : String(err);
      setError(message);
      return { ok: false, title: code, detail: message };
    }
  };
  useWedgeTarget((text) => void bindCode(text), true);
  const { scanMany, scanning } = useBatchScan(bindCode);

  return (
    <ActionPanel visible title={t('workspace.bindTitle')} onClose={onClose}>
      <QueryState query={order} lines={4}>
        {(o) => {
          const open = o.items.filter((i) => !i.equipmentId).length;
          return (
            <>
              <p className="order-panel__tip">
                {open === 0
                  ? t('workspace.bindDone')
                  : t('workspace.bindProgress', { open, number: o.orderNumber })}
              </p>
              <List>
                {o.items.map((item) => (
                  <List.Item
                    key={item.id}
                    prefix={
                      item.equipmentId ? (
                        <CheckCircleFill color="var(--adm-color-success)" fontSize={22} />
                      ) : (
                        <span className="order-panel__pending" aria-hidden />
                      )
                    }
                    description={item.barcodeNumber ?? item.categoryName}
                    extra={
                      item.equipmentId ? <Tag color="success">{t('workspace.bound')}</Tag> : null
                    }
                  >
                    {item.equipmentName}
                  </List.Item>
                ))}
              </List>
            </>
          );
        }}
      </QueryState>
      <PanelActions error={error}>
        <Button block size="large" onClick={onClose}>
          {t('orders.back')}
        </Button>
        <Button
          block
          size="large"
          color="primary"
          loading={scanning || bind.isPending}
          onClick={() => void scanMany({ title: t('workspace.bindTitle') })}
        >
          <ScanningOutline /> {t('orders.handover.scan')}
        </Button>
      </PanelActions>
    </ActionPanel>
  );
}
