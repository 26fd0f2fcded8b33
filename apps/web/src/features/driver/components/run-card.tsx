import { Link } from 'react-router';
import { Button, Tag } from 'antd-mobile';
import { PhoneFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { DeliveryTask } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { useSession } from '@/features/auth';
import { money } from '@/lib/money';
import { useNow } from '@/lib/use-now';
import { storeTime } from '@/lib/store-clock';
import { isLate } from '../utils/run-time';
import { AddressNavigation } from './address-navigation';

/**
 * One run at a glance: where, when, who to call, what to bring and to collect, and whose it is
 * (with 接单 for one in the open pool).
 */
export function RunCard({
  task,
  onTake,
  taking,
}: {
  task: DeliveryTask;
  onTake?: (task: DeliveryTask) => void;
  taking?: boolean;
}) {
  const { t } = useTranslation();
  const now = useNow();
  const me = useSession((s) => s.user?.id);
  // A delivery booked with a window is late once the window has closed.
  const late = !task.doneAt && isLate(task.windowEnd ?? task.dueAt, now);
  const mine = task.driverId === me;
  return (
    <article className="run-card" aria-label={t('driver.runOf', { number: task.orderNumber })}>
      <header className="run-card__head">
        <Link to={Paths.driverOrderDetail(task.orderId)} className="run-card__number">
          {task.orderNumber}
        </Link>
        <span className={late ? 'run-card__due is-late' : 'run-card__due'}>
          {task.doneAt
            ? t('driver.doneAt', { time: storeTime(task.doneAt) })
            : task.windowEnd
              ? t('driver.deliverWithin', {
                  from: storeTime(task.dueAt),
                  to: storeTime(task.windowEnd, 'HH:mm'),
                })
              : t(task.kind === 'delivery' ? 'driver.deliverBy' : 'driver.collectFrom', {
                  time: storeTime(task.dueAt),
                })}
          {late && ` · ${t('driver.late')}`}
        </span>
      </header>
      <AddressNavigation address={task.address} storeId={task.storeId} />
      <div className="run-card__row">
        <span>{task.customerName}</span>
        <a
          className="adm-button adm-button-default adm-button-small run-card__call"
          href={`tel:${task.customerPhone}`}
          aria-label={t('driver.call', { name: task.customerName, phone: task.customerPhone })}
        >
          <PhoneFill aria-hidden /> {task.customerPhone}
        </a>
      </div>
      <p className="run-card__items">
        {task.items.map((i) => i.name).join(t('inquiry.listSeparator'))}
        {task.toCollect > 0 && (
          <Tag color="warning" className="run-card__collect">
            {/* Before the gear is handed over, what is due is cash on delivery. */}
            {t(
              task.kind === 'delivery' && !task.doneAt
                ? 'cashOnDelivery.runTag'
                : 'driver.toCollect',
              {
                amount: money(task.toCollect),
              },
            )}
          </Tag>
        )}
      </p>
      <footer className="run-card__foot">
        {task.driverId ? (
          <Tag color={mine ? 'primary' : 'default'} fill="outline">
            {mine ? t('driver.mine') : t('driver.heldBy', { name: task.driverName ?? '' })}
          </Tag>
        ) : (
          <Tag color="warning" fill="outline">
            {t('driver.pool')}
          </Tag>
        )}
        {!task.driverId && !task.doneAt && onTake && (
          <Button size="middle" color="primary" loading={taking} onClick={() => onTake(task)}>
            {t('driver.take')}
          </Button>
        )}
      </footer>
    </article>
  );
}
