import { Link } from 'react-router';
import { Badge } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Paths } from '@/config/paths';
import { Notice } from '@/components/notice';
import { useSession } from '@/features/auth';
import { useWorkingStore } from '@/features/stores';
import { isManagerOrAdmin, usePendingApprovals } from '../api/money-approvals';

/** How many requests wait for this manager's answer at the working store (0 for anyone else). */
export function useWaitingApprovals(): number {
  const roles = useSession((s) => s.roles);
  const { storeId } = useWorkingStore();
  const manager = isManagerOrAdmin(roles);
  const pending = usePendingApprovals(storeId, manager);
  return manager ? (pending.data?.length ?? 0) : 0;
}

/**
 * On the manager's dashboard: requests that wait for them (a discount or a refund a clerk asked
 * for), one tap from the list to answer; nothing while none wait.
 */
export function ApprovalsWaiting() {
  const { t } = useTranslation();
  const count = useWaitingApprovals();
  if (count === 0) return null;
  return (
    <Notice
      tone="alert"
      actions={
        <Link
          to={Paths.moneyApprovals}
          className="adm-button adm-button-small adm-button-fill-none"
        >
          {t('money.approvals.answer')}
        </Link>
      }
    >
      {t('money.approvals.waiting', { count })}
    </Notice>
  );
}

/** The home tab's dot for a manager with requests waiting: the count, read to screen readers. */
export function ApprovalsTabBadge() {
  const { t } = useTranslation();
  const count = useWaitingApprovals();
  if (count === 0) return null;
  return (
    <Badge
      className="app-tabs__badge"
      content={count}
      aria-label={t('money.approvals.tileLabel', { count })}
    />
  );
}
