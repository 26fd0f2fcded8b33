import { useState } from 'react';
import { Button } from 'antd-mobile';
import { ActionSheet } from '@/components/antd/action-sheet';
import { DownOutline, ShopbagOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useConfigStore } from '@/features/system-config';

/**
 * One drawer is one store: a super admin picks which (there is no 'all stores' to count); a
 * manager only ever sees their own, named here.
 */
export function ShiftStorePicker({
  seesAll,
  storeId,
  storeName,
  onChange,
}: {
  seesAll: boolean;
  storeId: string | undefined;
  /** The store the server counted (or the user's own while that loads). */
  storeName: string | null;
  onChange: (storeId: string) => void;
}) {
  const { t } = useTranslation();
  const storeConfigs = useConfigStore((s) => s.config?.storeConfigs);
  const [open, setOpen] = useState(false);
  if (!seesAll) {
    return (
      <p className="shift-store">
        <ShopbagOutline aria-hidden /> {t('shiftClose.storeName', { name: storeName ?? '…' })}
      </p>
    );
  }
  const current = (storeId && storeConfigs?.[storeId]?.storeName) || storeName || '…';
  return (
    <div className="shift-store">
      <Button
        block
        fill="outline"
        className="shift-store__picker"
        aria-haspopup="dialog"
        aria-label={t('shiftClose.chooseStoreFor', { name: current })}
        onClick={() => setOpen(true)}
      >
        <ShopbagOutline aria-hidden /> {current} <DownOutline aria-hidden />
      </Button>
      <ActionSheet
        visible={open}
        extra={t('shiftClose.chooseStore')}
        cancelText={t('app.cancel')}
        actions={Object.values(storeConfigs ?? {}).map((s) => ({
          key: s.storeId,
          text: s.storeName,
          bold: s.storeId === storeId,
        }))}
        onAction={(action) => {
          onChange(String(action.key));
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
      />
    </div>
  );
}
