import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Permissions } from '@snowgear/contracts';
import { useSession } from '@/features/auth/stores/session-store';
import { Button, ErrorBlock, List, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Paths } from '@/config/paths';
import { ActionBar } from '@/components/layouts/action-bar';
import { PageHeader } from '@/components/page-header';
import { PagedList } from '@/components/paged-list';
import { useEquipment } from '../api/get-equipment';
import { useOperationHistory } from '../api/get-operation-history';
import { EquipmentDialog } from '../components/equipment-dialog';
import { StatusTag } from '../components/status-tag';
import { EquipmentPhotos } from '../components/equipment-photos';
import { STATUS_KEYS } from '../utils/status';

/** One item: details, attributes, locks and its operation history; operations in the dialog. */
export default function InventoryDetailPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const query = useEquipment(id);
  const history = useOperationHistory(id);
  const [dialogOpen, setDialogOpen] = useState(false);
  const canEdit = useSession((s) =>
    s.permissions.includes(Permissions.BusinessOperations.EquipmentUpdate),
  );
  const e = query.data;
  const statusText = (s: number | null) =>
    s === null ? '—' : t(`inventory.statuses.${STATUS_KEYS[s]!}`);
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' });

  return (
    <div className="inventory-detail-page">
      <PageHeader
        title={t('routes.inventoryDetail')}
        backTo={Paths.inventoryList}
        right={
          canEdit && e ? (
            <Link to={Paths.inventoryEdit(e.id)} className="page-header__link">
              {t('inventory.editor.editTitle')}
            </Link>
          ) : undefined
        }
      />
      {query.isPending ? (
        <div className="page-body" role="status" aria-label={t('app.loading')}>
          <Skeleton.Paragraph lineCount={8} animated />
        </div>
      ) : query.isError ? (
        <ErrorBlock
          status="disconnected"
          title={t('app.loadFailed')}
          description={query.error.message}
        >
          <Button color="primary" onClick={() => void query.refetch()}>
            {t('app.retry')}
          </Button>
        </ErrorBlock>
      ) : e ? (
        <>
          <EquipmentPhotos equipment={e} />
          <header className="page-body">
            <h1 className="help-article__title">{e.name}</h1>
            <div className="equipment-dialog__barcode">{e.barcodeNumber}</div>
            <StatusTag status={e.status} />
          </header>
          <List header={t('inventory.attributes')}>
            <List.Item extra={e.storeName}>{t('inventory.fields.store')}</List.Item>
            <List.Item extra={e.categoryName}>{t('inventory.fields.category')}</List.Item>
            <List.Item extra={`${e.brand} ${e.model}`.trim() || '—'}>
              {t('inventory.fields.brand')}
            </List.Item>
            {e.attributes.map((a) => (
              <List.Item key={a.attributeId} extra={a.value}>
                {a.displayName}
              </List.Item>
            ))}
          </List>
          {e.unavailableTimes.length > 0 && (
            <List header={t('inventory.locks')}>
              {e.unavailableTimes.map((l) => (
                <List.Item key={l.id} description={l.reason}>
                  {when(l.startTime)} – {when(l.endTime)}
                </List.Item>
              ))}
            </List>
          )}
          <div className="page-body">
            <Link to={Paths.inventoryLabels([e.id])}>{t('inventory.labels.printLabel')}</Link>
          </div>
          <h2 className="section-title page-body">{t('inventory.history')}</h2>
          <PagedList query={history} emptyText={t('inventory.noHistory')}>
            {(items) => (
              <List>
                {items.map((h) => (
                  <List.Item
                    key={h.id}
                    description={
                      <>
                        {h.reason && <span>{h.reason}</span>}
                        {h.remarks && <span> · {h.remarks}</span>}
                        <br />
                        <span>
                          {t('inventory.by', { name: h.operatorName, store: h.storeName })}
                        </span>
                      </>
                    }
                    extra={<time dateTime={h.creationTime}>{when(h.creationTime)}</time>}
                  >
                    {h.operationDisplayName}
                    {h.toStatus !== null && h.fromStatus !== null && (
                      <span className="history-status">
                        {' '}
                        {t('inventory.statusChange', {
                          from: statusText(h.fromStatus),
                          to: statusText(h.toStatus),
                        })}
                      </span>
                    )}
                  </List.Item>
                ))}
              </List>
            )}
          </PagedList>
          <ActionBar>
            <div className="booking-action-bar">
              <div className="booking-action-bar__store">{e.name}</div>
              <Button color="primary" shape="rounded" onClick={() => setDialogOpen(true)}>
                {t('inventory.form.title')}
              </Button>
            </div>
          </ActionBar>
          <EquipmentDialog
            equipmentId={dialogOpen ? e.id : null}
            onClose={() => setDialogOpen(false)}
          />
        </>
      ) : null}
    </div>
  );
}
