import {
  ErrorCode,
  TENANT_HEADER,
  VERIFICATION_TOKEN_COOKIE,
  VERIFICATION_TOKEN_HEADER,
} from '@snowgear/contracts';
import { apiBaseUrl } from './api-base-url';
import { ApiError, HttpFailure, toApiError } from './api-errors';
import { i18n } from './i18n';
import type { ProofOfWorkChallenge } from './proof-of-work';
import { storage, StorageKey } from './storage';

/**
 * The API client of spec §7: base URL rule, bearer and tenant headers, verification token on
 * every non-read call (fetched once and cached 30 minutes, fetched again and the call retried
 * once when the server refuses it), `_t` on GET, 30 s time-out, envelopes unwrapped, and every
 * failure turned into an ApiError with the detailed message set of spec §8. A call the server
 * asks a proof of work for (428, lib/proof-of-work.ts) is solved and sent once more.
 *
 * It speaks XMLHttpRequest itself, in a page of code, rather than through a general HTTP
 * library: that is 13 KB less on every first load, and XHR gives what the app needs of one
 * (download progress, a time-out, blobs and bytes, cookies) in every browser it runs in.
 */

export const API_TIMEOUT_MS = 30_000;
export const VERIFICATION_TOKEN_TTL_MS = 30 * 60 * 1000;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Query parameters: any object of plain values (a filter type with its own fields). */
type Params = object;

export interface ApiRequestConfig {
  /** Query parameters; `undefined` and `null` ones are left out. */
  params?: Params;
  headers?: Record<string, string>;
  /** Milliseconds before the call is given up (API_TIMEOUT_MS unless set). */
  timeout?: number;
  /** Another API origin for this call (tests). */
  baseURL?: string;
  responseType?: 'json' | 'blob' | 'arraybuffer';
  /** Statuses answered as a response rather than an error (default: 2xx). */
  validateStatus?: (status: number) => boolean;
  onDownloadProgress?: (event: { loaded: number; total: number | undefined }) => void;
  /** Don't report the failure globally (the caller shows it inline). */
  silent?: boolean;
  /** Send no bearer token and never refresh it first (the token calls themselves). */
  skipAuth?: boolean;
  /** A 401 here is not 'login expired' (e.g. logout with an already ended session). */
  skipAuthRedirect?: boolean;
  /** Sent as `Idempotency-Key`: the server applies a write sent again under it only once. */
  idempotencyKey?: string;
}

export interface HttpRequest extends ApiRequestConfig {
  method: string;
  url: string;
  data?: unknown;
}

export interface HttpResponse<T> {
  data: T;
  status: number;
  /** Response headers by lower-case name. */
  headers: Record<string, string>;
  /** The request as sent (with `_t` among a GET's params). */
  config: HttpRequest;
}

type Hooks = {
  /** Refreshes the access token when it is about to expire (the session registers it). */
  beforeAuthenticatedRequest: () => Promise<void>;
  /** Shows a failure to the user (the global error toast). */
  onError: (error: ApiError) => void;
  /** Called on 401 (login expired): clear the session and go to this login path. */
  onUnauthorized: (loginPath: string) => void;
  /** A proof of work is being solved (true) or is done (false): the page may say 'Checking…'. */
  onProofOfWork: (solving: boolean) => void;
  /** The server refused a right (403): what the app shows as granted may be out of date. */
  onForbidden: () => void;
};
const hooks: Hooks = {
  beforeAuthenticatedRequest: async () => undefined,
  onError: () => undefined,
  onUnauthorized: () => undefined,
  onProofOfWork: () => undefined,
  onForbidden: () => undefined,
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

/** `a=1&b=x`: undefined and null left out, dates as ISO text, lists as repeated `key[]`. */
function queryString(params: Params | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {}) as [string, unknown][]) {
    if (value === undefined || value === null) continue;
    const text = (v: unknown): string =>
      typeof v === 'string'
        ? v
        : typeof v === 'number' || typeof v === 'boolean'
          ? String(v)
          : v instanceof Date
            ? v.toISOString()
            : JSON.stringify(v);
    if (Array.isArray(value)) for (const item of value) search.append(`${key}[]`, text(item));
    else search.append(key, text(value));
  }
  const query = search.toString();
  return query ? `?${query}` : '';
}

function responseHeaders(xhr: XMLHttpRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return headers;
}

