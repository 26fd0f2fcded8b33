import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  ALL_PERMISSIONS,
  ApplicationConfigurationSchema,
  HOST_TENANT_ID,
  SMS_ENABLED_SETTING,
  SMS_SANDBOX_SETTING,
  WECHAT_LOGIN_SETTING,
  SupportedLanguage,
  type ApplicationConfiguration,
} from '@snowgear/contracts';
import { tenants } from '@/db/schema.js';
import { PUBLIC } from '@/lib/access.js';
import { findUserById } from '@/modules/identity/repository.js';

const LANGUAGES = [
  { cultureName: SupportedLanguage.zhCN, displayName: '简体中文' },
  { cultureName: SupportedLanguage.enUS, displayName: 'English' },
];

function cultureOf(request: FastifyRequest): string {
  const accepted = String(request.headers['accept-language'] ?? '').toLowerCase();
  return accepted.startsWith('en') ? SupportedLanguage.enUS : SupportedLanguage.zhCN;
}

/**
 * `GET /api/abp/application-configuration` in the ABP shape (WIRE-FACTS.md §5). It also issues
 * the verification cookie the client echoes on every state-changing call.
 */
export async function abpRoutes(
  app: FastifyInstance,
  options: {
    timeZone: string;
    weChatEnabled: boolean;
    sms: { enabled: boolean; sandbox: boolean };
  },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/abp/application-configuration',
    {
      // Counted apart from the low limit of calls without a cookie: every first visit makes it
      // without one (plugins/security.ts).
      config: { access: PUBLIC, firstVisit: true },
      schema: {
        tags: ['abp'],
        summary: 'Current user, granted policies, tenant, timing; sets the XSRF-TOKEN cookie',
        response: { 200: ApplicationConfigurationSchema },
      },
    },
    async (request, reply): Promise<ApplicationConfiguration> => {
      reply.issueVerificationToken();
      reply.header('Cache-Control', 'no-store');

      let currentTenant: ApplicationConfiguration['currentTenant'] = {
        id: null,
        name: null,
        isAvailable: false,
      };
      if (request.tenantId !== HOST_TENANT_ID) {
        const [tenant] = await app.db
          .select({ id: tenants.id, name: tenants.name })
          .from(tenants)
          .where(eq(tenants.id, request.tenantId));
        if (tenant) currentTenant = { id: tenant.id, name: tenant.name, isAvailable: true };
      }
      const culture = cultureOf(request);

      const user = request.user
        ? await findUserById(app.db, request.tenantId, request.user.id)
        : undefined;
      return {
        currentUser: {
          isAuthenticated: !!user,
          id: user?.id ?? null,
          tenantId: currentTenant.id,
          userName: user?.userName ?? null,
          name: user?.name ?? null,
          surName: user?.surname ?? null,
          email: user?.email ?? null,
          emailVerified: user?.emailConfirmed ?? false,
          phoneNumber: user?.phoneNumber ?? null,
          phoneNumberVerified: user?.phoneNumberConfirmed ?? false,
          roles: request.user?.roles ?? [],
        },
        auth: {
          policies: Object.fromEntries(ALL_PERMISSIONS.map((p) => [p, true])),
          grantedPolicies: Object.fromEntries(
            (request.user?.permissions ?? []).map((p) => [p, true]),
          ),
        },
        currentTenant,
        multiTenancy: { isEnabled: true },
        timing: {
          timeZone: {
            iana: { timeZoneName: options.timeZone },
            windows: {
              timeZoneId: options.timeZone === 'Asia/Shanghai' ? 'China Standard Time' : '',
            },
          },
        },
        clock: { kind: 'Utc' },
        localization: {
          currentCulture: { cultureName: culture, name: culture },
          languages: LANGUAGES,
        },
        setting: {
          values: {
            'Abp.Localization.DefaultLanguage': SupportedLanguage.zhCN,
            [WECHAT_LOGIN_SETTING]: String(options.weChatEnabled),
            [SMS_ENABLED_SETTING]: String(options.sms.enabled),
            [SMS_SANDBOX_SETTING]: String(options.sms.sandbox),
          },
        },
      };
    },
  );
}
