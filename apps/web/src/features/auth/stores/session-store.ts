import { create } from 'zustand';
import {
  ROLE_PRIORITY,
  RoleName,
  STAFF_ROLES,
  roleHome,
  type LoginRequest,
  type PhoneLoginInput,
  type UserProfile,
  type WeChatUserInfo,
} from '@snowgear/contracts';
import { i18n } from '@/lib/i18n';
import { storage, StorageKey } from '@/lib/storage';
import type { SessionSnapshot } from '@/lib/authorization';
import { getMyProfile } from '../api/get-my-profile';
import { loginRequest } from '../api/login';
import { logoutRequest } from '../api/logout';
import { phoneLoginRequest } from '../api/phone-login';
import { refreshTokenRequest } from '../api/refresh-token';
import { bindWeChatRequest, unbindWeChatRequest, weChatLoginRequest } from '../api/wechat';
import {
  normaliseAuthResponse,
  tokenExpiry,
  userFromToken,
  type NormalisedAuth,
} from '../utils/token';

/**
 * The session of spec §4: tokens and user kept under the spec's storage keys, the active role,
 * sign-in by password, phone or WeChat, profile reload, role switching, refresh before expiry and
 * logout that always clears local data.
 */
export class WeChatNotBoundError extends Error {
  readonly code = 'WECHAT_NOT_BOUND';
  constructor(
    message: string,
    readonly openId: string,
    readonly weChatUserInfo: WeChatUserInfo,
  ) {
    super(message);
  }
}

interface SessionState {
  accessToken: string | null;
  refreshToken: string | null;
  user: UserProfile | null;
  roles: string[];
  permissions: string[];
  activeRole: string | null;
  rememberLogin: boolean;
}

export const useSession = create<SessionState>()(() => readStored());

function readStored(): SessionState {
  const user = storage.getJson<UserProfile>(StorageKey.userInfo);
  const accessToken = storage.get(StorageKey.accessToken);
  const complete = !!(accessToken && user);
  return {
    accessToken: complete ? accessToken : null,
    refreshToken: complete ? storage.get(StorageKey.refreshToken) : null,
    user: complete ? user : null,
    roles: complete ? (storage.getJson<string[]>(StorageKey.roles) ?? user.roles) : [],
    permissions: complete
      ? (storage.getJson<string[]>(StorageKey.permissions) ?? user.permissions)
      : [],
    activeRole: complete ? storage.get(StorageKey.activeRole) : null,
    rememberLogin: storage.get(StorageKey.rememberLogin) === 'true',
  };
}

/** Primary role by the priority SuperAdmin … Customer. */
export function primaryRole(roles: readonly string[]): string | null {
  return ROLE_PRIORITY.find((r) => roles.includes(r)) ?? roles[0] ?? null;
}

/** The saved active role if still held, else the primary role. */
export function resolveActiveRole(saved: string | null, roles: readonly string[]): string | null {
  return saved && roles.includes(saved) ? saved : primaryRole(roles);
}

/** The role switcher lists every role but Customer, and is offered when there is more than one. */
export function switchableRoles(roles: readonly string[]): string[] {
  return STAFF_ROLES.filter((r) => roles.includes(r));
}

function persist(state: SessionState) {
  const set = (key: StorageKey, value: string | null) =>
    value === null ? storage.remove(key) : storage.set(key, value);
  set(StorageKey.accessToken, state.accessToken);
  set(StorageKey.refreshToken, state.refreshToken);
  set(StorageKey.userInfo, state.user ? JSON.stringify(state.user) : null);
  set(StorageKey.roles, state.user ? JSON.stringify(state.roles) : null);
  set(StorageKey.permissions, state.user ? JSON.stringify(state.permissions) : null);
  set(StorageKey.activeRole, state.activeRole);
  storage.set(StorageKey.rememberLogin, String(state.rememberLogin));
}

function update(next: Partial<SessionState>) {
  useSession.setState(next);
  persist(useSession.getState());
}

export function sessionSnapshot(state: SessionState = useSession.getState()): SessionSnapshot {
  return {
    isAuthenticated: !!(state.accessToken && state.user),
    roles: state.roles,
    activeRole: state.activeRole,
    permissions: state.permissions,
  };
}

function applyUser(user: UserProfile) {
  const activeRole = resolveActiveRole(useSession.getState().activeRole, user.roles);
  update({ user, roles: user.roles, permissions: user.permissions, activeRole });
}

/**
 * Roles and permissions as the server grants them now (the application configuration): a
 * revoked right takes its buttons with it without waiting for the profile to be opened.
 */
export function applyGrants(roles: string[], permissions: string[]): void {
  const activeRole = resolveActiveRole(useSession.getState().activeRole, roles);
  update({ roles, permissions, activeRole });
}

