import { useId, useState } from 'react';
import { Button, List, SearchBar, Selector } from 'antd-mobile';
import { Popup } from '@/components/antd/popup';
import { useTranslation } from 'react-i18next';
import { storeTime } from '@/lib/store-clock';
import type { Equipment } from '@snowgear/contracts';
import { PagedList } from '@/components/paged-list';
import { useCategories, useFilterableAttributes } from '@/features/inventory';
import { useAvailableEquipment } from '../api/equipment-picker-list';
import { money } from '@/lib/money';

const ALL = '';
const when = (iso: string) => storeTime(iso);

/**
 * The equipment search of order create: only this store's gear that is free for the whole rental
 * window, by category and keyword; tapping an item adds it and the list stays open for more.
 */
export function EquipmentPicker({
  visible,
  storeId,
  availableFrom,
  availableTo,
  addedIds,
  onAdd,
  onClose,
}: {
  visible: boolean;
  storeId: string;
  availableFrom: string;
  availableTo: string;
  addedIds: ReadonlySet<string>;
  onAdd: (gear: Equipment) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [keyword, setKeyword] = useState('');
  const [categoryId, setCategoryId] = useState(ALL);
  const [sizes, setSizes] = useState<Record<string, string>>({});
  const categories = useCategories();
  // The category's sizes (boot size, ski length, level …): "26.5 boots free for these dates" in
  // two taps.
  const sizeAttributes = (
    useFilterableAttributes(categoryId || undefined).data?.items ?? []
  ).filter((a) => a.kind === 'select' && a.options.length > 0);
  const query = useAvailableEquipment(
    {
      storeId,
      categoryId: categoryId || undefined,
      keyword: keyword || undefined,
      attributes: sizes,
      availableFrom,
      availableTo,
    },
    visible,
  );

  return (
    <Popup
      showCloseButton
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="equipment-picker"
    >
      <section role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <header className="equipment-picker__head">
          <h2 id={titleId}>{t('orderCreate.picker.title')}</h2>
          <Button color="primary" onClick={onClose}>
            {t('orderCreate.picker.done', { count: addedIds.size })}
          </Button>
        </header>
        <p className="equipment-picker__tip">
          {t('orderCreate.picker.tip', { start: when(availableFrom), end: when(availableTo) })}
        </p>
        <SearchBar
          placeholder={t('orderCreate.picker.search')}
          aria-label={t('orderCreate.picker.search')}
          onSearch={(v) => setKeyword(v.trim())}
          onClear={() => setKeyword('')}
        />
        <Selector
          className="equipment-picker__categories"
          aria-label={t('orderCreate.picker.categories')}
          columns={4}
          options={[
            { label: t('orderCreate.picker.allCategories'), value: ALL },
            ...(categories.data?.items ?? []).map((c) => ({ label: c.name, value: c.id })),
          ]}
          value={[categoryId]}
          onChange={(v) => {
            setCategoryId(v[0] ?? ALL);
            setSizes({});
          }}
        />
        {categoryId &&
          sizeAttributes.map((a) => (
            <div key={a.id} className="equipment-picker__sizes">
              <span className="equipment-picker__size-name">
                {a.displayName}
                {a.unit ? ` (${a.unit})` : ''}
              </span>
              <Selector
                aria-label={a.displayName}
                columns={5}
                options={a.options.map((o, i) => ({ label: a.optionLabels[i] ?? o, value: o }))}
                value={sizes[a.id] ? [sizes[a.id]!] : []}
                onChange={(v) => setSizes((prev) => ({ ...prev, [a.id]: v[0] ?? '' }))}
              />
            </div>
          ))}
        <div className="equipment-picker__list">
          <PagedList query={query} emptyText={t('orderCreate.picker.empty')}>
            {(items) => (
              <List>
                {items.map((gear) => {
                  const added = addedIds.has(gear.id);
                  return (
                    <List.Item
                      key={gear.id}
                      onClick={added ? undefined : () => onAdd(gear)}
                      description={[
                        gear.barcodeNumber,
                        gear.categoryName,
                        ...gear.attributes.map((a) => a.valueLabel),
                      ].join(' · ')}
                      extra={
                        <div className="equipment-picker__extra">
                          <div className="equipment-picker__price">
                            <div>
                              {t('orderCreate.gear.perDay', { price: money(gear.dailyRentPrice) })}
                            </div>
                            <small>
                              {t('orderCreate.gear.deposit', { amount: money(gear.deposit) })}
                            </small>
                          </div>
                          <Button
                            size="small"
                            color="primary"
                            fill={added ? 'none' : 'solid'}
                            disabled={added}
                            aria-label={
                              added
                                ? undefined
                                : t('orderCreate.picker.addLabel', {
                                    name: gear.name,
                                    barcode: gear.barcodeNumber,
                                  })
                            }
                            onClick={(event) => {
                              event.stopPropagation();
                              onAdd(gear);
                            }}
                          >
                            {added ? t('orderCreate.picker.added') : t('orderCreate.picker.add')}
                          </Button>
                        </div>
                      }
                      arrowIcon={false}
                    >
                      {gear.name}
                    </List.Item>
                  );
                })}
              </List>
            )}
          </PagedList>
        </div>
      </section>
    </Popup>
  );
}
