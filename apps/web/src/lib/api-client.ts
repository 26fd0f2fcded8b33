import axios, {
  AxiosError,
  AxiosHeaders,
  type AxiosInstance,
  type AxiosRequestConfig,
  type InternalAxiosRequestConfig,
} from 'axios';
import {
  TENANT_HEADER,
  VERIFICATION_TOKEN_COOKIE,
  VERIFICATION_TOKEN_HEADER,
} from '@snowgear/contracts';
import { apiBaseUrl } from './api-base-url';
import { ApiError, toApiError } from './api-errors';
import { i18n } from './i18n';
import { storage, StorageKey } from './storage';

/**
 * The API client of spec §7: base URL rule, bearer and tenant headers, verification token on
 * every non-read call (fetched once and cached 30 minutes, fetched again and the call retried
 * once when the server refuses it), `_t` on GET, 30 s time-out, envelopes unwrapped, and every
 * failure turned into an ApiError with the detailed message set of spec §8.
 */

export const API_TIMEOUT_MS = 30_000;
export const VERIFICATION_TOKEN_TTL_MS = 30 * 60 * 1000;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface ApiRequestConfig extends AxiosRequestConfig {
  /** Don't report the failure globally (the caller shows it inline). */
  silent?: boolean;
  /** Send no bearer token and never refresh it first (the token calls themselves). */
  skipAuth?: boolean;
  /** A 401 here is not 'login expired' (e.g. logout with an already ended session). */
  skipAuthRedirect?: boolean;
  /** Sent as `Idempotency-Key`: the server applies a write sent again under it only once. */
  idempotencyKey?: string;
  /** Internal: this call is already the retry after a verification-token refusal. */
  _verificationRetried?: boolean;
}

type Hooks = {
  /** Refreshes the access token when it is about to expire (the session registers it). */
  beforeAuthenticatedRequest: () => Promise<void>;
  /** Shows a failure to the user (the global error toast). */
  onError: (error: ApiError) => void;
  /** Called on 401 (login expired): clear the session and go to this login path. */
  onUnauthorized: (loginPath: string) => void;
};
const hooks: Hooks = {
  beforeAuthenticatedRequest: async () => undefined,
  onError: () => undefined,
  onUnauthorized: () => undefined,
};
export function setApiHooks(next: Partial<Hooks>): void {
  Object.assign(hooks, next);
}

let verification: { token: string; fetchedAt: number } | null = null;
let verificationInFlight: Promise<string | null> | null = null;

