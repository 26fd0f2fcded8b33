import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { useAppStore } from '@/features/app-state';
import { useSession } from '@/features/auth';
import { drafts } from '@/lib/drafts';
import { useSaveEquipment } from '../api/save-equipment';
import { EquipmentForm, equipmentDraftKey } from '../components/equipment-form';

/** New stock for the signed-in staff member's store (spec §2 /store/inventory/checkin). */
export default function InventoryCheckinPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const storeId = useSession((s) => s.user?.primaryStoreId);
  const userId = useSession((s) => s.user?.id);
  const draftKey = userId ? equipmentDraftKey(userId) : undefined;
  const save = useSaveEquipment();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const [error, setError] = useState<string | null>(null);

  return (
    <div className="equipment-editor">
      <PageHeader title={t('inventory.editor.addTitle')} backTo={Paths.inventoryList} />
      <EquipmentForm
        draftKey={draftKey}
        submitting={save.isPending}
        error={error}
        onSubmit={(input) => {
          setError(null);
          save.mutate(
            { input: { ...input, storeId: storeId ?? '' } },
            {
              onSuccess: (created) => {
                if (draftKey) drafts.clear(draftKey);
                showSuccess(t('inventory.editor.added'));
                void navigate(Paths.inventoryDetail(created.id), { replace: true });
              },
              onError: (err) => setError(err.message),
            },
          );
        }}
      />
    </div>
  );
}
