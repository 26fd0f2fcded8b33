import { adminRoutes } from '@/modules/admin/index.js';
import { auditRoutes } from '@/modules/audit/index.js';
import { catalogueRoutes } from '@/modules/catalogue/index.js';
import { rateCardRoutes } from '@/modules/rate-cards/index.js';
import { rentalPackRoutes } from '@/modules/rental-packs/index.js';
import { roleRoutes } from '@/modules/roles/index.js';
import { storeDashboardRoutes } from '@/modules/store-dashboard/index.js';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ErrorCode } from '@snowgear/contracts';
import type { Settings } from '@/config/env.js';
import type { DatabaseHandle } from '@/db/client.js';
import { SignedInUsers } from '@/modules/identity/signed-in-users.js';
import { accessPlugin } from '@/plugins/access.js';
import { canonicalPathPlugin } from '@/plugins/canonical-path.js';
import { idempotencyPlugin } from '@/plugins/idempotency.js';
import { databasePlugin } from '@/plugins/database.js';
import { errorHandlerPlugin, sendError } from '@/plugins/error-handler.js';
import { inputGuardPlugin } from '@/plugins/input-guard.js';
import { openApiPlugin } from '@/plugins/openapi.js';
import { securityPlugin } from '@/plugins/security.js';
import { tenantPlugin } from '@/plugins/tenant.js';
import { authenticationPlugin } from '@/plugins/authentication.js';
import { verificationTokenNonce, verificationTokenPlugin } from '@/plugins/verification-token.js';
import { inlineScriptSources, webAppPlugin } from '@/plugins/web-app.js';
import { abpRoutes } from '@/modules/abp/index.js';
import { accountRoutes } from '@/modules/account/index.js';
import { WeChatClient } from '@/modules/wechat/client.js';
import { weChatRoutes } from '@/modules/wechat/index.js';
import { WeChatRedirects } from '@/modules/wechat/redirects.js';
import { employeeRoutes } from '@/modules/employees/index.js';
import { orderRoutes } from '@/modules/orders/index.js';
import { deliveryRoutes } from '@/modules/deliveries/index.js';
import { agentRoutes } from '@/modules/agents/index.js';
import { bookingRoutes } from '@/modules/booking/index.js';
import { myOrderRoutes } from '@/modules/my-orders/index.js';
import { schemeRoutes } from '@/modules/schemes/index.js';
import { selfCheckinRoutes } from '@/modules/self-checkin/index.js';
import { riderRoutes } from '@/modules/riders/index.js';
import { addressRoutes } from '@/modules/addresses/index.js';
import { orderQrPlugin } from '@/modules/orders/qr.js';
import { paymentRoutes } from '@/modules/payments/index.js';
import { openPaymentProviders } from '@/modules/payments/registry.js';
import { PaymentsService } from '@/modules/payments/service.js';
import { financeRoutes } from '@/modules/finance/index.js';
import {
  cancelUnpaidOrders,
  expirePendingOrders,
  startDeliveredRentals,
} from '@/modules/orders/sweep.js';
import {
  createNotifier,
  sendApprovalNotices,
  sendDueReminders,
} from '@/modules/notifications/index.js';
import { equipmentRoutes } from '@/modules/equipment/index.js';
import { fileRoutes } from '@/modules/files/index.js';
import { FileLinks } from '@/modules/files/signed-links.js';
import { smallEquipmentRoutes } from '@/modules/small-equipment/index.js';
import { FileService, fileLimits } from '@/modules/files/service.js';
import { createFileStore } from '@/file-store/create-store.js';
import { sweepAttemptCounters } from '@/lib/attempt-counters.js';
import { ProofOfWork } from '@/lib/proof-of-work.js';
import { altchaRoutes } from '@/modules/altcha/index.js';
import { VERIFICATION_TOKEN_COOKIE } from '@snowgear/contracts';
import { DeviceCookies } from '@/modules/identity/device-cookies.js';
import { LoginThrottle } from '@/modules/identity/throttle.js';
import { sweepWeChatTickets, WeChatProof } from '@/modules/identity/wechat-proof.js';
import { createSmsProvider, SmsCodes, smsRoutes } from '@/modules/sms/index.js';
import { TokenService } from '@/modules/identity/tokens.js';
import { configDistributionRoutes } from '@/modules/config-distribution/index.js';
import { H5ConfigCache } from '@/modules/config-distribution/config-cache.js';
import { healthRoutes } from '@/modules/health/index.js';
import { metricsPlugin } from '@/modules/metrics/index.js';
import { LocalForgetBus, PgForgetBus, RedisForgetBus, type ForgetBus } from '@/lib/forget-bus.js';
import { openRedis } from '@/lib/redis.js';
import { helpRoutes } from '@/modules/help/index.js';
import { requestForLog } from '@/lib/log-redaction.js';
import { startupWarnings } from '@/startup.js';

