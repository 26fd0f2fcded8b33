import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Permissions } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { PagedList, useShownTotal } from '@/components/paged-list';
import { useNow } from '@/lib/use-now';
import { useOwnStoreName, useSession } from '@/features/auth';
import { DEFAULT_BUSINESS_TIME_ZONE } from '@/features/system-config';
import { useAuditLog } from '../api/list-audit-log';
import { AuditLine } from '../components/audit-line';
import { CategoryChips } from '../components/category-chips';
import { ExportButton } from '../components/export-button';
import { RangeBar } from '../components/range-bar';
import { SearchField } from '../components/search-field';
import { StoreScope } from '../components/store-scope';
import { readAuditFilters, writeAuditFilters, type AuditFilters } from '../utils/audit-filters';

/**
 * /store/admin/audit: who changed what and when. The super admin sees every store (or picks
 * one); a manager their own store. Filters live in the address, so coming back from an order
 * shows the same lines.
 */
export default function AuditLogPage() {
  const { t } = useTranslation();
  const now = useNow();
  const timeZone = DEFAULT_BUSINESS_TIME_ZONE;
  const [search, setSearch] = useSearchParams();
  const seesAll = useSession((s) => s.permissions.includes(Permissions.SystemManagement.Default));
  const ownStoreName = useOwnStoreName();
  const read = readAuditFilters(search, now, timeZone);
  // A manager always gets their own store; asking for another would only earn a 403.
  const filters: AuditFilters = seesAll ? read : { ...read, storeId: undefined };
  const query = useAuditLog(filters);
  const total = useShownTotal(query);

  const update = (change: Partial<AuditFilters>) =>
    setSearch(writeAuditFilters({ ...filters, ...change }), { replace: true });

  return (
    <div className="audit-page">
      <PageHeader title={t('auditLog.title')} backTo={Paths.admin} />
      <div className="audit-page__body">
        <p className="audit-page__intro">{t('auditLog.intro')}</p>
        <section className="audit-filters" aria-label={t('auditLog.filters')}>
          <CategoryChips
            value={filters.categories}
            onChange={(categories) => update({ categories })}
          />
          <StoreScope
            seesAll={seesAll}
            storeId={filters.storeId}
            ownStoreName={ownStoreName}
            onChange={(storeId) => update({ storeId })}
          />
          <RangeBar
            range={filters}
            now={now}
            timeZone={timeZone}
            onChange={(range) => update(range)}
          />
          <div className="audit-search">
            <SearchField
              key={`q-${filters.keyword}`}
              label={t('auditLog.keyword')}
              placeholder={t('auditLog.search')}
              buttonLabel={t('auditLog.searchButton', { what: t('auditLog.keyword') })}
              value={filters.keyword}
              onSearch={(keyword) => update({ keyword })}
            />
            <SearchField
              key={`op-${filters.operator}`}
              label={t('auditLog.operator')}
              placeholder={t('auditLog.operatorPlaceholder')}
              buttonLabel={t('auditLog.searchButton', { what: t('auditLog.operator') })}
              value={filters.operator}
              onSearch={(operator) => update({ operator })}
            />
          </div>
        </section>
        <ExportButton filters={filters} />
        <p className="audit-page__total" aria-live="polite">
          {total !== undefined ? t('auditLog.total', { count: total }) : ''}
        </p>
        <PagedList query={query} emptyText={t('auditLog.empty')}>
          {(entries) => (
            <ul className="audit-lines">
              {entries.map((entry) => (
                <AuditLine key={entry.id} entry={entry} timeZone={timeZone} />
              ))}
            </ul>
          )}
        </PagedList>
      </div>
    </div>
  );
}
