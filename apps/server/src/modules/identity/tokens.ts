import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
  randomUUID,
  webcrypto,
} from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Database, Transaction } from '@/db/client.js';
import { refreshTokens } from '@/db/schema.js';
import { SignedInUsers } from './signed-in-users.js';

type Executor = Database | Transaction;

/**
 * Two tabs (or a retried request on a flaky network) may refresh with the same token at once:
 * within this many seconds of its rotation a token yields the pair it was rotated into instead
 * of counting as stolen.
 */
export const REFRESH_GRACE_SECONDS = 30;

/** The pair a refresh token was rotated into. */
export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

/** What a presented refresh token leads to. */
export type RefreshOutcome =
  /** It was current: it is now rotated; mint the next pair and hand it to `rotated`. */
  | { kind: 'rotate'; userId: string; familyId: string; rememberMe: boolean }
  /** It was rotated moments ago by a concurrent request: the same pair again. */
  | { kind: 'replay'; userId: string; pair: TokenPair }
  /** Used before, outside the grace window: the family is revoked. */
  | { kind: 'reused' }
  | { kind: 'invalid' };

/**
 * Access tokens: HS256 JWTs with the claims the client decodes (spec §4), always with an expiry.
 * Refresh tokens: random, stored hashed, rotated on every use; a rotated token presented again
 * after the grace window revokes its family.
 */
export interface AccessClaims {
  sub: string;
  tenantId: string;
  /** The refresh-token family (one sign-in); logout revokes it. */
  sid: string;
  unique_name: string;
  email?: string | undefined;
  given_name?: string | undefined;
  family_name?: string | undefined;
  phone_number?: string | undefined;
  role: string | string[];
}

/** Verified access tokens kept per process: about one for each client signed in lately. */
const MAX_VERIFIED_TOKENS = 20_000;

export class TokenService {
  private readonly key: Uint8Array;
  /** The key as WebCrypto holds it, imported once (jose would import raw bytes on every call). */
  private verificationKey: Promise<webcrypto.CryptoKey> | undefined;
  /**
   * Tokens whose signature and claims were checked, with their claims. A client sends the same
   * access token with every call until it expires, and the signature of the same text under the
   * same key never changes: what is left to check on each call is the expiry. Whether the
   * sign-in is still open is not decided here (signed-in-users.ts).
   */
  private readonly verified = new Map<string, AccessClaims & { exp: number }>();

  constructor(
    secret: string,
    readonly accessLifetimeSeconds: number,
    readonly refreshLifetimeDays: number,
    /** Forgotten here whenever a sign-in ends, so the next request is refused at once. */
    readonly signedInUsers: SignedInUsers = new SignedInUsers(0),
  ) {
    this.key = createHash('sha256').update(`access-token:${secret}`).digest();
  }

  async signAccessToken(claims: AccessClaims): Promise<string> {
    const { sub, ...rest } = claims;
    const role = Array.isArray(rest.role) && rest.role.length === 1 ? rest.role[0]! : rest.role;
    return new SignJWT({ ...rest, role })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime(`${this.accessLifetimeSeconds}s`)
      .sign(this.key);
  }

