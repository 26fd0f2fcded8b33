import { Link, useNavigate } from 'react-router';
import { Button, List, Tag } from 'antd-mobile';
import { AddOutline, DownOutline, UpOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { CatalogueCategory } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { useAppStore } from '@/features/app-state';
import { useCatalogueCategories } from '../api/list-categories';
import { useReorderCategories } from '../api/reorder-categories';
import { PullToRefresh } from '@/components/pull-to-refresh';
import { ErrorBlock } from '@/components/error-block';
import { MissingEnglishTag } from '../components/missing-english-tag';
import { inLanguage, TwoLanguages } from '@/components/two-languages';

/** The equipment categories in display order, with their counts; each opens its settings. */
export default function CataloguePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const query = useCatalogueCategories();
  const reorder = useReorderCategories();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const showError = useAppStore((s) => s.showError);

  const handleMove = (items: CatalogueCategory[], index: number, step: -1 | 1) => {
    const ids = items.map((c) => c.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + step, 0, moved!);
    reorder.mutate(ids, {
      onSuccess: () => showSuccess(t('catalogueAdmin.reordered')),
      onError: (err) => showError(err.message),
    });
  };

  return (
    <div className="catalogue-page">
      <PageHeader
        title={t('catalogueAdmin.title')}
        backTo={Paths.admin}
        right={
          <Button
            size="small"
            color="primary"
            fill="none"
            onClick={() => void navigate(Paths.adminCategory('new'))}
          >
            <AddOutline aria-hidden /> {t('catalogueAdmin.addCategory')}
          </Button>
        }
      />
      <p className="section-tip page-body">{t('catalogueAdmin.intro')}</p>
      <QueryState query={query}>
        {({ items }) => (
          <PullToRefresh
            onRefresh={async () => {
              await query.refetch();
            }}
          >
            {items.some((c) => c.missingEnglish.length > 0) && (
              <p className="section-tip page-body catalogue-page__missing" role="status">
                {t('catalogueAdmin.english.missingCount', {
                  count: items.filter((c) => c.missingEnglish.length > 0).length,
                })}
              </p>
            )}
            {items.length === 0 ? (
              <ErrorBlock status="empty" title={t('catalogueAdmin.empty')} description="" />
            ) : (
              <List className="catalogue-list">
                {items.map((c, index) => (
                  <List.Item
                    key={c.id}
                    description={t('catalogueAdmin.counts', {
                      items: c.equipmentCount,
                      attributes: c.attributeCount,
                    })}
                    extra={
                      <span className="catalogue-list__order">
                        <Button
                          size="small"
                          fill="none"
                          aria-label={t('catalogueAdmin.moveUp', {
                            name: inLanguage(i18n.language, c.name, c.nameEn),
                          })}
                          disabled={index === 0 || reorder.isPending}
                          onClick={() => handleMove(items, index, -1)}
                        >
                          <UpOutline aria-hidden />
                        </Button>
                        <Button
                          size="small"
                          fill="none"
                          aria-label={t('catalogueAdmin.moveDown', {
                            name: inLanguage(i18n.language, c.name, c.nameEn),
                          })}
                          disabled={index === items.length - 1 || reorder.isPending}
                          onClick={() => handleMove(items, index, 1)}
                        >
                          <DownOutline aria-hidden />
                        </Button>
                      </span>
                    }
                  >
                    <TwoLanguages
                      zh={c.name}
                      en={c.nameEn}
                      wrap={(name) => (
                        <Link to={Paths.adminCategory(c.id)} className="catalogue-list__name">
                          {name}
                        </Link>
                      )}
                    />{' '}
                    {c.missingEnglish.length > 0 && (
                      <>
                        <MissingEnglishTag />{' '}
                      </>
                    )}
                    <Tag color="primary" fill="outline">
                      {t(`catalogueAdmin.sizeKind.${c.sizeKind}`)}
                    </Tag>{' '}
                    {c.dinAdjustable && (
                      <Tag color="warning" fill="outline">
                        {t('catalogueAdmin.din')}
                      </Tag>
                    )}
                  </List.Item>
                ))}
              </List>
            )}
          </PullToRefresh>
        )}
      </QueryState>
    </div>
  );
}
