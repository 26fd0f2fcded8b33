import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** Marks a catalogue entry English readers still see in Chinese. */
export function MissingEnglishTag() {
  const { t } = useTranslation();
  return (
    <Tag color="warning" fill="outline" className="missing-english">
      {t('catalogueAdmin.english.missing')}
    </Tag>
  );
}
