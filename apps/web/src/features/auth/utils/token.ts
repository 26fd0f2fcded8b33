import type { UserProfile } from '@snowgear/contracts';

/** Spec §4: a token response may use capitalised or lower-case field names. */
export interface NormalisedAuth {
  accessToken: string;
  refreshToken: string | null;
  expiresIn: number;
  user: UserProfile | null;
}

export class AuthFormatError extends Error {}

function pick(body: Record<string, unknown>, name: string): unknown {
  const capitalised = name[0]!.toUpperCase() + name.slice(1);
  return body[name] ?? body[capitalised];
}

export function normaliseAuthResponse(body: unknown, wrongFormatMessage: string): NormalisedAuth {
  if (!body || typeof body !== 'object') throw new AuthFormatError(wrongFormatMessage);
  const b = body as Record<string, unknown>;
  const accessToken = pick(b, 'accessToken');
  if (typeof accessToken !== 'string' || !accessToken)
    throw new AuthFormatError(wrongFormatMessage);
  const refreshToken = pick(b, 'refreshToken');
  const expiresIn = Number(pick(b, 'expiresIn'));
  const user = pick(b, 'user');
  return {
    accessToken,
    refreshToken: typeof refreshToken === 'string' && refreshToken ? refreshToken : null,
    expiresIn: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 86400,
    user: user && typeof user === 'object' ? (user as UserProfile) : null,
  };
}

const ROLE_CLAIMS = [
  'role',
  'roles',
  'http://schemas.microsoft.com/ws/2008/06/identity/claims/role',
];

/** The payload of a JWT, or a 'token format error'. */
export function decodeJwtPayload(
  token: string,
  formatErrorMessage: string,
): Record<string, unknown> {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) throw new AuthFormatError(formatErrorMessage);
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const json = decodeURIComponent(
      Array.from(atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=')))
        .map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
        .join(''),
    );
    const payload = JSON.parse(json) as unknown;
    if (!payload || typeof payload !== 'object') throw new Error('not an object');
    return payload as Record<string, unknown>;
  } catch {
    throw new AuthFormatError(formatErrorMessage);
  }
}

/** When the profile call fails after sign-in: the basic user from the token (spec §4). */
export function userFromToken(token: string, formatErrorMessage: string): UserProfile {
  const claims = decodeJwtPayload(token, formatErrorMessage);
  const text = (name: string) => (typeof claims[name] === 'string' ? claims[name] : '');
  let roles: string[] = [];
  for (const claim of ROLE_CLAIMS) {
    const value = claims[claim];
    if (typeof value === 'string') roles = [value];
    else if (Array.isArray(value)) roles = value.filter((v): v is string => typeof v === 'string');
    if (roles.length > 0) break;
  }
  const userName = text('unique_name') || text('preferred_username') || text('name');
  return {
    id: text('sub'),
    userName,
    name: text('given_name'),
    surname: text('family_name'),
    email: text('email') || null,
    emailConfirmed: false,
    phoneNumber: text('phone_number') || null,
    phoneNumberConfirmed: false,
    roles,
    roleDisplayNames: roles,
    permissions: [],
    avatar: '',
    realName: '',
    isActive: true,
    creationTime: '',
    lastModificationTime: null,
    weChatOpenId: null,
    weChatUnionId: null,
    isWeChatBound: false,
    primaryStoreId: null,
    storeName: null,
    userType: 2,
    hasPassword: true,
  };
}

/** Seconds since the epoch at which the token expires, or null if it says nothing. */
export function tokenExpiry(token: string): number | null {
  try {
    const exp = decodeJwtPayload(token, 'x').exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/** The user's display name: name, else user name, else the word for 'user'. */
export function displayName(
  user: Pick<UserProfile, 'name' | 'userName'> | null,
  fallback: string,
): string {
  return user?.name || user?.userName || fallback;
}
