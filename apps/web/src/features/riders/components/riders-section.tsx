import { lazy, Suspense, useState } from 'react';
import { Button, List, Tag } from 'antd-mobile';
import { AddOutline, DeleteOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { RIDERS_MAX, type RiderProfile } from '@snowgear/contracts';
import { QueryState } from '@/components/query-state';
import { confirmDialog } from '@/components/lazy-popups';
import { useOpenedOnce } from '@/lib/use-opened-once';
import { useAppStore } from '@/features/app-state';
import { riderFacts } from '@/lib/rider-facts';
import { useCreateRider } from '../api/create-rider';
import { useDeleteRider } from '../api/delete-rider';
import { useRiders } from '../api/list-riders';
import { useUpdateRider } from '../api/update-rider';
import type { RiderDraft } from './rider-editor';

// The editor's form loads when it first opens.
const RiderEditor = lazy(() => import('./rider-editor').then((m) => ({ default: m.RiderEditor })));

/** The customer's riders on their profile: add, change and delete (asked first). */
export function RidersSection() {
  const { t } = useTranslation();
  const riders = useRiders();
  const create = useCreateRider();
  const update = useUpdateRider();
  const remove = useDeleteRider();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const showError = useAppStore((s) => s.showError);
  const [editing, setEditing] = useState<RiderProfile | 'new' | null>(null);
  const editedOnce = useOpenedOnce(editing !== null);

  const handleSave = async (draft: RiderDraft) => {
    if (editing && editing !== 'new') await update.mutateAsync({ id: editing.id, input: draft });
    else await create.mutateAsync(draft);
    showSuccess(t('riders.saved'));
  };

  const handleDelete = async (rider: RiderProfile) => {
    const ok = await confirmDialog({
      title: t('riders.deleteTitle'),
      content: t('riders.deleteConfirm', { name: rider.name }),
      confirmText: t('riders.delete'),
      cancelText: t('profile.cancel'),
    });
    if (!ok) return;
    remove.mutate(rider.id, {
      onSuccess: () => showSuccess(t('riders.deleted')),
      onError: (err) => showError(err.message),
    });
  };

  return (
    <section aria-label={t('riders.title')}>
      <List header={t('riders.title')}>
        <List.Item className="riders__tip">{t('riders.tip')}</List.Item>
        <QueryState query={riders} lines={3}>
          {({ items }) => (
            <>
              {items.length === 0 && <List.Item>{t('riders.empty')}</List.Item>}
              {items.map((rider) => (
                <List.Item
                  key={rider.id}
                  onClick={() => setEditing(rider)}
                  description={
                    riderFacts(t, rider, ['height', 'weight', 'age', 'ability', 'boot']) ||
                    t('riders.noFacts')
                  }
                  extra={
                    <Button
                      fill="none"
                      className="riders__delete"
                      aria-label={`${t('riders.delete')} ${rider.name}`}
                      onClick={(e) => {
                        e.stopPropagation();
                        void handleDelete(rider);
                      }}
                    >
                      <DeleteOutline />
                    </Button>
                  }
                >
                  {rider.name}
                  {rider.isSelf && (
                    <Tag color="primary" fill="outline" className="riders__self">
                      {t('riders.self')}
                    </Tag>
                  )}
                </List.Item>
              ))}
              <List.Item
                prefix={<AddOutline />}
                onClick={items.length >= RIDERS_MAX ? undefined : () => setEditing('new')}
                disabled={items.length >= RIDERS_MAX}
                description={
                  items.length >= RIDERS_MAX
                    ? t('riders.limitReached', { max: RIDERS_MAX })
                    : undefined
                }
              >
                {t('riders.add')}
              </List.Item>
            </>
          )}
        </QueryState>
      </List>
      {editedOnce && (
        <Suspense fallback={null}>
          <RiderEditor
            visible={editing !== null}
            value={editing === 'new' ? null : editing}
            withSelf
            onSave={handleSave}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
    </section>
  );
}
