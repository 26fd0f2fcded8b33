import {
  EQUIPMENT_HOLDS_SHOWN,
  EquipmentStatus,
  type EquipmentAvailability,
} from '@snowgear/contracts';

/** Damaged, lost, in transfer or scrapped: not for rent whatever its holds (spec §4). */
const OUT_OF_SERVICE: readonly number[] = [
  EquipmentStatus.Damaged,
  EquipmentStatus.Lost,
  EquipmentStatus.InTransfer,
  EquipmentStatus.Scrapped,
];

interface Hold {
  startAt: Date;
  endAt: Date;
}

/**
 * Whether an item is free now, and when it is free again, from its status and its holds (order
 * and manual ranges in equipment_unavailable_times). Holds that meet end to end are one stretch:
 * an item booked back to back is free only after the last of them.
 */
export function availabilityOf(
  status: number,
  holds: readonly Hold[],
  now: Date,
): EquipmentAvailability {
  const ahead = holds
    .filter((h) => h.endAt > now)
    .sort((a, b) => a.startAt.getTime() - b.startAt.getTime());
  let freeFrom = now;
  let held = false;
  // Ranges of one item never overlap (the exclusion constraint), so one pass finds the stretch.
  for (const h of ahead) {
    if (h.startAt > freeFrom) break;
    freeFrom = h.endAt;
    held = true;
  }
  const shown = ahead
    .slice(0, EQUIPMENT_HOLDS_SHOWN)
    .map((h) => ({ startTime: h.startAt.toISOString(), endTime: h.endAt.toISOString() }));
  if (OUT_OF_SERVICE.includes(status)) {
    return { availableNow: false, nextFreeFrom: null, holds: shown };
  }
  if (status === EquipmentStatus.InUse) {
    // Out with no hold running (overdue, or checked out without an end): free once checked in.
    return {
      availableNow: false,
      nextFreeFrom: held ? freeFrom.toISOString() : null,
      holds: shown,
    };
  }
  return held
    ? { availableNow: false, nextFreeFrom: freeFrom.toISOString(), holds: shown }
    : { availableNow: true, nextFreeFrom: null, holds: shown };
}
