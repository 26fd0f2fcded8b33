import { useState } from 'react';
import { Button, List, Tag } from 'antd-mobile';
import { Popup } from '@/components/antd/popup';
import { useTranslation } from 'react-i18next';
import {
  DeliveryMethod,
  Permissions,
  ReturnMethod,
  type DeliveryTaskKind,
  type Order,
} from '@snowgear/contracts';
import { DeliveryProof } from './delivery-proof';
import { useAppStore } from '@/features/app-state';
import { useSession } from '@/features/auth';
import { useAssignDriver, useDrivers } from '../api/runs';
import { storeTime } from '@/lib/store-clock';

/**
 * On the store's order page: who drives the order's delivery and pickup runs (or that they wait
 * in the open pool), a way for order handlers to give them out, and the proof from the door.
 */
export function RunAssignments({ order }: { order: Order }) {
  const { t } = useTranslation();
  const mayAssign = useSession((s) =>
    [Permissions.BusinessOperations.OrderProcess, Permissions.BusinessOperations.OrderUpdate].some(
      (p) => s.permissions.includes(p),
    ),
  );
  const [choosing, setChoosing] = useState<DeliveryTaskKind | null>(null);
  const runs: DeliveryTaskKind[] = [
    ...(order.deliveryMethod === DeliveryMethod.Delivery ? (['delivery'] as const) : []),
    ...(order.returnMethod === ReturnMethod.Pickup ? (['pickup'] as const) : []),
  ];
  if (runs.length === 0) return null;

  return (
    <>
      <List header={t('driver.runs')}>
        {runs.map((kind) => {
          const driver = kind === 'delivery' ? order.deliveryDriver : order.pickupDriver;
          const doneAt = kind === 'delivery' ? order.deliveredAt : order.pickedUpAt;
          return (
            <List.Item
              key={kind}
              description={doneAt ? t('driver.doneAt', { time: storeTime(doneAt) }) : undefined}
              extra={
                <span className="run-assign">
                  {driver ? (
                    <Tag fill="outline" color="primary">
                      {driver.name}
                    </Tag>
                  ) : (
                    <Tag fill="outline" color="warning">
                      {t('driver.pool')}
                    </Tag>
                  )}
                  {mayAssign && !doneAt && (
                    <Button size="middle" onClick={() => setChoosing(kind)}>
                      {t('driver.assign')}
                    </Button>
                  )}
                </span>
              }
            >
              {t(`driver.kind.${kind}`)}
            </List.Item>
          );
        })}
      </List>
      <DeliveryProof order={order} />
      {choosing && <DriverPicker order={order} kind={choosing} onClose={() => setChoosing(null)} />}
    </>
  );
}

function DriverPicker({
  order,
  kind,
  onClose,
}: {
  order: Order;
  kind: DeliveryTaskKind;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const drivers = useDrivers(order.storeId);
  const assign = useAssignDriver();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const [error, setError] = useState<string | null>(null);
  const current = kind === 'delivery' ? order.deliveryDriver : order.pickupDriver;

  const choose = async (driverId: string | null) => {
    setError(null);
    try {
      await assign.mutateAsync({ orderId: order.id, kind, driverId });
      showSuccess(driverId ? t('driver.assigned') : t('driver.unassigned'));
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} showCloseButton bodyClassName="run-maps">
      <h2 className="sheet__title">
        {t('driver.assignTitle', { kind: t(`driver.kind.${kind}`) })}
      </h2>
      <div className="run-maps__list">
        {drivers.isPending && <p className="section-tip">{t('app.loading')}</p>}
        {drivers.data?.items.length === 0 && <p className="section-tip">{t('driver.noDrivers')}</p>}
        {drivers.data?.items.map((d) => (
          <Button
            key={d.id}
            block
            size="large"
            color={current?.id === d.id ? 'primary' : 'default'}
            loading={assign.isPending && assign.variables?.driverId === d.id}
            onClick={() => void choose(d.id)}
          >
            {d.name} {d.phone}
          </Button>
        ))}
        {current && (
          <Button block size="large" fill="outline" onClick={() => void choose(null)}>
            {t('driver.backToPool')}
          </Button>
        )}
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </Popup>
  );
}
