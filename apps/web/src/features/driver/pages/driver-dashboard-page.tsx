import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from 'antd-mobile';
import { ScanningOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Paths } from '@/config/paths';
import { ActionBar } from '@/components/layouts/action-bar';
import { QueryState } from '@/components/query-state';
import { useAppStore } from '@/features/app-state';
import { playSound, SoundKind } from '@/features/audio';
import { WelcomeCard } from '@/features/home';
import { useScanner } from '@/features/scanner';
import type { DeliveryTask } from '@snowgear/contracts';
import { useRunDay, useTakeRun } from '../api/runs';
import { RunCard } from '../components/run-card';
import { orderOfScan } from '../utils/scan-target';
import { PullToRefresh } from '@/components/pull-to-refresh';

/**
 * The driver's home (kept alive): today's deliveries and pickups to do and done, the next run,
 * and the scan button (spec §2's floating button) fixed in the page's bottom bar, where the page
 * ends above it: nothing (a run's due time) ever scrolls under it. A scanned order QR code or item
 * label opens its order.
 */
export default function DriverDashboardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const day = useRunDay();
  const { scan, scanning } = useScanner();
  const showError = useAppStore((s) => s.showError);
  const [looking, setLooking] = useState(false);
  const take = useTakeRun();
  const showSuccess = useAppStore((s) => s.showSuccess);

  const handleTake = async (task: DeliveryTask) => {
    try {
      await take.mutateAsync({ orderId: task.orderId, kind: task.kind });
      showSuccess(t('driver.taken', { number: task.orderNumber }));
    } catch (err) {
      showError(err instanceof Error ? err.message : String(err));
    }
  };

  const handleScan = async () => {
    const result = await scan({ title: t('driver.scanTitle'), tip: t('driver.scanTip') });
    if (!result) return;
    setLooking(true);
    const orderId = await orderOfScan(result.text);
    setLooking(false);
    if (orderId) {
      playSound(SoundKind.success);
      void navigate(Paths.driverOrderDetail(orderId));
    } else {
      playSound(SoundKind.error);
      showError(t('driver.scanNoRun', { code: result.text }));
    }
  };

  return (
    <PullToRefresh onRefresh={async () => void (await day.refetch())}>
      <WelcomeCard
        title={t('home.driverHome')}
        profilePath={Paths.driverProfile}
        shortcuts={[
          { path: Paths.driverDeliveryOrders, label: t('routes.driverDeliveryOrders') },
          { path: Paths.driverPickupOrders, label: t('routes.driverPickupOrders') },
          { path: Paths.driverScan, label: t('routes.driverScan') },
        ]}
      />
      <section className="page-body" aria-label={t('driver.today')}>
        <h2 className="section-title">{t('driver.today')}</h2>
        <QueryState query={day} lines={4}>
          {(today) => (
            <>
              <div className="run-tiles">
                <Link className="run-tile" to={Paths.driverDeliveryOrders}>
                  <strong>{today.deliveries.todo}</strong>
                  <span>{t('driver.deliveriesTodo')}</span>
                  <small>{t('driver.doneToday', { count: today.deliveries.done })}</small>
                </Link>
                <Link className="run-tile" to={Paths.driverPickupOrders}>
                  <strong>{today.pickups.todo}</strong>
                  <span>{t('driver.pickupsTodo')}</span>
                  <small>{t('driver.doneToday', { count: today.pickups.done })}</small>
                </Link>
              </div>
              <h2 className="section-title">{t('driver.next')}</h2>
              {today.next ? (
                <RunCard
                  task={today.next}
                  onTake={(task) => void handleTake(task)}
                  taking={take.isPending}
                />
              ) : (
                <p className="section-tip">{t('driver.nothingNext')}</p>
              )}
            </>
          )}
        </QueryState>
      </section>
      <ActionBar>
        <div className="driver-scan-bar">
          <Button
            block
            color="primary"
            size="large"
            loading={scanning || looking}
            onClick={() => void handleScan()}
          >
            <ScanningOutline /> {t('driver.scanTitle')}
          </Button>
        </div>
      </ActionBar>
    </PullToRefresh>
  );
}
