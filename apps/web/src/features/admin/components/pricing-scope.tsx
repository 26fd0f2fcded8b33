import { useState } from 'react';
import { Button } from 'antd-mobile';
import { DownOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { ActionSheet } from '@/components/antd/action-sheet';
import { useSession } from '@/features/auth';
import { useConfigStore } from '@/features/system-config';

/** The stores a price page can work on, named in the reader's language. */
export function usePricingStores(): { id: string; name: string }[] {
  const stores = useConfigStore((s) => s.config?.storeConfigs);
  return Object.values(stores ?? {}).map((s) => ({ id: s.storeId, name: s.storeName }));
}

/**
 * Whose prices a page shows: the business's (null) or a store's. System management picks any;
 * a manager sees their own store's, named.
 */
export function PricingScope({
  storeId,
  canPick,
  hint,
  onPick,
}: {
  storeId: string | null;
  canPick: boolean;
  hint?: string | undefined;
  onPick: (storeId: string | null) => void;
}) {
  const { t } = useTranslation();
  const stores = usePricingStores();
  const user = useSession((s) => s.user);
  const [picking, setPicking] = useState(false);
  const name = storeId
    ? (stores.find((s) => s.id === storeId)?.name ?? user?.storeName ?? '')
    : t('admin.pricing.business');
  return (
    <div className="page-body">
      <div className="admin-scope">
        <span id="pricing-scope-label">{t('admin.pricing.scope')}</span>
        {canPick ? (
          <Button
            fill="outline"
            aria-labelledby="pricing-scope-label pricing-scope-name"
            onClick={() => setPicking(true)}
          >
            <span id="pricing-scope-name">{name}</span> <DownOutline aria-hidden />
          </Button>
        ) : (
          <strong>{name}</strong>
        )}
      </div>
      {hint && <p className="form-field__hint">{hint}</p>}
      <ActionSheet
        visible={picking}
        onClose={() => setPicking(false)}
        cancelText={t('app.cancel')}
        actions={[
          { key: '', text: t('admin.pricing.business'), bold: storeId === null },
          ...stores.map((s) => ({ key: s.id, text: s.name, bold: s.id === storeId })),
        ]}
        onAction={(action) => {
          onPick(action.key ? String(action.key) : null);
          setPicking(false);
        }}
      />
    </div>
  );
}
