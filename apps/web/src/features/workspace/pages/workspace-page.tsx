import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { orderTotalText } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { mayOpen } from '@/config/route-meta';
import { PageHeader } from '@/components/page-header';
import { LoadingDots } from '@/components/loading-dots';
import { sessionSnapshot, useSession } from '@/features/auth';
import { writeOrderListFilters, ApprovalsTile } from '@/features/orders';
import { WorkingStoreBar } from '@/features/stores';
import { useWorkspaceCount, WorkspaceFilters, type WorkspaceList } from '../api/workspace-orders';

interface Tile {
  list: WorkspaceList;
  tone: string;
  /** Where the tile leads, best first: the first the user may open is used. */
  to: () => string[];
}

const orderList = (list: keyof typeof WorkspaceFilters) =>
  `${Paths.storeOrderList}?${new URLSearchParams(writeOrderListFilters(WorkspaceFilters[list]()))}`;

const TILES: Tile[] = [
  // The overdue page is the clerks' (spec §2); others see the same orders in the list's tab.
  { list: 'overdue', tone: 'danger', to: () => [Paths.overdueOrders, orderList('overdue')] },
  { list: 'selfReturns', tone: 'warning', to: () => [orderList('selfReturns')] },
  { list: 'preparation', tone: 'warning', to: () => [Paths.preparationOrders] },
  { list: 'pickupsToday', tone: 'primary', to: () => [orderList('pickupsToday')] },
  { list: 'unpaid', tone: 'default', to: () => [orderList('unpaid')] },
];

/** The first of `paths` the signed-in user may open, or null when none. */
function useFirstOpenable(paths: string[]): string | null {
  const session = useSession();
  const snapshot = sessionSnapshot(session);
  for (const path of paths) {
    if (mayOpen(path, snapshot)) return path;
  }
  return null;
}

function WorkspaceTile({ list, tone, to }: Tile) {
  const { t } = useTranslation();
  const target = useFirstOpenable(to());
  const count = useWorkspaceCount(list, target !== null);
  // A tile the user cannot open is not shown (its count would promise a list they cannot see).
  if (!target) return null;
  return (
    <Link to={target} className={`workspace-tile workspace-tile--${tone}`}>
      <span className="workspace-tile__label">{t(`workspace.tiles.${list}`)}</span>
      <strong className="workspace-tile__count" aria-live="polite">
        {count.isPending ? <LoadingDots /> : count.isError ? '–' : orderTotalText(count.data)}
      </strong>
    </Link>
  );
}

/** /store/workspace: what needs doing now: overdue returns, gear to prepare, today's pickups. */
export default function WorkspacePage() {
  const { t } = useTranslation();
  return (
    <div className="workspace-page">
      <PageHeader title={t('workspace.title')} backTo={Paths.storeDashboard} />
      <WorkingStoreBar />
      <p className="workspace-page__tip">{t('workspace.tip')}</p>
      <nav className="workspace-page__tiles" aria-label={t('workspace.title')}>
        {TILES.map((tile) => (
          <WorkspaceTile key={tile.list} {...tile} />
        ))}
        <ApprovalsTile />
      </nav>
    </div>
  );
}