function readCookie(name: string): string | null {
  const match = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

export function clearVerificationToken(): void {
  verification = null;
}

export const http: AxiosInstance = axios.create({
  baseURL: apiBaseUrl(window.location, import.meta.env.VITE_API_BASE_URL as string | undefined),
  timeout: API_TIMEOUT_MS,
  withCredentials: true,
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
});

/** The verification token: cached for 30 minutes, else issued by the application configuration. */
export async function getVerificationToken(): Promise<string | null> {
  if (verification && Date.now() - verification.fetchedAt < VERIFICATION_TOKEN_TTL_MS) {
    return verification.token;
  }
  verificationInFlight ??= (async () => {
    const raw = axios.create({
      baseURL: http.defaults.baseURL,
      timeout: API_TIMEOUT_MS,
      withCredentials: true,
    });
    try {
      await raw.get('/abp/application-configuration', { params: { _t: Date.now() } });
    } catch {
      // Fallback of spec §7: the profile call also issues the cookie where that endpoint is missing.
      await raw
        .get('/app/account/my-profile', { params: { _t: Date.now() } })
        .catch(() => undefined);
    }
    const token = readCookie(VERIFICATION_TOKEN_COOKIE);
    verification = token ? { token, fetchedAt: Date.now() } : null;
    return token;
  })().finally(() => {
    verificationInFlight = null;
  });
  return verificationInFlight;
}

http.interceptors.request.use(async (config: InternalAxiosRequestConfig & ApiRequestConfig) => {
  const headers = AxiosHeaders.from(config.headers);
  if (!config.skipAuth && storage.get(StorageKey.accessToken)) {
    await hooks.beforeAuthenticatedRequest();
    const accessToken = storage.get(StorageKey.accessToken);
    if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  }
  const tenantId = storage.get(StorageKey.tenantId);
  if (tenantId) headers.set(TENANT_HEADER, tenantId);
  headers.set('Accept-Language', i18n.language);
  const method = (config.method ?? 'get').toUpperCase();
  if (method === 'GET') {
    config.params = { ...(config.params as Record<string, unknown> | undefined), _t: Date.now() };
  }
  if (!READ_METHODS.has(method)) {
    const token = await getVerificationToken();
    if (token) headers.set(VERIFICATION_TOKEN_HEADER, token);
    if (config.idempotencyKey) headers.set('Idempotency-Key', config.idempotencyKey);
  }
  config.headers = headers;
  return config;
});

function loginPathFor(pathname: string): string {
  return pathname.startsWith('/customer') ? '/customer/login' : '/login';
}

http.interceptors.response.use(undefined, async (error: unknown) => {
  if (!(error instanceof AxiosError)) {
    throw new ApiError(error instanceof Error ? error.message : i18n.t('api.unknown'), undefined);
  }
  const config = error.config as (InternalAxiosRequestConfig & ApiRequestConfig) | undefined;
  const apiError = toApiError(error);
  if (apiError.isVerificationTokenProblem && config && !config._verificationRetried) {
    clearVerificationToken();
    const token = await getVerificationToken();
    if (token) {
      config._verificationRetried = true;
      return http.request(config);
    }
  }
  if (apiError.isVerificationTokenProblem) clearVerificationToken();
  if (apiError.status === 401 && !config?.skipAuthRedirect && !config?.skipAuth) {
    // Login expired: the handler says so and sends the user to sign in, silent call or not.
    hooks.onUnauthorized(loginPathFor(window.location.pathname));
  } else if (!config?.silent) {
    hooks.onError(apiError);
  }
  throw apiError;
});

/** Where file URLs from the server (`/api/files/…`) are fetched: the API's origin (spec §9 image URL base). */
export function fileUrl(accessUrl: string): string {
  if (/^https?:\/\//.test(accessUrl)) return accessUrl;
  const base = (http.defaults.baseURL ?? '/api').replace(/\/api\/?$/, '');
  return `${base}${accessUrl}`;
}

/**
 * A link the server gave as a path on itself (`/api/…`, as in the embedded demo) made absolute
 * on the API's origin, for what leaves this page: a QR code another phone scans, or a redirect.
 * Absolute links (a provider's page, `weixin://…`) pass unchanged.
 */
export function serverLink(link: string): string {
  if (!link.startsWith('/')) return link;
  const api = new URL(http.defaults.baseURL ?? '/api', window.location.origin);
  return new URL(link, api).href;
}

/** Unwraps `{ success, result }` envelopes; `success: false` becomes an error. */
export function unwrap<T>(body: unknown): T {
  // A `{ success, result }` envelope; other bodies that merely carry `success` (stock results) pass as they are.
  if (
    body &&
    typeof body === 'object' &&
    'success' in body &&
    ('result' in body || body.success === false)
  ) {
    const envelope = body as {
      success: boolean;
      result?: unknown;
      data?: unknown;
      error?: { message?: string };
      message?: string;
    };
    if (!envelope.success) {
      throw new ApiError(
        envelope.error?.message ?? envelope.message ?? i18n.t('api.unknown'),
        undefined,
      );
    }
    return envelope.result as T;
  }
  return body as T;
}

export const api = {
  async get<T>(url: string, config?: ApiRequestConfig): Promise<T> {
    return unwrap<T>((await http.get(url, config)).data);
  },
  async post<T>(url: string, data?: unknown, config?: ApiRequestConfig): Promise<T> {
    return unwrap<T>((await http.post(url, data, config)).data);
  },
  async put<T>(url: string, data?: unknown, config?: ApiRequestConfig): Promise<T> {
    return unwrap<T>((await http.put(url, data, config)).data);
  },
  async delete<T>(url: string, config?: ApiRequestConfig): Promise<T> {
    return unwrap<T>((await http.delete(url, config)).data);
  },
};