/** A body in the form it was asked for; JSON text parsed, and an error's bytes read as JSON. */
async function responseBody(xhr: XMLHttpRequest, request: HttpRequest, ok: boolean) {
  const type = request.responseType ?? 'json';
  const body: unknown = xhr.response;
  const isJson = /json/i.test(xhr.getResponseHeader('content-type') ?? '');
  if (type !== 'json') {
    if (ok || !isJson || body === null) return body;
    const text =
      body instanceof Blob ? await body.text() : new TextDecoder().decode(body as ArrayBuffer);
    return parseJson(text);
  }
  return typeof body === 'string' && body !== '' ? parseJson(body) : body === '' ? undefined : body;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** One HTTP exchange: resolves with the response, rejects with an HttpFailure. */
function send<T>(request: HttpRequest): Promise<HttpResponse<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const base = request.baseURL ?? http.defaults.baseURL;
    xhr.open(request.method, `${base}${request.url}${queryString(request.params)}`);
    xhr.withCredentials = true;
    xhr.timeout = request.timeout ?? http.defaults.timeout;
    xhr.responseType =
      request.responseType === 'json' || !request.responseType ? 'text' : request.responseType;
    const isForm = request.data instanceof FormData || request.data instanceof Blob;
    // Every exchange (the token and proof-of-work calls too) asks for the app's current
    // language: the server words its refusals in it.
    const headers = { 'Accept-Language': i18n.language, ...request.headers };
    for (const [name, value] of Object.entries(headers)) {
      // A form's Content-Type carries its boundary: the browser writes it.
      if (isForm && name.toLowerCase() === 'content-type') continue;
      xhr.setRequestHeader(name, value);
    }
    if (request.onDownloadProgress) {
      const report = request.onDownloadProgress;
      xhr.onprogress = (event) =>
        report({ loaded: event.loaded, total: event.lengthComputable ? event.total : undefined });
    }
    const fail = (message: string) => reject(new HttpFailure(message, request));
    xhr.onerror = () => fail('Network Error');
    xhr.ontimeout = () => fail('timeout');
    xhr.onabort = () => fail('aborted');
    xhr.onload = () => {
      const valid = request.validateStatus ?? ((status: number) => status >= 200 && status < 300);
      const ok = valid(xhr.status);
      void responseBody(xhr, request, ok).then((data) => {
        const response = { data: data as T, status: xhr.status, headers: responseHeaders(xhr) };
        if (ok) resolve({ ...response, config: request });
        else reject(new HttpFailure(`Request failed with status ${xhr.status}`, request, response));
      });
    };
    const body =
      request.data === undefined || isForm
        ? (request.data as XMLHttpRequestBodyInit | undefined)
        : JSON.stringify(request.data);
    xhr.send(body ?? null);
  });
}

/** A refusal that asks for a proof of work rather than a wait. */
function asksForProofOfWork(failure: unknown): failure is HttpFailure {
  if (!(failure instanceof HttpFailure) || failure.response?.status !== 428) return false;
  const body = failure.response.data as { error?: { code?: string } } | undefined;
  return body?.error?.code === ErrorCode.ProofOfWorkRequired;
}

/**
 * The solved `X-Altcha` header for a new challenge, or null when none could be solved. The
 * solver's code comes when first needed (most visitors never meet a challenge), beside the
 * challenge itself.
 */
async function proveWork(): Promise<Record<string, string> | null> {
  hooks.onProofOfWork(true);
  try {
    const [challenge, { PROOF_OF_WORK_HEADER, solveProofOfWork }] = await Promise.all([
      send<ProofOfWorkChallenge>({
        method: 'GET',
        url: '/app/altcha/challenge',
        params: { _t: Date.now() },
        headers: { Accept: 'application/json' },
      }),
      import('./proof-of-work'),
    ]);
    const proof = await solveProofOfWork(challenge.data);
    return proof ? { [PROOF_OF_WORK_HEADER]: proof } : null;
  } catch {
    return null;
  } finally {
    hooks.onProofOfWork(false);
  }
}

/**
 * One call as sent, and, when the server asks for a proof of work, once more with one solved
 * (each solution passes one call). Unsolved, the server's refusal stands.
 */
async function exchange<T>(request: HttpRequest): Promise<HttpResponse<T>> {
  try {
    return await send<T>(request);
  } catch (failure) {
    if (!asksForProofOfWork(failure)) throw failure;
    const proof = await proveWork();
    if (!proof) throw failure;
    return send<T>({ ...request, headers: { ...request.headers, ...proof } });
  }
}

