import type { FastifyRequest } from 'fastify';

/**
 * Where WeChat may send a user back with a code: under PUBLIC_BASE_URL or one of the configured
 * extra addresses. Without PUBLIC_BASE_URL (the embedded demo, tests) the address the request came
 * to is allowed as well, so a phone on the store's LAN address can sign in. Anything else would
 * let a stranger's page collect codes for this Official Account through our authorize URL.
 */
export class WeChatRedirects {
  private readonly bases: URL[];

  constructor(
    publicBaseUrl: string | undefined,
    extra: string[],
    private readonly allowRequestOrigin = !publicBaseUrl,
  ) {
    this.bases = [...(publicBaseUrl ? [publicBaseUrl] : []), ...extra].map(
      (address) => new URL(`${address.replace(/\/+$/, '')}/`),
    );
  }

  /**
   * The address to hand WeChat, as this server parsed and checked it (its `href`), or null when
   * it is not ours. Never the text as sent: `http://host\@evil.example/` is this host to a
   * WHATWG parser (a backslash is a slash) but may be `evil.example` to another, so only the
   * normalised form, which every parser reads alike, goes on.
   */
  allowed(redirectUri: string, request: FastifyRequest): string | null {
    let target: URL;
    try {
      target = new URL(redirectUri);
    } catch {
      return null;
    }
    if (target.protocol !== 'https:' && target.protocol !== 'http:') return null;
    if (target.username || target.password) return null;
    const bases = this.allowRequestOrigin ? [...this.bases, requestOrigin(request)] : this.bases;
    // Same origin, and the path at or below the base's (https://x.cn/rent/ allows /rent/…).
    const ours = bases.some(
      (base) => target.origin === base.origin && `${target.pathname}/`.startsWith(base.pathname),
    );
    return ours ? target.href : null;
  }
}

/**
 * The address a request came to. Only a check, and only where PUBLIC_BASE_URL is unset: a forged
 * Host header can name only the forger's own return address, which they could put in WeChat's
 * authorize URL by hand anyway; what WeChat then accepts is its own domain setting's business.
 */
function requestOrigin(request: FastifyRequest): URL {
  // eslint-disable-next-line no-restricted-properties -- see above: compared, never linked to
  return new URL(`${request.protocol}://${request.host}/`);
}
