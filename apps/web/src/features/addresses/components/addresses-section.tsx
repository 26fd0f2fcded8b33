import { lazy, Suspense, useState } from 'react';
import { Button, List, Tag } from 'antd-mobile';
import { AddOutline, DeleteOutline, EditSOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import {
  ADDRESSES_MAX,
  type CustomerAddress,
  type CustomerAddressInput,
} from '@snowgear/contracts';
import { QueryState } from '@/components/query-state';
import { confirmDialog } from '@/components/lazy-popups';
import { useOpenedOnce } from '@/lib/use-opened-once';
import { useAppStore } from '@/features/app-state';
import { useCreateAddress } from '../api/create-address';
import { useDeleteAddress } from '../api/delete-address';
import { useAddresses } from '../api/list-addresses';
import { useUpdateAddress } from '../api/update-address';
// The editor's form loads when it first opens.
const AddressEditor = lazy(() =>
  import('./address-editor').then((m) => ({ default: m.AddressEditor })),
);

/** The customer's saved addresses on their profile: add, change, make default, delete (asked first). */
export function AddressesSection() {
  const { t } = useTranslation();
  const addresses = useAddresses();
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const remove = useDeleteAddress();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const showError = useAppStore((s) => s.showError);
  const [editing, setEditing] = useState<CustomerAddress | 'new' | null>(null);
  const editedOnce = useOpenedOnce(editing !== null);
  const count = addresses.data?.items.length ?? 0;

  const handleSave = async (input: CustomerAddressInput) => {
    if (editing && editing !== 'new') await update.mutateAsync({ id: editing.id, input });
    else await create.mutateAsync(input);
    showSuccess(t('addresses.saved'));
  };

  const handleMakeDefault = (address: CustomerAddress) => {
    update.mutate(
      {
        id: address.id,
        input: { label: address.label, address: address.address, isDefault: true },
      },
      {
        onSuccess: () => showSuccess(t('addresses.defaultSet')),
        onError: (err) => showError(err.message),
      },
    );
  };

  const handleDelete = async (address: CustomerAddress) => {
    const ok = await confirmDialog({
      title: t('addresses.deleteTitle'),
      content: t('addresses.deleteConfirm', { address: address.address }),
      confirmText: t('addresses.delete'),
      cancelText: t('profile.cancel'),
    });
    if (!ok) return;
    remove.mutate(address.id, {
      onSuccess: () => showSuccess(t('addresses.deleted')),
      onError: (err) => showError(err.message),
    });
  };

  return (
    <section aria-label={t('addresses.title')}>
      <List header={t('addresses.title')}>
        <List.Item>{t('addresses.tip')}</List.Item>
        <QueryState query={addresses} lines={3}>
          {({ items }) => (
            <>
              {items.length === 0 && <List.Item>{t('addresses.empty')}</List.Item>}
              {items.map((address) => (
                <List.Item key={address.id}>
                  <div className="address-card">
                    <div className="address-card__head">
                      <span className="address-card__label">
                        {address.label || t('addresses.noLabel')}
                      </span>
                      {address.isDefault && (
                        <Tag color="primary" fill="outline">
                          {t('addresses.default')}
                        </Tag>
                      )}
                    </div>
                    <p className="address-card__text">{address.address}</p>
                    <div className="address-card__actions">
                      {!address.isDefault && (
                        <Button
                          fill="outline"
                          size="small"
                          color="primary"
                          disabled={update.isPending}
                          aria-label={t('addresses.setDefaultOf', { address: address.address })}
                          onClick={() => handleMakeDefault(address)}
                        >
                          {t('addresses.setDefault')}
                        </Button>
                      )}
                      <Button
                        fill="none"
                        size="small"
                        aria-label={t('addresses.editOf', { address: address.address })}
                        onClick={() => setEditing(address)}
                      >
                        <EditSOutline aria-hidden /> {t('addresses.editShort')}
                      </Button>
                      <Button
                        fill="none"
                        size="small"
                        aria-label={t('addresses.deleteOf', { address: address.address })}
                        onClick={() => void handleDelete(address)}
                      >
                        <DeleteOutline aria-hidden /> {t('addresses.delete')}
                      </Button>
                    </div>
                  </div>
                </List.Item>
              ))}
              <List.Item
                prefix={<AddOutline />}
                onClick={items.length >= ADDRESSES_MAX ? undefined : () => setEditing('new')}
                disabled={items.length >= ADDRESSES_MAX}
                description={
                  items.length >= ADDRESSES_MAX
                    ? t('addresses.limitReached', { max: ADDRESSES_MAX })
                    : undefined
                }
              >
                {t('addresses.add')}
              </List.Item>
            </>
          )}
        </QueryState>
      </List>
      {editedOnce && (
        <Suspense fallback={null}>
          <AddressEditor
            visible={editing !== null}
            value={editing === 'new' ? null : editing}
            isFirst={editing === 'new' && count === 0}
            onSave={handleSave}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
    </section>
  );
}