export interface AppOptions {
  settings: Settings;
  database: DatabaseHandle;
  /** Signs verification tokens (and, later, sessions). */
  secret: string;
  logger?: FastifyServerOptions['logger'];
  /** Serve HTTPS with this key and certificate (config/tls.ts); plain HTTP without. */
  https?: { key: string; cert: string } | null;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Trust the nearest `hops` proxies (TRUST_PROXY=<number>). */
const hopsOf = (hops: number) => (_address: string, hop: number) => hop < hops;

/** The logger asked for, with request lines that leave the secrets of links out of the log. */
function redactingLogger(logger: AppOptions['logger']): AppOptions['logger'] {
  if (logger === false) return false;
  const base = logger === true || logger === undefined ? {} : logger;
  return { ...base, serializers: { ...base.serializers, req: requestForLog } };
}

/** Builds the whole server without listening; tests drive it with `app.inject()`. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { settings } = options;
  // One instance type for both: an HTTPS server differs only in how it listens.
  const app = Fastify({
    ...(options.https ? { https: options.https } : {}),
    logger: redactingLogger(options.logger ?? { level: settings.LOG_LEVEL }),
    trustProxy:
      typeof settings.TRUST_PROXY === 'number'
        ? hopsOf(settings.TRUST_PROXY)
        : settings.TRUST_PROXY,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // A path that cannot be decoded (`%E0%A4%A`) is refused before any hook runs: in the ABP
    // shape like every other refusal.
    frameworkErrors: (error, _request, reply) => {
      void sendError(reply, 400, { code: ErrorCode.NonCanonicalPath, message: error.message });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Many HTTP clients send `content-type: application/json` on a POST without a body (e.g.
  // confirm-cash-received?billId=): an empty body is no body, anything else is parsed as usual.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') done(null, undefined);
    else void parseJson(request, text, done);
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });

  // Redis, when set: shared rate limits and cache invalidation. Closed after everything else.
  const redis = settings.REDIS_URL
    ? await openRedis(settings.REDIS_URL, (line) => app.log.warn(line))
    : undefined;
  if (redis) {
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  await app.register(errorHandlerPlugin);
  await app.register(canonicalPathPlugin);
  await app.register(inputGuardPlugin);
  await app.register(databasePlugin, { database: options.database });
  await app.register(metricsPlugin, { token: settings.METRICS_TOKEN });
  const proofOfWork = new ProofOfWork(options.secret, {
    difficulty: settings.PROOF_OF_WORK_DIFFICULTY,
    cost: settings.PROOF_OF_WORK_COST,
  });
  await app.register(securityPlugin, {
    corsOrigins: settings.CORS_ORIGINS,
    inlineScripts: inlineScriptSources(settings.WEB_DIST_DIR),
    rateLimit: {
      perUser: settings.RATE_LIMIT_PER_MINUTE,
      perAnonymousBrowser: settings.RATE_LIMIT_ANONYMOUS_PER_MINUTE,
      perAddressWithoutBrowser: settings.RATE_LIMIT_WITHOUT_BROWSER_PER_MINUTE,
      perAnonymousAddress: settings.RATE_LIMIT_ANONYMOUS_ADDRESS_PER_MINUTE,
    },
    browserOf: (request) =>
      verificationTokenNonce(options.secret, request.cookies?.[VERIFICATION_TOKEN_COOKIE]),
    proofOfWork,
    shared: redis
      ? { redis }
      : options.database.kind === 'postgres'
        ? { db: options.database.db, background: options.database.background }
        : undefined,
  });
  // JSON answers above 1 KB go out compressed (brotli at a quick level, else gzip): a list of
  // orders shrinks to a fifth on a resort's crowded mobile network. Static files are compressed
  // once at build and sent as they are (web-app plugin).
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(cookie);
  await app.register(verificationTokenPlugin, {
    secret: options.secret,
    secureCookie: settings.COOKIE_SECURE,
    cookieDomain: settings.COOKIE_DOMAIN,
  });
  // Several processes tell each other what their changes make stale: on Redis when there is one,
  // else on PostgreSQL.
  const forgetBus: ForgetBus = redis
    ? new RedisForgetBus(redis, (line) => app.log.warn(line))
    : settings.DATABASE_URL
      ? PgForgetBus.open(settings.DATABASE_URL, (line) => app.log.warn(line))
      : new LocalForgetBus();
  app.addHook('onClose', () => forgetBus.close());
  app.decorate('h5Config', new H5ConfigCache(settings.CONFIG_CACHE_SECONDS * 1000, forgetBus));
  const signedInUsers = new SignedInUsers(settings.SIGNED_IN_CACHE_SECONDS * 1000, forgetBus);
  app.decorate('signedInUsers', signedInUsers);
  const tokens = new TokenService(
    options.secret,
    settings.ACCESS_TOKEN_LIFETIME_SECONDS,
    settings.REFRESH_TOKEN_LIFETIME_DAYS,
    signedInUsers,
  );
  const throttle = new LoginThrottle(
    {
      perAccount: settings.LOGIN_MAX_FAILURES,
      perAddress: settings.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowMinutes: settings.LOGIN_FAILURE_WINDOW_MINUTES,
    },
    new DeviceCookies(options.secret, {
      secure: settings.COOKIE_SECURE,
      domain: settings.COOKIE_DOMAIN,
    }),
  );
  const smsCodes = new SmsCodes(
    createSmsProvider(settings, app.log),
    options.secret,
    {
      perNumber: settings.SMS_DAILY_LIMIT_PER_NUMBER,
      perAddressHourly: settings.SMS_HOURLY_LIMIT_PER_ADDRESS,
      perAddress: settings.SMS_DAILY_LIMIT_PER_ADDRESS,
    },
    app.log,
  );
  const wechat = new WeChatClient({
    appId: settings.WECHAT_APP_ID,
    appSecret: settings.WECHAT_APP_SECRET,
    apiBaseUrl: settings.WECHAT_API_BASE_URL,
    authorizeUrl: settings.WECHAT_AUTHORIZE_URL,
  });
  const weChatProof = new WeChatProof(options.secret, {
    secure: settings.COOKIE_SECURE,
    domain: settings.COOKIE_DOMAIN,
  });
  // A manager approving money on a clerk's phone counts against the same sign-in limits.
  app.decorate('loginThrottle', throttle);
  await app.register(tenantPlugin, { ttlMs: settings.CONFIG_CACHE_SECONDS * 1000 });
  await app.register(authenticationPlugin, { tokens });
  await app.register(accessPlugin);
  await app.register(idempotencyPlugin);
  await app.register(openApiPlugin);

  const fileStore = await createFileStore(settings);
  app.log.info({ fileStore: fileStore.description }, 'file store ready');
  await app.register(healthRoutes, { fileStore, redis });
  await app.register(abpRoutes, {
    timeZone: settings.BUSINESS_TIME_ZONE,
    weChatEnabled: wechat.configured,
    sms: { enabled: smsCodes.enabled, sandbox: smsCodes.sandbox },
  });
  await app.register(accountRoutes, {
    tokens,
    throttle,
    codes: smsCodes,
    weChatProof,
    signInPerMinute: settings.RATE_LIMIT_SIGN_IN_PER_MINUTE,
  });
  await app.register(smsRoutes, { codes: smsCodes });
  await app.register(altchaRoutes, { proofOfWork });
  await app.register(weChatRoutes, {
    wechat,
    tokens,
    proof: weChatProof,
    redirects: new WeChatRedirects(settings.PUBLIC_BASE_URL, settings.WECHAT_REDIRECT_ORIGINS),
  });
  await app.register(employeeRoutes, { tokens });
  const fileService = new FileService(options.database.db, fileStore, fileLimits(settings));
  app.metrics.queue(
    'snowgear_image_work',
    'Uploaded images being decoded into their sizes, and those waiting their turn',
    () => fileService.images.length,
  );
  await app.register(fileRoutes, {
    service: fileService,
    links: new FileLinks(options.secret),
    maxBytes: settings.FILE_MAX_BYTES,
    uploadsPerMinute: settings.FILE_UPLOADS_PER_USER_PER_MINUTE,
    uploadsInProgress: settings.FILE_UPLOADS_IN_PROGRESS_PER_USER,
  });
  await app.register(equipmentRoutes, { timeZone: settings.BUSINESS_TIME_ZONE });
  await app.register(smallEquipmentRoutes);
  await app.register(orderQrPlugin, { secret: options.secret });
  for (const warning of startupWarnings(settings)) app.log.warn(warning);
  const paymentProviders = await openPaymentProviders(
    settings,
    options.secret,
    options.database.db,
  );
  const payments = new PaymentsService(
    options.database.db,
    paymentProviders,
    settings.PUBLIC_BASE_URL,
    app.log,
    app.orderQrKeys,
    settings.BUSINESS_TIME_ZONE,
    (event) => app.metrics.count(event),
  );
  await app.register(orderRoutes, { timeZone: settings.BUSINESS_TIME_ZONE, payments });
  await app.register(deliveryRoutes, { timeZone: settings.BUSINESS_TIME_ZONE });
  await app.register(agentRoutes, { timeZone: settings.BUSINESS_TIME_ZONE });
  await app.register(myOrderRoutes, { timeZone: settings.BUSINESS_TIME_ZONE, payments });
  await app.register(bookingRoutes, { timeZone: settings.BUSINESS_TIME_ZONE });
  await app.register(schemeRoutes, { timeZone: settings.BUSINESS_TIME_ZONE });
  await app.register(riderRoutes, { timeZone: settings.BUSINESS_TIME_ZONE });
  await app.register(selfCheckinRoutes);
  await app.register(addressRoutes);
  await app.register(paymentRoutes, {
    service: payments,
    providers: paymentProviders,
    timeZone: settings.BUSINESS_TIME_ZONE,
  });
  await app.register(financeRoutes, { timeZone: settings.BUSINESS_TIME_ZONE });
  await app.register(storeDashboardRoutes, { timeZone: settings.BUSINESS_TIME_ZONE });
  await app.register(adminRoutes, { timeZone: settings.BUSINESS_TIME_ZONE });
  await app.register(catalogueRoutes, { timeZone: settings.BUSINESS_TIME_ZONE });
  await app.register(rateCardRoutes, { timeZone: settings.BUSINESS_TIME_ZONE });
  await app.register(rentalPackRoutes);
  await app.register(roleRoutes, { timeZone: settings.BUSINESS_TIME_ZONE });
  await app.register(auditRoutes, { timeZone: settings.BUSINESS_TIME_ZONE });
  // Temporary uploads, closed attempt windows, old SMS codes, WeChat tickets and used proofs of
  // work expire; every process sweeps, each row goes once.
  const sweeper = setInterval(() => {
    const db = options.database.db;
    Promise.all([
      fileService.sweepExpired(),
      sweepAttemptCounters(db),
      smsCodes.sweep(db),
      sweepWeChatTickets(db),
      proofOfWork.sweep(db),
    ]).catch((err: unknown) => app.log.warn({ err }, 'sweep failed'));
  }, 10 * 60_000);
  sweeper.unref();
  // Unpaid orders past their store's timeout are cancelled, so are orders still waiting for the
  // store's confirmation when their rental starts, and delivered orders start when their
  // rental does; each order once, whoever sweeps. Payments and refunds left waiting for a
  // provider's word are asked about, each by one process at a time. Reminders due are sent, each
  // once (a sweep still sending when the next is due lets it pass).
  const notifier = createNotifier(settings, { db: options.database.db, wechat, log: app.log });
  let reminding = false;
  const orderSweeper = setInterval(() => {
    const db = options.database.db;
    Promise.all([
      cancelUnpaidOrders(db),
      expirePendingOrders(db),
      startDeliveredRentals(db),
      payments.followPendingRefunds(),
      payments.followPendingPayments(),
    ])
      .finally(() => app.metrics.orderSwept())
      .catch((err: unknown) => app.log.warn({ err }, 'order sweep failed'));
    if (reminding) return;
    reminding = true;
    sendDueReminders(db, notifier, settings.BUSINESS_TIME_ZONE)
      .then(() => sendApprovalNotices(db, notifier, settings.BUSINESS_TIME_ZONE))
      .catch((err: unknown) => app.log.warn({ err }, 'reminder sweep failed'))
      .finally(() => {
        reminding = false;
      });
  }, settings.ORDER_SWEEP_SECONDS * 1000);
  orderSweeper.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    clearInterval(orderSweeper);
  });
  await app.register(configDistributionRoutes);
  await app.register(helpRoutes);

  await app.register(webAppPlugin, { distDir: settings.WEB_DIST_DIR });
  return app;
}
