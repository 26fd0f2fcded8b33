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
 * Secrets by their look, whatever name they are sent under: the server reads `k`, but a link
 * passed on as `?k[]=`, `?k%00=` or `?a=1;k=` carries the same key under a name it does not read.
 * - A JSON Web Token: three base64url parts, the first a JSON object (`eyJ…`).
 * - A run of 22 or more url-safe characters (`A–Z a–z 0–9 _ -`, nothing of them either side) that
 *   is not an ordinary value: the order QR page's share key (22, an HMAC cut short), signatures
 *   and secrets of links (43), WeChat's codes and states (32), refresh tokens.
 * Ordinary, and kept: a uuid (every id), a run of digits (order numbers, phones, amounts), and
 *   letters of one case (words, slugs). A random key of 22 characters looks ordinary about once
 *   in 40 million. SMS codes are six digits, like an amount or a page number, and travel in bodies,
 *   never in a URL: not redacted by their look.
 */
const JWT = /eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
const LONG_RUN = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{22,}(?![A-Za-z0-9_-])/g;
const ORDINARY = [
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  /^[0-9_-]+$/,
  /^[a-z_-]+$/,
  /^[A-Z_-]+$/,
];

function redactByLook(text: string): string {
  return text
    .replace(JWT, REDACTED)
    .replace(LONG_RUN, (run) => (ORDINARY.some((ok) => ok.test(run)) ? run : REDACTED));
}

/**
 * An address as it may be logged: the path as asked, each secret query value replaced (its name
 * kept, so one can tell a signed link from a plain one), by its name or by its look. Nothing is
 * decoded or re-encoded, so the rest reads exactly as the caller sent it.
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
      if (eq >= 0 && isSecret(name)) return `${raw}=${REDACTED}`;
      // Under a name of no meaning here, a value that looks like a secret is one all the same.
      return eq < 0 ? redactByLook(pair) : `${raw}=${redactByLook(pair.slice(eq + 1))}`;
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
