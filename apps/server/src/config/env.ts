import { z } from 'zod';

/**
 * Every setting the server reads, validated once at start-up. Nothing else reads process.env.
 * Documented for operators in `.env.example`.
 */
const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

export const SettingsSchema = z.object({
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** PostgreSQL connection string. Empty: embedded PGlite in DATA_DIR/db. */
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
      message: 'must start with postgres:// or postgresql://',
    }),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Folder of the built web app; empty disables serving it. */
  WEB_DIST_DIR: z.string().default(''),
  /** Load demo data into an empty database at start-up. */
  SEED_DEMO_DATA: booleanText.default(true),
  /** Mark cookies Secure (set when served over HTTPS). */
  COOKIE_SECURE: booleanText.default(false),
  /** Cookie domain for the verification cookie when the API is on api.<host> (e.g. example.com). */
  COOKIE_DOMAIN: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  /**
   * Signs verification tokens and sessions. Required with DATABASE_URL (every server process must
   * share it); the embedded mode creates one in DATA_DIR/app-secret when unset.
   */
  APP_SECRET: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= 32, {
      message: 'must be at least 32 characters',
    }),
  /** Trust X-Forwarded-* headers from a reverse proxy. */
  TRUST_PROXY: booleanText.default(false),
  /** Comma-separated origins allowed to call the API cross-origin (the api.<host> set-up). */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ message: 'each CORS origin must be a URL' }))),
  /** Time zone the business runs in (store hours, order numbers). */
  BUSINESS_TIME_ZONE: z.string().default('Asia/Shanghai'),
  /** Requests per minute per address before 429. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Access token lifetime (`expiresIn`) in seconds. */
  ACCESS_TOKEN_LIFETIME_SECONDS: z.coerce.number().int().min(60).max(604800).default(86400),
  /** Refresh token lifetime in days with 'remember me'; without it, one day. */
  REFRESH_TOKEN_LIFETIME_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Failed sign-ins per account and per address within the window before 429. */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /** WeChat Official Account credentials; without both, WeChat sign-in and scan are off. */
  WECHAT_APP_ID: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  WECHAT_APP_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** WeChat's API (code exchange, user info, access token, jsapi ticket). */
  WECHAT_API_BASE_URL: z.url().default('https://api.weixin.qq.com'),
  /** WeChat's OAuth authorize page the browser is sent to. */
  WECHAT_AUTHORIZE_URL: z.url().default('https://open.weixin.qq.com/connect/oauth2/authorize'),
  /** Folder for uploaded files (embedded store). Default: DATA_DIR/files. */
  FILES_DIR: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** Largest accepted upload in bytes. */
  FILE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  /**
   * S3-compatible store for uploaded files (AWS S3, MinIO, Aliyun OSS, Tencent COS ...). Setting
   * S3_BUCKET switches from the local folder to the bucket; the bucket must already exist.
   */
  S3_BUCKET: optionalText,
  /** Service URL for a non-AWS service; unset: AWS S3 in S3_REGION. */
  S3_ENDPOINT: optionalText.pipe(
    z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' }).optional(),
  ),
  /** Region requests are signed for; most S3-compatible services accept the default. */
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** Credentials, from the environment only; both required with S3_BUCKET. */
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Bucket in the path (`endpoint/bucket/key`). Default: true with S3_ENDPOINT, false without. */
  S3_FORCE_PATH_STYLE: booleanText.optional(),
  /** Folder-like prefix for every object key, e.g. `snowgear/files`. */
  S3_KEY_PREFIX: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/?$/, {
        message: "letters, digits, '.', '_' and '-' in parts separated by '/'",
      })
      .optional(),
  ),
  /**
   * Public address of this server (e.g. https://rent.example.com), used in the notification and
   * return URLs given to payment providers. Unset: the address the request came in on (fine
   * locally and for the sandbox; required with WeChat Pay or Alipay).
   */
  PUBLIC_BASE_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' }).optional(),
  ),
  /**
   * The sandbox cashier (a labelled test page with pay / fail buttons) serves WeChat Pay and
   * Alipay while their real credentials are not set. Switch off in production.
   */
  PAYMENT_SANDBOX: booleanText.default(true),
  /** WeChat Pay API v3 merchant. Setting WECHATPAY_MCH_ID switches WeChat Pay from the sandbox. */
  WECHATPAY_MCH_ID: optionalText,
  /** The app id payments are made in; default WECHAT_APP_ID. */
  WECHATPAY_APP_ID: optionalText,
  /** Serial number of the merchant API certificate, and its private key (PEM; `\n` allowed). */
  WECHATPAY_MERCHANT_SERIAL_NO: optionalText,
  WECHATPAY_MERCHANT_PRIVATE_KEY: optionalText.transform(pemText),
  /** The API v3 key that notifications are encrypted with (32 characters). */
  WECHATPAY_API_V3_KEY: optionalText,
  /** WeChat Pay platform certificate serial (or public-key id) and its public key (PEM). */
  WECHATPAY_PLATFORM_SERIAL: optionalText,
  WECHATPAY_PLATFORM_PUBLIC_KEY: optionalText.transform(pemText),
  WECHATPAY_BASE_URL: z.url().default('https://api.mch.weixin.qq.com'),
  /** Alipay open platform app. Setting ALIPAY_APP_ID switches Alipay from the sandbox. */
  ALIPAY_APP_ID: optionalText,
  /** The app's private key and Alipay's public key (PEM; `\n` allowed). */
  ALIPAY_PRIVATE_KEY: optionalText.transform(pemText),
  ALIPAY_PUBLIC_KEY: optionalText.transform(pemText),
  ALIPAY_GATEWAY: z.url().default('https://openapi.alipay.com/gateway.do'),
  /** Milliseconds to finish open requests on SIGTERM before forcing exit. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
});
export type Settings = z.infer<typeof SettingsSchema>;

/** PEM keys often arrive in one line with `\n` escapes (container environments). */
function pemText(value: string | undefined) {
  return value?.replace(/\\n/g, '\n');
}

