import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthResultSchema,
  ChangePasswordInputSchema,
  ErrorCode,
  LoginInputSchema,
  LoginSmsCodeInputSchema,
  LogoutInputSchema,
  PhoneLoginInputSchema,
  RefreshTokenInputSchema,
  SmsCodeSentSchema,
  UserProfileSchema,
} from '@snowgear/contracts';
import { PUBLIC } from '@/lib/access.js';
import { AppError } from '@/lib/errors.js';
import { message } from '@/lib/messages.js';
import { buildProfile } from '@/modules/identity/profile.js';
import { findUserById } from '@/modules/identity/repository.js';
import {
  changePassword,
  login,
  logout,
  phoneLogin,
  refresh,
  sendLoginSmsCode,
  type IdentityDeps,
} from '@/modules/identity/service.js';

const SIGNED_IN = { authenticated: true } as const;

/** The account calls of spec §7: sign-in, profile, tokens, logout, password. */
export async function accountRoutes(
  app: FastifyInstance,
  { signInPerMinute, ...deps }: Omit<IdentityDeps, 'db'> & { signInPerMinute: number },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // A burst cap per address (a store's devices share one); failures are limited per account.
  const SIGN_IN_RATE = { max: signInPerMinute, timeWindow: '1 minute' };
  const identity = (): IdentityDeps => ({ ...deps, db: app.db });

  const myProfile = async (request: FastifyRequest) => {
    const user = await findUserById(app.db, request.tenantId, request.user!.id);
    if (!user) throw new AppError(404, ErrorCode.UserNotFound, message(request, 'UserNotFound'));
    return buildProfile(app.db, user);
  };

  r.post(
    '/api/app/account/login',
    {
      config: { access: PUBLIC, rateLimit: SIGN_IN_RATE, secretAnswer: true },
      schema: {
        tags: ['account'],
        summary: 'Sign in with user name or e-mail and password',
        body: LoginInputSchema,
        response: { 200: AuthResultSchema },
      },
    },
    async (request, reply) => login(identity(), request, reply, request.body),
  );

  r.post(
    '/api/app/account/login/send-sms-code',
    {
      // Per number, per account and per address limits live in the service; this caps bursts.
      // The answer holds the code in the sandbox: a repeat under its Idempotency-Key is told the
      // code went out (409), never given it again, and nothing of it is stored.
      config: { access: PUBLIC, rateLimit: SIGN_IN_RATE, secretAnswer: true },
      schema: {
        tags: ['account'],
        summary:
          'Text the second factor’s code to the phone on file of a staff account locked for this client (then sign in with password and smsCode)',
        body: LoginSmsCodeInputSchema,
        response: { 200: SmsCodeSentSchema },
      },
    },
    async (request) => sendLoginSmsCode(identity(), request, request.body),
  );

  r.post(
    '/api/h5/auth/phone-login',
    {
      config: { access: PUBLIC, rateLimit: SIGN_IN_RATE, secretAnswer: true },
      schema: {
        tags: ['account'],
        summary:
          'Customer sign-in with a mainland mobile number, its SMS code and the real name; a verified new number creates a customer',
        body: PhoneLoginInputSchema,
        response: { 200: AuthResultSchema },
      },
    },
    async (request, reply) => {
      const session = await phoneLogin(identity(), request, request.body);
      if (request.body.weChatOpenId) deps.weChatProof.forgetTicket(reply);
      return session;
    },
  );

  r.post(
    '/api/app/account/refresh-token',
    {
      config: { access: PUBLIC, rateLimit: SIGN_IN_RATE, secretAnswer: true },
      schema: {
        tags: ['account'],
        summary: 'Exchange a refresh token for new tokens (the old one stops working)',
        body: RefreshTokenInputSchema,
        response: { 200: AuthResultSchema },
      },
    },
    async (request) => refresh(identity(), request, request.body.refreshToken),
  );

  r.post(
    '/api/app/account/logout',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['account'],
        summary: 'End this sign-in: its refresh tokens and access token stop working',
        body: LogoutInputSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await logout(identity(), request, request.body?.refreshToken);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/app/account/my-profile',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['account'],
        summary: 'The signed-in user',
        response: { 200: UserProfileSchema },
      },
    },
    async (request) => myProfile(request),
  );

  r.get(
    '/api/h5/auth/current-user',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['account'],
        summary: 'The signed-in user',
        response: { 200: UserProfileSchema },
      },
    },
    async (request) => myProfile(request),
  );

  r.post(
    '/api/app/account/change-password',
    {
      config: { access: SIGNED_IN, rateLimit: SIGN_IN_RATE },
      schema: {
        tags: ['account'],
        summary: 'Change the password (rules: docs/permissions.md); other sign-ins are ended',
        body: ChangePasswordInputSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await changePassword(identity(), request, request.body);
      return reply.code(204).send(null);
    },
  );
}
