import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, List, SearchBar, Tag } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { HELP_AUDIENCES, SUPPORTED_LANGUAGES, type SupportedLanguage } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { ChoiceChips } from '@/components/choice-fields';
import { PageHeader } from '@/components/page-header';
import { PagedList } from '@/components/paged-list';
import { useAdminArticles, type HelpAdminFilters } from '../api/list-admin-articles';
import { storeTimeText } from '@/lib/store-time';

const DATE_ONLY = { year: 'numeric', month: 'numeric', day: 'numeric' } as const;

const ALL = 'all';
type State = typeof ALL | 'draft' | 'published';

/** Every help article, drafts included, for those who write them. */
export default function HelpAdminPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<HelpAdminFilters>({});
  const query = useAdminArticles(filters);
  const labels = { audience: useId(), language: useId(), state: useId() };
  const state: State =
    filters.isPublished === undefined ? ALL : filters.isPublished ? 'published' : 'draft';
  const other = (language: SupportedLanguage) =>
    SUPPORTED_LANGUAGES.find((l) => l !== language) ?? language;

  return (
    <div className="help-admin-page">
      <PageHeader
        title={t('helpAdmin.title')}
        backTo={Paths.admin}
        right={
          <Button
            size="small"
            color="primary"
            fill="none"
            onClick={() => void navigate(Paths.adminHelpArticle('new'))}
          >
            <AddOutline aria-hidden /> {t('helpAdmin.write')}
          </Button>
        }
      />
      <p className="section-tip page-body">{t('helpAdmin.intro')}</p>
      <div className="help-admin-filters page-body">
        <span id={labels.audience} className="form-field__label">
          {t('helpAdmin.filters.audience')}
        </span>
        <ChoiceChips
          labelledBy={labels.audience}
          options={[
            { value: ALL, label: t('helpAdmin.filters.all') },
            ...HELP_AUDIENCES.map((a) => ({ value: a, label: t(`help.audience.${a}`) })),
          ]}
          value={filters.audience ?? ALL}
          onChange={(v) => setFilters((f) => ({ ...f, audience: v === ALL ? undefined : v }))}
        />
        <span id={labels.language} className="form-field__label">
          {t('helpAdmin.filters.language')}
        </span>
        <ChoiceChips
          labelledBy={labels.language}
          options={[
            { value: ALL, label: t('helpAdmin.filters.all') },
            ...SUPPORTED_LANGUAGES.map((l) => ({ value: l, label: t(`helpAdmin.languages.${l}`) })),
          ]}
          value={filters.language ?? ALL}
          onChange={(v) => setFilters((f) => ({ ...f, language: v === ALL ? undefined : v }))}
        />
        <span id={labels.state} className="form-field__label">
          {t('helpAdmin.filters.state')}
        </span>
        <ChoiceChips<State>
          labelledBy={labels.state}
          options={[
            { value: ALL, label: t('helpAdmin.filters.all') },
            { value: 'draft', label: t('helpAdmin.draft') },
            { value: 'published', label: t('helpAdmin.published') },
          ]}
          value={state}
          onChange={(v) =>
            setFilters((f) => ({ ...f, isPublished: v === ALL ? undefined : v === 'published' }))
          }
        />
      </div>
      <form role="search" className="help-search-bar" onSubmit={(e) => e.preventDefault()}>
        <SearchBar
          placeholder={t('helpAdmin.search')}
          aria-label={t('helpAdmin.search')}
          onSearch={(v) => setFilters((f) => ({ ...f, keyword: v.trim() || undefined }))}
          onClear={() => setFilters((f) => ({ ...f, keyword: undefined }))}
        />
      </form>
      <PagedList query={query} emptyText={t('helpAdmin.empty')}>
        {(items) => (
          <List className="article-list help-admin-list">
            {items.map((a) => (
              <Link key={a.id} to={Paths.adminHelpArticle(a.id)} className="list-link">
                <List.Item
                  arrowIcon
                  description={
                    <>
                      <span className="help-admin-list__tags">
                        <Tag color={a.isPublished ? 'success' : 'warning'}>
                          {a.isPublished ? t('helpAdmin.published') : t('helpAdmin.draft')}
                        </Tag>
                        <Tag color="primary" fill="outline">
                          {t(`help.audience.${a.audience}`)}
                        </Tag>
                        <Tag color="default" fill="outline">
                          {t(`helpAdmin.languages.${a.language}`)}
                        </Tag>
                        {!a.translation && (
                          <Tag color="danger" fill="outline">
                            {t('helpAdmin.missingTranslation', {
                              language: t(`helpAdmin.languages.${other(a.language)}`),
                            })}
                          </Tag>
                        )}
                      </span>
                      <span className="help-admin-list__meta">
                        {a.slug} ·{' '}
                        {t('helpAdmin.updatedAt', {
                          date: storeTimeText(a.lastModificationTime, i18n.language, DATE_ONLY),
                        })}
                      </span>
                    </>
                  }
                >
                  <span lang={a.language}>{a.title}</span>
                </List.Item>
              </Link>
            ))}
          </List>
        )}
      </PagedList>
    </div>
  );
}
