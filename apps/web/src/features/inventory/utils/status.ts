import { EquipmentStatus } from '@snowgear/contracts';

/** Tag colours of spec §4: green, red, orange, red, orange, grey. */
export const STATUS_COLOR: Record<number, 'success' | 'danger' | 'warning' | 'default'> = {
  [EquipmentStatus.Available]: 'success',
  [EquipmentStatus.InUse]: 'danger',
  [EquipmentStatus.Damaged]: 'warning',
  [EquipmentStatus.Lost]: 'danger',
  [EquipmentStatus.InTransfer]: 'warning',
  [EquipmentStatus.Scrapped]: 'default',
};

/** The check-in button's words for each status (spec §4 table). */
export const CHECK_IN_LABEL: Record<
  number,
  'checkIn' | 'repairCompleted' | 'foundCheckIn' | 'confirmCheckIn' | 'cancelScrapping'
> = {
  [EquipmentStatus.InUse]: 'checkIn',
  [EquipmentStatus.Damaged]: 'repairCompleted',
  [EquipmentStatus.Lost]: 'foundCheckIn',
  [EquipmentStatus.InTransfer]: 'confirmCheckIn',
  [EquipmentStatus.Scrapped]: 'cancelScrapping',
};

export const STATUS_KEYS = [
  'available',
  'inUse',
  'damaged',
  'lost',
  'inTransfer',
  'scrapped',
] as const;
