import { useState } from 'react';
import { Button, List, Popup, Tag } from 'antd-mobile';
import { CheckCircleFill, ScanningOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { playSound } from '@/features/audio/utils/audio-player';
import { SoundKind } from '@/features/audio/utils/sounds';
import { useOrder } from '@/features/orders/api/get-order';
import { useScanner } from '@/features/scanner/hooks/use-scanner';
import { useWedgeTarget } from '@/features/scanner/hooks/use-wedge-target';
import { extractSerialNumber } from '@/features/scanner/utils/scan-rules';
import { useBindGear } from '../api/bind-gear';

/** Picking gear for an order: each scan binds one item to a line of its kind. */
export function BindPanel({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const order = useOrder(orderId);
  const bind = useBindGear();
  const { scan, scanning } = useScanner();
  const [error, setError] = useState<string | null>(null);

  const bindCode = (raw: string) => {
    setError(null);
    bind.mutate(
      { orderId, barcodes: [extractSerialNumber(raw)] },
      {
        onSuccess: () => playSound(SoundKind.scanSuccess),
        onError: (err) => {
          playSound(SoundKind.scanError);
          setError(err.message);
        },
      },
    );
  };
  useWedgeTarget(bindCode, true);

  return (
    <Popup visible onMaskClick={onClose} bodyClassName="order-panel" destroyOnClose>
      <section role="dialog" aria-modal="true" aria-label={t('workspace.bindTitle')}>
        <h2>{t('workspace.bindTitle')}</h2>
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
        {error && (
          <p className="order-panel__error" role="alert">
            {error}
          </p>
        )}
        <div className="order-panel__actions">
          <Button block size="large" onClick={onClose}>
            {t('orders.back')}
          </Button>
          <Button
            block
            size="large"
            color="primary"
            loading={scanning || bind.isPending}
            onClick={() =>
              void scan({ title: t('workspace.bindTitle'), autoCloseDelay: 600 }).then(
                (result) => result && bindCode(result.text),
              )
            }
          >
            <ScanningOutline /> {t('orders.handover.scan')}
          </Button>
        </div>
      </section>
    </Popup>
  );
}
