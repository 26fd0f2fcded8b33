import { Link } from 'react-router';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/features/auth';
import { sectionsFor } from '../sections';

/** /store/admin: the console's sections the signed-in user may open. */
export default function AdminHomePage() {
  const { t } = useTranslation();
  const permissions = useSession((s) => s.permissions);
  const sections = sectionsFor(permissions);
  return (
    <div className="admin-page">
      <PageHeader title={t('admin.title')} backTo={Paths.storeDashboard} />
      <p className="admin-page__intro">{t('admin.intro')}</p>
      {sections.length === 0 ? (
        <p className="admin-page__intro">{t('admin.noSections')}</p>
      ) : (
        <List>
          {sections.map((section) => (
            <Link key={section.key} to={section.path} className="list-link">
              <List.Item arrowIcon description={t(`admin.sections.${section.key}.description`)}>
                {t(`admin.sections.${section.key}.title`)}
              </List.Item>
            </Link>
          ))}
        </List>
      )}
    </div>
  );
}
