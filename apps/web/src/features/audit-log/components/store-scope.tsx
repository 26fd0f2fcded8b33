import { useState } from 'react';
import { Button } from 'antd-mobile';
import { ActionSheet } from '@/components/antd/action-sheet';
import { DownOutline, ShopbagOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useConfigStore } from '@/features/system-config';

const ALL = 'all';

/** The super admin picks a store or all of them; a manager only ever sees their own, named here. */
export function StoreScope({
  seesAll,
  storeId,
  ownStoreName,
  onChange,
}: {
  seesAll: boolean;
  storeId: string | undefined;
  ownStoreName: string | null;
  onChange: (storeId: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const storeConfigs = useConfigStore((s) => s.config?.storeConfigs);
  const [open, setOpen] = useState(false);
  if (!seesAll) {
    return (
      <p className="audit-store">
        <ShopbagOutline aria-hidden /> {t('auditLog.storeName', { name: ownStoreName ?? '…' })}
      </p>
    );
  }
  const stores = Object.values(storeConfigs ?? {});
  const current = storeId ? (storeConfigs?.[storeId]?.storeName ?? '…') : t('auditLog.allStores');
  return (
    <div className="audit-store">
      <Button
        block
        fill="outline"
        className="audit-store__picker"
        aria-haspopup="dialog"
        aria-label={t('auditLog.chooseStoreFor', { name: current })}
        onClick={() => setOpen(true)}
      >
        <ShopbagOutline aria-hidden /> {current} <DownOutline aria-hidden />
      </Button>
      <ActionSheet
        visible={open}
        extra={t('auditLog.chooseStore')}
        cancelText={t('app.cancel')}
        actions={[
          { key: ALL, text: t('auditLog.allStores'), bold: !storeId },
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
