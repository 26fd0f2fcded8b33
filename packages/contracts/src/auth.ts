import { z } from 'zod';
import { MobileNumberSchema } from './phone.js';
import { isRealName, normaliseRealName } from './text.js';
import { singleLineText } from './text-schemas.js';
import { ValidationCode } from './validation-codes.js';

/**
 * Password rules (docs/permissions.md, same as ABP's defaults): 6 to 128 characters with a digit,
 * a lower-case letter, an upper-case letter and a character that is neither.
 */
export const PasswordSchema = z
  .string()
  .min(6, ValidationCode.PasswordTooShort)
  .max(128, ValidationCode.PasswordTooLong)
  .regex(/\d/, ValidationCode.PasswordRequiresDigit)
  .regex(/[a-z]/, ValidationCode.PasswordRequiresLower)
  .regex(/[A-Z]/, ValidationCode.PasswordRequiresUpper)
  .regex(/[^A-Za-z0-9]/, ValidationCode.PasswordRequiresNonAlphanumeric);

/** SMS verification codes: 6 digits, valid 5 minutes, 5 tries, one send per number per minute. */
export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_PATTERN = /^\d{6}$/;

const SmsCodeSchema = z.string().trim().regex(SMS_CODE_PATTERN, ValidationCode.InvalidSmsCode);

