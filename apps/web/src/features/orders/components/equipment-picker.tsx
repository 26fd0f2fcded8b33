import { useId, useState } from 'react';
import { Button, List, Popup, SearchBar, Selector } from 'antd-mobile';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '@snowgear/contracts';
import { PagedList } from '@/components/paged-list';
import { useCategories } from '@/features/inventory/api/get-categories';
import { useAvailableEquipment } from '../api/equipment-picker-list';
import { money } from '@/lib/money';

const ALL = '';
const when = (iso: string) => dayjs(iso).format('MM-DD HH:mm');

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
  const categories = useCategories();
  const query = useAvailableEquipment(
    {
      storeId,
      categoryId: categoryId || undefined,
      keyword: keyword || undefined,
      availableFrom,
      availableTo,
    },
    visible,
  );

  return (
    <Popup visible={visible} onMaskClick={onClose} bodyClassName="equipment-picker">
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
          onChange={(v) => setCategoryId(v[0] ?? ALL)}
        />
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
                      description={`${gear.barcodeNumber} · ${gear.categoryName}`}
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
