import { useState } from 'react';
import { Button } from 'antd-mobile';
import { ScanningOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { OrderStatus, type DeliveryTask } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { PagedList } from '@/components/paged-list';
import { QueryState } from '@/components/query-state';
import { useAppStore } from '@/features/app-state';
import { useOrder, HandoverPanel } from '@/features/orders';
import { useScanner, useWedgeTarget } from '@/features/scanner';
import { playSound, SoundKind } from '@/features/audio';
import { useRunList } from '../api/runs';
import { RunCard } from '../components/run-card';
import { orderOfScan } from '../utils/scan-target';

/**
 * /driver/scan (scan binding): loading the van. A delivery waiting to go out is chosen from the
 * list or by scanning its order QR code or one of its items; its items are then scanned into the
 * van one after the other, the camera staying open.
 */
export default function DriverScanPage() {
  const { t } = useTranslation();
  const runs = useRunList({ kind: 'delivery', state: 'todo', assigned: 'all' });
  const { scan, scanning } = useScanner();
  const showError = useAppStore((s) => s.showError);
  const [orderId, setOrderId] = useState<string | null>(null);

  const findRun = async (code: string) => {
    const found = await orderOfScan(code);
    if (found) setOrderId(found);
    else {
      playSound(SoundKind.scanError);
      showError(t('driver.scanNoRun', { code }));
    }
  };
  const handleFind = async () => {
    const result = await scan({ title: t('driver.findRun') });
    if (result) await findRun(result.text);
  };
  // The gun finds the run as the camera does; once one is open, its items go to its panel.
  useWedgeTarget((text) => void findRun(text), !orderId);

  return (
    <div className="run-list">
      <PageHeader title={t('routes.driverScan')} backTo={Paths.driverDashboard} />
      <section className="page-body">
        <p className="section-tip">{t('driver.loadIntro')}</p>
        <Button
          block
          size="large"
          color="primary"
          loading={scanning}
          onClick={() => void handleFind()}
        >
          <ScanningOutline aria-hidden /> {t('driver.findRun')}
        </Button>
      </section>
      <PagedList query={runs} emptyText={t('driver.nothingToLoad')}>
        {(tasks) => {
          const waiting = tasks.filter((task) => task.status === OrderStatus.PendingDelivery);
          return waiting.length === 0 ? (
            <p className="page-body section-tip">{t('driver.nothingToLoad')}</p>
          ) : (
            <div className="run-list__items page-body">
              {waiting.map((task: DeliveryTask) => (
                <div key={task.orderId} className="run-list__load">
                  <RunCard task={task} />
                  <Button block size="large" onClick={() => setOrderId(task.orderId)}>
                    {t('driver.loadThis', { number: task.orderNumber })}
                  </Button>
                </div>
              ))}
            </div>
          );
        }}
      </PagedList>
      {orderId && <LoadPanel orderId={orderId} onClose={() => setOrderId(null)} />}
    </div>
  );
}

function LoadPanel({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const order = useOrder(orderId);
  return (
    <QueryState query={order} lines={2}>
      {(o) => <HandoverPanel order={o} visible onClose={onClose} mode="dispatch" />}
    </QueryState>
  );
}