  /** The claims of a valid, unexpired token; null for anything else. */
  async verifyAccessToken(token: string): Promise<AccessClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      // As jose checks it: expired once `exp` is not after the current second.
      if (known.exp > Math.floor(Date.now() / 1000)) return known;
      this.verified.delete(token);
      return null;
    }
    try {
      this.verificationKey ??= webcrypto.subtle.importKey(
        'raw',
        this.key,
        { name: 'HMAC', hash: 'SHA-256' },
        false,
        ['verify'],
      );
      // A token without an expiry would be valid for ever: refuse it even if we signed it.
      const { payload } = await jwtVerify(token, await this.verificationKey, {
        algorithms: ['HS256'],
        requiredClaims: ['exp'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      const claims = Object.freeze(payload as unknown as AccessClaims & { exp: number });
      this.verified.set(token, claims);
      if (this.verified.size > MAX_VERIFIED_TOKENS) {
        // The oldest first: Map keeps insertion order.
        this.verified.delete(this.verified.keys().next().value!);
      }
      return claims;
    } catch {
      return null;
    }
  }

  async issueRefreshToken(
    db: Executor,
    userId: string,
    options: { familyId?: string; rememberMe: boolean },
  ): Promise<{ token: string; familyId: string }> {
    const token = randomBytes(32).toString('base64url');
    const familyId = options.familyId ?? randomUUID();
    const days = options.rememberMe ? this.refreshLifetimeDays : 1;
    await db.insert(refreshTokens).values({
      userId,
      familyId,
      tokenHash: hashToken(token),
      rememberMe: options.rememberMe,
      expiresAt: new Date(Date.now() + days * 86_400_000),
    });
    return { token, familyId };
  }

  /**
   * Rotates the presented token in `tx` (the caller mints the next pair in the same transaction
   * and passes it to `rotated`). Concurrent refreshes with one token queue on its row: the first
   * rotates it, the others find it rotated moments ago and get the same pair.
   */
  async refresh(tx: Transaction, token: string): Promise<RefreshOutcome> {
    const tokenHash = hashToken(token);
    const [current] = await tx
      .update(refreshTokens)
      .set({ rotatedAt: new Date() })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.rotatedAt),
          isNull(refreshTokens.revokedAt),
          sql`${refreshTokens.expiresAt} > now()`,
        ),
      )
      .returning({
        userId: refreshTokens.userId,
        familyId: refreshTokens.familyId,
        rememberMe: refreshTokens.rememberMe,
      });
    if (current) return { kind: 'rotate', ...current };
    const [known] = await tx
      .select({
        userId: refreshTokens.userId,
        familyId: refreshTokens.familyId,
        revokedAt: refreshTokens.revokedAt,
        successor: refreshTokens.successor,
        recent: sql<boolean>`${refreshTokens.rotatedAt} > now() - make_interval(secs => ${REFRESH_GRACE_SECONDS})`,
      })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash));
    if (!known) return { kind: 'invalid' };
    if (known.revokedAt) return { kind: 'invalid' };
    const pair = known.recent && known.successor ? openSuccessor(token, known.successor) : null;
    if (pair) return { kind: 'replay', userId: known.userId, pair };
    await this.revokeFamily(tx, known.familyId);
    return { kind: 'reused' };
  }

  /** Records the pair a token was rotated into, readable only with that token. */
  async rotated(tx: Transaction, token: string, pair: TokenPair): Promise<void> {
    await tx
      .update(refreshTokens)
      .set({ successor: sealSuccessor(token, pair) })
      .where(eq(refreshTokens.tokenHash, hashToken(token)));
  }

  /** Ends the sign-in the token belongs to (logout), whatever state the token is in. */
  async revokeByToken(db: Executor, token: string): Promise<void> {
    const [known] = await db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(token)));
    if (known) await this.revokeFamily(db, known.familyId);
  }

  async revokeFamily(db: Executor, familyId: string): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    this.signedInUsers.forgetSession(familyId);
  }

  /** Revokes every sign-in of a user, except one family when given (the current device). */
  async revokeAllOfUser(db: Database, userId: string, exceptFamilyId?: string): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(refreshTokens.userId, userId),
          isNull(refreshTokens.revokedAt),
          exceptFamilyId ? sql`${refreshTokens.familyId} <> ${exceptFamilyId}` : undefined,
        ),
      );
    // In a transaction this runs before the commit: callers forget again once it is done.
    this.signedInUsers.forgetUser(userId);
  }
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** AES-256-GCM under a key only the holder of the old token can derive. */
function successorKey(token: string): Buffer {
  return createHash('sha256').update(`refresh-successor:${token}`).digest();
}

function sealSuccessor(token: string, pair: TokenPair): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', successorKey(token), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(pair), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

function openSuccessor(token: string, sealed: string): TokenPair | null {
  try {
    const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', successorKey(token), iv!);
    decipher.setAuthTag(tag!);
    const text = Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
    return JSON.parse(text) as TokenPair;
  } catch {
    return null;
  }
}
