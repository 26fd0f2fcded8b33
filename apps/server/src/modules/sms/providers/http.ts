import { SmsProviderError } from '../provider.js';

/**
 * How long a provider may take to answer. A customer is waiting on the sign-in page, and a code
 * that arrives after this is of little use anyway.
 */
export const SMS_TIMEOUT_MS = 10_000;

/** Codes of our own for failures that are not a provider's answer. */
export const SmsTransportErrors = {
  timeout: 'TIMEOUT',
  network: 'NETWORK_ERROR',
  invalidResponse: 'INVALID_RESPONSE',
} as const;

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // fetch says only 'fetch failed'; the reason (ECONNREFUSED, ENOTFOUND …) is in the cause.
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const detail = cause?.code ?? cause?.message;
  return typeof detail === 'string' ? `${error.message} (${detail})` : error.message;
}

/**
 * Sends one request to an SMS provider and reads its JSON answer, whatever the HTTP status (both
 * providers put their error codes in the body). Every failure is an SmsProviderError.
 */
export async function requestProviderJson(
  provider: string,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<{ status: number; body: unknown }> {
  let status: number;
  let text: string;
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    status = response.status;
    text = await response.text();
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      throw new SmsProviderError(
        `${provider} did not answer within ${timeoutMs} ms`,
        SmsTransportErrors.timeout,
      );
    }
    throw new SmsProviderError(
      `${provider} could not be reached: ${describe(error)}`,
      SmsTransportErrors.network,
    );
  }
  try {
    return { status, body: JSON.parse(text) as unknown };
  } catch {
    throw new SmsProviderError(
      `${provider} answered HTTP ${status} with something other than JSON`,
      SmsTransportErrors.invalidResponse,
    );
  }
}

/** A JSON object's string field, or undefined. */
export function stringField(value: unknown, name: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const field = (value as Record<string, unknown>)[name];
  return typeof field === 'string' ? field : undefined;
}
