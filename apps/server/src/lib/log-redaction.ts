import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose values open something on their own, so a log line must not carry them:
 * signed file links (`tenant`, `expires`, `signature`), the sandbox cashier's `secret`, an order
 * QR page's share key `k`, WeChat's sign-in return (`code`, `state`), and tokens of any kind.
 * Names compare without case; a `sig` or `token` inside a longer name (`access_token`) counts.
 */
const SECRET_NAMES = ['sig', 'signature', 'expires', 'secret', 'token', 'code', 'state', 'k'];
const SECRET_PART = /(sig|secret|token|password)/i;

const isSecret = (name: string) =>
  SECRET_NAMES.includes(name.toLowerCase()) || SECRET_PART.test(name);

/** What stands in a logged address for a secret value. */
export const REDACTED = 'REDACTED';

/**
 * An address as it may be logged: the path as asked, each secret query value replaced (its name
 * kept, so one can tell a signed link from a plain one). Nothing is decoded or re-encoded, so the
 * rest reads exactly as the caller sent it.
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const raw = eq < 0 ? pair : pair.slice(0, eq);
      let name = raw;
      try {
        name = decodeURIComponent(raw.replace(/\+/g, ' '));
      } catch {
        // A malformed escape stays as sent; the raw name is judged instead.
      }
      return eq >= 0 && isSecret(name) ? `${raw}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, mark)}?${query}`;
}

/**
 * The request as the log shows it: Fastify's own fields (method, url, host, address), with the
 * url's secrets taken out. Info-level request lines are kept for weeks and read by more people
 * than hold the links in them.
 */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    // Logged as the caller said it, as Fastify logs it; no link is built from it.
    // eslint-disable-next-line no-restricted-properties
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
