import { Link, useNavigate } from 'react-router';
import { List } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { BookingCartSchema, type Scheme } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { money } from '@/lib/money';
import { storeTime } from '@/lib/store-clock';
import { useSchemes } from '../api/list-schemes';
import { PullToRefresh } from '@/components/pull-to-refresh';
import { ErrorBlock } from '@/components/error-block';

/**
 * What the plan's name does not already say: its store, and its first day and length. A plan
 * keeps the name it was given by default ('万龙雪场店 11-28 起 2 天'), which says it all: the row
 * then shows it once, not a second time under it.
 */
function summaryOf(scheme: Scheme, t: TFunction): string | undefined {
  const store = scheme.name.includes(scheme.storeName) ? null : scheme.storeName;
  const cart = BookingCartSchema.safeParse(scheme.cart);
  const date = cart.success ? storeTime(cart.data.rentalStartTime, 'MM-DD') : null;
  const when =
    cart.success && date && !scheme.name.includes(date)
      ? t('schemes.summary', { date, days: cart.data.days })
      : null;
  return [store, when].filter(Boolean).join(' · ') || undefined;
}

/** /customer/scheme/list (spec §2 my schemes; `/fa` is its short link): newest first. */
export default function SchemeListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useSchemes();

  return (
    <div className="scheme-list-page">
      <PageHeader title={t('schemes.listTitle')} />
      <PullToRefresh
        onRefresh={async () => {
          await query.refetch();
        }}
      >
        <QueryState query={query}>
          {(schemes) =>
            schemes.length === 0 ? (
              <ErrorBlock
                status="empty"
                title={t('schemes.empty')}
                description={t('schemes.emptyTip')}
              >
                <Link
                  to={Paths.orderCreate}
                  className="adm-button adm-button-primary adm-button-shape-rounded"
                >
                  {t('schemes.goBook')}
                </Link>
              </ErrorBlock>
            ) : (
              <List>
                {schemes.map((scheme) => (
                  <List.Item
                    key={scheme.id}
                    description={summaryOf(scheme, t)}
                    extra={money(scheme.quote)}
                    onClick={() => void navigate(Paths.schemeDetail(scheme.id))}
                    arrowIcon
                  >
                    {scheme.name}
                  </List.Item>
                ))}
              </List>
            )
          }
        </QueryState>
      </PullToRefresh>
    </div>
  );
}
