import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  AnonymousWeChatInfoInputSchema,
  BindWeChatInputSchema,
  ErrorCode,
  JsSdkConfigInputSchema,
  JsSdkConfigSchema,
  UserProfileSchema,
  WeChatAuthUrlInputSchema,
  WeChatLoginInputSchema,
  WeChatLoginResultSchema,
  WeChatUserInfoSchema,
} from '@snowgear/contracts';
import { users } from '@/db/schema.js';
import { PUBLIC } from '@/lib/access.js';
import { AppError } from '@/lib/errors.js';
import { message } from '@/lib/messages.js';
import { buildProfile } from '@/modules/identity/profile.js';
import { findUserById, findUserByWeChatOpenId } from '@/modules/identity/repository.js';
import { bindWeChatOpenId, issueSession } from '@/modules/identity/service.js';
import type { TokenService } from '@/modules/identity/tokens.js';
import type { WeChatProof } from '@/modules/identity/wechat-proof.js';
import type { WeChatClient } from './client.js';
import type { WeChatRedirects } from './redirects.js';

const SIGNED_IN = { authenticated: true } as const;
const WECHAT_RATE = { max: 30, timeWindow: '1 minute' };

/** WeChat sign-in, binding and the JS-SDK configuration (spec §7). */
export async function weChatRoutes(
  app: FastifyInstance,
  options: {
    wechat: WeChatClient;
    tokens: TokenService;
    proof: WeChatProof;
    redirects: WeChatRedirects;
  },
) {
  const { wechat, proof } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const messages = (request: FastifyRequest) => ({
    notConfigured: message(request, 'WeChatNotConfigured'),
    failed: message(request, 'WeChatFailed'),
  });
  // Before anything else, so a server without WeChat says so rather than judging the request.
  const requireConfigured = (request: FastifyRequest) => {
    if (!wechat.configured) {
      throw new AppError(403, ErrorCode.WeChatNotConfigured, messages(request).notConfigured);
    }
  };
  const currentUser = async (request: FastifyRequest) => {
    const user = await findUserById(app.db, request.tenantId, request.user!.id);
    if (!user) throw new AppError(404, ErrorCode.UserNotFound, message(request, 'UserNotFound'));
    return user;
  };

  r.post(
    '/api/h5/auth/wechat-auth-url',
    {
      config: { access: PUBLIC, rateLimit: WECHAT_RATE },
      schema: {
        tags: ['wechat'],
        summary:
          "WeChat's authorize URL; WeChat returns to redirectUri (this site only) with code and a state tied to this browser",
        body: WeChatAuthUrlInputSchema,
        response: { 200: z.object({ authUrl: z.string(), state: z.string() }) },
      },
    },
    async (request, reply) => {
      requireConfigured(request);
      const redirectUri = options.redirects.allowed(request.body.redirectUri, request);
      if (!redirectUri) {
        throw new AppError(
          400,
          ErrorCode.WeChatRedirectNotAllowed,
          message(request, 'WeChatRedirectNotAllowed'),
        );
      }
      const state = proof.issueState(request, reply);
      return {
        authUrl: wechat.authorizeUrl(
          redirectUri,
          request.body.scope,
          state,
          messages(request).notConfigured,
        ),
        state,
      };
    },
  );

  r.post(
    '/api/h5/auth/wechat-login',
    {
      config: { access: PUBLIC, rateLimit: WECHAT_RATE, secretAnswer: true },
      schema: {
        tags: ['wechat'],
        summary:
          "Sign in with the code WeChat returned (with this browser's state); an unbound WeChat user gets requireBinding and this browser a ticket to bind it with",
        body: WeChatLoginInputSchema,
        response: { 200: WeChatLoginResultSchema },
      },
    },
    async (request, reply) => {
      requireConfigured(request);
      proof.checkState(request, reply, request.body.state);
      const info = await wechat.userFromCode(request.body.code, messages(request));
      const user = await findUserByWeChatOpenId(app.db, request.tenantId, info.openId);
      if (!user) {
        await proof.issueTicket(app.db, request, reply, info);
        return { requireBinding: true as const, openId: info.openId, weChatUserInfo: info };
      }
      if (!user.isActive)
        throw new AppError(403, ErrorCode.AccountDisabled, message(request, 'AccountDisabled'));
      const session = await issueSession({ tokens: options.tokens, db: app.db }, user, {
        rememberMe: true,
      });
      return { ...session, requireBinding: false as const };
    },
  );

  r.post(
    '/api/h5/auth/anonymous-wechat-info',
    {
      config: { access: PUBLIC, rateLimit: WECHAT_RATE },
      schema: {
        tags: ['wechat'],
        summary:
          "The WeChat user behind a code (with this browser's state), without signing in; this browser gets a ticket to bind it with",
        body: AnonymousWeChatInfoInputSchema,
        response: { 200: WeChatUserInfoSchema },
      },
    },
    async (request, reply) => {
      requireConfigured(request);
      proof.checkState(request, reply, request.body.state);
      const info = await wechat.userFromCode(request.body.code, messages(request));
      await proof.issueTicket(app.db, request, reply, info);
      return info;
    },
  );

  r.post(
    '/api/h5/auth/bind-wechat',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['wechat'],
        summary:
          'Bind to the signed-in user the WeChat account this browser authorised in the last 30 minutes (once)',
        body: BindWeChatInputSchema,
        response: { 200: UserProfileSchema },
      },
    },
    async (request, reply) => {
      const user = await bindWeChatOpenId(
        { db: app.db, weChatProof: proof },
        request,
        await currentUser(request),
        request.body.openId,
      );
      proof.forgetTicket(reply);
      return buildProfile(app.db, user);
    },
  );

  r.post(
    '/api/h5/auth/unbind-wechat',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['wechat'],
        summary: 'Unbind WeChat from the signed-in user',
        response: { 200: UserProfileSchema },
      },
    },
    async (request) => {
      const user = await currentUser(request);
      const [updated] = await app.db
        .update(users)
        .set({ weChatOpenId: null, weChatUnionId: null, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      return buildProfile(app.db, updated!);
    },
  );

  r.post(
    '/api/app/wechat-jssdk/config',
    {
      config: { access: PUBLIC, rateLimit: WECHAT_RATE },
      schema: {
        tags: ['wechat'],
        summary: 'wx.config for a page URL (signature over the cached jsapi ticket)',
        body: JsSdkConfigInputSchema,
        response: { 200: JsSdkConfigSchema },
      },
    },
    async (request) => wechat.jsSdkConfig(app.db, request.body.url, messages(request)),
  );
}
