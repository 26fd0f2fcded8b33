import type { PermissionName, RoleName } from '@snowgear/contracts';

/** What the route guard needs to know about the user. */
export interface SessionSnapshot {
  isAuthenticated: boolean;
  roles: readonly string[];
  activeRole: string | null;
  permissions: readonly string[];
}

/** Until sign-in exists every visitor is anonymous. */
export const ANONYMOUS: SessionSnapshot = {
  isAuthenticated: false,
  roles: [],
  activeRole: null,
  permissions: [],
};

export interface AccessRule {
  needsLogin: boolean;
  roles?: readonly RoleName[];
  permissions?: readonly PermissionName[];
}

export type GuardResult = { allow: true } | { allow: false; redirectTo: string };

/**
 * The route check of spec §2/§5: anonymous users of a login-only route go to the customer or
 * staff login with the wanted path; logged-in users without the role or permission go to /403.
 * Holding any listed role (or having it active), or any listed permission, passes.
 */
export function checkRouteAccess(
  rule: AccessRule,
  session: SessionSnapshot,
  fullPath: string,
): GuardResult {
  const needsIdentity = rule.needsLogin || !!rule.roles?.length || !!rule.permissions?.length;
  if (!needsIdentity) return { allow: true };
  if (!session.isAuthenticated) {
    if (!rule.needsLogin) return { allow: true };
    const login = fullPath.startsWith('/customer') ? '/customer/login' : '/login';
    return { allow: false, redirectTo: `${login}?redirect=${encodeURIComponent(fullPath)}` };
  }
  const roleOk =
    !rule.roles?.length ||
    rule.roles.some((r) => session.roles.includes(r) || session.activeRole === r);
  const permissionOk =
    !rule.permissions?.length || rule.permissions.some((p) => session.permissions.includes(p));
  if (roleOk && permissionOk) return { allow: true };
  return { allow: false, redirectTo: `/403?from=${encodeURIComponent(fullPath)}` };
}
