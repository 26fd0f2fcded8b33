import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  ErrorCode,
  RoleName,
  UserType,
  type AuthResult,
  type ChangePasswordInput,
  type LoginInput,
  type PhoneLoginInput,
} from '@snowgear/contracts';
import type { Database } from '@/db/client.js';
import { users, userRoles } from '@/db/schema.js';
import { AppError, businessError } from '@/lib/errors.js';
import { message } from '@/lib/messages.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { buildProfile } from './profile.js';
import {
  findUserById,
  findUserByLogin,
  findUserByPhone,
  findUserByWeChatOpenId,
  type UserRow,
} from './repository.js';
import { recentWeChatUser } from './wechat-pending.js';
import { accountKey, addressKey, type LoginThrottle } from './throttle.js';
import type { TokenService } from './tokens.js';

export interface IdentityDeps {
  db: Database;
  tokens: TokenService;
  throttle: LoginThrottle;
}

const unauthorized = (request: FastifyRequest) =>
  new AppError(401, ErrorCode.RefreshTokenInvalid, message(request, 'RefreshTokenInvalid'));

/** Signs a user in: a new refresh-token family (or the next token of one) and an access token. */
export async function issueSession(
  deps: IdentityDeps,
  user: UserRow,
  options: { rememberMe: boolean; familyId?: string },
): Promise<AuthResult> {
  const profile = await buildProfile(deps.db, user);
  const { token: refreshToken, familyId } = await deps.tokens.issueRefreshToken(
    deps.db,
    user.id,
    options,
  );
  const accessToken = await deps.tokens.signAccessToken({
    sub: user.id,
    tenantId: user.tenantId,
    sid: familyId,
    unique_name: user.userName,
    email: user.email ?? undefined,
    given_name: user.name || undefined,
    family_name: user.surname || undefined,
    phone_number: user.phoneNumber ?? undefined,
    role: profile.roles,
  });
  await deps.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  return {
    accessToken,
    refreshToken,
    expiresIn: deps.tokens.accessLifetimeSeconds,
    tokenType: 'Bearer',
    user: profile,
  };
}

/** `POST /api/app/account/login`: user name or e-mail with password, throttled. */
export async function login(deps: IdentityDeps, request: FastifyRequest, input: LoginInput) {
  const keys = [accountKey(request.tenantId, input.userNameOrEmailAddress), addressKey(request.ip)];
  await deps.throttle.assertAllowed(deps.db, keys, (minutes) =>
    message(request, 'LoginThrottled', { minutes }),
  );
  const user = await findUserByLogin(deps.db, request.tenantId, input.userNameOrEmailAddress);
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok) {
    await deps.throttle.recordFailure(deps.db, keys);
    throw businessError(ErrorCode.InvalidCredentials, message(request, 'InvalidCredentials'));
  }
  if (!user.isActive)
    throw businessError(ErrorCode.AccountDisabled, message(request, 'AccountDisabled'));
  await deps.throttle.clear(deps.db, [keys[0]!]);
  return issueSession(deps, user, { rememberMe: input.rememberMe });
}

const normaliseName = (name: string) => name.trim().replace(/\s+/g, ' ');

/**
 * `POST /api/h5/auth/phone-login`: a new phone becomes a Customer account; a known phone must
 * come with the registered real name. A given WeChat open id is bound to the account.
 */
