import { Link } from 'react-router';
import { Button, List, NoticeBar, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { HelpAudience, type H5Config } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { PagedList } from '@/components/paged-list';
import { useNow } from '@/lib/use-now';
import { useConfigStore } from '@/features/system-config';
import { refreshStores, useCurrentStore } from '@/features/stores';
import { useHelpArticles, HelpSearchBar } from '@/features/help';
import { StoreContactCard } from '../components/store-contact-card';
import '../customer-service.css';
import { PullToRefresh } from '@/components/pull-to-refresh';
import { ErrorBlock } from '@/components/error-block';

/** The stores of the configuration, the customer's chosen one first. */
function storesForContact(config: H5Config, currentStoreId: string | null) {
  const stores = Object.values(config.storeConfigs);
  const current = stores.find((s) => s.storeId === currentStoreId);
  return current ? [current, ...stores.filter((s) => s !== current)] : stores;
}

/**
 * /customer/contact-service (public, spec §2): every store's phone, hours, address and
 * directions, then the customers' help articles with a search box. Pull down to reload both.
 */
export default function ContactServicePage() {
  const { t } = useTranslation();
  const now = useNow();
  const config = useConfigStore((s) => s.config);
  const configStatus = useConfigStore((s) => s.status);
  const stale = useConfigStore((s) => s.stale);
  const currentStoreId = useCurrentStore((s) => s.currentStoreId);
  const articles = useHelpArticles(HelpAudience.Customer);

  const handleRefresh = async () => {
    await Promise.all([refreshStores({ force: true }), articles.refetch()]);
  };

  let storeList;
  if (!config) {
    storeList =
      configStatus === 'error' ? (
        <ErrorBlock status="disconnected" title={t('app.configLoadFailed')} description="">
          <Button color="primary" onClick={() => void refreshStores({ force: true })}>
            {t('app.retry')}
          </Button>
        </ErrorBlock>
      ) : (
        <div role="status" aria-label={t('app.loading')}>
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      );
  } else {
    const stores = storesForContact(config, currentStoreId);
    storeList =
      stores.length === 0 ? (
        <ErrorBlock status="empty" title={t('contactService.noStores')} description="" />
      ) : (
        <div className="contact-store-list">
          {stores.map((store) => (
            <StoreContactCard
              key={store.storeId}
              store={store}
              now={now}
              current={store.storeId === currentStoreId}
            />
          ))}
        </div>
      );
  }

  return (
    <div className="contact-page">
      <PageHeader title={t('contactService.title')} />
      <PullToRefresh onRefresh={handleRefresh}>
        <div className="page-body">
          <p className="section-tip">{t('contactService.intro')}</p>
          <section aria-labelledby="contact-stores-title">
            <h2 id="contact-stores-title" className="section-title">
              {t('contactService.stores')}
            </h2>
            {stale && <NoticeBar content={t('app.configStale')} color="alert" />}
            {storeList}
          </section>
          <section aria-labelledby="contact-help-title" className="contact-help">
            <h2 id="contact-help-title" className="section-title">
              {t('contactService.help')}
            </h2>
            <HelpSearchBar />
            <PagedList
              query={articles}
              emptyText={t('contactService.helpEmpty')}
              pullToRefresh={false}
            >
              {(items) => (
                <List className="contact-help__list">
                  {items.map((article) => (
                    <Link key={article.id} to={Paths.helpArticle(article.id)} className="list-link">
                      <List.Item description={article.summary} arrowIcon>
                        {article.title}
                      </List.Item>
                    </Link>
                  ))}
                </List>
              )}
            </PagedList>
            <Link className="contact-help__all" to={Paths.helpAudience(HelpAudience.Customer)}>
              {t('contactService.allHelp')}
            </Link>
          </section>
        </div>
      </PullToRefresh>
    </div>
  );
}
