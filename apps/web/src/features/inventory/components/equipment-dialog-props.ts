// The dialog's props, apart from equipment-dialog.tsx, which loads the sheet that reads them lazily.

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