export const LoginInputSchema = z.object({
  userNameOrEmailAddress: singleLineText({ max: 256, required: ValidationCode.UserNameRequired }),
  password: z.string().min(1).max(128),
  rememberMe: z.boolean().default(false),
  /**
   * The second factor of an account locked for this client (LoginLockData): the code texted to
   * the account's phone (`POST /api/app/account/login/send-sms-code`).
   */
  smsCode: SmsCodeSchema.optional(),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;
/** What a caller sends (remember-me may be left out: it defaults to false). */
export type LoginRequest = z.input<typeof LoginInputSchema>;

/**
 * The `data` of a LoginThrottled answer. Too many failed sign-ins lock an account for clients it
 * never signed in on; `secondFactor: 'sms'` says the password with a code texted to the
 * account's phone (shown masked, e.g. 138****8000) still signs in.
 */
export interface LoginLockData {
  retryAfterSeconds: number;
  secondFactor?: 'sms';
  maskedPhone?: string;
}

/** Asks for the second factor's code, texted to the phone on file of the account named. */
export const LoginSmsCodeInputSchema = z.object({
  userNameOrEmailAddress: singleLineText({ max: 256, required: ValidationCode.UserNameRequired }),
});
export type LoginSmsCodeInput = z.infer<typeof LoginSmsCodeInputSchema>;

/** Mainland as 11 digits, any other country in E.164 (see phone.ts). */
const PhoneNumberSchema = MobileNumberSchema;

export const SendSmsCodeInputSchema = z.object({ phoneNumber: PhoneNumberSchema });
export type SendSmsCodeInput = z.infer<typeof SendSmsCodeInputSchema>;
export const SmsCodeSentSchema = z.object({
  /** Seconds before another code may be asked for this number. */
  resendAfterSeconds: z.number().int(),
  /** Seconds the code stays valid. */
  validSeconds: z.number().int(),
  /** The code itself, only from the sandbox provider (the embedded demo): shown in its tag. */
  sandboxCode: z.string().nullable(),
});
export type SmsCodeSent = z.infer<typeof SmsCodeSentSchema>;

/** A real name (text.ts), stored as `normaliseRealName` gives it. */
export const RealNameSchema = z
  .string()
  .transform(normaliseRealName)
  .refine(isRealName, ValidationCode.InvalidRealName);

export const PhoneLoginInputSchema = z.object({
  phoneNumber: PhoneNumberSchema,
  realName: RealNameSchema,
  /** The SMS verification code sent to the number (proves the caller holds the phone). */
  code: SmsCodeSchema,
  weChatOpenId: z.string().trim().max(128).optional().nullable(),
});
export type PhoneLoginInput = z.infer<typeof PhoneLoginInputSchema>;

export const RefreshTokenInputSchema = z.object({ refreshToken: z.string().min(1).max(512) });
export const LogoutInputSchema = z
  .object({ refreshToken: z.string().max(512).optional() })
  .optional();
export const ChangePasswordInputSchema = z.object({
  currentPassword: z.string().max(128).default(''),
  newPassword: PasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;

/** User profile of spec §3. */
export const UserProfileSchema = z.object({
  id: z.string(),
  userName: z.string(),
  name: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  emailConfirmed: z.boolean(),
  phoneNumber: z.string().nullable(),
  phoneNumberConfirmed: z.boolean(),
  roles: z.array(z.string()),
  roleDisplayNames: z.array(z.string()),
  permissions: z.array(z.string()),
  avatar: z.string(),
  realName: z.string(),
  isActive: z.boolean(),
  creationTime: z.string(),
  lastModificationTime: z.string().nullable(),
  weChatOpenId: z.string().nullable(),
  weChatUnionId: z.string().nullable(),
  isWeChatBound: z.boolean(),
  primaryStoreId: z.string().nullable(),
  storeName: z.string().nullable(),
  userType: z.number().int(),
  /** Whether the account has a password (phone and WeChat customers may not). */
  hasPassword: z.boolean(),
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

/** Auth data of spec §3. */
export const AuthResultSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int(),
  tokenType: z.literal('Bearer'),
  user: UserProfileSchema,
});
export type AuthResult = z.infer<typeof AuthResultSchema>;

export const DEFAULT_TOKEN_LIFETIME_SECONDS = 86400;

/** WeChat user info of spec §3 (defaults: sex 0, empty texts). */
export const WeChatUserInfoSchema = z.object({
  openId: z.string(),
  unionId: z.string().default(''),
  nickName: z.string().default(''),
  headImgUrl: z.string().default(''),
  sex: z.number().int().default(0),
  province: z.string().default(''),
  city: z.string().default(''),
  country: z.string().default(''),
});
export type WeChatUserInfo = z.infer<typeof WeChatUserInfoSchema>;

/** The server issues the OAuth state (and ties it to the browser); a state sent here is ignored. */
export const WeChatAuthUrlInputSchema = z.object({
  redirectUri: z.url(),
  scope: z.enum(['snsapi_userinfo', 'snsapi_base']).default('snsapi_userinfo'),
});
/** The state WeChat returned with the code: the one wechat-auth-url gave this browser. */
const WeChatStateSchema = z.string().min(1).max(128);
export const WeChatLoginInputSchema = z.object({
  code: z.string().min(1).max(512),
  state: WeChatStateSchema,
  userType: z.number().int().min(1).max(2).optional().default(1),
});
export const AnonymousWeChatInfoInputSchema = z.object({
  code: z.string().min(1).max(512),
  state: WeChatStateSchema,
});
export const WeChatLoginResultSchema = z.union([
  AuthResultSchema.extend({ requireBinding: z.literal(false) }),
  z.object({
    requireBinding: z.literal(true),
    openId: z.string(),
    weChatUserInfo: WeChatUserInfoSchema,
  }),
]);
export type WeChatLoginResult = z.infer<typeof WeChatLoginResultSchema>;

export const BindWeChatInputSchema = z.object({
  openId: z.string().min(1).max(128),
  weChatUserInfo: WeChatUserInfoSchema.partial().optional(),
});

export const JsSdkConfigInputSchema = z.object({ url: z.url() });
export const JsSdkConfigSchema = z.object({
  appId: z.string(),
  timestamp: z.number().int(),
  nonceStr: z.string(),
  signature: z.string(),
  jsApiList: z.array(z.string()),
});
export type JsSdkConfig = z.infer<typeof JsSdkConfigSchema>;

/** `setting.values` key of the application configuration: 'true' when WeChat sign-in is set up. */
export const WECHAT_LOGIN_SETTING = 'SnowGearSmartStore.WeChat.LoginEnabled';
/** 'true' when SMS codes can be sent (phone sign-in works). */
export const SMS_ENABLED_SETTING = 'SnowGearSmartStore.Sms.Enabled';
/** 'true' when the SMS provider is the sandbox (codes are shown, not texted). */
export const SMS_SANDBOX_SETTING = 'SnowGearSmartStore.Sms.Sandbox';
