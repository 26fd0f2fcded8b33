import { z } from 'zod';

/** `HH:mm`, 00:00 to 23:59. */
export const TimeOfDaySchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected HH:mm');

export const KeyValueSchema = z.object({ key: z.string(), value: z.string() });
export type KeyValue = z.infer<typeof KeyValueSchema>;

export const SystemInfoSchema = z.object({
  systemName: z.string(),
  systemDomain: z.string(),
  companyName: z.string(),
  /** Empty: English readers read the Chinese name. Optional for copies cached before it was sent. */
  companyNameEn: z.string().optional(),
  systemLogo: z.string(),
  rentalAgreement: z.string(),
  /** The agreement in English; empty until given (English readers then read the Chinese). */
  rentalAgreementEn: z.string().optional(),
  /** Changes whenever the agreement's text does; a booking names the version it accepted. */
  rentalAgreementVersion: z.string(),
});
export type SystemInfo = z.infer<typeof SystemInfoSchema>;

export const StoreConfigSchema = z.object({
  storeId: z.string(),
  storeName: z.string(),
  /** English values, empty until translated (English readers then see the Chinese). */
  storeNameEn: z.string().optional(),
  contactInfo: z.object({
    phone: z.string(),
    address: z.string(),
    addressEn: z.string().optional(),
  }),
  /** Where the store is (WGS-84, as phones report positions); null until it is set. */
  location: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  businessHours: z.object({
    startTime: TimeOfDaySchema,
    endTime: TimeOfDaySchema,
    restDays: z.array(z.number().int().min(0).max(6)),
  }),
  businessParameters: z.array(KeyValueSchema),
});
export type StoreConfig = z.infer<typeof StoreConfigSchema>;

export const FilingConfigSchema = z.object({
  policeFilingNumber: z.string(),
  policeFilingLink: z.string(),
  icpNumber: z.string(),
  icpLink: z.string(),
});
export type FilingConfig = z.infer<typeof FilingConfigSchema>;

/** `GET /api/app/config-distribution/h5` (spec §3 "Client configuration"). */
export const H5ConfigSchema = z.object({
  systemInfo: SystemInfoSchema,
  storeConfigs: z.record(z.string(), StoreConfigSchema),
  globalBusinessParameters: z.array(KeyValueSchema),
  filingConfig: FilingConfigSchema,
});
export type H5Config = z.infer<typeof H5ConfigSchema>;

/** `GET /api/abp/application-configuration`: the parts this product uses (WIRE-FACTS.md §5). */
export const ApplicationConfigurationSchema = z.object({
  currentUser: z.object({
    isAuthenticated: z.boolean(),
    id: z.string().nullable(),
    tenantId: z.string().nullable(),
    userName: z.string().nullable(),
    name: z.string().nullable(),
    surName: z.string().nullable(),
    email: z.string().nullable(),
    emailVerified: z.boolean(),
    phoneNumber: z.string().nullable(),
    phoneNumberVerified: z.boolean(),
    roles: z.array(z.string()),
  }),
  auth: z.object({
    policies: z.record(z.string(), z.boolean()),
    grantedPolicies: z.record(z.string(), z.boolean()),
  }),
  currentTenant: z.object({
    id: z.string().nullable(),
    name: z.string().nullable(),
    isAvailable: z.boolean(),
  }),
  multiTenancy: z.object({ isEnabled: z.boolean() }),
  timing: z.object({
    timeZone: z.object({
      iana: z.object({ timeZoneName: z.string() }),
      windows: z.object({ timeZoneId: z.string() }),
    }),
  }),
  clock: z.object({ kind: z.string() }),
  localization: z.object({
    currentCulture: z.object({ cultureName: z.string(), name: z.string() }),
    languages: z.array(z.object({ cultureName: z.string(), displayName: z.string() })),
  }),
  setting: z.object({ values: z.record(z.string(), z.string()) }),
});
export type ApplicationConfiguration = z.infer<typeof ApplicationConfigurationSchema>;
