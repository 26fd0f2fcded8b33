import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, List } from 'antd-mobile';
import { Dialog } from '@/components/antd/dialog';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { BookingCartSchema, RoleName, type Scheme } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { money } from '@/lib/money';
import { storeTime } from '@/lib/store-clock';
import { dayjs } from '@/lib/dayjs-zones';
import { useAppStore } from '@/features/app-state';
import { useSession } from '@/features/auth';
import { useBookingCart } from '@/features/customer-booking';
import { DEFAULT_BUSINESS_TIME_ZONE } from '@/features/system-config';
import { useSchemes } from '../api/list-schemes';
import { useJoinLocalSchemes } from '../api/join-local-schemes';
import { draftOfScheme } from '../utils/scheme-draft';
import { useOpenScheme } from '../utils/open-scheme';
import { forgetLocalScheme, localSchemes, type LocalScheme } from '../utils/local-schemes';
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

/**
 * /customer/scheme/list (spec §2 my schemes; `/fa` is its short link), public: a visitor sees the
 * plans saved on this phone; signed in, the account's, newest first, once the phone's have joined
 * them.
 */
export default function SchemeListPage() {
  const { t } = useTranslation();
  const customer = useSession(
    (s) => !!s.accessToken && !!s.user?.roles.includes(RoleName.Customer),
  );
  const query = useSchemes(customer);
  const [onPhone, setOnPhone] = useState(localSchemes);
  useJoinLocalSchemes(customer, () => setOnPhone(localSchemes()));

  return (
    <div className="scheme-list-page">
      <PageHeader title={t('schemes.listTitle')} />
      <PullToRefresh
        onRefresh={async () => {
          setOnPhone(localSchemes());
          if (customer) await query.refetch();
        }}
      >
        {onPhone.length > 0 && (
          <LocalSchemes
            schemes={onPhone}
            signedIn={customer}
            onForget={() => setOnPhone(localSchemes())}
          />
        )}
        {customer ? (
          <QueryState query={query}>
            {(schemes) =>
              schemes.length === 0 && onPhone.length === 0 ? (
                <NoSchemes />
              ) : (
                <SchemeRows schemes={schemes} />
              )
            }
          </QueryState>
        ) : (
          onPhone.length === 0 && <NoSchemes />
        )}
      </PullToRefresh>
    </div>
  );
}

function NoSchemes() {
  const { t } = useTranslation();
  return (
    <ErrorBlock status="empty" title={t('schemes.empty')} description={t('schemes.emptyTip')}>
      <Link
        to={Paths.orderCreate}
        className="adm-button adm-button-primary adm-button-shape-rounded"
      >
        {t('schemes.goBook')}
      </Link>
    </ErrorBlock>
  );
}

function SchemeRows({ schemes }: { schemes: Scheme[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (schemes.length === 0) return null;
  return (
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
  );
}

/**
 * The plans on this phone: each opens on the booking page (priced and checked there), or is
 * deleted after asking; signed out, a way to sign in and keep them.
 */
function LocalSchemes({
  schemes,
  signedIn,
  onForget,
}: {
  schemes: LocalScheme[];
  signedIn: boolean;
  onForget: () => void;
}) {
  const { t } = useTranslation();
  const showError = useAppStore((s) => s.showError);
  const openScheme = useOpenScheme();

  const handleOpen = async (scheme: LocalScheme) => {
    const opened = draftOfScheme(
      { ...scheme, mine: true },
      DEFAULT_BUSINESS_TIME_ZONE,
      dayjs().tz(DEFAULT_BUSINESS_TIME_ZONE).format('YYYY-MM-DD'),
    );
    if (!opened) {
      showError(t('schemes.unavailable'));
      return;
    }
    await openScheme(scheme.id, opened);
  };

  const handleForget = async (scheme: LocalScheme) => {
    const confirmed = await Dialog.confirm({
      content: t('schemes.deleteLocalConfirm', { name: scheme.name }),
      confirmText: t('app.delete'),
      cancelText: t('app.cancel'),
    });
    if (!confirmed) return;
    forgetLocalScheme(scheme.id);
    if (useBookingCart.getState().schemeId === scheme.id) {
      useBookingCart.getState().update({ schemeId: null, schemeName: '' });
    }
    onForget();
  };

  return (
    <List header={t('schemes.onPhone')}>
      {!signedIn && (
        <List.Item
          description={
            <Link
              to={`${Paths.customerLogin}?redirect=${encodeURIComponent(Paths.schemeList)}`}
              className="scheme-list__sign-in"
            >
              {t('schemes.signInToKeep')}
            </Link>
          }
        >
          <span className="scheme-list__tip">{t('schemes.onPhoneListTip')}</span>
        </List.Item>
      )}
      {schemes.map((scheme) => (
        <List.Item
          key={scheme.id}
          description={summaryOf(scheme, t)}
          extra={
            <span className="scheme-list__extra">
              {money(scheme.quote)}
              <Button
                size="small"
                fill="none"
                className="scheme-list__delete"
                aria-label={`${t('app.delete')} ${scheme.name}`}
                onClick={(event) => {
                  event.stopPropagation();
                  void handleForget(scheme);
                }}
              >
                {t('app.delete')}
              </Button>
            </span>
          }
          onClick={() => void handleOpen(scheme)}
          arrowIcon
        >
          {scheme.name}
        </List.Item>
      ))}
    </List>
  );
}
