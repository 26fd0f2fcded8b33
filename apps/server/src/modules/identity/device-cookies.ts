import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser in
 * which an account signed in successfully carries a signed cookie naming that account and a
 * nonce. Failures from elsewhere lock the account for untrusted clients only; a device with the
 * cookie has its own failure count, so an attacker cannot lock the owner (or a clerk at the next
 * counter) out. One shared counter phone holds the cookies of everyone who signed in on it.
 */
export const DEVICE_COOKIE = 'sg_device';
const MAX_ENTRIES = 10;
const MAX_AGE_SECONDS = 180 * 86_400;

export interface DeviceEntry {
  userId: string;
  nonce: string;
}

export class DeviceCookies {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly cookie: { secure: boolean; domain: string | undefined },
  ) {
    this.key = createHmac('sha256', secret).update('device-cookie').digest();
  }

  private sign(entry: DeviceEntry): string {
    return createHmac('sha256', this.key)
      .update(`${entry.userId}.${entry.nonce}`)
      .digest('base64url');
  }

  /** The valid entries the request carries (forged or garbled ones are ignored). */
  read(request: FastifyRequest): DeviceEntry[] {
    const raw = request.cookies[DEVICE_COOKIE];
    if (!raw || raw.length > 4096) return [];
    const entries: DeviceEntry[] = [];
    for (const part of raw.split('~')) {
      const [userId, nonce, signature] = part.split('.');
      if (!userId || !nonce || !signature) continue;
      const expected = Buffer.from(this.sign({ userId, nonce }));
      const given = Buffer.from(signature);
      if (expected.length === given.length && timingSafeEqual(expected, given)) {
        entries.push({ userId, nonce });
      }
    }
    return entries;
  }

  /** The entry of this user on this device, if it signed in here before. */
  find(request: FastifyRequest, userId: string): DeviceEntry | undefined {
    return this.read(request).find((e) => e.userId === userId);
  }

  /** After a successful sign-in: a fresh entry for the user, keeping the device's others. */
  remember(request: FastifyRequest, reply: FastifyReply, userId: string): void {
    const others = this.read(request).filter((e) => e.userId !== userId);
    const entries = [{ userId, nonce: randomBytes(12).toString('base64url') }, ...others].slice(
      0,
      MAX_ENTRIES,
    );
    const value = entries.map((e) => `${e.userId}.${e.nonce}.${this.sign(e)}`).join('~');
    reply.setCookie(DEVICE_COOKIE, value, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.cookie.secure,
      domain: this.cookie.domain,
      maxAge: MAX_AGE_SECONDS,
    });
  }
}
