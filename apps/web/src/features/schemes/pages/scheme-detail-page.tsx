import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, List, NoticeBar } from 'antd-mobile';
import { Dialog } from '@/components/antd/dialog';
import { SendOutline } from 'antd-mobile-icons';
import { dayjs } from '@/lib/dayjs-zones';
import { useTranslation } from 'react-i18next';
import type { CartRider, SharedScheme } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { ApiError } from '@/lib/api-errors';
import { money } from '@/lib/money';
import { riderFacts } from '@/lib/rider-facts';
import { shareLink } from '@/lib/share-link';
import { useNow } from '@/lib/use-now';
import { useAppStore } from '@/features/app-state';
import { useSession } from '@/features/auth';
import { QuoteLines, useBookingCart } from '@/features/customer-booking';
import { DEFAULT_BUSINESS_TIME_ZONE } from '@/features/system-config';
import { useDeleteScheme } from '../api/delete-scheme';
import { useSharedScheme } from '../api/get-shared-scheme';
import { draftOfScheme } from '../utils/scheme-draft';
import { useOpenScheme } from '../utils/open-scheme';
import { ErrorBlock } from '@/components/error-block';

const TIME_ZONE = DEFAULT_BUSINESS_TIME_ZONE;

/**
 * /customer/scheme/current?id= (spec §2 scheme detail; `/fa/d?id=` is its short link): a saved
 * plan, priced again now, that anyone with the link may open without signing in and book in one
 * tap. Without an id it is the scheme the booking page is editing.
 */
export default function SchemeDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const editing = useBookingCart((s) => s.schemeId);
  const id = params.get('id') || editing;
  const userId = useSession((s) => (s.accessToken ? (s.user?.id ?? null) : null));
  const query = useSharedScheme(id, userId);
  const notFound = query.error instanceof ApiError && query.error.status === 404;

  return (
    <div className="scheme-page">
      <PageHeader title={t('schemes.detailTitle')} />
      {!id ? (
        <ErrorBlock
          status="empty"
          title={t('schemes.noCurrent')}
          description={t('schemes.noCurrentTip')}
        >
          <SchemeLinks />
        </ErrorBlock>
      ) : notFound ? (
        <ErrorBlock
          status="empty"
          title={t('schemes.notFound')}
          description={t('schemes.notFoundTip')}
        >
          <SchemeLinks />
        </ErrorBlock>
      ) : (
        <QueryState query={query}>{(scheme) => <SchemeView scheme={scheme} />}</QueryState>
      )}
    </div>
  );
}

function SchemeLinks() {
  const { t } = useTranslation();
  const signedIn = useSession((s) => !!s.accessToken);
  return (
    <div className="scheme-page__links">
      <Link
        to={Paths.orderCreate}
        className="adm-button adm-button-primary adm-button-shape-rounded"
      >
        {t('schemes.goBook')}
      </Link>
      {signedIn && (
        <Link
          to={Paths.schemeList}
          className="adm-button adm-button-default adm-button-shape-rounded"
        >
          {t('schemes.mine')}
        </Link>
      )}
    </div>
  );
}

function SchemeView({ scheme }: { scheme: SharedScheme }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const now = useNow();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const showError = useAppStore((s) => s.showError);
  const remove = useDeleteScheme();
  const openScheme = useOpenScheme();
  const today = dayjs(now).tz(TIME_ZONE).format('YYYY-MM-DD');
  const opened = draftOfScheme(scheme, TIME_ZONE, today);
  const riders: CartRider[] = opened?.draft.riders ?? [];
  const quote = scheme.freshQuote;
  const start = quote ? dayjs(quote.rentalStartTime).tz(TIME_ZONE) : null;
  const bookable = !!opened && !!quote;

  /** Opens the plan on the booking page, which checks availability again. */
  const handleOpen = async () => {
    if (opened) await openScheme(scheme.id, opened);
  };

  const handleShare = async () => {
    const done = await shareLink(
      Paths.schemeShort(scheme.id),
      t('schemes.shareTitle', { name: scheme.name }),
    );
    if (done === 'copied') showSuccess(t('schemes.copied'));
  };

  const handleDelete = async () => {
    const confirmed = await Dialog.confirm({
      content: t('schemes.deleteConfirm', { name: scheme.name }),
      confirmText: t('app.delete'),
      cancelText: t('app.cancel'),
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(scheme.id);
    } catch (err) {
      showError(err instanceof Error ? err.message : String(err));
      return;
    }
    if (useBookingCart.getState().schemeId === scheme.id) {
      useBookingCart.getState().update({ schemeId: null, schemeName: '' });
    }
    showSuccess(t('schemes.deleted'));
    void navigate(Paths.schemeList, { replace: true });
  };

  return (
    <article className="scheme">
      <header className="scheme__head">
        <h2 className="scheme__name">{scheme.name}</h2>
        <p className="scheme__saved">{t('schemes.savedQuote', { amount: money(scheme.quote) })}</p>
      </header>
      {!bookable && (
        <div role="alert">
          <NoticeBar color="alert" wrap content={t('schemes.unavailable')} />
        </div>
      )}
      {opened && opened.draft.startDate === null && bookable && (
        <div role="status">
          <NoticeBar color="info" wrap content={t('schemes.pastDates')} />
        </div>
      )}
      <List header={t('schemes.store')}>
        <List.Item>{scheme.storeName}</List.Item>
      </List>
      {start && quote && (
        <List header={t('schemes.dates')}>
          <List.Item>
            {t('schemes.startDays', { date: start.format('YYYY-MM-DD'), count: quote.days })}
          </List.Item>
        </List>
      )}
      {riders.length > 0 && (
        <List header={t('schemes.riders')}>
          {riders.map((r) => (
            <List.Item
              key={r.key}
              description={
                riderFacts(t, r, ['height', 'weight', 'age', 'ability', 'boot']) || undefined
              }
            >
              {r.name}
            </List.Item>
          ))}
        </List>
      )}
      {quote && (
        <section className="page-body scheme__quote" aria-label={t('schemes.gear')}>
          <h3 className="section-title">{t('schemes.gear')}</h3>
          <QuoteLines quote={quote} riders={riders} />
        </section>
      )}
      <div className="page-body scheme__actions">
        {bookable && (
          <Button block size="large" color="primary" onClick={() => void handleOpen()}>
            {t('schemes.book')}
          </Button>
        )}
        <Button
          block
          size="large"
          color="primary"
          fill="outline"
          onClick={() => void handleShare()}
        >
          <SendOutline aria-hidden /> {t('schemes.share')}
        </Button>
        {scheme.mine && riders.length > 0 && (
          <p className="scheme__note">{t('schemes.shareNote')}</p>
        )}
        {scheme.mine && (
          <Button
            block
            size="large"
            color="danger"
            fill="none"
            loading={remove.isPending}
            onClick={() => void handleDelete()}
          >
            {t('schemes.delete')}
          </Button>
        )}
      </div>
    </article>
  );
}
