import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '@snowgear/contracts';
import { AppError } from '@/lib/errors.js';
import { frameworkMessage, message } from '@/lib/messages.js';
import type { RouteAccess } from '@/lib/access.js';

/** Whether a signed-in user passes a route's declaration (any listed role or permission; 'all' when asked). */
export function isAllowed(
  access: RouteAccess,
  user: { roles: readonly string[]; permissions: readonly string[] },
): boolean {
  if ('public' in access || 'authenticated' in access) return true;
  if ('roles' in access) return access.roles.some((r) => user.roles.includes(r));
  const has = (p: string) => user.permissions.includes(p);
  return access.mode === 'all' ? access.permissions.every(has) : access.permissions.some(has);
}

/** Whether the route a request matched is an API route (its pattern, not the URL as sent). */
export function isApiRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith('/api/') ?? false;
}

/** API routes that must declare access; documentation routes are public by nature. */
export function needsAccessDeclaration(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route with its declared access, for review and for the test that walks it. */
    routeAccessTable: { method: string; url: string; access: RouteAccess | undefined }[];
  }
}

/**
 * Refuses to register an API route without an access declaration and enforces declarations on
 * each request: without a valid sign-in 401, without the declared right 403.
 */
export const accessPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('routeAccessTable', []);
    // Normally set by the authentication plugin; anonymous without it.
    if (!app.hasRequestDecorator('user')) app.decorateRequest('user', null);
    app.addHook('onRoute', (route) => {
      if (!needsAccessDeclaration(route.url)) return;
      for (const method of [route.method].flat()) {
        app.routeAccessTable.push({ method, url: route.url, access: route.config?.access });
      }
      if (!route.config?.access) {
        throw new Error(
          `Route ${String(route.method)} ${route.url} declares no access (config.access): ` +
            'state who may call it, or mark it { public: true }',
        );
      }
    });

    // On request, before the body is parsed and validated: a caller who may not use a route
    // learns nothing about what it expects. Registered after authentication's own onRequest
    // hook, so request.user is known here.
    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access;
      if (!access || 'public' in access) return;
      const user = request.user;
      if (!user) {
        throw new AppError(
          401,
          ErrorCode.Unauthorized,
          frameworkMessage(request, 'NotAuthenticated'),
        );
      }
      if (!isAllowed(access, user)) {
        const refusal = 'roles' in access ? access.refusal : undefined;
        throw new AppError(
          403,
          ErrorCode.Forbidden,
          refusal ? message(request, refusal) : frameworkMessage(request, 'NotAuthorized'),
        );
      }
    });
  },
  { name: 'access' },
);
