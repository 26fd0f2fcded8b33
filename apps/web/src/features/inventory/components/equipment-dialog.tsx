import { lazy, Suspense } from 'react';
import { useOpenedOnce } from '@/lib/use-opened-once';
import type { EquipmentDialogFlags, EquipmentDialogProps } from './equipment-dialog-props';

export type { EquipmentDialogFlags, EquipmentDialogProps };

// Its forms, pickers, photo viewer and sheet load when an item is first opened.
const EquipmentSheet = lazy(() => import('./equipment-sheet'));

/** The equipment info dialog of spec §2: shows the item `equipmentId` names, if any. */
export function EquipmentDialog(props: EquipmentDialogProps) {
  const opened = useOpenedOnce(props.equipmentId !== null);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <EquipmentSheet {...props} />
    </Suspense>
  );
}
