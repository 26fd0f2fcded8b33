import { useState } from 'react';
import { List, SearchBar, Selector, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AddOutline, ScanningOutline } from 'antd-mobile-icons';
import { EQUIPMENT_STATUSES, Permissions } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { FilterBar } from '@/components/filter-bar';
import { PagedList, useShownTotal } from '@/components/paged-list';
import { useSession } from '@/features/auth';
import { WorkingStoreBar, useWorkingStore } from '@/features/stores';
import { useCategories, useFilterableAttributes } from '../api/get-categories';
import { statusAsked, useEquipmentList, type EquipmentFilters } from '../api/list-equipment';
import { EquipmentDialog } from '../components/equipment-dialog';
import { StatusTag } from '../components/status-tag';
import { STATUS_KEYS } from '../utils/status';
import { attributeText } from '../utils/attribute-text';

const ALL = '';

/** The store's stock: search, filters by category, status and attributes, and the equipment dialog. */
export default function InventoryListPage() {
  const { t } = useTranslation();
  const storeId = useWorkingStore().storeId ?? undefined;
  const canCreate = useSession((s) =>
    s.permissions.includes(Permissions.BusinessOperations.EquipmentCreate),
  );
  const canStock = useSession((s) =>
    s.permissions.includes(Permissions.BusinessOperations.InventoryManage),
  );
  const [keyword, setKeyword] = useState('');
  const [categoryId, setCategoryId] = useState<string>(ALL);
  const [search] = useSearchParams();
  const [status, setStatus] = useState<string>(() => String(statusAsked(search) ?? ALL));
  const [attributes, setAttributes] = useState<Record<string, string>>({});
  const [open, setOpen] = useState<string | null>(null);
  const categories = useCategories();
  const filterable = useFilterableAttributes(categoryId || undefined);
  const filters: EquipmentFilters = {
    keyword: keyword || undefined,
    storeId,
    categoryId: categoryId || undefined,
    status: status === ALL ? undefined : Number(status),
    attributes,
  };
  const query = useEquipmentList(filters);
  const total = useShownTotal(query);
  const selectAttributes = (filterable.data?.items ?? []).filter(
    (a) => a.kind === 'select' && a.options.length > 0,
  );
  const categoryName = categories.data?.items.find((c) => c.id === categoryId)?.name;

  return (
    <div className="inventory-page">
      <WorkingStoreBar />
      <div className="help-search-bar inventory-toolbar">
        {canCreate && (
          <Link
            to={Paths.inventoryCheckin}
            className="adm-button adm-button-primary adm-button-small adm-button-shape-rounded inventory-toolbar__add"
          >
            <AddOutline aria-hidden /> {t('inventory.editor.addTitle')}
          </Link>
        )}
        {canStock && (
          <Link
            to={Paths.inventoryBatch}
            className="adm-button adm-button-default adm-button-small adm-button-shape-rounded inventory-toolbar__add"
          >
            <ScanningOutline aria-hidden /> {t('inventory.batch.title')}
          </Link>
        )}
        <Link
          to={Paths.smallEquipment}
          className="adm-button adm-button-default adm-button-small adm-button-shape-rounded inventory-toolbar__add"
        >
          {t('inventory.small.title')}
        </Link>
        <SearchBar
          placeholder={t('inventory.search')}
          aria-label={t('inventory.search')}
          onSearch={(v) => setKeyword(v.trim())}
          onClear={() => setKeyword('')}
        />
      </div>
      <FilterBar
        items={[
          {
            key: 'category',
            title: categoryName ?? t('inventory.allCategories'),
            panel: (
              <div className="dropdown-panel">
                <Selector
                  columns={3}
                  options={[
                    { label: t('inventory.allCategories'), value: ALL },
                    ...(categories.data?.items ?? []).map((c) => ({ label: c.name, value: c.id })),
                  ]}
                  value={[categoryId]}
                  onChange={(v) => {
                    setCategoryId(v[0] ?? ALL);
                    setAttributes({});
                  }}
                />
              </div>
            ),
          },
          {
            key: 'status',
            title:
              status === ALL
                ? t('inventory.allStatuses')
                : t(`inventory.statuses.${STATUS_KEYS[Number(status)]!}`),
            panel: (
              <div className="dropdown-panel">
                <Selector
                  columns={3}
                  options={[
                    { label: t('inventory.allStatuses'), value: ALL },
                    ...EQUIPMENT_STATUSES.map((s) => ({
                      label: t(`inventory.statuses.${STATUS_KEYS[s]}`),
                      value: String(s),
                    })),
                  ]}
                  value={[status]}
                  onChange={(v) => setStatus(v[0] ?? ALL)}
                />
              </div>
            ),
          },
          {
            key: 'attributes',
            title: t('inventory.more'),
            panel: (
              <div className="dropdown-panel">
                {selectAttributes.length === 0 ? (
                  <p className="section-tip">
                    {t(
                      categoryId ? 'inventory.noAttributeFilters' : 'inventory.chooseCategoryFirst',
                    )}
                  </p>
                ) : (
                  selectAttributes.map((a) => (
                    <div key={a.id} className="attribute-filter">
                      <div className="attribute-filter__name">
                        {a.displayName}
                        {a.unit ? ` (${a.unit})` : ''}
                      </div>
                      <Selector
                        columns={4}
                        options={a.options.map((o, i) => ({
                          label: a.optionLabels[i] ?? o,
                          value: o,
                        }))}
                        value={attributes[a.id] ? [attributes[a.id]!] : []}
                        onChange={(v) => setAttributes((prev) => ({ ...prev, [a.id]: v[0] ?? '' }))}
                      />
                    </div>
                  ))
                )}
              </div>
            ),
          },
        ]}
      />
      {total !== undefined && (
        <p className="section-tip page-body" aria-live="polite">
          {t('inventory.total', { count: total })}
        </p>
      )}
      <PagedList query={query} emptyText={t('inventory.empty')}>
        {(items) => (
          <List>
            {items.map((e) => (
              <List.Item
                key={e.id}
                onClick={() => setOpen(e.id)}
                arrowIcon
                extra={<StatusTag status={e.status} />}
                description={`${e.barcodeNumber} · ${e.categoryName}${e.attributes.length ? ` · ${e.attributes.map((a) => attributeText(t, a)).join(' / ')}` : ''}`}
              >
                {e.nameShown}
                {!e.nameEn && (
                  <>
                    {' '}
                    <Tag color="warning" fill="outline">
                      {t('catalogueAdmin.english.missing')}
                    </Tag>
                  </>
                )}
              </List.Item>
            ))}
          </List>
        )}
      </PagedList>
      <EquipmentDialog equipmentId={open} onClose={() => setOpen(null)} />
    </div>
  );
}
