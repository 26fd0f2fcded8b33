import { useSearchParams } from 'react-router';
import { Button } from 'antd-mobile';
import { dayjs } from '@/lib/dayjs-zones';
import { useTranslation } from 'react-i18next';
import { RoleName, type ShiftClose } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { useNow } from '@/lib/use-now';
import { useOwnStoreName, useSession } from '@/features/auth';
import { DEFAULT_BUSINESS_TIME_ZONE } from '@/features/system-config';
import { useShiftClose, type ShiftCloseFilters } from '../api/get-shift-close';
import { ShiftClerkCard } from '../components/shift-clerk-card';
import { ShiftDayBar } from '../components/shift-day-bar';
import { ShiftStorePicker } from '../components/shift-store-picker';
import { businessToday, isDay } from '../utils/date-range';
import { formatYuan } from '../utils/money';
import { ErrorBlock } from '@/components/error-block';

/**
 * /store/admin/shift-close: the cash each clerk took in and gave back on one business day at one
 * store, to count the drawer against, printed and signed. The day and store live in the address.
 */
export default function ShiftClosePage() {
  const { t } = useTranslation();
  const now = useNow();
  const timeZone = DEFAULT_BUSINESS_TIME_ZONE;
  const [search, setSearch] = useSearchParams();
  const seesAll = useSession((s) => s.roles.includes(RoleName.SuperAdmin));
  const ownStoreName = useOwnStoreName();
  const today = businessToday(now, timeZone);
  const asked = search.get('date');
  const store = search.get('store');
  const filters: ShiftCloseFilters = {
    // Never a day that has not begun: it could only be empty.
    date: isDay(asked) && asked <= today ? asked : today,
    ...(seesAll && store && /^[0-9a-f-]{36}$/i.test(store) ? { storeId: store } : {}),
  };
  const query = useShiftClose(filters);

  const update = (change: Partial<ShiftCloseFilters>) => {
    const next = { ...filters, ...change };
    setSearch(
      { date: next.date, ...(next.storeId ? { store: next.storeId } : {}) },
      { replace: true },
    );
  };

  return (
    <div className="shift-page">
      <div className="no-print">
        <PageHeader title={t('shiftClose.title')} backTo={Paths.admin} />
      </div>
      <div className="shift-page__body">
        <div className="shift-controls no-print">
          <p className="shift-page__intro">{t('shiftClose.intro')}</p>
          <ShiftStorePicker
            seesAll={seesAll}
            storeId={filters.storeId ?? query.data?.storeId}
            storeName={query.data?.storeName ?? ownStoreName}
            onChange={(storeId) => update({ storeId })}
          />
          <ShiftDayBar
            date={filters.date}
            now={now}
            timeZone={timeZone}
            onChange={(date) => update({ date })}
          />
        </div>
        <QueryState query={query} lines={10}>
          {(sheet) => <ShiftSheet sheet={sheet} now={now} timeZone={timeZone} />}
        </QueryState>
      </div>
    </div>
  );
}

/** The printable sheet: the store and day, the totals, a card per clerk, and the signatures. */
function ShiftSheet({ sheet, now, timeZone }: { sheet: ShiftClose; now: Date; timeZone: string }) {
  const { t } = useTranslation();
  return (
    <article className="shift-sheet" aria-labelledby="shift-sheet-title">
      <header className="shift-sheet__header">
        <h2 id="shift-sheet-title" className="shift-sheet__title">
          {t('shiftClose.sheetTitle', { store: sheet.storeName })}
        </h2>
        <p>{t('shiftClose.sheetDate', { date: sheet.date })}</p>
        <p className="print-only">
          {t('shiftClose.printedAt', {
            time: dayjs(now).tz(timeZone).format('YYYY-MM-DD HH:mm'),
          })}
        </p>
      </header>
      <section className="shift-card shift-card--totals" aria-labelledby="shift-totals-title">
        <h3 id="shift-totals-title" className="shift-card__name">
          {t('shiftClose.totals')}
        </h3>
        <dl className="shift-figures">
          <div>
            <dt>{t('shiftClose.cashIn')}</dt>
            <dd>
              <strong>{formatYuan(sheet.totals.cashIn.amount)}</strong>
              <span>{t('shiftClose.bills', { count: sheet.totals.cashIn.count })}</span>
            </dd>
          </div>
          <div>
            <dt>{t('shiftClose.cashOut')}</dt>
            <dd>
              <strong className="shift-figures__out">
                {formatYuan(sheet.totals.cashOut.amount)}
              </strong>
              <span>{t('shiftClose.bills', { count: sheet.totals.cashOut.count })}</span>
            </dd>
          </div>
          <div>
            <dt>{t('shiftClose.net')}</dt>
            <dd>
              <strong>{formatYuan(sheet.totals.net)}</strong>
            </dd>
          </div>
        </dl>
      </section>
      {sheet.clerks.length === 0 ? (
        <ErrorBlock status="empty" title={t('shiftClose.empty')} description="" />
      ) : (
        sheet.clerks.map((clerk) => (
          <ShiftClerkCard key={clerk.clerkId ?? clerk.name} clerk={clerk} timeZone={timeZone} />
        ))
      )}
      <footer className="shift-sign shift-sign--manager print-only">
        <span>
          {t('shiftClose.signManager')} <span className="shift-sign__line" />
        </span>
        <span>
          {t('shiftClose.signDate')} <span className="shift-sign__line shift-sign__line--short" />
        </span>
      </footer>
      <div className="shift-print no-print">
        <Button block color="primary" onClick={() => window.print()}>
          {t('shiftClose.print')}
        </Button>
        <p className="shift-print__hint">{t('shiftClose.printHint')}</p>
      </div>
    </article>
  );
}
