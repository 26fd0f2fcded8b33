import { List, Tag } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { CatalogueAttribute } from '@snowgear/contracts';
import { MissingEnglishTag } from './missing-english-tag';
import { TwoLanguages } from '@/components/two-languages';

/** Attribute definitions as rows; each opens its editor. */
export function AttributeList({
  attributes,
  header,
  emptyText,
  onEdit,
}: {
  attributes: CatalogueAttribute[];
  header: string;
  emptyText: string;
  onEdit: (attribute: CatalogueAttribute) => void;
}) {
  const { t } = useTranslation();
  return (
    <List header={header} className="attribute-list">
      {attributes.length === 0 && <List.Item>{emptyText}</List.Item>}
      {attributes.map((a) => (
        <List.Item key={a.id}>
          <button type="button" className="attribute-list__row" onClick={() => onEdit(a)}>
            <span className="attribute-list__main">
              <span className="attribute-list__name">
                <TwoLanguages
                  zh={a.displayName}
                  en={a.displayNameEn}
                  wrap={(name) => (
                    <>
                      {name}
                      {a.unit ? ` (${a.unit})` : ''}
                    </>
                  )}
                />
              </span>
              <span className="attribute-list__tags">
                <Tag color="primary" fill="outline">
                  {t(`catalogueAdmin.kinds.${a.kind}`)}
                </Tag>
                {a.categoryId === null && (
                  <Tag color="default" fill="outline">
                    {t('catalogueAdmin.attributes.sharedTag')}
                  </Tag>
                )}
                {a.isRequired && (
                  <Tag color="warning">{t('catalogueAdmin.attributes.required')}</Tag>
                )}
                {a.isFilterable && (
                  <Tag color="success" fill="outline">
                    {t('catalogueAdmin.attributes.filterable')}
                  </Tag>
                )}
                {a.isSize && <Tag color="primary">{t('catalogueAdmin.attributes.size')}</Tag>}
                {a.missingEnglish.length > 0 && <MissingEnglishTag />}
                {!a.isEnabled && (
                  <Tag color="danger">{t('catalogueAdmin.attributes.disabled')}</Tag>
                )}
              </span>
              {a.options.length > 0 && (
                <span className="attribute-list__options">
                  {a.options.map((o, i) => (
                    <span key={o}>
                      {i > 0 && ' · '}
                      <TwoLanguages zh={o} en={a.optionsEn[i]} />
                    </span>
                  ))}
                </span>
              )}
              <span className="attribute-list__usage">
                {a.valueCount > 0
                  ? t('catalogueAdmin.attributes.used', { count: a.valueCount })
                  : t('catalogueAdmin.attributes.unused')}
              </span>
            </span>
            <RightOutline aria-hidden className="attribute-list__arrow" />
          </button>
        </List.Item>
      ))}
    </List>
  );
}
