import { Link } from 'react-router';
import { DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { useWorkspaceCount, type WorkspaceList } from '../api/workspace-orders';

const TILES: { list: WorkspaceList; to: string; tone: string }[] = [
  { list: 'overdue', to: Paths.overdueOrders, tone: 'danger' },
  { list: 'preparation', to: Paths.preparationOrders, tone: 'warning' },
  { list: 'pickupsToday', to: `${Paths.storeOrderList}?tab=reserved`, tone: 'primary' },
  { list: 'unpaid', to: `${Paths.storeOrderList}?tab=unpaid`, tone: 'default' },
];

function Tile({ list, to, tone }: (typeof TILES)[number]) {
  const { t } = useTranslation();
  const count = useWorkspaceCount(list);
  return (
    <Link to={to} className={`workspace-tile workspace-tile--${tone}`}>
      <span className="workspace-tile__label">{t(`workspace.tiles.${list}`)}</span>
      <strong className="workspace-tile__count" aria-live="polite">
        {count.isPending ? <DotLoading /> : count.isError ? '–' : count.data}
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
      <p className="workspace-page__tip">{t('workspace.tip')}</p>
      <nav className="workspace-page__tiles" aria-label={t('workspace.title')}>
        {TILES.map((tile) => (
          <Tile key={tile.list} {...tile} />
        ))}
      </nav>
    </div>
  );
}
