/** Business parameter keys (spec §9). A store value wins over the global one unless blank. */
export const BUSINESS_PARAMETER_PREFIX = 'SnowGearSmartStore.Business.';

export const BusinessParameterKey = {
  DefaultRentalDays: `${BUSINESS_PARAMETER_PREFIX}DefaultRentalDays`,
  OrderTimeoutHours: `${BUSINESS_PARAMETER_PREFIX}OrderTimeoutHours`,
  DeliveryFee: `${BUSINESS_PARAMETER_PREFIX}DeliveryFee`,
  PickupFee: `${BUSINESS_PARAMETER_PREFIX}PickupFee`,
  PresetDeliveryAddresses: `${BUSINESS_PARAMETER_PREFIX}PresetDeliveryAddresses`,
  PresetPickupAddresses: `${BUSINESS_PARAMETER_PREFIX}PresetPickupAddresses`,
  PresetDepositAmounts: `${BUSINESS_PARAMETER_PREFIX}PresetDepositAmounts`,
  NextDayThreshold: `${BUSINESS_PARAMETER_PREFIX}NextDayThreshold`,
  WeChatPayEnabled: `${BUSINESS_PARAMETER_PREFIX}WeChatPayEnabled`,
  AlipayEnabled: `${BUSINESS_PARAMETER_PREFIX}AlipayEnabled`,
  /** Percent of an agent's order revenue paid to them as commission (global). */
  AgentCommissionRate: `${BUSINESS_PARAMETER_PREFIX}AgentCommissionRate`,
  /** Hours past a rental's end before a late return is charged. */
  LateReturnGraceHours: `${BUSINESS_PARAMETER_PREFIX}LateReturnGraceHours`,
  /** The largest discount (percent of the rent) a clerk gives without a manager's approval. */
  MaxStaffDiscountPercent: `${BUSINESS_PARAMETER_PREFIX}MaxStaffDiscountPercent`,
  /** Delivery orders may leave unpaid; the driver collects at the door. */
  CashOnDelivery: `${BUSINESS_PARAMETER_PREFIX}CashOnDelivery`,
  /**
   * A counter order needs the customer's signature under the rental agreement. On unless the
   * value is 'false' (case-insensitive): see counterSignatureRequired.
   */
  CounterSignatureRequired: `${BUSINESS_PARAMETER_PREFIX}CounterSignatureRequired`,
  /** A rider younger than this (years) rents on the junior rate cards (docs/pricing.md). */
  JuniorAge: `${BUSINESS_PARAMETER_PREFIX}JuniorAge`,
  /**
   * The afternoon start (HH:mm): a rental from then on, back the same day, is a half day, at its
   * rate card's half-day price where the card sets one (docs/pricing.md). Blank: 12:00.
   */
  HalfDayFrom: `${BUSINESS_PARAMETER_PREFIX}HalfDayFrom`,
  /** A booking online that starts at least this many days later has EarlyBookingPercent off its rent. */
  EarlyBookingDays: `${BUSINESS_PARAMETER_PREFIX}EarlyBookingDays`,
  /** Percent off the rent (never the deposit) of a booking made EarlyBookingDays ahead; blank or 0: none. */
  EarlyBookingPercent: `${BUSINESS_PARAMETER_PREFIX}EarlyBookingPercent`,
} as const;
export type BusinessParameterKey = (typeof BusinessParameterKey)[keyof typeof BusinessParameterKey];

/** Parameters the business keeps to itself: never in the configuration every client loads. */
export const PRIVATE_BUSINESS_PARAMETERS: readonly string[] = [
  BusinessParameterKey.AgentCommissionRate,
];

/** Riders younger than this rent on the junior cards when no parameter is set. */
export const DEFAULT_JUNIOR_AGE = 12;

/** The store's afternoon start when no parameter sets one (HH:mm). */
export const DEFAULT_HALF_DAY_FROM = '12:00';

/** Default next-day threshold when no parameter is set (spec §5). */
export const DEFAULT_NEXT_DAY_THRESHOLD = '21:00';

/** Grace period before a late return is charged, when no parameter is set. */
export const DEFAULT_LATE_RETURN_GRACE_HOURS = 1;

/** The largest discount a clerk gives alone, when no parameter is set (percent of the rent). */
export const DEFAULT_MAX_STAFF_DISCOUNT_PERCENT = 20;

/** Whether a counter order needs the customer's signature: yes unless the parameter says 'false'. */
export function counterSignatureRequired(value: string | null | undefined): boolean {
  return value?.trim().toLowerCase() !== 'false';
}
