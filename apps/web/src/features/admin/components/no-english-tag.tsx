import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/**
 * Marks a business text with no English value yet: foreign customers read the Chinese there.
 * `what` names the field when a record has several (a store's name, its address, or both).
 */
export function NoEnglishTag({ what }: { what?: 'name' | 'address' | 'nameAndAddress' }) {
  const { t } = useTranslation();
  return (
    <Tag color="warning" fill="outline" className="admin-no-english">
      {what ? t(`admin.noEnglishField.${what}`) : t('admin.noEnglish')}
    </Tag>
  );
}
