import { Link } from 'react-router';
import { Button, Skeleton } from 'antd-mobile';
import {
  AddSquareOutline,
  BillOutline,
  QuestionCircleOutline,
  PhonebookOutline,
} from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Paths } from '@/config/paths';
import { useSession } from '@/features/auth';
import { useBusinessName } from '@/features/system-config';
import { useCurrentOrders } from '../api/list-current-orders';
import { CurrentOrderCard } from '../components/current-order-card';
import { currentOrder } from '../utils/my-order-rules';
import '../customer-orders.css';
import { PullToRefresh } from '@/components/pull-to-refresh';
import { ErrorBlock } from '@/components/error-block';
import { HeaderExtra } from '@/components/page-header';

/**
 * /customer/dashboard (a tab page, open to everyone): the rental that matters now for a
 * signed-in customer, or the way to sign in; and the ways on: book, my orders, contact, help.
 */
export default function CustomerDashboardPage() {
  const { t } = useTranslation();
  const signedIn = useSession((s) => !!s.accessToken);
  const name = useSession((s) => s.user?.realName || s.user?.name || '');
  const businessName = useBusinessName();
  const current = useCurrentOrders(signedIn);
  const order = current.data ? currentOrder(current.data.items) : null;
  const others = (current.data?.totalCount ?? 0) - (order ? 1 : 0);

  const body = (
    <div className="customer-home">
      <header className="customer-home__hello">
        <div>
          <h1>
            {signedIn && name ? t('myOrders.home.hello', { name }) : t('myOrders.home.welcome')}
          </h1>
          <p>{businessName}</p>
        </div>
        <HeaderExtra />
      </header>

      {!signedIn ? (
        <section className="customer-home__card">
          <p>{t('myOrders.home.signInTip')}</p>
          <Link
            to={`${Paths.customerLogin}?redirect=${encodeURIComponent(Paths.customerDashboard)}`}
            className="adm-button adm-button-primary adm-button-block adm-button-large adm-button-shape-rounded"
          >
            {t('myOrders.home.signIn')}
          </Link>
        </section>
      ) : current.isPending ? (
        <div role="status" aria-label={t('app.loading')} className="customer-home__card">
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      ) : current.isError ? (
        <ErrorBlock
          status="disconnected"
          title={t('app.loadFailed')}
          description={current.error.message}
        >
          <Button color="primary" onClick={() => void current.refetch()}>
            {t('app.retry')}
          </Button>
        </ErrorBlock>
      ) : order ? (
        <>
          <CurrentOrderCard summary={order} />
          {others > 0 && (
            <Link to={Paths.customerOrders} className="customer-home__more">
              {t('myOrders.home.others', { count: others })}
            </Link>
          )}
        </>
      ) : (
        <section className="customer-home__card">
          <p>{t('myOrders.home.none')}</p>
        </section>
      )}

      <nav className="customer-home__links" aria-label={t('myOrders.home.more')}>
        <Link to={Paths.orderCreate} className="customer-home__link customer-home__link--primary">
          <AddSquareOutline aria-hidden /> {t('myOrders.home.book')}
        </Link>
        <Link to={Paths.customerOrders} className="customer-home__link">
          <BillOutline aria-hidden /> {t('routes.customerOrders')}
        </Link>
        <Link to={Paths.contactService} className="customer-home__link">
          <PhonebookOutline aria-hidden /> {t('routes.contactService')}
        </Link>
        <Link to={Paths.helpAudience('customer')} className="customer-home__link">
          <QuestionCircleOutline aria-hidden /> {t('routes.help')}
        </Link>
      </nav>
    </div>
  );

  return (
    <div>
      {signedIn ? (
        <PullToRefresh onRefresh={async () => void (await current.refetch())}>{body}</PullToRefresh>
      ) : (
        body
      )}
    </div>
  );
}
