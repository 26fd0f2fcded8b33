// Plain constants, no schema library: the web app's shell imports these on every page.

/** One list of error codes shared by both sides. */
export const ErrorCode = {
  Validation: 'App:Validation',
  /** A unique record was created twice at once, or a row changed under the caller. */
  Conflict: 'App:Conflict',
  VerificationToken: 'App:VerificationTokenInvalid',
  NotFound: 'App:NotFound',
  Unauthorized: 'App:Unauthorized',
  Forbidden: 'App:Forbidden',
  TenantNotFound: 'App:TenantNotFound',
  TooManyRequests: 'App:TooManyRequests',
  /**
   * 428: past a person's pace, an anonymous call needs a solved proof of work (ALTCHA): fetch a
   * challenge from `GET /api/app/altcha/challenge`, solve it and send the call again with the
   * solution in the `X-Altcha` header.
   */
  ProofOfWorkRequired: 'App:ProofOfWorkRequired',
  Internal: 'App:InternalError',
  /** The database is away for now: retry after the Retry-After header's seconds. */
  ServiceUnavailable: 'App:ServiceUnavailable',
  /** A path spelled otherwise than canonically (`/%61pi/…`, `//api`, `/api/./…`, `/API/…`). */
  NonCanonicalPath: 'App:NonCanonicalPath',
  /** An Idempotency-Key sent again with another method, path or body. */
  IdempotencyKeyReused: 'App:IdempotencyKeyReused',
  /** Done already under this Idempotency-Key; its answer held a credential and was not kept. */
  AnswerNotKept: 'App:IdempotentAnswerNotKept',
  /** The first request with this Idempotency-Key is still being handled. */
  RequestInProgress: 'App:RequestInProgress',
  /** `/ready`: this process cannot serve yet (its database does not answer). */
  NotReady: 'App:NotReady',
  HelpArticleNotFound: 'Help:ArticleNotFound',
  InvalidCredentials: 'Account:InvalidCredentials',
  AccountDisabled: 'Account:Disabled',
  LoginThrottled: 'Account:TooManyFailures',
  /**
   * No SMS code to the account's phone for this sign-in: no such account, no phone on file, or
   * it is not locked for this client.
   */
  SecondFactorUnavailable: 'Account:SecondFactorUnavailable',
  RefreshTokenInvalid: 'Account:RefreshTokenInvalid',
  WrongCurrentPassword: 'Account:WrongCurrentPassword',
  SamePassword: 'Account:SamePassword',
  /** The account signs in by phone (or WeChat) and has no password to change. */
  NoPassword: 'Account:NoPassword',
  RealNameMismatch: 'Account:RealNameMismatch',
  WeChatNotConfigured: 'WeChat:NotConfigured',
  WeChatNotBound: 'WECHAT_NOT_BOUND',
  WeChatAlreadyBound: 'WeChat:AlreadyBoundToAnotherUser',
  WeChatBoundElsewhere: 'WeChat:AccountBoundToAnotherWeChat',
  SmsNotConfigured: 'Sms:NotConfigured',
  SmsTooSoon: 'Sms:TooSoon',
  SmsDailyLimit: 'Sms:DailyLimit',
  SmsSendFailed: 'Sms:SendFailed',
  /** A number outside the mainland, and no international SMS template is set up. */
  SmsInternationalUnavailable: 'Sms:InternationalUnavailable',
  SmsCodeWrong: 'Sms:CodeWrong',
  SmsCodeExpired: 'Sms:CodeExpired',
  WeChatFailed: 'WeChat:RequestFailed',
  /** A binding without this browser's proof that WeChat just named that open id here. */
  WeChatNotThisBrowser: 'WeChat:AuthorizationNotFromThisBrowser',
  /** WeChat's code came back with a state this browser was not given. */
  WeChatStateMismatch: 'WeChat:StateMismatch',
  /** An authorize URL asked for with a return address outside this site. */
  WeChatRedirectNotAllowed: 'WeChat:RedirectNotAllowed',
  UserNotFound: 'Identity:UserNotFound',
  DuplicateUser: 'Identity:DuplicateUser',
  NotYourStore: 'Identity:NotYourStore',
  RoleNotAssignable: 'Identity:RoleNotAssignable',
  StoreNotFound: 'Store:NotFound',
  /** A store with orders still booked or out cannot close. */
  StoreHasOpenOrders: 'Store:HasOpenOrders',
  DuplicateStoreCode: 'Store:DuplicateCode',
  /** Publishing the rental agreement as it already is. */
  AgreementUnchanged: 'Settings:AgreementUnchanged',
  EquipmentNotFound: 'Equipment:NotFound',
  CategoryNotFound: 'Equipment:CategoryNotFound',
  IllegalTransition: 'Equipment:IllegalStatusTransition',
  EquipmentUnavailable: 'Equipment:NotAvailable',
  DuplicateBarcode: 'Equipment:DuplicateBarcode',
  EquipmentOtherStore: 'Equipment:BelongsToAnotherStore',
  NoOrderLock: 'Equipment:NoLockForOrder',
  EquipmentOutOnOrder: 'Equipment:OutOnOrder',
  InvalidAttributeValue: 'Equipment:InvalidAttributeValue',
  FileNotFound: 'File:NotFound',
  FileLinkExpired: 'File:LinkExpired',
  NotEnoughStock: 'SmallEquipment:NotEnoughStock',
  SmallEquipmentNotFound: 'SmallEquipment:NotFound',
  RateCardNotFound: 'RateCard:NotFound',
  RateCardSubjectNotFound: 'RateCard:SubjectNotFound',
  PriceSeasonNotFound: 'RateCard:SeasonNotFound',
  RentalPackNotFound: 'RentalPack:NotFound',
  RentalPackInUse: 'RentalPack:InUse',
  FileTypeNotAllowed: 'File:TypeNotAllowed',
  FileTooLarge: 'File:TooLarge',
  FileMissing: 'File:Missing',
  FileNotYours: 'File:NotYours',
  /** A file of another store's item or order, to staff of a store. */
  FileOtherStore: 'File:BelongsToAnotherStore',
  FileTooManyPixels: 'File:TooManyPixels',
  OrderNotFound: 'Order:NotFound',
  OrderItemNotInOrder: 'Order:ItemNotInOrder',
  OrderItemWrongSize: 'Order:ItemWrongSize',
  OrderIllegalTransition: 'Order:IllegalStatusTransition',
  /** Another write to the order at the same moment kept this one from going through. */
  OrderChangedMeanwhile: 'Order:ChangedMeanwhile',
  OrderOtherStore: 'Order:BelongsToAnotherStore',
  OrderCashNotOnRun: 'Order:CashOnlyOnDeliveryRuns',
  /** A driver confirming cash on a run that is not theirs (another driver's, or still in the pool). */
  OrderCashNotYourRun: 'Order:CashNotYourRun',
  /** Cash on delivery: the gear is handed over only once what is due at the door is collected. */
  OrderNotPaidAtDoor: 'Order:NotPaidAtDoor',
  /** Pay at the door where the store does not take cash on delivery, or for a counter order. */
  OrderPayAtDoorUnavailable: 'Order:PayAtDoorUnavailable',
  DeliveryTaskTaken: 'Delivery:TaskTaken',
  OrderNumbersExhausted: 'Order:NumbersExhausted',
  OrderItemNotFound: 'Order:ItemNotFound',
  /** A DIN setting for a line whose gear has no release value to set (not DIN-adjustable skis). */
  OrderItemNotDinAdjustable: 'Order:ItemNotDinAdjustable',
  /** A late fee waiver for an order that owes none (not past its end and grace, or free). */
  OrderNoLateFee: 'Order:NoLateFee',
  /** The order's late fee was waived already. */
  OrderLateFeeAlreadyWaived: 'Order:LateFeeAlreadyWaived',
  // Money a clerk changes by hand, within limits or with a manager's approval.
  /** A discount takes rent only: more than the order's rent is refused. */
  DiscountAboveRent: 'Money:DiscountAboveRent',
  /** Beyond the clerk's limit (percent of the rent): a manager must approve (details: limit). */
  ManagerApprovalRequired: 'Money:ManagerApprovalRequired',
  /** The credentials given to approve are not a manager's of the order's store. */
  ApproverNotManager: 'Money:ApproverNotManager',
  /** The approval named is not one that allows this change (refused, used, stale, another store, less). */
  ApprovalNotUsable: 'Money:ApprovalNotUsable',
  ApprovalNotFound: 'Money:ApprovalNotFound',
  /** A goodwill refund beyond the rent paid (the deposit is never refunded this way). */
  RefundAboveRentPaid: 'Money:RefundAboveRentPaid',
  RiderNotFound: 'Rider:NotFound',
  /** An account keeps at most RIDERS_MAX riders. */
  RiderLimitReached: 'Rider:LimitReached',
  AddressNotFound: 'Address:NotFound',
  /** An account keeps at most ADDRESSES_MAX addresses. */
  AddressLimitReached: 'Address:LimitReached',
  BillNotFound: 'Bill:NotFound',
  BillAlreadyPaid: 'Bill:AlreadyPaid',
  BillCancelled: 'Bill:Cancelled',
  /** A receipt asked for before anything on the order was settled. */
  ReceiptNothingSettled: 'Receipt:NothingSettled',
  PaymentMethodUnavailable: 'Payment:MethodUnavailable',
  PaymentChannelUnavailable: 'Payment:ChannelUnavailable',
  PaymentProviderFailed: 'Payment:ProviderFailed',
  PaymentNotFound: 'Payment:NotFound',
  RefundNotPossible: 'Refund:NotPossible',
  AgreementChanged: 'Booking:AgreementChanged',
  /** A counter order without the customer's signature under the agreement, where the store needs one. */
  CounterSignatureRequired: 'Order:CounterSignatureRequired',
  StoreRestDay: 'Booking:StoreRestDay',
  /** A booked start outside the store's pick-up times or delivery windows, or already past. */
  BookingTimeNotOffered: 'Booking:TimeNotOffered',
  BookingHalfDayNotOffered: 'Booking:HalfDayNotOffered',
  SchemeNotFound: 'Scheme:NotFound',
  SchemeLimit: 'Scheme:TooMany',
  SelfCheckinNotFound: 'SelfCheckin:NotFound',
  SelfCheckinFull: 'SelfCheckin:Full',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Markers by which a client recognises a verification-token problem (spec §8, 400/403). */
export const VERIFICATION_TOKEN_COOKIE = 'XSRF-TOKEN';
export const VERIFICATION_TOKEN_HEADER = 'RequestVerificationToken';