export async function phoneLogin(
  deps: IdentityDeps,
  request: FastifyRequest,
  input: PhoneLoginInput,
) {
  const keys = [accountKey(request.tenantId, `phone:${input.phoneNumber}`), addressKey(request.ip)];
  await deps.throttle.assertAllowed(deps.db, keys, (minutes) =>
    message(request, 'LoginThrottled', { minutes }),
  );
  const realName = normaliseName(input.realName);
  let user = await findUserByPhone(deps.db, request.tenantId, input.phoneNumber);
  if (user) {
    if (user.realName && normaliseName(user.realName) !== realName) {
      await deps.throttle.recordFailure(deps.db, keys);
      throw businessError(ErrorCode.RealNameMismatch, message(request, 'RealNameMismatch'));
    }
    if (!user.isActive)
      throw businessError(ErrorCode.AccountDisabled, message(request, 'AccountDisabled'));
    if (!user.realName) {
      [user] = await deps.db
        .update(users)
        .set({ realName })
        .where(eq(users.id, user.id))
        .returning();
    }
  } else {
    user = await deps.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          tenantId: request.tenantId,
          userName: input.phoneNumber,
          userType: UserType.Customer,
          name: realName,
          realName,
          phoneNumber: input.phoneNumber,
          phoneNumberConfirmed: false,
        })
        .returning();
      await tx.insert(userRoles).values({ userId: created!.id, roleName: RoleName.Customer });
      return created;
    });
  }
  if (!user) throw new Error('phone login: user missing');
  await deps.throttle.clear(deps.db, [keys[0]!]);
  if (input.weChatOpenId && input.weChatOpenId !== user.weChatOpenId) {
    user = await bindWeChatOpenId(deps.db, request, user, input.weChatOpenId);
  }
  if (!user) throw new Error('phone login: user missing');
  return issueSession(deps, user, { rememberMe: true });
}

/** Binds an open id to a user; refuses one that belongs to somebody else. */
export async function bindWeChatOpenId(
  db: Database,
  request: FastifyRequest,
  user: UserRow,
  openId: string,
): Promise<UserRow> {
  const info = await recentWeChatUser(db, request.tenantId, openId);
  if (!info) throw businessError(ErrorCode.WeChatFailed, message(request, 'WeChatAuthExpired'));
  const owner = await findUserByWeChatOpenId(db, request.tenantId, openId);
  if (owner && owner.id !== user.id) {
    throw new AppError(409, ErrorCode.WeChatAlreadyBound, message(request, 'WeChatAlreadyBound'));
  }
  const [updated] = await db
    .update(users)
    .set({
      weChatOpenId: openId,
      weChatUnionId: info.unionId || null,
      avatar: user.avatar || info.headImgUrl,
      updatedAt: new Date(),
    })
    .where(eq(users.id, user.id))
    .returning();
  return updated!;
}

/** `POST /api/app/account/refresh-token`: rotates the refresh token. */
export async function refresh(deps: IdentityDeps, request: FastifyRequest, refreshToken: string) {
  const consumed = await deps.tokens.consumeRefreshToken(deps.db, refreshToken);
  if (!consumed || 'reused' in consumed) {
    if (consumed) request.log.warn('refresh token reused: its family was revoked');
    throw unauthorized(request);
  }
  const user = await findUserById(deps.db, request.tenantId, consumed.userId);
  if (!user || !user.isActive) {
    await deps.tokens.revokeFamily(deps.db, consumed.familyId);
    throw unauthorized(request);
  }
  return issueSession(deps, user, { rememberMe: consumed.rememberMe, familyId: consumed.familyId });
}

/** `POST /api/app/account/logout`: ends this sign-in (its whole token family). */
export async function logout(deps: IdentityDeps, request: FastifyRequest, refreshToken?: string) {
  if (request.user) await deps.tokens.revokeFamily(deps.db, request.user.sessionId);
  if (refreshToken) {
    const consumed = await deps.tokens.consumeRefreshToken(deps.db, refreshToken);
    if (consumed && !('reused' in consumed))
      await deps.tokens.revokeFamily(deps.db, consumed.familyId);
  }
}

/**
 * `POST /api/app/account/change-password`: needs the current password (unless the account has
 * none yet), a new one that follows the rules and differs; other sign-ins are ended.
 */
export async function changePassword(
  deps: IdentityDeps,
  request: FastifyRequest,
  input: ChangePasswordInput,
) {
  const current = request.user!;
  const user = await findUserById(deps.db, request.tenantId, current.id);
  if (!user) throw new AppError(404, ErrorCode.UserNotFound, message(request, 'UserNotFound'));
  if (user.passwordHash && !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw businessError(ErrorCode.WrongCurrentPassword, message(request, 'WrongCurrentPassword'));
  }
  if (input.currentPassword === input.newPassword) {
    throw businessError(ErrorCode.SamePassword, message(request, 'SamePassword'));
  }
  await deps.db
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: new Date() })
    .where(eq(users.id, user.id));
  await deps.tokens.revokeAllOfUser(deps.db, user.id, current.sessionId);
}
