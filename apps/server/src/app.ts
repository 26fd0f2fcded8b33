import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Settings } from '@/config/env.js';
import type { DatabaseHandle } from '@/db/client.js';
import { accessPlugin } from '@/plugins/access.js';
import { databasePlugin } from '@/plugins/database.js';
import { errorHandlerPlugin } from '@/plugins/error-handler.js';
import { openApiPlugin } from '@/plugins/openapi.js';
import { securityPlugin } from '@/plugins/security.js';
import { tenantPlugin } from '@/plugins/tenant.js';
import { authenticationPlugin } from '@/plugins/authentication.js';
import { verificationTokenPlugin } from '@/plugins/verification-token.js';
import { webAppPlugin } from '@/plugins/web-app.js';
import { abpRoutes } from '@/modules/abp/index.js';
import { accountRoutes } from '@/modules/account/index.js';
import { WeChatClient } from '@/modules/wechat/client.js';
import { weChatRoutes } from '@/modules/wechat/index.js';
import { employeeRoutes } from '@/modules/employees/index.js';
import { orderRoutes } from '@/modules/orders/index.js';
import { paymentRoutes } from '@/modules/payments/index.js';
import { PaymentProviders } from '@/modules/payments/registry.js';
import { PaymentsService } from '@/modules/payments/service.js';
import { financeRoutes } from '@/modules/finance/index.js';
import { cancelUnpaidOrders, startDeliveredRentals } from '@/modules/orders/sweep.js';
import { equipmentRoutes } from '@/modules/equipment/index.js';
import { fileRoutes } from '@/modules/files/index.js';
import { smallEquipmentRoutes } from '@/modules/small-equipment/index.js';
import { FileService } from '@/modules/files/service.js';
import { createFileStore } from '@/modules/files/create-store.js';
import { LoginThrottle } from '@/modules/identity/throttle.js';
import { TokenService } from '@/modules/identity/tokens.js';
import { configDistributionRoutes } from '@/modules/config-distribution/index.js';
import { healthRoutes } from '@/modules/health/index.js';
import { helpRoutes } from '@/modules/help/index.js';

export interface AppOptions {
  settings: Settings;
  database: DatabaseHandle;
  /** Signs verification tokens (and, later, sessions). */
  secret: string;
  logger?: FastifyServerOptions['logger'];
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Builds the whole server without listening; tests drive it with `app.inject()`. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { settings } = options;
  const app = Fastify({
    logger: options.logger ?? { level: settings.LOG_LEVEL },
    trustProxy: settings.TRUST_PROXY,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
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

  await app.register(errorHandlerPlugin);
  await app.register(databasePlugin, { database: options.database });
  await app.register(securityPlugin, {
    corsOrigins: settings.CORS_ORIGINS,
    rateLimitPerMinute: settings.RATE_LIMIT_PER_MINUTE,
  });
  await app.register(cookie);
  await app.register(verificationTokenPlugin, {
    secret: options.secret,
    secureCookie: settings.COOKIE_SECURE,
    cookieDomain: settings.COOKIE_DOMAIN,
  });
  const tokens = new TokenService(
    options.secret,
    settings.ACCESS_TOKEN_LIFETIME_SECONDS,
    settings.REFRESH_TOKEN_LIFETIME_DAYS,
  );
  const throttle = new LoginThrottle(
    settings.LOGIN_MAX_FAILURES,
    settings.LOGIN_FAILURE_WINDOW_MINUTES,
  );
  const wechat = new WeChatClient({
    appId: settings.WECHAT_APP_ID,
    appSecret: settings.WECHAT_APP_SECRET,
    apiBaseUrl: settings.WECHAT_API_BASE_URL,
    authorizeUrl: settings.WECHAT_AUTHORIZE_URL,
  });
  await app.register(tenantPlugin);
  await app.register(authenticationPlugin, { tokens });
  await app.register(accessPlugin);
  await app.register(openApiPlugin);

  await app.register(healthRoutes);
  await app.register(abpRoutes, {
    timeZone: settings.BUSINESS_TIME_ZONE,
    weChatEnabled: wechat.configured,
  });
  await app.register(accountRoutes, { tokens, throttle });
  await app.register(weChatRoutes, { wechat, identity: { tokens, throttle } });
  await app.register(employeeRoutes, { tokens });
  const fileStore = createFileStore(settings);
  app.log.info({ fileStore: fileStore.description }, 'file store ready');
  const fileService = new FileService(options.database.db, fileStore, settings.FILE_MAX_BYTES);
  await app.register(fileRoutes, { service: fileService, maxBytes: settings.FILE_MAX_BYTES });
  await app.register(equipmentRoutes);
  await app.register(smallEquipmentRoutes);
  await app.register(orderRoutes, { timeZone: settings.BUSINESS_TIME_ZONE });
  const paymentProviders = new PaymentProviders(settings, options.secret);
  await app.register(paymentRoutes, {
    service: new PaymentsService(
      options.database.db,
      paymentProviders,
      settings.PUBLIC_BASE_URL,
      app.log,
    ),
    providers: paymentProviders,
    timeZone: settings.BUSINESS_TIME_ZONE,
  });
  await app.register(financeRoutes, { timeZone: settings.BUSINESS_TIME_ZONE });
  // Temporary uploads expire; every process sweeps, each row goes once.
  const sweeper = setInterval(() => {
    fileService.sweepExpired().catch((err: unknown) => app.log.warn({ err }, 'file sweep failed'));
  }, 10 * 60_000);
  sweeper.unref();
  // Unpaid orders past their store's timeout are cancelled, and delivered orders start when their
  // rental does; each order once, whoever sweeps.
  const orderSweeper = setInterval(() => {
    const db = options.database.db;
    Promise.all([cancelUnpaidOrders(db), startDeliveredRentals(db)]).catch((err: unknown) =>
      app.log.warn({ err }, 'order sweep failed'),
    );
  }, 60_000);
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
