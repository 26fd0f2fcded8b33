import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull, notInArray } from 'drizzle-orm';
import {
  normaliseRealName,
  ErrorCode,
  OrderStatus,
  RoleName,
  UserType,
  type AuthResult,
  type ChangePasswordInput,
  type LoginInput,
  type PhoneLoginInput,
} from '@snowgear/contracts';
import type { Database, Transaction } from '@/db/client.js';
import { orders, users, userRoles } from '@/db/schema.js';
import { AppError, businessError } from '@/lib/errors.js';
import { message, type MessageKey } from '@/lib/messages.js';
import { pgCode, UNIQUE_VIOLATION } from '@/lib/pg-errors.js';
import type { SmsCodes } from '@/modules/sms/index.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { buildProfile } from './profile.js';
import {
  findUserById,
  findUserByLogin,
  findUserByPhone,
  findUserByWeChatOpenId,
  rolesOf,
  type UserRow,
} from './repository.js';
import type { WeChatProof, WeChatTicket } from './wechat-proof.js';
import type { LoginThrottle } from './throttle.js';
import type { TokenService } from './tokens.js';

type Executor = Database | Transaction;

export interface IdentityDeps {
  db: Database;
  tokens: TokenService;
  throttle: LoginThrottle;
  codes: SmsCodes;
  weChatProof: WeChatProof;
}

const unauthorized = (request: FastifyRequest) =>
  new AppError(401, ErrorCode.RefreshTokenInvalid, message(request, 'RefreshTokenInvalid'));