/** The verification token: cached for 30 minutes, else issued by the application configuration. */
export async function getVerificationToken(): Promise<string | null> {
  if (verification && Date.now() - verification.fetchedAt < VERIFICATION_TOKEN_TTL_MS) {
    return verification.token;
  }
  verificationInFlight ??= (async () => {
    const read = (url: string) =>
      exchange({
        method: 'GET',
        url,
        params: { _t: Date.now() },
        headers: { Accept: 'application/json' },
      });
    try {
      await read('/abp/application-configuration');
    } catch {
      // Fallback of spec §7: the profile call also issues the cookie where that endpoint is missing.
      await read('/app/account/my-profile').catch(() => undefined);
    }
    const token = readCookie(VERIFICATION_TOKEN_COOKIE);
    verification = token ? { token, fetchedAt: Date.now() } : null;
    return token;
  })().finally(() => {
    verificationInFlight = null;
  });
  return verificationInFlight;
}

/**
 * Makes sure this browser holds its verification cookie, even where it only reads: the server
 * counts anonymous calls per browser by it (a resort's guests share one address, and calls
 * without it share that address's low limit). The cookie lasts for years: fetched once.
 */
export function ensureVerificationCookie(): void {
  if (!readCookie(VERIFICATION_TOKEN_COOKIE)) void getVerificationToken().catch(() => undefined);
}

/** The headers and stamps every call carries (spec §7), added just before it is sent. */
async function prepare(request: HttpRequest): Promise<HttpRequest> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    ...request.headers,
  };
  if (!request.skipAuth && storage.get(StorageKey.accessToken)) {
    await hooks.beforeAuthenticatedRequest();
    const accessToken = storage.get(StorageKey.accessToken);
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  }
  const tenantId = storage.get(StorageKey.tenantId);
  if (tenantId) headers[TENANT_HEADER] = tenantId;
  const method = request.method.toUpperCase();
  const params = method === 'GET' ? { ...request.params, _t: Date.now() } : request.params;
  if (!READ_METHODS.has(method)) {
    // The token must equal the cookie the browser sends: the cookie's own, when it has one. Two
    // first calls at once are each given a new cookie, and the last to answer is kept, which
    // the token read after the first one may not be.
    const token = readCookie(VERIFICATION_TOKEN_COOKIE) ?? (await getVerificationToken());
    if (token) headers[VERIFICATION_TOKEN_HEADER] = token;
    if (request.idempotencyKey) headers['Idempotency-Key'] = request.idempotencyKey;
  }
  return { ...request, method, params, headers };
}

function loginPathFor(pathname: string): string {
  return pathname.startsWith('/customer') ? '/customer/login' : '/login';
}

/** Sends a call; a refused verification token is fetched again and the call retried once. */
async function request<T>(call: HttpRequest, retried = false): Promise<HttpResponse<T>> {
  try {
    return await exchange<T>(await prepare(call));
  } catch (failure) {
    if (failure instanceof ApiError) throw failure;
    if (!(failure instanceof HttpFailure)) {
      throw new ApiError(
        failure instanceof Error ? failure.message : i18n.t('api.unknown'),
        undefined,
      );
    }
    const apiError = toApiError(failure);
    if (apiError.isVerificationTokenProblem && !retried) {
      clearVerificationToken();
      if (await getVerificationToken()) return request<T>(call, true);
    }
    if (apiError.isVerificationTokenProblem) clearVerificationToken();
    else if (apiError.status === 403) hooks.onForbidden();
    if (apiError.status === 401 && !call.skipAuthRedirect && !call.skipAuth) {
      // Login expired: the handler says so and sends the user to sign in, silent call or not.
      hooks.onUnauthorized(loginPathFor(window.location.pathname));
    } else if (!call.silent) {
      hooks.onError(apiError);
    }
    throw apiError;
  }
}

/** The raw exchange, for callers that read the status or headers (exports, a 409's data). */
export const http = {
  defaults: {
    baseURL: apiBaseUrl(window.location, import.meta.env.VITE_API_BASE_URL as string | undefined),
    timeout: API_TIMEOUT_MS,
  },
  get: <T>(url: string, config?: ApiRequestConfig) => request<T>({ ...config, method: 'GET', url }),
  post: <T>(url: string, data?: unknown, config?: ApiRequestConfig) =>
    request<T>({ ...config, method: 'POST', url, data }),
  put: <T>(url: string, data?: unknown, config?: ApiRequestConfig) =>
    request<T>({ ...config, method: 'PUT', url, data }),
  delete: <T>(url: string, config?: ApiRequestConfig) =>
    request<T>({ ...config, method: 'DELETE', url }),
};

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
