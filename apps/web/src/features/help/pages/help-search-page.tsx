import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { useShownTotal } from '@/components/paged-list';
import { useHelpSearch } from '../api/search-help-articles';
import { ArticleList } from '../components/article-list';
import { HelpSearchBar } from '../components/help-search-bar';

/** Search across all help articles; the keyword lives in the URL so results can be shared. */
export default function HelpSearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword')?.trim() ?? '';
  const query = useHelpSearch(keyword);
  const total = useShownTotal(query);

  return (
    <div className="help-page">
      <PageHeader title={t('help.search')} backTo={Paths.help} />
      <HelpSearchBar
        key={keyword}
        initial={keyword}
        onSearch={(k) => setParams({ keyword: k }, { replace: true })}
      />
      {!keyword ? (
        <p className="section-tip page-body">{t('help.searchTip')}</p>
      ) : (
        <>
          {total !== undefined && total > 0 && (
            <p className="section-tip page-body" aria-live="polite">
              {t('help.results', { count: total })}
            </p>
          )}
          <ArticleList query={query} emptyText={t('help.noResults', { keyword })} showAudience />
        </>
      )}
    </div>
  );
}
