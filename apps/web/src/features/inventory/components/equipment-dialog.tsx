import { lazy, Suspense } from 'react';
import { useOpenedOnce } from '@/lib/use-opened-once';

/** Which operations this use of the dialog offers (spec §6: enabled per use through flags). */
export interface EquipmentDialogFlags {
  stockOperations?: boolean;
  statusChange?: boolean;
  earlyReturn?: boolean;
  orderId?: string;
}

export interface EquipmentDialogProps {
  equipmentId: string | null;
  onClose: () => void;
  flags?: EquipmentDialogFlags;
  /** After an operation the server took (e.g. an early return, which changes the order too). */
  onChanged?: () => void;
}

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
