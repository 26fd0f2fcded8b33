import { Link } from 'react-router';
import { List, Tag } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { StoreAdmin } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { useAdminStores } from '../api/stores';
import { NoEnglishTag } from '../components/no-english-tag';
import { PullToRefresh } from '@/components/pull-to-refresh';
import { TwoLanguages } from '@/components/two-languages';

/** /store/admin/stores: every store, open or closed, and the way to open a new one. */
export default function StoresPage() {
  const { t } = useTranslation();
  const stores = useAdminStores();
  const weekdays = t('store.weekdays', { returnObjects: true });
  const restDays = (s: StoreAdmin) =>
    s.restDays.length === 0
      ? t('admin.stores.noRestDays')
      : t('admin.stores.restDays', {
          days: s.restDays.map((d) => weekdays[d]).join(t('store.daysSeparator')),
        });
  return (
    <div className="admin-page">
      <PageHeader
        title={t('admin.sections.stores.title')}
        backTo={Paths.admin}
        right={
          <Link to={Paths.adminStore('new')} className="admin-page__add">
            <AddOutline aria-hidden /> {t('admin.stores.add')}
          </Link>
        }
      />
      <PullToRefresh onRefresh={async () => void (await stores.refetch())}>
        <QueryState query={stores} lines={6}>
          {(items) =>
            items.length === 0 ? (
              <p className="admin-page__intro">{t('admin.stores.empty')}</p>
            ) : (
              <List>
                {items.map((s) => (
                  <Link key={s.id} to={Paths.adminStore(s.id)} className="list-link">
                    <List.Item
                      arrowIcon
                      extra={
                        <Tag color={s.isActive ? 'success' : 'default'} fill="outline">
                          {s.isActive ? t('admin.stores.active') : t('admin.stores.inactive')}
                        </Tag>
                      }
                      description={
                        <>
                          {t('admin.stores.hours', { from: s.openTime, to: s.closeTime })} ·{' '}
                          {restDays(s)}
                          <br />
                          {t('admin.stores.openOrders', { count: s.openOrders })} ·{' '}
                          {t('admin.stores.staff', { count: s.staff })}
                        </>
                      }
                    >
                      <TwoLanguages zh={s.name} en={s.nameEn} />{' '}
                      <small className="admin-page__code">{s.code}</small>
                      {(!s.nameEn || !s.addressEn) && (
                        <NoEnglishTag
                          what={
                            !s.nameEn && !s.addressEn
                              ? 'nameAndAddress'
                              : !s.nameEn
                                ? 'name'
                                : 'address'
                          }
                        />
                      )}
                    </List.Item>
                  </Link>
                ))}
              </List>
            )
          }
        </QueryState>
      </PullToRefresh>
    </div>
  );
}
