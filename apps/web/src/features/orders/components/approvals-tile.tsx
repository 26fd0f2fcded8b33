import { Link } from 'react-router';
import { Badge } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Paths } from '@/config/paths';
import { useSession } from '@/features/auth';
import { useWorkingStore } from '@/features/stores';
import { LoadingDots } from '@/components/loading-dots';
import { isManagerOrAdmin, usePendingApprovals } from '../api/money-approvals';

/** A manager's way to the requests waiting for their approval, with how many wait. */
export function ApprovalsTile() {
  const { t } = useTranslation();
  const roles = useSession((s) => s.roles);
  const { storeId } = useWorkingStore();
  const manager = isManagerOrAdmin(roles);
  const pending = usePendingApprovals(storeId, manager);
  if (!manager) return null;
  const count = pending.data?.length ?? 0;
  return (
    <Link
      to={Paths.moneyApprovals}
      className="workspace-tile workspace-tile--primary approvals-tile"
      aria-label={t('money.approvals.tileLabel', { count })}
    >
      <span className="workspace-tile__label">{t('money.approvals.tile')}</span>
      <Badge content={count > 0 ? count : null}>
        <strong className="workspace-tile__count" aria-live="polite">
          {pending.isPending ? <LoadingDots /> : pending.isError ? '–' : count}
        </strong>
      </Badge>
    </Link>
  );
}
