// Plain constants, no schema library: the schemas, the server and the web all read this list.

/**
 * Every validation code a contract's schema reports for a field (`validationErrors[].message`,
 * docs/wire-conventions.md): clients show each in their reader's words, and the server words its
 * `details` with it. The schemas name their codes from here (a lint rule refuses one typed as a
 * bare string), so a new code cannot reach callers without words on either side.
 */
export const ValidationCode = {
  // Text, numbers and times (text.ts, numbers.ts, dates.ts).
  InvalidCharacters: 'InvalidCharacters',
  NothingVisible: 'NothingVisible',
  InvalidNumber: 'InvalidNumber',
  AmountRequired: 'AmountRequired',
  AmountTooLarge: 'AmountTooLarge',
  DateOutOfRange: 'DateOutOfRange',
  EndBeforeStart: 'EndBeforeStart',
  TooManyDays: 'TooManyDays',
  EndInPast: 'EndInPast',
  InvalidTimeOfDay: 'InvalidTimeOfDay',
  // Names, reasons and remarks.
  NameRequired: 'NameRequired',
  UnitRequired: 'UnitRequired',
  ReasonRequired: 'ReasonRequired',
  ReasonTooLong: 'ReasonTooLong',
  RemarksRequired: 'RemarksRequired',
  RemarksTooLong: 'RemarksTooLong',
  // Signing in and people (auth.ts, employees.ts).
  UserNameRequired: 'UserNameRequired',
  InvalidUserName: 'InvalidUserName',
  InvalidRealName: 'InvalidRealName',
  InvalidPhoneNumber: 'InvalidPhoneNumber',
  InvalidSmsCode: 'InvalidSmsCode',
  InvalidEmail: 'InvalidEmail',
  RolesRequired: 'RolesRequired',
  PasswordRequired: 'PasswordRequired',
  PasswordTooShort: 'PasswordTooShort',
  PasswordTooLong: 'PasswordTooLong',
  PasswordRequiresDigit: 'PasswordRequiresDigit',
  PasswordRequiresLower: 'PasswordRequiresLower',
  PasswordRequiresUpper: 'PasswordRequiresUpper',
  PasswordRequiresNonAlphanumeric: 'PasswordRequiresNonAlphanumeric',
  // Orders, bookings and riders (orders.ts, booking.ts, rider-schemas.ts).
  CustomerNameRequired: 'CustomerNameRequired',
  InvalidPhone: 'InvalidPhone',
  InvalidStatus: 'InvalidStatus',
  ItemsRequired: 'ItemsRequired',
  TooManyItems: 'TooManyItems',
  EquipmentOrCategoryRequired: 'EquipmentOrCategoryRequired',
  DeliveryAddressRequired: 'DeliveryAddressRequired',
  ReturnAddressRequired: 'ReturnAddressRequired',
  RentalEndBeforeStart: 'RentalEndBeforeStart',
  TooManyRiders: 'TooManyRiders',
  DuplicateRider: 'DuplicateRider',
  UnknownRider: 'UnknownRider',
  RiderNameRequired: 'RiderNameRequired',
  DinOutOfRange: 'DinOutOfRange',
  SchemeNameRequired: 'SchemeNameRequired',
  BarcodeRequired: 'BarcodeRequired',
  SelfReturnPhotoRequired: 'SelfReturnPhotoRequired',
  // Managers' approvals (money-approvals.ts).
  ApprovalOrderRequired: 'ApprovalOrderRequired',
  // Gear and stock (equipment.ts), deliveries and pickups (deliveries.ts).
  InvalidBarcode: 'InvalidBarcode',
  DuplicateItems: 'DuplicateItems',
  DamagedNotInBatch: 'DamagedNotInBatch',
  DeltaZero: 'DeltaZero',
  PhotoRequired: 'PhotoRequired',
  // A customer's saved addresses (addresses.ts).
  AddressRequired: 'AddressRequired',
  AddressTooShort: 'AddressTooShort',
  AddressTooLong: 'AddressTooLong',
  AddressLabelTooLong: 'AddressLabelTooLong',
  // Stores, business parameters and system information (admin.ts).
  StoreNameRequired: 'StoreNameRequired',
  InvalidStoreCode: 'InvalidStoreCode',
  CloseBeforeOpen: 'CloseBeforeOpen',
  TooManyRestDays: 'TooManyRestDays',
  CoordinateOutOfRange: 'CoordinateOutOfRange',
  CoordinatesBoth: 'CoordinatesBoth',
  OutOfRange: 'OutOfRange',
  InvalidList: 'InvalidList',
  TooManyEntries: 'TooManyEntries',
  InvalidSwitch: 'InvalidSwitch',
  GlobalOnly: 'GlobalOnly',
  SystemNameRequired: 'SystemNameRequired',
  InvalidDomain: 'InvalidDomain',
  InvalidLink: 'InvalidLink',
  AgreementRequired: 'AgreementRequired',
  // The catalogue and the help centre (catalogue-help-admin.ts).
  CatalogueNameRequired: 'CatalogueNameRequired',
  CatalogueDisplayNameRequired: 'CatalogueDisplayNameRequired',
  CatalogueOptionsRequired: 'CatalogueOptionsRequired',
  CatalogueOptionsDuplicate: 'CatalogueOptionsDuplicate',
  CatalogueOptionEmpty: 'CatalogueOptionEmpty',
  CatalogueOptionComma: 'CatalogueOptionComma',
  CatalogueSizeMustBeSelect: 'CatalogueSizeMustBeSelect',
  CatalogueSizeNeedsCategory: 'CatalogueSizeNeedsCategory',
  CatalogueOrderIncomplete: 'CatalogueOrderIncomplete',
  HelpTitleRequired: 'HelpTitleRequired',
  HelpBodyRequired: 'HelpBodyRequired',
  HelpInvalidSlug: 'HelpInvalidSlug',
  HelpTagEmpty: 'HelpTagEmpty',
  HelpTagsDuplicate: 'HelpTagsDuplicate',
  // Rate cards (rate-cards.ts).
  RateCardPrice: 'RateCardPrice',
  RateCardLengths: 'RateCardLengths',
  RateCardLongerCheaper: 'RateCardLongerCheaper',
  RateCardHalfDay: 'RateCardHalfDay',
  HalfDayOneDay: 'HalfDayOneDay',
  RateCardJuniorDearer: 'RateCardJuniorDearer',
  RateCardPackDearer: 'RateCardPackDearer',
  SeasonDates: 'SeasonDates',
  SeasonPercent: 'SeasonPercent',
  SeasonOverlap: 'SeasonOverlap',
  // Packs (rental-packs.ts).
  PackParts: 'PackParts',
  PackPartsTwice: 'PackPartsTwice',
} as const;
export type ValidationCode = (typeof ValidationCode)[keyof typeof ValidationCode];

/** The codes of `ValidationCode`, each once. */
export const VALIDATION_CODES: readonly ValidationCode[] = Object.values(ValidationCode);
