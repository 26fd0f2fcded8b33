import { Link } from 'react-router';
import { List } from 'antd-mobile';
import { TeamOutline, ShopbagOutline, TruckOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { HelpAudience } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { useHelpArticles } from '../api/list-help-articles';
import { ArticleList } from '../components/article-list';
import { HelpSearchBar } from '../components/help-search-bar';

const AUDIENCES = [
  { audience: HelpAudience.Customer, icon: <TeamOutline aria-hidden /> },
  { audience: HelpAudience.Store, icon: <ShopbagOutline aria-hidden /> },
  { audience: HelpAudience.Driver, icon: <TruckOutline aria-hidden /> },
] as const;

/** The help centre's front page: search, the three audiences, and every article. */
export default function HelpIndexPage() {
  const { t } = useTranslation();
  const all = useHelpArticles();

  return (
    <div className="help-page">
      <PageHeader title={t('help.title')} backTo={Paths.home} />
      <p className="section-tip page-body">{t('help.intro')}</p>
      <HelpSearchBar />
      <List header={t('help.title')}>
        {AUDIENCES.map(({ audience, icon }) => (
          <Link key={audience} to={Paths.helpAudience(audience)} className="list-link">
            <List.Item prefix={icon} description={t(`help.${audience}Desc`)} arrowIcon>
              {t(`help.${audience}`)}
            </List.Item>
          </Link>
        ))}
      </List>
      <h2 className="section-title page-body">{t('help.all')}</h2>
      <ArticleList query={all} emptyText={t('help.empty')} showAudience />
    </div>
  );
}
