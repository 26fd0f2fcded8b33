import type { TFunction } from 'i18next';
import { EquipmentStatus, type EquipmentAvailability } from '@snowgear/contracts';
import { storeTime } from '@/lib/store-clock';

type Item = EquipmentAvailability & { status: number };

export type AvailabilityKey =
  'available' | 'reserved' | 'inUse' | 'damaged' | 'lost' | 'inTransfer' | 'scrapped';

const BY_STATUS: Record<number, AvailabilityKey> = {
  [EquipmentStatus.Available]: 'reserved',
  [EquipmentStatus.InUse]: 'inUse',
  [EquipmentStatus.Damaged]: 'damaged',
  [EquipmentStatus.Lost]: 'lost',
  [EquipmentStatus.InTransfer]: 'inTransfer',
  [EquipmentStatus.Scrapped]: 'scrapped',
};

const COLOR: Record<AvailabilityKey, 'success' | 'warning' | 'danger' | 'default'> = {
  available: 'success',
  reserved: 'warning',
  inUse: 'danger',
  damaged: 'warning',
  lost: 'danger',
  inTransfer: 'warning',
  scrapped: 'default',
};

/**
 * The tag a customer reads: 可租 only when it is free now. An item in stock but held for now is
 * 已预订 (reserved), not 可租, even though the store still has it on the shelf.
 */
export function availabilityTag(item: Item): { key: AvailabilityKey; color: string } {
  const key = item.availableNow ? 'available' : (BY_STATUS[item.status] ?? 'reserved');
  return { key, color: COLOR[key] };
}

/** A hold as month/day to month/day in the store's time zone: '12/24–12/27' (with the year when not this one). */
export function holdRange(hold: { startTime: string; endTime: string }): string {
  const start = storeTime(hold.startTime, 'MM/DD');
  const end = storeTime(hold.endTime, 'MM/DD');
  return start === end ? start : `${start}–${end}`;
}

/** The page's `t`; the keys read are inquiry.freeNow, freeFrom, freeAfterReturn, notForRent, held, listSeparator. */
type Translate = TFunction;

/** Whether it is free now, or from when; then when it is held ('已预订：12/24–12/27'). */
export function availabilityLines(item: Item, t: Translate): string[] {
  const now = item.availableNow
    ? t('inquiry.freeNow')
    : item.nextFreeFrom
      ? t('inquiry.freeFrom', { time: storeTime(item.nextFreeFrom, 'MM/DD HH:mm') })
      : item.status === EquipmentStatus.InUse
        ? t('inquiry.freeAfterReturn')
        : t('inquiry.notForRent');
  if (item.holds.length === 0) return [now];
  return [
    now,
    t('inquiry.held', { ranges: item.holds.map(holdRange).join(t('inquiry.listSeparator')) }),
  ];
}