/** Signs a user in: a new refresh-token family (or the next token of one) and an access token. */
export async function issueSession(
  deps: { db: Executor; tokens: TokenService },
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

/** 13800138000 → 138****8000: enough for the owner to know their phone, not to learn a number. */
export const maskPhone = (phone: string) =>
  phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';

/**
 * The phone a staff account's second factor is texted to: its phone on file, when SMS codes are
 * set up. Customers sign in by phone anyway; an account without a phone has no second factor.
 */
async function secondFactorPhone(deps: IdentityDeps, user: UserRow | undefined) {
  if (!user?.phoneNumber || !user.isActive || !deps.codes.enabled) return null;
  if (await isCustomerAccount(deps.db, user)) return null;
  return user.phoneNumber;
}

const noSecondFactor = (request: FastifyRequest) =>
  businessError(ErrorCode.SecondFactorUnavailable, message(request, 'SecondFactorUnavailable'));

/**
 * `POST /api/app/account/login`: user name or e-mail with password. The attempt is counted
 * before the password is checked (see LoginThrottle); success remembers this device. An account
 * locked for this client signs in with the password and the code texted to its phone (`smsCode`):
 * the code is checked first (its tries counted), then used up whether or not the password was
 * right, so each texted code buys one password attempt.
 */
export async function login(
  deps: IdentityDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  input: LoginInput,
) {
  const user = await findUserByLogin(deps.db, request.tenantId, input.userNameOrEmailAddress);
  const phone = await secondFactorPhone(deps, user);
  let codeId: string | undefined;
  if (input.smsCode !== undefined) {
    if (!phone) throw noSecondFactor(request);
    codeId = await deps.codes.check(deps.db, request, phone, input.smsCode);
  }
  const attempt = await deps.throttle.begin(
    deps.db,
    request,
    {
      userId: user?.id,
      login: input.userNameOrEmailAddress,
      maskedPhone: phone ? maskPhone(phone) : null,
    },
    { secondFactor: codeId !== undefined },
  );
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  const fresh = codeId === undefined || (await deps.codes.consume(deps.db, codeId));
  if (!user || !ok) {
    throw businessError(ErrorCode.InvalidCredentials, message(request, 'InvalidCredentials'));
  }
  if (!fresh) throw businessError(ErrorCode.SmsCodeExpired, message(request, 'SmsCodeExpired'));
  if (!user.isActive)
    throw businessError(ErrorCode.AccountDisabled, message(request, 'AccountDisabled'));
  await attempt.succeeded(reply);
  return issueSession(deps, user, { rememberMe: input.rememberMe });
}

/**
 * `POST /api/app/account/login/send-sms-code`: the second factor's code, texted to the phone on
 * file of a staff account that is locked for this client. Any other case (no such account, no
 * phone, not locked, a device the account signed in on) gets one and the same refusal. The SMS
 * caps apply: one a minute and a daily cap per number, per account and per address.
 */
export async function sendLoginSmsCode(
  deps: IdentityDeps,
  request: FastifyRequest,
  input: { userNameOrEmailAddress: string },
) {
  const user = await findUserByLogin(deps.db, request.tenantId, input.userNameOrEmailAddress);
  const phone = await secondFactorPhone(deps, user);
  if (!user || !phone || !(await deps.throttle.lockedForThisClient(deps.db, request, user.id))) {
    throw noSecondFactor(request);
  }
  return deps.codes.send(deps.db, request, phone, user.id);
}

/**
 * The name compared with the registered one: a passport name may be typed in capitals as printed
 * one day and in ordinary case the next, and still be the same person's name.
 */
const comparableName = (name: string) => normaliseRealName(name).toLowerCase();

/** Phone sign-in is for customer accounts only: never a way into a staff account. */
async function isCustomerAccount(db: Database, user: UserRow) {
  if (user.userType !== UserType.Customer) return false;
  return (await rolesOf(db, user.id)).every((role) => role === RoleName.Customer);
}

/**
 * `POST /api/h5/auth/phone-login`: a customer proves the number with the SMS code and gives
 * their real name. A verified new number becomes a Customer account; a known customer must give
 * the registered name. A staff member's number gets the same answer as a wrong name, so the call
 * tells nobody that a number belongs to staff. A given WeChat open id is bound to the account
 * only with this browser's ticket for it (see WeChatProof), and never in place of another WeChat
 * already bound to it.
 */
export async function phoneLogin(
  deps: IdentityDeps,
  request: FastifyRequest,
  input: PhoneLoginInput,
) {
  const codeId = await deps.codes.check(deps.db, request, input.phoneNumber, input.code);
  const realName = normaliseRealName(input.realName);
  const existing = await findUserByPhone(deps.db, request.tenantId, input.phoneNumber);
  if (existing) {
    const nameMatches =
      !existing.realName || comparableName(existing.realName) === comparableName(realName);
    if (!nameMatches || !(await isCustomerAccount(deps.db, existing))) {
      throw businessError(ErrorCode.RealNameMismatch, message(request, 'RealNameMismatch'));
    }
    if (!existing.isActive)
      throw businessError(ErrorCode.AccountDisabled, message(request, 'AccountDisabled'));
  }
  const openId = input.weChatOpenId || null;
  const weChat =
    openId && openId !== existing?.weChatOpenId
      ? await weChatToBind(deps, request, existing ?? null, openId, 'WeChatBoundElsewhere')
      : null;
  if (!(await deps.codes.consume(deps.db, codeId))) {
    throw businessError(ErrorCode.SmsCodeExpired, message(request, 'SmsCodeExpired'));
  }

  let user: UserRow;
  try {
    user = await deps.db.transaction(async (tx) => {
      let row: UserRow | undefined;
      if (existing) {
        [row] = await tx
          .update(users)
          .set({
            realName: existing.realName || realName,
            phoneNumberConfirmed: true,
            updatedAt: new Date(),
          })
          .where(eq(users.id, existing.id))
          .returning();
      } else {
        [row] = await tx
          .insert(users)
          .values({
            tenantId: request.tenantId,
            userName: input.phoneNumber,
            userType: UserType.Customer,
            name: realName,
            realName,
            phoneNumber: input.phoneNumber,
            phoneNumberConfirmed: true,
          })
          .returning();
        await tx.insert(userRoles).values({ userId: row!.id, roleName: RoleName.Customer });
      }
      if (weChat) row = await applyWeChat(tx, request, row!, weChat);
      await claimOrdersOfPhone(tx, row!);
      return row!;
    });
  } catch (err) {
    throw duplicateUserError(err, request) ?? err;
  }
  return issueSession(deps, user, { rememberMe: true });
}

/**
 * Orders booked for this number before the customer proved it (at the counter, or by an agent)
 * become theirs, so they can pay and follow them. Only orders still open: a finished rental of
 * the number's previous owner stays where it was.
 */
async function claimOrdersOfPhone(tx: Transaction, user: UserRow) {
  if (!user.phoneNumber) return;
  await tx
    .update(orders)
    .set({ customerId: user.id })
    .where(
      and(
        eq(orders.tenantId, user.tenantId),
        eq(orders.customerPhone, user.phoneNumber),
        isNull(orders.customerId),
        notInArray(orders.status, [OrderStatus.Completed, OrderStatus.Cancelled]),
      ),
    );
}

/** A race with another sign-up or binding, answered as what it is. */
function duplicateUserError(err: unknown, request: FastifyRequest): AppError | null {
  if (pgCode(err) !== UNIQUE_VIOLATION) return null;
  const constraint = String((err as { cause?: { constraint?: string } }).cause?.constraint ?? '');
  return constraint.includes('wechat')
    ? new AppError(409, ErrorCode.WeChatAlreadyBound, message(request, 'WeChatAlreadyBound'))
    : new AppError(409, ErrorCode.DuplicateUser, message(request, 'DuplicatePhone'));
}

/** What binding refuses in place of a WeChat account that is not the caller's to bind. */
const notThisBrowser = (request: FastifyRequest) =>
  businessError(ErrorCode.WeChatNotThisBrowser, message(request, 'WeChatNotThisBrowser'));

/**
 * The WeChat user behind an open id WeChat named to this very browser moments ago (its ticket),
 * if it may be bound to `user`: not bound to anyone else, and `user` not bound to another WeChat
 * already.
 */
async function weChatToBind(
  deps: { db: Database; weChatProof: WeChatProof },
  request: FastifyRequest,
  user: UserRow | null,
  openId: string,
  boundElsewhere: Extract<MessageKey, 'WeChatBoundElsewhere' | 'WeChatSelfBoundElsewhere'>,
): Promise<WeChatTicket> {
  const ticket = await deps.weChatProof.ticketFor(deps.db, request, openId);
  const owner = await findUserByWeChatOpenId(deps.db, request.tenantId, openId);
  if (owner && owner.id !== user?.id) {
    throw new AppError(409, ErrorCode.WeChatAlreadyBound, message(request, 'WeChatAlreadyBound'));
  }
  if (user?.weChatOpenId && user.weChatOpenId !== openId) {
    throw new AppError(409, ErrorCode.WeChatBoundElsewhere, message(request, boundElsewhere));
  }
  return ticket;
}

/** Uses the ticket up and binds its WeChat user, in the caller's transaction. */
async function applyWeChat(
  tx: Transaction,
  request: FastifyRequest,
  user: UserRow,
  ticket: WeChatTicket,
): Promise<UserRow> {
  // Two bindings racing with one ticket: only the one that deletes it goes on.
  if (!(await ticket.use(tx))) throw notThisBrowser(request);
  const { info } = ticket;
  const [updated] = await tx
    .update(users)
    .set({
      weChatOpenId: info.openId,
      weChatUnionId: info.unionId || null,
      avatar: user.avatar || info.headImgUrl,
      updatedAt: new Date(),
    })
    .where(eq(users.id, user.id))
    .returning();
  return updated!;
}

/** `POST /api/h5/auth/bind-wechat`: binds the WeChat user this browser just authorised. */
export async function bindWeChatOpenId(
  deps: { db: Database; weChatProof: WeChatProof },
  request: FastifyRequest,
  user: UserRow,
  openId: string,
): Promise<UserRow> {
  if (user.weChatOpenId === openId) return user;
  const ticket = await weChatToBind(deps, request, user, openId, 'WeChatSelfBoundElsewhere');
  try {
    return await deps.db.transaction((tx) => applyWeChat(tx, request, user, ticket));
  } catch (err) {
    throw duplicateUserError(err, request) ?? err;
  }
}

/**
 * `POST /api/app/account/refresh-token`: rotates the refresh token. Concurrent refreshes with
 * the same token (two tabs, a retried request) get the same new pair; a token used again after
 * the grace window ends its whole sign-in.
 */
export async function refresh(deps: IdentityDeps, request: FastifyRequest, refreshToken: string) {
  const result = await deps.db.transaction(async (tx) => {
    const outcome = await deps.tokens.refresh(tx, refreshToken);
    if (outcome.kind === 'invalid' || outcome.kind === 'reused') return outcome;
    const user = await findUserById(tx, request.tenantId, outcome.userId);
    if (!user?.isActive) {
      if (outcome.kind === 'rotate') await deps.tokens.revokeFamily(tx, outcome.familyId);
      return { kind: 'invalid' as const };
    }
    if (outcome.kind === 'replay') {
      const session: AuthResult = {
        ...outcome.pair,
        expiresIn: deps.tokens.accessLifetimeSeconds,
        tokenType: 'Bearer',
        user: await buildProfile(tx, user),
      };
      return { kind: 'session' as const, session };
    }
    const session = await issueSession({ db: tx, tokens: deps.tokens }, user, {
      rememberMe: outcome.rememberMe,
      familyId: outcome.familyId,
    });
    const { accessToken, refreshToken: next } = session;
    await deps.tokens.rotated(tx, refreshToken, { accessToken, refreshToken: next });
    return { kind: 'session' as const, session };
  });
  if (result.kind === 'session') return result.session;
  if (result.kind === 'reused') request.log.warn('refresh token reused: its family was revoked');
  throw unauthorized(request);
}

/** `POST /api/app/account/logout`: ends this sign-in (its whole token family). */
export async function logout(deps: IdentityDeps, request: FastifyRequest, refreshToken?: string) {
  if (request.user) await deps.tokens.revokeFamily(deps.db, request.user.sessionId);
  if (refreshToken) await deps.tokens.revokeByToken(deps.db, refreshToken);
}

/**
 * `POST /api/app/account/change-password`: needs the current password (an account without one,
 * such as a phone sign-in customer's, is refused), a new one that follows the rules and differs;
 * other sign-ins are ended.
 */
export async function changePassword(
  deps: IdentityDeps,
  request: FastifyRequest,
  input: ChangePasswordInput,
) {
  const current = request.user!;
  const user = await findUserById(deps.db, request.tenantId, current.id);
  if (!user) throw new AppError(404, ErrorCode.UserNotFound, message(request, 'UserNotFound'));
  // Phone and WeChat customers sign in without one; a password would be a second way in that
  // nothing asks for (the profile hides the entry by `hasPassword`).
  if (!user.passwordHash) {
    throw businessError(ErrorCode.NoPassword, message(request, 'NoPassword'));
  }
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
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
