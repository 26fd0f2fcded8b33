import { RoleName, roleHome, type PermissionName } from '@snowgear/contracts';

/** What the route guard needs to know about the user. */
export interface SessionSnapshot {
  isAuthenticated: boolean;
  roles: readonly string[];
  activeRole: string | null;
  permissions: readonly string[];
}

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
  /** A sign-in page: signed-in users go to their home (a customer may still open /login). */
  guestOnly?: boolean;
}

export type GuardResult = { allow: true } | { allow: false; redirectTo: string };

/** Where a signed-in user belongs: the home of the active role. */
export function homeOf(session: SessionSnapshot): string {
  return roleHome(session.activeRole);
}

/**
 * The route check of spec §2/§5: anonymous users of a login-only route go to the customer or
 * staff login with the wanted path; logged-in users without the role or permission go to /403.
 * Holding any listed role (or having it active), or any listed permission, passes. Pages that
 * need no login are open to everyone, whatever their role.
 */
export function checkRouteAccess(
  rule: AccessRule,
  session: SessionSnapshot,
  fullPath: string,
): GuardResult {
  if (rule.guestOnly && session.isAuthenticated) {
    const customerOnStaffLogin =
      session.activeRole === RoleName.Customer && fullPath.split('?')[0] === '/login';
    if (!customerOnStaffLogin) {
      const wanted = new URLSearchParams(fullPath.split('?')[1] ?? '').get('redirect');
      return { allow: false, redirectTo: safeRedirect(wanted) ?? homeOf(session) };
    }
  }
  if (!rule.needsLogin) return { allow: true };
  if (!session.isAuthenticated) {
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

/** A `redirect` query worth following: a path inside this app, never another site. */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\'))
    return null;
  return target;
}
