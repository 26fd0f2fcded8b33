import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { EquipmentStatus, Permissions } from '@snowgear/contracts';
import { useAppStore } from '@/features/app-state';
import { useConfigStore } from '@/features/system-config';
import { useDeleteUnavailableTime, useTransferEquipment } from '../api/transfer-and-locks';
import { useChangeBarcode } from '../api/barcode-and-scrap';
import { useStockOperation } from '../api/stock-operations';
import { useSession } from '@/features/auth';
import { Button, Input, List } from 'antd-mobile';
import { ActionSheet } from '@/components/antd/action-sheet';
import { Dialog } from '@/components/antd/dialog';
import { useTranslation } from 'react-i18next';
import { Paths } from '@/config/paths';
import { ActionBar } from '@/components/layouts/action-bar';
import { PageHeader } from '@/components/page-header';
import { PromptDialog } from '@/components/prompt-dialog';
import { textError } from '@/lib/text-rules';
import { QueryState } from '@/components/query-state';
import { PagedList } from '@/components/paged-list';
import { useEquipment } from '../api/get-equipment';
import { PrivatePhoto } from '@/components/private-photo';
import { useOperationHistory } from '../api/get-operation-history';
import { attributeText } from '../utils/attribute-text';
import { EquipmentDialog } from '../components/equipment-dialog';
import { StatusTag } from '../components/status-tag';
import { EquipmentPhotos } from '@/components/equipment-photos';
import { STATUS_KEYS } from '../utils/status';
import { storeTimeText } from '@/lib/store-time';

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
  const canStock = useSession((s) =>
    s.permissions.includes(Permissions.BusinessOperations.InventoryManage),
  );
  const storeConfigs = useConfigStore((s) => s.config?.storeConfigs);
  const otherStores = Object.values(storeConfigs ?? {}).filter(
    (s) => s.storeId !== query.data?.storeId,
  );
  const [transferOpen, setTransferOpen] = useState(false);
  const transfer = useTransferEquipment();
  const deleteLock = useDeleteUnavailableTime();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const showError = useAppStore((s) => s.showError);

  const handleDeleteLock = async (lockId: string) => {
    const ok = await Dialog.confirm({
      content: t('inventory.deleteLockConfirm'),
      confirmText: t('inventory.deleteLock'),
      cancelText: t('profile.cancel'),
    });
    if (!ok) return;
    deleteLock.mutate(lockId, {
      onSuccess: () => showSuccess(t('inventory.lockDeleted')),
      onError: (err) => showError(err.message),
    });
  };

  const changeBarcode = useChangeBarcode();
  const stock = useStockOperation();
  const [moreOpen, setMoreOpen] = useState(false);

  /** The one-field dialog in use (new barcode, scrap reason), or none. */
  const [prompt, setPrompt] = useState<{
    title: string;
    placeholder: string;
    emptyError: string;
    /** Reasons follow the shared text rules; barcodes are checked by the server. */
    isReason: boolean;
    run: (value: string) => Promise<string>;
  } | null>(null);
  const askFor = (
    title: string,
    placeholder: string,
    emptyError: string,
    run: (value: string) => Promise<string>,
    isReason = false,
  ) => setPrompt({ title, placeholder, emptyError, isReason, run });

  const handleMore = (key: string, id: string) => {
    if (key === 'barcode') {
      askFor(
        t('inventory.changeBarcode'),
        t('inventory.newBarcode'),
        t('inventory.editor.barcodeRequired'),
        async (barcodeNumber) => {
          await changeBarcode.mutateAsync({ id, barcodeNumber });
          return t('inventory.barcodeChanged');
        },
      );
    }
    if (key === 'scrap') {
      askFor(
        t('inventory.scrapConfirm'),
        t('inventory.form.reasonPlaceholder'),
        t('inventory.errors.reasonRequired'),
        async (reason) => {
          const r = await stock.mutateAsync({
            kind: 'changeStatus',
            id,
            label: `${t('inventory.scrap')} ${query.data?.barcodeNumber ?? ''}`,
            input: {
              newStatus: EquipmentStatus.Scrapped,
              reason,
              remarks: '',
              otherStoreAcknowledged: false,
            },
          });
          return r.message;
        },
        true,
      );
    }
  };

  const handleTransfer = (id: string, targetStoreId: string, storeName: string) => {
    let reason = '';
    void Dialog.confirm({
      title: t('inventory.transferReasonTitle', { store: storeName }),
      content: (
        <Input
          placeholder={t('inventory.transferReason')}
          aria-label={t('inventory.transferReason')}
          onChange={(v) => (reason = v)}
        />
      ),
      confirmText: t('inventory.transfer'),
      cancelText: t('profile.cancel'),
      onConfirm: async () => {
        const problem = textError(t, reason, { required: t('inventory.errors.reasonRequired') });
        if (problem) {
          showError(problem);
          throw new Error(problem); // keeps the dialog open
        }
        const result = await transfer
          .mutateAsync({
            id,
            input: {
              targetStoreId,
              reason: reason.trim(),
              remarks: '',
              otherStoreAcknowledged: false,
            },
          })
          .catch((err: Error) => {
            showError(err.message);
            throw err;
          });
        showSuccess(result.message);
      },
    });
  };
  const e = query.data;
  const statusText = (s: number | null) =>
    s === null ? '—' : t(`inventory.statuses.${STATUS_KEYS[s]!}`);
  const when = (iso: string) =>
    storeTimeText(iso, i18n.language, { dateStyle: 'short', timeStyle: 'short' });

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
      <QueryState query={query}>
        {(e) => (
          <>
            <EquipmentPhotos equipment={e} name={e.nameShown} />
            <header className="page-body">
              <h1 className="help-article__title">{e.nameShown}</h1>
              <div className="equipment-dialog__barcode">{e.barcodeNumber}</div>
              <StatusTag status={e.status} />
            </header>
            <List header={t('inventory.attributes')}>
              <List.Item extra={e.storeName}>{t('inventory.fields.store')}</List.Item>
              <List.Item extra={e.categoryName}>{t('inventory.fields.category')}</List.Item>
              <List.Item extra={e.brand || '—'}>{t('inventory.fields.brand')}</List.Item>
              <List.Item extra={e.model || '—'}>{t('inventory.fields.model')}</List.Item>
              <List.Item extra={t('inventory.money', { value: e.dailyRentPrice.toFixed(2) })}>
                {t('inventory.fields.dailyRent')}
              </List.Item>
              <List.Item extra={t('inventory.money', { value: e.deposit.toFixed(2) })}>
                {t('inventory.fields.deposit')}
              </List.Item>
              <List.Item extra={t('inventory.times', { count: e.usageCount })}>
                {t('inventory.fields.usageCount')}
              </List.Item>
              {e.attributes.map((a) => (
                <List.Item key={a.attributeId} extra={attributeText(t, a)}>
                  {a.displayName}
                </List.Item>
              ))}
            </List>
            {e.unavailableTimes.length > 0 && (
              <List header={t('inventory.locks')}>
                {e.unavailableTimes.map((l) => (
                  <List.Item
                    key={l.id}
                    description={l.reason}
                    extra={
                      canStock && l.source === 'manual' ? (
                        <Button
                          size="mini"
                          color="danger"
                          fill="outline"
                          onClick={() => void handleDeleteLock(l.id)}
                        >
                          {t('inventory.deleteLock')}
                        </Button>
                      ) : undefined
                    }
                  >
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
                            {h.operatorStoreName
                              ? t('inventory.byOtherStore', {
                                  name: h.operatorName,
                                  store: h.storeName,
                                  from: h.operatorStoreName,
                                })
                              : t('inventory.by', { name: h.operatorName, store: h.storeName })}
                          </span>
                          {h.photoId && (
                            <PrivatePhoto
                              fileId={h.photoId}
                              alt={`${h.operationDisplayName} ${t('offlineWork.damagePhoto')}`}
                            />
                          )}
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
                <div className="booking-action-bar__context">
                  <div className="booking-action-bar__store">{e.nameShown}</div>
                </div>
                {(canEdit || canStock) && (
                  <Button shape="rounded" fill="none" onClick={() => setMoreOpen(true)}>
                    {t('inventory.moreActions')}
                  </Button>
                )}
                {canStock && e.status === EquipmentStatus.Available && otherStores.length > 0 && (
                  <Button shape="rounded" onClick={() => setTransferOpen(true)}>
                    {t('inventory.transfer')}
                  </Button>
                )}
                <Button color="primary" shape="rounded" onClick={() => setDialogOpen(true)}>
                  {t('inventory.form.title')}
                </Button>
              </div>
            </ActionBar>
            <EquipmentDialog
              equipmentId={dialogOpen ? e.id : null}
              onClose={() => setDialogOpen(false)}
            />
            <ActionSheet
              visible={moreOpen}
              onClose={() => setMoreOpen(false)}
              cancelText={t('profile.cancel')}
              actions={[
                ...(canEdit ? [{ key: 'barcode', text: t('inventory.changeBarcode') }] : []),
                ...(canStock && [0, 2, 3].includes(e.status)
                  ? [{ key: 'scrap', text: t('inventory.scrap'), danger: true }]
                  : []),
              ]}
              onAction={(action) => {
                setMoreOpen(false);
                handleMore(String(action.key), e.id);
              }}
            />
            <ActionSheet
              visible={transferOpen}
              onClose={() => setTransferOpen(false)}
              extra={t('inventory.transferTitle')}
              cancelText={t('profile.cancel')}
              actions={otherStores.map((s) => ({ key: s.storeId, text: s.storeName }))}
              onAction={(action) => {
                setTransferOpen(false);
                const target = otherStores.find((s) => s.storeId === action.key);
                if (target) handleTransfer(e.id, target.storeId, target.storeName);
              }}
            />
          </>
        )}
      </QueryState>
      <PromptDialog
        visible={prompt !== null}
        title={prompt?.title ?? ''}
        placeholder={prompt?.placeholder ?? ''}
        emptyError={prompt?.emptyError ?? ''}
        validate={(value) =>
          prompt?.isReason ? textError(t, value, { required: prompt.emptyError }) : null
        }
        confirmText={t('profile.confirm')}
        cancelText={t('profile.cancel')}
        onSubmit={async (value) => {
          if (!prompt) return;
          showSuccess(await prompt.run(value));
        }}
        onClose={() => setPrompt(null)}
      />
    </div>
  );
}
