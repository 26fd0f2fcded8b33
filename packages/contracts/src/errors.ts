import { z } from 'zod';

/** The ABP error envelope (ARCHITECTURE.md §3, WIRE-FACTS.md §1). */
export const ValidationErrorInfoSchema = z.object({
  message: z.string(),
  members: z.array(z.string()),
});

export const ErrorInfoSchema = z.object({
  code: z.string().nullable().optional(),
  message: z.string(),
  details: z.string().nullable().optional(),
  data: z.record(z.string(), z.unknown()).nullable().optional(),
  validationErrors: z.array(ValidationErrorInfoSchema).nullable().optional(),
  requestId: z.string().optional(),
});

export const ErrorResponseSchema = z.object({ error: ErrorInfoSchema });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
export type ErrorInfo = z.infer<typeof ErrorInfoSchema>;

/** One list of error codes shared by both sides. */
export const ErrorCode = {
  Validation: 'App:Validation',
  VerificationToken: 'App:VerificationTokenInvalid',
  NotFound: 'App:NotFound',
  Unauthorized: 'App:Unauthorized',
  Forbidden: 'App:Forbidden',
  TenantNotFound: 'App:TenantNotFound',
  TooManyRequests: 'App:TooManyRequests',
  Internal: 'App:InternalError',
  HelpArticleNotFound: 'Help:ArticleNotFound',
  InvalidCredentials: 'Account:InvalidCredentials',
  AccountDisabled: 'Account:Disabled',
  LoginThrottled: 'Account:TooManyFailures',
  RefreshTokenInvalid: 'Account:RefreshTokenInvalid',
  WrongCurrentPassword: 'Account:WrongCurrentPassword',
  SamePassword: 'Account:SamePassword',
  RealNameMismatch: 'Account:RealNameMismatch',
  WeChatNotConfigured: 'WeChat:NotConfigured',
  WeChatNotBound: 'WECHAT_NOT_BOUND',
  WeChatAlreadyBound: 'WeChat:AlreadyBoundToAnotherUser',
  WeChatFailed: 'WeChat:RequestFailed',
  UserNotFound: 'Identity:UserNotFound',
  DuplicateUser: 'Identity:DuplicateUser',
  NotYourStore: 'Identity:NotYourStore',
  RoleNotAssignable: 'Identity:RoleNotAssignable',
  StoreNotFound: 'Store:NotFound',
  EquipmentNotFound: 'Equipment:NotFound',
  CategoryNotFound: 'Equipment:CategoryNotFound',
  IllegalTransition: 'Equipment:IllegalStatusTransition',
  EquipmentUnavailable: 'Equipment:NotAvailable',
  DuplicateBarcode: 'Equipment:DuplicateBarcode',
  EquipmentOtherStore: 'Equipment:BelongsToAnotherStore',
  NoOrderLock: 'Equipment:NoLockForOrder',
  InvalidAttributeValue: 'Equipment:InvalidAttributeValue',
  FileNotFound: 'File:NotFound',
  NotEnoughStock: 'SmallEquipment:NotEnoughStock',
  SmallEquipmentNotFound: 'SmallEquipment:NotFound',
  FileTypeNotAllowed: 'File:TypeNotAllowed',
  FileTooLarge: 'File:TooLarge',
  FileMissing: 'File:Missing',
  FileNotYours: 'File:NotYours',
  OrderNotFound: 'Order:NotFound',
  OrderIllegalTransition: 'Order:IllegalStatusTransition',
  OrderOtherStore: 'Order:BelongsToAnotherStore',
  OrderNumbersExhausted: 'Order:NumbersExhausted',
  BillNotFound: 'Bill:NotFound',
  BillAlreadyPaid: 'Bill:AlreadyPaid',
  BillCancelled: 'Bill:Cancelled',
  PaymentMethodUnavailable: 'Payment:MethodUnavailable',
  PaymentChannelUnavailable: 'Payment:ChannelUnavailable',
  PaymentProviderFailed: 'Payment:ProviderFailed',
  PaymentNotFound: 'Payment:NotFound',
  RefundNotPossible: 'Refund:NotPossible',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Markers by which a client recognises a verification-token problem (spec §8, 400/403). */
export const VERIFICATION_TOKEN_COOKIE = 'XSRF-TOKEN';
export const VERIFICATION_TOKEN_HEADER = 'RequestVerificationToken';
