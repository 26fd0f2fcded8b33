import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { useAppStore } from '@/features/app-state';
import { useEquipment } from '../api/get-equipment';
import { useSession } from '@/features/auth';
import { drafts } from '@/lib/drafts';
import { useSaveEquipment } from '../api/save-equipment';
import { EquipmentForm, equipmentDraftKey } from '../components/equipment-form';

/** Edit an item's details, barcode, attributes and photos (saved in one transaction). */
export default function InventoryEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const query = useEquipment(id);
  const save = useSaveEquipment();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const [error, setError] = useState<string | null>(null);
  const userId = useSession((s) => s.user?.id);
  const draftKey = userId ? equipmentDraftKey(userId, id) : undefined;

  return (
    <div className="equipment-editor">
      <PageHeader title={t('inventory.editor.editTitle')} backTo={Paths.inventoryDetail(id)} />
      <QueryState query={query} lines={10}>
        {(existing) => (
          <EquipmentForm
            existing={existing}
            draftKey={draftKey}
            submitting={save.isPending}
            error={error}
            onSubmit={(input) => {
              setError(null);
              save.mutate(
                { id, input },
                {
                  onSuccess: () => {
                    if (draftKey) drafts.clear(draftKey);
                    showSuccess(t('inventory.editor.saved'));
                    void navigate(Paths.inventoryDetail(id), { replace: true });
                  },
                  onError: (err) => setError(err.message),
                },
              );
            }}
          />
        )}
      </QueryState>
    </div>
  );
}
