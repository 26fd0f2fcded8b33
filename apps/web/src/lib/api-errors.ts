import { ErrorCode, type ErrorInfo } from '@snowgear/contracts';
import { i18n } from './i18n';

/** A call that failed: with the server's response, or none (no network, time-out). */
export class HttpFailure extends Error {
  constructor(
    message: string,
    readonly request: { method: string; url: string },
    readonly response?: { status: number; data: unknown; headers: Record<string, string> },
  ) {
    super(message);
    this.name = 'HttpFailure';
  }
}

/** What a failed call tells its caller: a message fit to show, plus the server's details. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly code?: string | null,
    readonly validationErrors?: { message: string; members: string[] }[] | null,
    readonly requestId?: string,
    readonly isVerificationTokenProblem = false,
    /** The server's `error.data` (e.g. `retryAfterSeconds` of a 429). */
    readonly data?: Record<string, unknown> | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const LOGIN_PATHS = [
  '/account/login',
  '/auth/phone-login',
  '/auth/send-sms-code',
  '/auth/wechat-login',
];

function serverError(body: unknown): ErrorInfo | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as { error?: ErrorInfo; message?: string };
  if (b.error && typeof b.error === 'object') return b.error;
  if (typeof b.message === 'string') return { message: b.message };
  return undefined;
}

/** A 400/403 about the anti-forgery token: by code, by wording, or ABP's bare 400. */
export function isVerificationTokenProblem(error: HttpFailure): boolean {
  const status = error.response?.status;
  if (status !== 400 && status !== 403) return false;
  const info = serverError(error.response?.data);
  if (info?.code === ErrorCode.VerificationToken) return true;
  if (
    info?.message &&
    /antiforgery|anti-forgery|verification token|xsrf|csrf/i.test(info.message)
  ) {
    return true;
  }
  const method = error.request.method.toUpperCase();
  return status === 400 && !info && method !== 'GET';
}

/** The reader's words for a validation code of the contracts, if the app knows it. */
function validationWords(code: string): string | null {
  const key = `validation.${code}`;
  // Any code may come from the server; only the ones the locale knows are typed keys.
  return i18n.exists(key) ? (i18n.t as (key: string) => string)(key) : null;
}

/**
 * Words the server wrote for the reader (it answers in the language each call asks for): not a
 * code, and in Chinese when the reader reads Chinese (an older server's English is not shown).
 */
function serverWords(text: string): boolean {
  if (/^[A-Z][A-Za-z0-9]*$/.test(text)) return false;
  return !i18n.language.startsWith('zh') || /[\u4e00-\u9fff]/.test(text);
}

/** Turns any failure into an ApiError with the detailed message set of spec §8. */
export function toApiError(error: HttpFailure): ApiError {
  const t = i18n.t.bind(i18n);
  const response = error.response;
  if (!response) {
    return new ApiError(t('api.network'), undefined);
  }
  const status = response.status;
  const info = serverError(response.data);
  const requestId = info?.requestId ?? response.headers['x-request-id'];
  const make = (message: string, verification = false) =>
    new ApiError(
      message,
      status,
      info?.code,
      info?.validationErrors,
      requestId,
      verification,
      info?.data,
    );

  // A server's failure carries the request's id (its log lines have it): the first eight
  // characters are enough for support to find them.
  const withReference = (message: string) =>
    requestId ? `${message}\n${t('api.requestReference', { id: requestId.slice(0, 8) })}` : message;

  switch (status) {
    case 400: {
      if (isVerificationTokenProblem(error)) return make(t('api.verificationFailed'), true);
      // The server's validation messages are codes (docs/wire-conventions.md), each known one
      // in the reader's words, or words the server already put in the language this client
      // asked for ('最多 50 个字符'); an unknown code or a validator's English never shows.
      const codes = info?.validationErrors?.map((v) => v.message).filter(Boolean) ?? [];
      if (codes.length > 0) {
        const readable = (c: string) =>
          validationWords(c) ?? (serverWords(c) ? c : t('api.badRequest'));
        const words = [...new Set(codes.map(readable))];
        return make(words.join('\n'));
      }
      return make(info?.details || info?.message || t('api.badRequest'));
    }
    case 401:
      return make(t('api.loginExpired'));
    case 403: {
      if (isVerificationTokenProblem(error)) return make(t('api.verificationFailed'), true);
      const url = error.request.url;
      if (LOGIN_PATHS.some((p) => url.includes(p)))
        return make(info?.message || t('api.loginFailed'));
      return make(info?.message || t('api.forbidden'));
    }
    case 404:
      return make(t('api.notFound'));
    case 405:
      return make(t('api.methodNotAllowed'));
    case 422:
      return make(info?.message || t('api.validationFailed'));
    case 500:
      return make(withReference(t('api.serverError')));
    case 502:
      return make(withReference(t('api.badGateway')));
    case 503:
      return make(withReference(t('api.unavailable')));
    default: {
      const message = info?.message || t('api.requestFailed', { status });
      return make(status >= 500 ? withReference(message) : message);
    }
  }
}
