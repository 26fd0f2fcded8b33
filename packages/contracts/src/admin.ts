import { z } from 'zod';
import { BusinessParameterKey } from './business-parameters.js';
import { normaliseContactPhone } from './phone-numbers.js';
import { multiLineText, singleLineText } from './text-schemas.js';
import { ValidationCode } from './validation-codes.js';

/**
 * The administration of the business (issue: administration console): stores, business
 * parameters, system information and filing, and the rental agreement. What the forms check is
 * what the server checks: both use these schemas.
 */

// ---- stores ---------------------------------------------------------------------------------------

export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeOfDay = z.string().trim().regex(TIME_OF_DAY_PATTERN, ValidationCode.InvalidTimeOfDay);
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export const StoreAdminSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  /** The name in English; empty until translated (English readers then see the Chinese). */
  nameEn: z.string(),
  phone: z.string(),
  address: z.string(),
  addressEn: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  openTime: z.string(),
  closeTime: z.string(),
  restDays: z.array(z.number().int()),
  sortOrder: z.number().int(),
  isActive: z.boolean(),
  /** Orders booked, paid or out that a closed store would strand. */
  openOrders: z.number().int(),
  /** Staff whose store it is. */
  staff: z.number().int(),
});
export type StoreAdmin = z.infer<typeof StoreAdminSchema>;

const coordinate = (min: number, max: number) =>
  z
    .number()
    .min(min, ValidationCode.CoordinateOutOfRange)
    .max(max, ValidationCode.CoordinateOutOfRange)
    .nullable();

export const StoreSaveSchema = z
  .object({
    /** A short code staff and the seed know the store by: letters, digits and hyphens. */
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{2,20}$/, ValidationCode.InvalidStoreCode),
    name: singleLineText({ max: 50, required: ValidationCode.StoreNameRequired }),
    /** Optional; mainland as typed, or international with its country code (phone.ts). */
    phone: z
      .string()
      .trim()
      .transform((text, ctx) => {
        const number = text === '' ? '' : normaliseContactPhone(text);
        if (number !== null) return number;
        ctx.addIssue({ code: 'custom', message: ValidationCode.InvalidPhone, input: text });
        return z.NEVER;
      }),
    address: singleLineText({ max: 200 }),
    /** English values beside the Chinese, for foreign visitors; empty: not translated yet. */
    nameEn: singleLineText({ max: 100 }).default(''),
    addressEn: singleLineText({ max: 300 }).default(''),
    /** WGS-84, as phones report; both or neither. */
    latitude: coordinate(-90, 90),
    longitude: coordinate(-180, 180),
    openTime: timeOfDay,
    closeTime: timeOfDay,
    /** Weekdays 0 (Sunday) to 6 the store is closed; at least one day a week open. */
    restDays: z.array(z.number().int().min(0).max(6)).max(6, ValidationCode.TooManyRestDays),
    sortOrder: z.number().int().min(0).max(9999).default(0),
    isActive: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (minutesOf(v.openTime) >= minutesOf(v.closeTime)) {
      ctx.addIssue({
        code: 'custom',
        message: ValidationCode.CloseBeforeOpen,
        path: ['closeTime'],
      });
    }
    if ((v.latitude === null) !== (v.longitude === null)) {
      ctx.addIssue({
        code: 'custom',
        message: ValidationCode.CoordinatesBoth,
        path: ['longitude'],
      });
    }
    if (new Set(v.restDays).size !== v.restDays.length) {
      ctx.addIssue({ code: 'custom', message: ValidationCode.TooManyRestDays, path: ['restDays'] });
    }
  });
export type StoreSave = z.input<typeof StoreSaveSchema>;

// ---- business parameters ------------------------------------------------------------------------

/** How a parameter's value reads and is edited. */
export const ParameterKind = {
  Days: 'days',
  Hours: 'hours',
  Money: 'money',
  TimeOfDay: 'timeOfDay',
  Addresses: 'addresses',
  Amounts: 'amounts',
  Switch: 'switch',
  Percent: 'percent',
} as const;
export type ParameterKind = (typeof ParameterKind)[keyof typeof ParameterKind];

export interface ParameterDefinition {
  kind: ParameterKind;
  /** 'global': one value for the business (no store value applies). */
  scope: 'any' | 'global';
  /** Bounds narrower than the kind's own (a junior age of 1–18 years, not 365 days). */
  range?: { min: number; max: number };
}

