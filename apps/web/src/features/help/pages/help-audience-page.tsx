import { useTranslation } from 'react-i18next';
import { HelpAudience } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { useHelpArticles } from '../api/list-help-articles';
import { ArticleList } from '../components/article-list';
import { HelpSearchBar } from '../components/help-search-bar';

/** The articles for one audience: customers, store staff or drivers. */
function HelpAudiencePage({ audience }: { audience: HelpAudience }) {
  const { t } = useTranslation();
  const query = useHelpArticles(audience);
  return (
    <div className="help-page">
      <PageHeader title={t(`help.${audience}`)} backTo={Paths.help} />
      <HelpSearchBar />
      <ArticleList query={query} emptyText={t('help.empty')} />
    </div>
  );
}

export const HelpCustomerPage = () => <HelpAudiencePage audience={HelpAudience.Customer} />;
export const HelpStorePage = () => <HelpAudiencePage audience={HelpAudience.Store} />;
export const HelpDriverPage = () => <HelpAudiencePage audience={HelpAudience.Driver} />;
