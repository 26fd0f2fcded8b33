import { createHmac, timingSafeEqual } from 'node:crypto';
import { accessUrl } from './service.js';

/** How long a signed link opens its file. */
export const LINK_SECONDS = 600;

export interface SignedLinkQuery {
  thumbnail?: string;
  tenant?: string;
  expires?: number;
  signature?: string;
}

/**
 * Signed download links for private files (a self-return photo, a delivery proof, a contract):
 * the download address with the tenant, an expiry and an HMAC under a key derived from the app
 * secret, so any server process opens it. An `<img>` or a new tab cannot send the access token;
 * a signed link needs none, for one file (and one of its sizes), for ten minutes. It is given
 * only to a signed-in caller who may read the file, and says nothing about anything else.
 */
export class FileLinks {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly now = () => Date.now(),
  ) {
    this.key = createHmac('sha256', secret).update('file-download-link').digest();
  }

  sign(tenantId: string, id: string, thumbnail?: string): { url: string; expiresAt: string } {
    const expires = Math.floor(this.now() / 1000) + LINK_SECONDS;
    const signature = this.signature(tenantId, id, thumbnail, expires);
    const base = accessUrl(id, thumbnail);
    const query = new URLSearchParams({ tenant: tenantId, expires: String(expires), signature });
    return {
      url: `${base}${base.includes('?') ? '&' : '?'}${query.toString()}`,
      expiresAt: new Date(expires * 1000).toISOString(),
    };
  }

  /** The tenant a link was made for, when it is genuine and not expired; otherwise null. */
  verify(id: string, query: SignedLinkQuery): string | null {
    const { tenant, expires, signature, thumbnail } = query;
    if (!tenant || !expires || !signature) return null;
    if (expires * 1000 <= this.now()) return null;
    const expected = Buffer.from(this.signature(tenant, id, thumbnail, expires));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given) ? tenant : null;
  }

  private signature(tenantId: string, id: string, thumbnail: string | undefined, expires: number) {
    return createHmac('sha256', this.key)
      .update(`${tenantId}\n${id}\n${thumbnail ?? ''}\n${expires}`)
      .digest('base64url');
  }
}