const K = BusinessParameterKey;
export const BUSINESS_PARAMETERS: Record<BusinessParameterKey, ParameterDefinition> = {
  [K.DefaultRentalDays]: { kind: ParameterKind.Days, scope: 'any' },
  [K.OrderTimeoutHours]: { kind: ParameterKind.Hours, scope: 'any' },
  [K.DeliveryFee]: { kind: ParameterKind.Money, scope: 'any' },
  [K.PickupFee]: { kind: ParameterKind.Money, scope: 'any' },
  [K.PresetDeliveryAddresses]: { kind: ParameterKind.Addresses, scope: 'any' },
  [K.PresetPickupAddresses]: { kind: ParameterKind.Addresses, scope: 'any' },
  [K.PresetDepositAmounts]: { kind: ParameterKind.Amounts, scope: 'any' },
  [K.NextDayThreshold]: { kind: ParameterKind.TimeOfDay, scope: 'any' },
  [K.WeChatPayEnabled]: { kind: ParameterKind.Switch, scope: 'any' },
  [K.AlipayEnabled]: { kind: ParameterKind.Switch, scope: 'any' },
  [K.AgentCommissionRate]: { kind: ParameterKind.Percent, scope: 'global' },
  [K.LateReturnGraceHours]: { kind: ParameterKind.Hours, scope: 'any' },
  [K.MaxStaffDiscountPercent]: { kind: ParameterKind.Percent, scope: 'any' },
  [K.CashOnDelivery]: { kind: ParameterKind.Switch, scope: 'any' },
  [K.CounterSignatureRequired]: { kind: ParameterKind.Switch, scope: 'any' },
  [K.JuniorAge]: { kind: ParameterKind.Days, scope: 'any', range: { min: 1, max: 18 } },
  [K.HalfDayFrom]: { kind: ParameterKind.TimeOfDay, scope: 'any' },
  [K.EarlyBookingDays]: { kind: ParameterKind.Days, scope: 'any' },
  // 100 % off would give the gear away: at most 90.
  [K.EarlyBookingPercent]: {
    kind: ParameterKind.Percent,
    scope: 'any',
    range: { min: 0, max: 90 },
  },
};

export const PARAMETER_LIMITS = {
  daysMax: 365,
  /** Hours an unpaid order is kept: 0 keeps it for ever, at most 30 days. */
  hoursMax: 720,
  moneyMax: 10_000,
  listMax: 20,
  addressMax: 200,
} as const;

export const ParameterIssue = {
  InvalidNumber: ValidationCode.InvalidNumber,
  OutOfRange: ValidationCode.OutOfRange,
  InvalidTimeOfDay: ValidationCode.InvalidTimeOfDay,
  InvalidList: ValidationCode.InvalidList,
  TooManyEntries: ValidationCode.TooManyEntries,
  InvalidSwitch: ValidationCode.InvalidSwitch,
} as const;
export type ParameterIssue = (typeof ParameterIssue)[keyof typeof ParameterIssue];

const MONEY = /^\d{1,6}(\.\d{1,2})?$/;
const WHOLE = /^\d{1,6}$/;

/**
 * Why a value cannot be stored for a parameter, or null. Blank is always allowed: for a store it
 * means 'as the business', for the business 'the product's default'. Lists are JSON arrays.
 */
export function parameterProblem(key: BusinessParameterKey, raw: string): ParameterIssue | null {
  const value = raw.trim();
  if (value === '') return null;
  const whole = (max: number, min = 0) => {
    if (!WHOLE.test(value)) return ParameterIssue.InvalidNumber;
    const n = Number(value);
    return n < min || n > max ? ParameterIssue.OutOfRange : null;
  };
  const money = (text: string) => {
    if (!MONEY.test(text)) return ParameterIssue.InvalidNumber;
    return Number(text) > PARAMETER_LIMITS.moneyMax ? ParameterIssue.OutOfRange : null;
  };
  const range = BUSINESS_PARAMETERS[key].range;
  if (range) return whole(range.max, range.min);
  switch (BUSINESS_PARAMETERS[key].kind) {
    case ParameterKind.Days:
      return whole(PARAMETER_LIMITS.daysMax, 1);
    case ParameterKind.Hours:
      return whole(PARAMETER_LIMITS.hoursMax);
    case ParameterKind.Percent:
      return whole(100);
    case ParameterKind.Money:
      return money(value);
    case ParameterKind.TimeOfDay:
      return TIME_OF_DAY_PATTERN.test(value) ? null : ParameterIssue.InvalidTimeOfDay;
    case ParameterKind.Switch:
      return /^(true|false)$/i.test(value) ? null : ParameterIssue.InvalidSwitch;
    case ParameterKind.Addresses:
    case ParameterKind.Amounts: {
      let list: unknown;
      try {
        list = JSON.parse(value);
      } catch {
        return ParameterIssue.InvalidList;
      }
      if (!Array.isArray(list)) return ParameterIssue.InvalidList;
      if (list.length > PARAMETER_LIMITS.listMax) return ParameterIssue.TooManyEntries;
      if (BUSINESS_PARAMETERS[key].kind === ParameterKind.Amounts) {
        return list.every((n) => typeof n === 'number' && money(String(n)) === null)
          ? null
          : ParameterIssue.InvalidList;
      }
      return list.every(
        (a) =>
          typeof a === 'string' &&
          a.trim() !== '' &&
          a.length <= PARAMETER_LIMITS.addressMax &&
          singleLineText({ max: PARAMETER_LIMITS.addressMax }).safeParse(a).success,
      )
        ? null
        : ParameterIssue.InvalidList;
    }
  }
}

