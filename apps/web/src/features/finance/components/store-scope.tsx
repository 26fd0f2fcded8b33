import { useState } from 'react';
import { Button } from 'antd-mobile';
import { ActionSheet } from '@/components/antd/action-sheet';
import { DownOutline, ShopbagOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useConfigStore } from '@/features/system-config';

const ALL = 'all';

/**
 * Which store the numbers are for. A super admin picks any store or all of them; other staff
 * only ever see their own store, named here.
 */
export function StoreScope({
  seesAll,
  storeId,
  storeName,
  onChange,
}: {
  seesAll: boolean;
  storeId: string | undefined;
  /** The store the server summed up (or the user's own while that loads). */
  storeName: string | null;
  onChange: (storeId: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const storeConfigs = useConfigStore((s) => s.config?.storeConfigs);
  const [open, setOpen] = useState(false);

  if (!seesAll) {
    return (
      <p className="finance-store">
        <ShopbagOutline aria-hidden /> {t('finance.storeName', { name: storeName ?? '…' })}
      </p>
    );
  }
  const stores = Object.values(storeConfigs ?? {});
  const current = storeId
    ? (storeConfigs?.[storeId]?.storeName ?? storeName ?? '…')
    : t('finance.allStores');
  return (
    <div className="finance-store">
      <Button
        block
        fill="outline"
        className="finance-store__picker"
        aria-haspopup="dialog"
        aria-label={t('finance.chooseStoreFor', { name: current })}
        onClick={() => setOpen(true)}
      >
        <ShopbagOutline aria-hidden /> {current} <DownOutline aria-hidden />
      </Button>
      <ActionSheet
        visible={open}
        extra={t('finance.chooseStore')}
        cancelText={t('profile.cancel')}
        actions={[
          { key: ALL, text: t('finance.allStores'), bold: !storeId },
          ...stores.map((s) => ({
            key: s.storeId,
            text: s.storeName,
            bold: s.storeId === storeId,
          })),
        ]}
        onAction={(action) => {
          onChange(action.key === ALL ? undefined : String(action.key));
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
      />
    </div>
  );
}
