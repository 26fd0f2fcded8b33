import { Permissions, type PermissionName, type RoleName } from '@snowgear/contracts';
import type { MessageKey } from './messages.js';

/**
 * Who may call a route. Every API route declares one (CONVENTIONS.md habit 8); registration
 * fails without it.
 */
export type RouteAccess =
  | { public: true }
  | { authenticated: true }
  | { permissions: readonly PermissionName[]; mode?: 'any' | 'all' }
  | {
      roles: readonly RoleName[];
      /** What a signed-in caller without the role reads instead of the bare refusal. */
      refusal?: MessageKey;
    };

export const PUBLIC: RouteAccess = { public: true };

/**
 * Giving money back, in cash or the way it came, is counter work: it takes the right to process
 * payments and to process orders. Drivers hold the first for cash on their runs only
 * (docs/permissions.md), so they never refund.
 */
export const REFUND: RouteAccess = {
  permissions: [
    Permissions.BusinessOperations.PaymentProcess,
    Permissions.BusinessOperations.OrderProcess,
  ],
  mode: 'all',
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * Set false only for calls from outside parties that prove themselves by signature
     * (payment notifications); every other non-GET call needs the verification token.
     */
    verificationToken?: boolean;
  }
}
