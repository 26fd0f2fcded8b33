import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** Marks a business text with no English value yet: foreign customers read the Chinese there. */
export function NoEnglishTag() {
  const { t } = useTranslation();
  return (
    <Tag color="warning" fill="outline" className="admin-no-english">
      {t('admin.noEnglish')}
    </Tag>
  );
}
