import { z } from 'zod';
import { PasswordSchema } from '@snowgear/contracts';

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

/** A provider's base address: only its origin is used. */
const httpUrl = z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' });
/** A variable name in an SMS template, as `${code}` has `code`. */
const templateVariable = z
  .string()
  .trim()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, {
    message: 'letters, digits and _, not starting with a digit',
  });

/** What an order reminder can put in a WeChat template keyword (docs/notifications.md). */
export const REMINDER_FIELDS = ['order', 'store', 'time', 'note'] as const;
export type ReminderField = (typeof REMINDER_FIELDS)[number];
const REMINDER_DATA_PAIR = new RegExp(
  `^\\s*[a-z_]+\\d+\\s*=\\s*(${REMINDER_FIELDS.join('|')})\\s*$`,
);
/**
 * Which keyword of a WeChat subscription template gets which reminder field, as
 * `thing2=store,time3=time`. WeChat fixes a template's keywords when it is chosen.
 */
const weChatTemplateData = optionalText.pipe(
  z
    .string()
    .default('character_string1=order,thing2=store,time3=time,thing4=note')
    .refine((v) => v.split(',').every((pair) => REMINDER_DATA_PAIR.test(pair)), {
      message: `comma-separated keyword=field pairs, each field one of ${REMINDER_FIELDS.join(', ')} (e.g. thing2=store)`,
    })
    .transform((v): Record<string, ReminderField> =>
      Object.fromEntries(
        v
          .split(',')
          .map((pair) => pair.split('=').map((part) => part.trim()) as [string, ReminderField]),
      ),
    ),
);

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
  /**
   * Redis (redis:// or rediss://, e.g. redis://:password@redis:6379/0). With it, the API's rate
   * limits are counted exactly across every server process and cache invalidation travels on
   * its pub/sub; without it, PostgreSQL carries both (the embedded database needs neither).
   */
  REDIS_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^rediss?:\/\//.test(v), {
      message: 'must start with redis:// or rediss://',
    }),
  /** Most PostgreSQL connections this process holds (each server process has its own pool). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  /**
   * Milliseconds a request waits for a PostgreSQL connection (a new one, or a free one from a busy
   * pool) before it is answered 503 instead of hanging while the database is away.
   */
  DATABASE_CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /**
   * Milliseconds one SQL statement may run, waits for locks included, before PostgreSQL cancels
   * it (the request gets 503); 0: no limit of its own (PostgreSQL's setting applies). Migrations
   * are not limited.
   */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  /**
   * Milliseconds this process waits for PostgreSQL's answer to one SQL statement before it gives
   * up on it and drops the connection (the request gets 503): the bound when the network path to
   * the database stalls silently and PostgreSQL's own time-out can neither be heard nor sent.
   * 0: no limit. Keep it at least the statement time-out. Migrations are not limited.
   */
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  /**
   * The embedded database's page cache in MB (PostgreSQL's shared_buffers). The operating system
   * caches the database's files as well, so a small cache costs little speed and keeps the server
   * small; more helps only a large business on the embedded database. Not used with DATABASE_URL.
   */
  EMBEDDED_DB_BUFFERS_MB: z.coerce.number().int().min(1).max(4096).default(16),
  DATA_DIR: z.string().min(1).default('./data'),
  /**
   * HTTPS with the operator's certificate and key (PEM files), for a store's own server on its
   * LAN: phones' cameras need a secure page. Both or neither.
   */
  TLS_CERT_FILE: optionalText,
  TLS_KEY_FILE: optionalText,
  /**
   * HTTPS with a certificate made at first start for this machine's names and LAN addresses (kept
   * in DATA_DIR/tls; its fingerprint is printed, to check on each phone before trusting it).
   */
  TLS_SELF_SIGNED: booleanText.default(false),
  /** Folder of the built web app; empty disables serving it. */
  WEB_DIST_DIR: z.string().default(''),
  /** Load demo data into an empty database at start-up. */
  SEED_DEMO_DATA: booleanText.default(true),
  /**
   * With the demo data, its Chongli rate cards, the winter's seasons and the early-booking
   * discount (docs/pricing.md). Off, the demo's gear costs its daily price whatever the day: the
   * web page tests' server, whose figures must not depend on the day they run.
   */
  SEED_DEMO_PRICING: booleanText.default(true),
  /**
   * A real business's first start (SEED_DEMO_DATA=false, empty database): the super
   * administrator made once, with this user name and password (the app's password rules); it is
   * read only while the database is empty, and the password is changed in the app afterwards.
   */
  ADMIN_USER_NAME: z
    .string()
    .trim()
    .min(2)
    .max(64)
    .regex(/^[A-Za-z0-9._@-]+$/)
    .default('admin'),
  ADMIN_PASSWORD: optionalText.pipe(PasswordSchema.optional()),
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
  /**
   * Which reverse proxies to believe about the client's address (X-Forwarded-For), which rate
   * limits and sign-in throttles key on: `false` (no proxy; the default), the proxies' addresses
   * or subnets (`127.0.0.1,10.0.0.0/8`), or how many proxies stand in front (`1`). `true` trusts
   * any sender: only when nothing can reach the server but the proxy.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((v): boolean | number | string[] => {
      const lower = v.toLowerCase();
      if (['false', '0', 'no', ''].includes(lower)) return false;
      if (['true', 'yes'].includes(lower)) return true;
      if (/^\d+$/.test(v)) return Number(v);
      return v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    })
    .refine(
      (v) =>
        !Array.isArray(v) ||
        v.every(
          (p) =>
            /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(p) ||
            ['loopback', 'linklocal', 'uniquelocal'].includes(p),
        ),
      { message: 'true, false, a number of proxies, or comma-separated addresses / subnets' },
    ),
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
  /** API requests per minute per signed-in user before 429 (static files are never limited). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /**
   * API requests per minute per browser from callers not signed in (a browser is known by its
   * signed verification cookie, so the people behind a resort's Wi-Fi or a carrier's NAT each
   * have their own). Past it a call needs a solved proof of work, never a wait.
   */
  RATE_LIMIT_ANONYMOUS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /**
   * API requests per minute per client address from callers that bring no verification cookie
   * (scripts; the web app has one after its first calls): low, past it a proof of work.
   */
  RATE_LIMIT_WITHOUT_BROWSER_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /**
   * All anonymous API requests per minute from one client address, whatever browser they name:
   * far above what hundreds of people behind one address make (20 times the per-browser limit),
   * so that only a script minting cookies meets it; past it, a proof of work.
   */
  RATE_LIMIT_ANONYMOUS_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).default(2400),
  /**
   * How much work a proof of work asks: the largest counter an ALTCHA challenge hides, drawn
   * evenly from 0 to it (difficulty / 2 + 1 tries on average). Each try costs PROOF_OF_WORK_COST
   * rounds of PBKDF2; at the defaults about half a second to a second in a phone's workers
   * (docs/permissions.md, `npm run bench:pow`).
   */
  PROOF_OF_WORK_DIFFICULTY: z.coerce.number().int().min(1).max(1_000_000).default(3000),
  PROOF_OF_WORK_COST: z.coerce.number().int().min(1).max(100_000).default(500),
  /**
   * Sign-in attempts (password, phone, token refresh, password change) per minute per client
   * address: a burst cap that lets a whole store sign in at the start of a shift.
   */
  RATE_LIMIT_SIGN_IN_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /**
   * The token Prometheus sends (`Authorization: Bearer …`) to read `/metrics`; without it the
   * figures are not served.
   */
  METRICS_TOKEN: optionalText.pipe(z.string().min(24).optional()),
  /**
   * Seconds between the sweeps of orders: unpaid ones past their store's timeout cancelled,
   * pending ones past their start cancelled, delivered rentals started, refunds followed and
   * reminders sent. Every process sweeps; each order is handled once whichever does.
   */
  ORDER_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Access token lifetime (`expiresIn`) in seconds. */
  ACCESS_TOKEN_LIFETIME_SECONDS: z.coerce.number().int().min(60).max(604800).default(86400),
  /**
   * Seconds a server process remembers who an access token stands for, sparing every signed-in
   * request its lookup. Sign-outs and changes made through this process count at once; with
   * several processes, one made elsewhere counts after this long at most. 0 turns it off.
   */
  SIGNED_IN_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  /**
   * Seconds a server process keeps the client configuration it assembled. Changes made through
   * this process count at once; with several processes, one made elsewhere after this long.
   */
  CONFIG_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Refresh token lifetime in days with 'remember me'; without it, one day. */
  REFRESH_TOKEN_LIFETIME_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /**
   * Failed sign-ins per account (from devices it never signed in on) and per device it did, within
   * the window, before 429.
   */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  /** Failed sign-ins per client address within the window: generous, a store shares one. */
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(100),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /** SMS sign-in codes a day per phone number, whichever store's page asks. */
  SMS_DAILY_LIMIT_PER_NUMBER: z.coerce.number().int().min(1).default(10),
  /**
   * SMS codes an hour and a day per client address before each further one needs a solved proof
   * of work (never a refusal: a resort's guests share one address).
   */
  SMS_HOURLY_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(5),
  SMS_DAILY_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(200),
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
  /**
   * Addresses WeChat sign-in may return to besides PUBLIC_BASE_URL (comma-separated, e.g. the web
   * app's own host in the api.<host> set-up). Any other redirectUri is refused, so nobody can
   * have this Official Account's authorize page send a code to their site. Without
   * PUBLIC_BASE_URL (the embedded demo), the address the request came to is allowed too.
   */
  WECHAT_REDIRECT_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim().replace(/\/+$/, ''))
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.url({
          protocol: /^https?$/,
          message: 'each WeChat redirect address must be an http:// or https:// URL',
        }),
      ),
    ),
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
   * Most pixels an uploaded image may have (width × height), checked from its header before
   * anything is decoded. A 48-megapixel phone photo fits the default; a small file announcing
   * hundreds of megapixels would hold a core and gigabytes of memory.
   */
  FILE_MAX_PIXELS: z.coerce.number().int().min(1_000_000).default(50_000_000),
  /** Images decoded at the same time in one server process; the others wait their turn. */
  FILE_IMAGE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** Uploads one signed-in user may start per minute (per user: a store's phones share an address). */
  FILE_UPLOADS_PER_USER_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Uploads one signed-in user may have under way at once in one server process. */
  FILE_UPLOADS_IN_PROGRESS_PER_USER: z.coerce.number().int().min(1).default(3),
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
   * Public address of this server (e.g. https://rent.example.com): the base of every link and
   * redirect the server makes (the cashier, the return after paying, providers' notification
   * URLs), never the request's Host header, which anyone can forge. Required with DATABASE_URL,
   * WeChat Pay or Alipay; unset in the embedded demo, links are relative to this server.
   */
  PUBLIC_BASE_URL: optionalText
    .pipe(z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' }).optional())
    .transform((v) => v?.replace(/\/+$/, '')),
  /**
   * The sandbox cashier (a labelled test page with pay / fail buttons) serves WeChat Pay and
   * Alipay while their real credentials are not set. Default: on in the embedded demo, off with
   * DATABASE_URL (production) unless set to true explicitly.
   */
  PAYMENT_SANDBOX: booleanText.optional(),
  /**
   * The sandbox SMS provider: verification codes are shown on the sign-in page and in the log
   * instead of being texted. Default: on in the embedded demo, off with DATABASE_URL unless set
   * to true explicitly.
   */
  SMS_SANDBOX: booleanText.optional(),
  /**
   * The sandbox outbox for order reminders: a reminder no real channel carries is written to the
   * log and the order's timeline as sent by the sandbox, and reaches nobody. Default: on in the
   * embedded demo, off with DATABASE_URL unless set to true explicitly.
   */
  NOTIFICATION_SANDBOX: booleanText.optional(),
  /**
   * Order reminders by SMS (docs/notifications.md): the approved template of the configured
   * provider (Aliyun TemplateCode or Tencent TemplateId) for each reminder; unset, that reminder
   * is not texted. Variables: order, store, time (Tencent: {1} {2} {3}).
   */
  SMS_TEMPLATE_PICKUP_TOMORROW: optionalText,
  SMS_TEMPLATE_RETURN_TODAY: optionalText,
  SMS_TEMPLATE_OVERDUE: optionalText,
  /** A money approval waiting, texted to the store's managers: order, store, time, note. */
  SMS_TEMPLATE_APPROVAL_WAITING: optionalText,
  /**
   * Order reminders as WeChat subscription notifications to customers with WeChat bound: the
   * template id for each reminder (unset: not sent by WeChat), and which template keyword gets
   * which field.
   */
  WECHAT_TEMPLATE_PICKUP_TOMORROW: optionalText,
  WECHAT_TEMPLATE_PICKUP_TOMORROW_DATA: weChatTemplateData,
  WECHAT_TEMPLATE_RETURN_TODAY: optionalText,
  WECHAT_TEMPLATE_RETURN_TODAY_DATA: weChatTemplateData,
  WECHAT_TEMPLATE_OVERDUE: optionalText,
  WECHAT_TEMPLATE_OVERDUE_DATA: weChatTemplateData,
  /** A money approval waiting, to the store's managers who bound WeChat. */
  WECHAT_TEMPLATE_APPROVAL_WAITING: optionalText,
  WECHAT_TEMPLATE_APPROVAL_WAITING_DATA: weChatTemplateData,
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
  /**
   * Aliyun SMS (dysmsapi). Setting ALIYUN_SMS_ACCESS_KEY_ID texts verification codes through
   * Aliyun; the secret, sign name and template code are then required.
   */
  ALIYUN_SMS_ACCESS_KEY_ID: optionalText,
  ALIYUN_SMS_ACCESS_KEY_SECRET: optionalText,
  /** The approved signature, e.g. 雪具租赁. */
  ALIYUN_SMS_SIGN_NAME: optionalText,
  /** The approved verification-code template, e.g. SMS_123456789. */
  ALIYUN_SMS_TEMPLATE_CODE: optionalText,
  /**
   * The approved international/HK-Macao-Taiwan verification-code template, with the same
   * variables; unset: codes go to mainland numbers only.
   */
  ALIYUN_SMS_INTERNATIONAL_TEMPLATE_CODE: optionalText,
  /** The template's variable for the code: `${code}` by default. */
  ALIYUN_SMS_CODE_VARIABLE: optionalText.pipe(templateVariable.default('code')),
  /** The template's variable for the minutes the code stays valid, if it has one. */
  ALIYUN_SMS_MINUTES_VARIABLE: optionalText.pipe(templateVariable.optional()),
  ALIYUN_SMS_ENDPOINT: httpUrl.default('https://dysmsapi.aliyuncs.com'),
  /**
   * Tencent Cloud SMS. Setting TENCENT_SMS_SECRET_ID texts verification codes through Tencent;
   * the secret key, SDK app id, sign name and template id are then required.
   */
  TENCENT_SMS_SECRET_ID: optionalText,
  TENCENT_SMS_SECRET_KEY: optionalText,
  /** The SMS application's SdkAppId, e.g. 1400006666. */
  TENCENT_SMS_SDK_APP_ID: optionalText,
  TENCENT_SMS_SIGN_NAME: optionalText,
  /** The approved verification-code template's id: {1} is the code. */
  TENCENT_SMS_TEMPLATE_ID: optionalText,
  /**
   * The approved international/HK-Macao-Taiwan verification-code template's id, with the same
   * variables; unset: codes go to mainland numbers only.
   */
  TENCENT_SMS_INTERNATIONAL_TEMPLATE_ID: optionalText,
  /** The approved international signature, if any (international texts may go without). */
  TENCENT_SMS_INTERNATIONAL_SIGN_NAME: optionalText,
  /** The template has {2} for the minutes the code stays valid. */
  TENCENT_SMS_TEMPLATE_WITH_MINUTES: booleanText.default(false),
  TENCENT_SMS_REGION: z.string().trim().min(1).default('ap-guangzhou'),
  TENCENT_SMS_ENDPOINT: httpUrl.default('https://sms.tencentcloudapi.com'),
  /** Milliseconds to finish open requests on SIGTERM before forcing exit. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
});
type ParsedSettings = z.infer<typeof SettingsSchema>;
/** The settings with the defaults that depend on other settings resolved. */
export type Settings = Omit<
  ParsedSettings,
  'PAYMENT_SANDBOX' | 'SMS_SANDBOX' | 'NOTIFICATION_SANDBOX'
> & {
  PAYMENT_SANDBOX: boolean;
  SMS_SANDBOX: boolean;
  NOTIFICATION_SANDBOX: boolean;
};

/** Sandboxes (test stand-ins for outside parties) are on in the embedded demo only, unless asked for. */
function resolveDefaults(parsed: ParsedSettings): Settings {
  const embedded = !parsed.DATABASE_URL;
  return {
    ...parsed,
    PAYMENT_SANDBOX: parsed.PAYMENT_SANDBOX ?? embedded,
    SMS_SANDBOX: parsed.SMS_SANDBOX ?? embedded,
    NOTIFICATION_SANDBOX: parsed.NOTIFICATION_SANDBOX ?? embedded,
  };
}

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
const ALIYUN_SMS_REQUIRED = [
  'ALIYUN_SMS_ACCESS_KEY_SECRET',
  'ALIYUN_SMS_SIGN_NAME',
  'ALIYUN_SMS_TEMPLATE_CODE',
] as const;
const TENCENT_SMS_REQUIRED = [
  'TENCENT_SMS_SECRET_KEY',
  'TENCENT_SMS_SDK_APP_ID',
  'TENCENT_SMS_SIGN_NAME',
  'TENCENT_SMS_TEMPLATE_ID',
] as const;

type RequiredText = (typeof ALIYUN_SMS_REQUIRED)[number] | (typeof TENCENT_SMS_REQUIRED)[number];

/**
 * An SMS provider is chosen by one setting and needs all of the others: each one missing is named,
 * and so is the choosing setting when only the others are given (a half-done set-up would
 * otherwise fall back to the sandbox, or to no SMS, without a word).
 */
function missingForSms(
  s: Settings,
  chooser: 'ALIYUN_SMS_ACCESS_KEY_ID' | 'TENCENT_SMS_SECRET_ID',
  required: readonly RequiredText[],
): string[] {
  if (s[chooser])
    return required
      .filter((name) => !s[name])
      .map((name) => `${name}: required when ${chooser} is set`);
  const given = required.filter((name) => s[name]);
  if (given.length === 0) return [];
  return [`${chooser}: required when ${given.join(', ')} ${given.length > 1 ? 'are' : 'is'} set`];
}

/** Settings that only make sense together: each missing one named. */
function missingTogether(s: Settings): string[] {
  const missing: string[] = [];
  if (s.DATABASE_URL && !s.APP_SECRET) {
    missing.push(
      'APP_SECRET: required when DATABASE_URL is set (all server processes must share it; at least 32 characters)',
    );
  }
  if (s.DATABASE_URL && !s.PUBLIC_BASE_URL) {
    missing.push(
      'PUBLIC_BASE_URL: required when DATABASE_URL is set (the address customers reach this server at, e.g. https://rent.example.com; links and redirects are built from it)',
    );
  }
  if (Boolean(s.TLS_CERT_FILE) !== Boolean(s.TLS_KEY_FILE)) {
    missing.push(
      s.TLS_CERT_FILE
        ? 'TLS_KEY_FILE: required when TLS_CERT_FILE is set'
        : 'TLS_CERT_FILE: required when TLS_KEY_FILE is set',
    );
  }
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
  missing.push(...missingForSms(s, 'ALIYUN_SMS_ACCESS_KEY_ID', ALIYUN_SMS_REQUIRED));
  missing.push(...missingForSms(s, 'TENCENT_SMS_SECRET_ID', TENCENT_SMS_REQUIRED));
  // A reminder template without its channel would be silently unused.
  for (const name of [
    'SMS_TEMPLATE_PICKUP_TOMORROW',
    'SMS_TEMPLATE_RETURN_TODAY',
    'SMS_TEMPLATE_OVERDUE',
    'SMS_TEMPLATE_APPROVAL_WAITING',
  ] as const) {
    if (s[name] && !s.ALIYUN_SMS_ACCESS_KEY_ID && !s.TENCENT_SMS_SECRET_ID) {
      missing.push(
        `ALIYUN_SMS_ACCESS_KEY_ID or TENCENT_SMS_SECRET_ID: required when ${name} is set`,
      );
    }
  }
  for (const name of [
    'WECHAT_TEMPLATE_PICKUP_TOMORROW',
    'WECHAT_TEMPLATE_RETURN_TODAY',
    'WECHAT_TEMPLATE_OVERDUE',
    'WECHAT_TEMPLATE_APPROVAL_WAITING',
  ] as const) {
    if (s[name] && !(s.WECHAT_APP_ID && s.WECHAT_APP_SECRET)) {
      missing.push(`WECHAT_APP_ID, WECHAT_APP_SECRET: required when ${name} is set`);
    }
  }
  if (s.ALIYUN_SMS_ACCESS_KEY_ID && s.TENCENT_SMS_SECRET_ID) {
    missing.push(
      'ALIYUN_SMS_ACCESS_KEY_ID, TENCENT_SMS_SECRET_ID: both set; set one, for the SMS provider to use',
    );
  }
  return missing;
}

export class SettingsError extends Error {}

/** Parses settings; a bad value throws one message listing every problem by variable name. */
/** Settings whose values never appear in a message (start-up output ends up in logs). */
const SECRET_NAME = /SECRET|PASSWORD|TOKEN|PRIVATE_KEY|_KEY$/;

export function loadSettings(source: Record<string, string | undefined>): Settings {
  const result = SettingsSchema.safeParse(source);
  if (result.success) {
    const settings = resolveDefaults(result.data);
    const missing = missingTogether(settings);
    if (missing.length > 0) {
      throw new SettingsError(
        'Invalid settings, start-up stopped:\n' + missing.map((line) => `  ${line}`).join('\n'),
      );
    }
    return settings;
  }
  const lines = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(settings)';
    const given = SECRET_NAME.test(name)
      ? 'value not shown'
      : `got ${JSON.stringify(source[String(issue.path[0])])}`;
    return `  ${name}: ${issue.message} (${given})`;
  });
  throw new SettingsError(`Invalid settings, start-up stopped:\n${lines.join('\n')}`);
}
