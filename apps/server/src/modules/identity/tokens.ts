import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Database } from '@/db/client.js';
import { refreshTokens } from '@/db/schema.js';

/**
 * Access tokens: HS256 JWTs with the claims the client decodes (spec §4). Refresh tokens: random,
 * stored hashed, rotated on every use; a rotated token presented again revokes its family.
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

export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    readonly accessLifetimeSeconds: number,
    readonly refreshLifetimeDays: number,
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
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      return payload as unknown as AccessClaims;
    } catch {
      return null;
    }
  }

  async issueRefreshToken(
    db: Database,
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
   * Marks the presented token used and returns whom it belongs to. A token already used
   * revokes its whole family (someone replayed it); unknown, expired or revoked tokens fail.
   */
  async consumeRefreshToken(
    db: Database,
    token: string,
  ): Promise<{ userId: string; familyId: string; rememberMe: boolean } | { reused: true } | null> {
    const tokenHash = hashToken(token);
    const [used] = await db
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
    if (used) return used;
    const [known] = await db
      .select({ familyId: refreshTokens.familyId, rotatedAt: refreshTokens.rotatedAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash));
    if (known?.rotatedAt) {
      await this.revokeFamily(db, known.familyId);
      return { reused: true };
    }
    return null;
  }

  async revokeFamily(db: Database, familyId: string): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
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
  }

  async isFamilyActive(db: Database, familyId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
      .limit(1);
    return !!row;
  }
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