/** Stores tokens, then the profile; if the profile cannot be fetched, the user from the token. */
async function establish(auth: NormalisedAuth, rememberLogin: boolean, fetchProfile: boolean) {
  update({ accessToken: auth.accessToken, refreshToken: auth.refreshToken, rememberLogin });
  let user = auth.user;
  if (fetchProfile || !user) {
    try {
      user = await getMyProfile();
    } catch (err) {
      // Tolerated (spec §8): carry on with what the token says.
      console.warn('profile fetch after sign-in failed', err);
      user = userFromToken(auth.accessToken, i18n.t('auth.tokenFormatError'));
    }
  }
  applyUser(user);
  return user;
}

const wrongFormat = () => i18n.t('auth.loginResponseFormatError');

export async function loginWithPassword(input: LoginRequest): Promise<UserProfile> {
  const body = await loginRequest({ ...input, rememberMe: input.rememberMe ?? false });
  return establish(normaliseAuthResponse(body, wrongFormat()), input.rememberMe ?? false, true);
}

export async function loginWithPhone(input: PhoneLoginInput): Promise<UserProfile> {
  const body = await phoneLoginRequest(input);
  return establish(normaliseAuthResponse(body, wrongFormat()), true, false);
}

/** Signs in with WeChat's code; an unbound WeChat user fails with WeChatNotBoundError. */
export async function loginWithWeChat(code: string, state: string): Promise<UserProfile> {
  const result = await weChatLoginRequest(code, state);
  if (result.requireBinding) {
    throw new WeChatNotBoundError(
      i18n.t('auth.weChatNotBound'),
      result.openId,
      result.weChatUserInfo,
    );
  }
  return establish(normaliseAuthResponse(result, wrongFormat()), true, false);
}

export async function reloadProfile(): Promise<UserProfile> {
  const user = await getMyProfile();
  applyUser(user);
  return user;
}

export async function bindWeChat(
  openId: string,
  info?: Partial<WeChatUserInfo>,
): Promise<UserProfile> {
  await bindWeChatRequest(openId, info);
  return reloadProfile();
}

export async function unbindWeChat(): Promise<UserProfile> {
  await unbindWeChatRequest();
  return reloadProfile();
}

export function clearSession(): void {
  update({
    accessToken: null,
    refreshToken: null,
    user: null,
    roles: [],
    permissions: [],
    activeRole: null,
  });
}

/** Ends the session. A server failure is only logged; local data is always cleared. */
export async function logout(): Promise<string> {
  const { refreshToken, user, activeRole } = useSession.getState();
  const wasCustomer =
    activeRole === RoleName.Customer ||
    (!!user && user.roles.every((r) => r === RoleName.Customer));
  try {
    await logoutRequest(refreshToken);
  } catch (err) {
    console.warn('logout on the server failed', err);
  }
  clearSession();
  return wasCustomer ? '/customer/login' : '/login';
}

export type SwitchRoleResult =
  { ok: true; home: string; changed: boolean } | { ok: false; message: string };

/** Spec §4: a role not held is refused; the current role only navigates; otherwise saved. */
export function switchRole(role: string): SwitchRoleResult {
  const { roles, activeRole } = useSession.getState();
  if (!roles.includes(role)) return { ok: false, message: i18n.t('auth.noRolePermission') };
  if (role === activeRole) return { ok: true, home: roleHome(role), changed: false };
  update({ activeRole: role });
  return { ok: true, home: roleHome(role), changed: true };
}

let refreshing: Promise<void> | null = null;
const REFRESH_MARGIN_SECONDS = 300;

/** Renews the tokens when the access token expires within five minutes and a refresh token exists. */
export async function refreshIfNeeded(now: number = Date.now()): Promise<void> {
  const { accessToken, refreshToken } = useSession.getState();
  if (!accessToken || !refreshToken) return;
  const exp = tokenExpiry(accessToken);
  if (exp === null || exp - now / 1000 > REFRESH_MARGIN_SECONDS) return;
  refreshing ??= (async () => {
    try {
      const auth = normaliseAuthResponse(await refreshTokenRequest(refreshToken), wrongFormat());
      update({ accessToken: auth.accessToken, refreshToken: auth.refreshToken ?? refreshToken });
      if (auth.user) applyUser(auth.user);
    } catch (err) {
      // A refused refresh leaves the old token; the next call's 401 ends the session.
      console.warn('token refresh failed', err);
    }
  })().finally(() => {
    refreshing = null;
  });
  await refreshing;
}

/** Start-up: the session comes back from storage when both a token and the user are there. */
export function restoreSession(): boolean {
  const restored = readStored();
  useSession.setState({
    ...restored,
    activeRole: restored.user ? resolveActiveRole(restored.activeRole, restored.roles) : null,
  });
  return !!restored.user;
}
