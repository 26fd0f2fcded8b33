import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from 'antd-mobile';
import { Dialog } from '@/components/antd/dialog';
import { AddOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { CatalogueAttribute, CatalogueCategory } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { useAppStore } from '@/features/app-state';
import { FormError } from '@/components/form-error';
import { ApiError } from '@/lib/api-errors';
import { useDeleteCategory } from '../api/delete-category';
import { useCatalogueCategory } from '../api/get-category';
import { useCatalogueAttributes } from '../api/list-attributes';
import { AttributeForm } from '../components/attribute-form';
import { AttributeList } from '../components/attribute-list';
import { CategoryForm } from '../components/category-form';
import { ErrorBlock } from '@/components/error-block';
import { inLanguage } from '@/components/two-languages';

/** One category: its settings and its attributes; 'new' creates a category. */
export default function CategoryPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const { id = 'new' } = useParams();
  const query = useCatalogueCategory(id);

  if (id === 'new') {
    return (
      <div className="catalogue-page">
        <PageHeader title={t('catalogueAdmin.newCategory')} backTo={Paths.adminCatalogue} />
        <section className="page-body">
          <CategoryForm
            onSaved={(created) => {
              showSuccess(t('catalogueAdmin.category.created'));
              void navigate(Paths.adminCategory(created.id), { replace: true });
            }}
          />
        </section>
      </div>
    );
  }

  const missing = query.error instanceof ApiError && query.error.status === 404;
  return (
    <div className="catalogue-page">
      <PageHeader
        title={
          query.data
            ? inLanguage(i18n.language, query.data.name, query.data.nameEn)
            : t('routes.adminCategory')
        }
        backTo={Paths.adminCatalogue}
      />
      {missing ? (
        <ErrorBlock status="empty" title={t('catalogueAdmin.notFound')} description="">
          <Link to={Paths.adminCatalogue}>{t('catalogueAdmin.backToList')}</Link>
        </ErrorBlock>
      ) : (
        <QueryState query={query}>
          {(category) => <CategoryDetail key={category.id} category={category} />}
        </QueryState>
      )}
    </div>
  );
}

function CategoryDetail({ category }: { category: CatalogueCategory }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const attributes = useCatalogueAttributes(category.id);
  const remove = useDeleteCategory();
  const [editing, setEditing] = useState<CatalogueAttribute | 'new' | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const handleDelete = async () => {
    setDeleteError(null);
    const ok = await Dialog.confirm({
      title: t('catalogueAdmin.category.deleteTitle', {
        name: inLanguage(i18n.language, category.name, category.nameEn),
      }),
      content: t('catalogueAdmin.category.deleteContent', { count: category.attributeCount }),
      confirmText: t('catalogueAdmin.category.delete'),
      cancelText: t('catalogueAdmin.form.cancel'),
    });
    if (!ok) return;
    remove.mutate(category.id, {
      onSuccess: () => {
        showSuccess(t('catalogueAdmin.category.deleted'));
        void navigate(Paths.adminCatalogue, { replace: true });
      },
      onError: (err) => setDeleteError(err.message),
    });
  };

  return (
    <>
      <section className="page-body" aria-labelledby="category-settings">
        <h2 id="category-settings" className="section-title">
          {t('catalogueAdmin.category.settings')}
        </h2>
        <p className="section-tip">
          {t('catalogueAdmin.counts', {
            items: category.equipmentCount,
            attributes: category.attributeCount,
          })}
        </p>
        <CategoryForm
          category={category}
          onSaved={() => showSuccess(t('catalogueAdmin.category.saved'))}
        />
      </section>
      <section aria-labelledby="category-attributes">
        <div className="catalogue-section-head page-body">
          <h2 id="category-attributes" className="section-title">
            {t('catalogueAdmin.attributes.title')}
          </h2>
          <Button size="small" color="primary" fill="outline" onClick={() => setEditing('new')}>
            <AddOutline aria-hidden /> {t('catalogueAdmin.attributes.add')}
          </Button>
        </div>
        <QueryState query={attributes} lines={4}>
          {({ items }) => (
            <>
              <AttributeList
                header={t('catalogueAdmin.attributes.own')}
                emptyText={t('catalogueAdmin.attributes.ownEmpty')}
                attributes={items.filter((a) => a.categoryId === category.id)}
                onEdit={setEditing}
              />
              <AttributeList
                header={t('catalogueAdmin.attributes.shared')}
                emptyText={t('catalogueAdmin.attributes.sharedEmpty')}
                attributes={items.filter((a) => a.categoryId === null)}
                onEdit={setEditing}
              />
              <p className="section-tip page-body">{t('catalogueAdmin.attributes.sharedHelp')}</p>
            </>
          )}
        </QueryState>
      </section>
      <section className="page-body catalogue-danger">
        <p className="section-tip">{t('catalogueAdmin.category.deleteHelp')}</p>
        <FormError message={deleteError} />
        <Button
          block
          color="danger"
          fill="outline"
          loading={remove.isPending}
          onClick={() => void handleDelete()}
        >
          {t('catalogueAdmin.category.delete')}
        </Button>
      </section>
      <AttributeForm
        categoryId={category.id}
        attribute={editing}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
