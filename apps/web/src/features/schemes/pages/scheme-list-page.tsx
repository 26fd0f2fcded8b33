import { Link, useNavigate } from 'react-router';
import { List } from 'antd-mobile';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { BookingCartSchema, type Scheme } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { money } from '@/lib/money';
import { DEFAULT_BUSINESS_TIME_ZONE } from '@/features/system-config/utils/store-status';
import { useSchemes } from '../api/list-schemes';
import { PullToRefresh } from '@/components/pull-to-refresh';
import { ErrorBlock } from '@/components/error-block';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The plan's store, first day and length as one line, when what is saved still reads as a cart. */
function summaryOf(scheme: Scheme, t: TFunction): string {
  const cart = BookingCartSchema.safeParse(scheme.cart);
  if (!cart.success) return scheme.storeName;
  return t('schemes.summary', {
    store: scheme.storeName,
    date: dayjs(cart.data.rentalStartTime).tz(DEFAULT_BUSINESS_TIME_ZONE).format('MM-DD'),
    days: cart.data.days,
  });
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
