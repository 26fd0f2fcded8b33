import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Checkbox, List, SearchBar } from 'antd-mobile';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { PagedList } from '@/components/paged-list';
import { useSession } from '@/features/auth';
import { equipmentQuery } from '../api/get-equipment';
import { useEquipmentList } from '../api/list-equipment';
import { EquipmentLabel } from '../components/equipment-label';

/** A printable A4 sheet of QR + Code 128 labels for the chosen equipment. */
export default function InventoryLabelsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const ids = (params.get('ids') ?? '').split(',').filter(Boolean);
  const storeId = useSession((s) => s.user?.primaryStoreId ?? undefined);
  const [keyword, setKeyword] = useState('');
  const list = useEquipmentList({ keyword: keyword || undefined, storeId });
  const chosen = useQueries({ queries: ids.map((id) => equipmentQuery(id)) });
  const items = chosen.flatMap((q) => (q.data ? [q.data] : []));
  const toggle = (id: string, on: boolean) => {
    const next = on ? [...new Set([...ids, id])] : ids.filter((x) => x !== id);
    setParams(next.length ? { ids: next.join(',') } : {}, { replace: true });
  };

  return (
    <div className="labels-page">
      <div className="no-print">
        <PageHeader title={t('inventory.labels.title')} backTo={Paths.inventoryList} />
        <p className="section-tip page-body">{t('inventory.labels.tip')}</p>
        <div className="page-body labels-page__actions">
          <span aria-live="polite">{t('inventory.labels.selected', { count: ids.length })}</span>
          <Button color="primary" disabled={items.length === 0} onClick={() => window.print()}>
            {t('inventory.labels.print')}
          </Button>
        </div>
        <h2 className="section-title page-body">{t('inventory.labels.pick')}</h2>
        <div className="help-search-bar">
          <SearchBar
            placeholder={t('inventory.search')}
            onSearch={(v) => setKeyword(v.trim())}
            onClear={() => setKeyword('')}
          />
        </div>
        <PagedList query={list} emptyText={t('inventory.empty')}>
          {(rows) => (
            <List>
              {rows.map((e) => (
                <List.Item
                  key={e.id}
                  prefix={
                    <Checkbox
                      checked={ids.includes(e.id)}
                      onChange={(on) => toggle(e.id, on)}
                      aria-label={e.nameShown}
                    />
                  }
                  description={e.barcodeNumber}
                  onClick={() => toggle(e.id, !ids.includes(e.id))}
                >
                  {e.nameShown}
                </List.Item>
              ))}
            </List>
          )}
        </PagedList>
      </div>
      <section className="label-sheet" aria-label={t('inventory.labels.title')}>
        {items.length === 0 ? (
          <p className="section-tip no-print">{t('inventory.labels.none')}</p>
        ) : (
          items.map((e) => <EquipmentLabel key={e.id} equipment={e} />)
        )}
      </section>
    </div>
  );
}