const WECHATPAY_REQUIRED = [
  'WECHATPAY_MERCHANT_SERIAL_NO',
  'WECHATPAY_MERCHANT_PRIVATE_KEY',
  'WECHATPAY_API_V3_KEY',
  'WECHATPAY_PLATFORM_SERIAL',
  'WECHATPAY_PLATFORM_PUBLIC_KEY',
  'PUBLIC_BASE_URL',
] as const;
const ALIPAY_REQUIRED = ['ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY', 'PUBLIC_BASE_URL'] as const;

/** Settings that only make sense together: each missing one named. */
function missingTogether(s: Settings): string[] {
  const missing: string[] = [];
  for (const name of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
    if (s.S3_BUCKET && !s[name]) missing.push(`${name}: required when S3_BUCKET is set`);
  }
  if (s.WECHATPAY_MCH_ID) {
    for (const name of WECHATPAY_REQUIRED) {
      if (!s[name]) missing.push(`${name}: required when WECHATPAY_MCH_ID is set`);
    }
    if (!s.WECHATPAY_APP_ID && !s.WECHAT_APP_ID) {
      missing.push('WECHATPAY_APP_ID: required when WECHATPAY_MCH_ID is set (or WECHAT_APP_ID)');
    }
    if (s.WECHATPAY_API_V3_KEY && s.WECHATPAY_API_V3_KEY.length !== 32) {
      missing.push('WECHATPAY_API_V3_KEY: must be 32 characters');
    }
  }
  if (s.ALIPAY_APP_ID) {
    for (const name of ALIPAY_REQUIRED) {
      if (!s[name]) missing.push(`${name}: required when ALIPAY_APP_ID is set`);
    }
  }
  return missing;
}

export class SettingsError extends Error {}

/** Parses settings; a bad value throws one message listing every problem by variable name. */
export function loadSettings(source: Record<string, string | undefined>): Settings {
  const result = SettingsSchema.safeParse(source);
  if (result.success) {
    if (result.data.DATABASE_URL && !result.data.APP_SECRET) {
      throw new SettingsError(
        'Invalid settings, start-up stopped:\n  APP_SECRET: required when DATABASE_URL is set ' +
          '(all server processes must share it; at least 32 characters)',
      );
    }
    const missing = missingTogether(result.data);
    if (missing.length > 0) {
      throw new SettingsError(
        'Invalid settings, start-up stopped:\n' + missing.map((line) => `  ${line}`).join('\n'),
      );
    }
    return result.data;
  }
  const lines = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(settings)';
    return `  ${name}: ${issue.message} (got ${JSON.stringify(source[String(issue.path[0])])})`;
  });
  throw new SettingsError(`Invalid settings, start-up stopped:\n${lines.join('\n')}`);
}