export const ParameterValueSchema = z.object({
  key: z.enum(
    Object.keys(BUSINESS_PARAMETERS) as [BusinessParameterKey, ...BusinessParameterKey[]],
  ),
  value: z.string().max(5000),
});

/** `PUT /api/app/admin/business-parameters`: the business's values (storeId null) or a store's. */
export const ParametersSaveSchema = z
  .object({
    storeId: z.uuid().nullable(),
    values: z.array(ParameterValueSchema).min(1).max(50),
  })
  .superRefine((v, ctx) => {
    for (const { key, value } of v.values) {
      const problem = parameterProblem(key, value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [key] });
      if (v.storeId && BUSINESS_PARAMETERS[key].scope === 'global' && value.trim() !== '') {
        ctx.addIssue({ code: 'custom', message: ValidationCode.GlobalOnly, path: [key] });
      }
    }
  });
export type ParametersSave = z.input<typeof ParametersSaveSchema>;

export const ParametersQuerySchema = z.object({ storeId: z.uuid().optional() });

export const AdminParameterSchema = z.object({
  key: z.string(),
  kind: z.enum(Object.values(ParameterKind) as [ParameterKind, ...ParameterKind[]]),
  scope: z.enum(['any', 'global']),
  /** The business's value ('' when unset). */
  global: z.string(),
  /** The store's own value (null when none is set or no store was asked for). */
  store: z.string().nullable(),
  /** What applies at the store (or to the business): the store's value unless blank. */
  effective: z.string(),
  source: z.enum(['store', 'global', 'default']),
});
export type AdminParameter = z.infer<typeof AdminParameterSchema>;

export const AdminParametersSchema = z.object({
  storeId: z.string().nullable(),
  /** Whether the caller may change the business's own values (else a store's only). */
  canEditGlobal: z.boolean(),
  items: z.array(AdminParameterSchema),
});
export type AdminParameters = z.infer<typeof AdminParametersSchema>;

// ---- system information, filing and the rental agreement ----------------------------------------

const link = z
  .string()
  .trim()
  .max(300)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), ValidationCode.InvalidLink);

export const SystemInfoSaveSchema = z.object({
  systemName: singleLineText({ max: 50, required: ValidationCode.SystemNameRequired }),
  systemDomain: z
    .string()
    .trim()
    .max(100)
    .refine(
      (v) =>
        v === '' || /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(v),
      ValidationCode.InvalidDomain,
    ),
  companyName: singleLineText({ max: 100 }),
  /** The same in English (empty: English readers read the Chinese). */
  companyNameEn: singleLineText({ max: 100 }).default(''),
  /** The logo's file id (uploaded as `SystemLogo`), or '' for none. */
  systemLogoFileId: z.union([z.uuid(), z.literal('')]),
  policeFilingNumber: singleLineText({ max: 50 }),
  policeFilingLink: link,
  icpNumber: singleLineText({ max: 50 }),
  icpLink: link,
});
export type SystemInfoSave = z.input<typeof SystemInfoSaveSchema>;

export const SystemInfoAdminSchema = z.object({
  systemName: z.string(),
  systemDomain: z.string(),
  companyName: z.string(),
  companyNameEn: z.string(),
  systemLogo: z.string(),
  systemLogoFileId: z.string(),
  policeFilingNumber: z.string(),
  policeFilingLink: z.string(),
  icpNumber: z.string(),
  icpLink: z.string(),
});
export type SystemInfoAdmin = z.infer<typeof SystemInfoAdminSchema>;

export const RENTAL_AGREEMENT_MAX = 20_000;
export const AgreementPublishSchema = z.object({
  text: multiLineText({ max: RENTAL_AGREEMENT_MAX, required: ValidationCode.AgreementRequired }),
  /** The same agreement in English, for foreign customers; empty: they read the Chinese. */
  textEn: multiLineText({ max: RENTAL_AGREEMENT_MAX }).default(''),
});

export const AgreementVersionSchema = z.object({
  version: z.string(),
  text: z.string(),
  textEn: z.string(),
  publishedAt: z.string(),
  publishedByName: z.string(),
  /** The one new bookings accept. */
  current: z.boolean(),
  /** Orders whose customer accepted this version. */
  orders: z.number().int(),
});
export type AgreementVersion = z.infer<typeof AgreementVersionSchema>;
