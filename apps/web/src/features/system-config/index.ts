// The public face of features/system-config: what app/ and other features use. Its other files are
// its own (docs/architecture.md).

export { useBusinessName, useConfigStore, useStoreName } from './stores/config-store';
export { businessParameter } from './utils/business-parameters';
export { listOf, readable } from './utils/parameter-values';
export {
  type BookingHours,
  type BookingStart,
  bookingStart,
  type DaySlot,
  daySlots,
  defaultBookingDay,
  defaultRentalDays,
  defaultRentalStart,
  halfDayWindow,
  presetAddresses,
  type PresetAddress,
  rentalEnd,
} from './utils/rental-rules';
export {
  DEFAULT_BUSINESS_TIME_ZONE,
  localClock,
  minutesOf,
  storeBusinessStatus,
  type StoreStatusKind,
  storeStatusLabel,
} from './utils/store-status';
