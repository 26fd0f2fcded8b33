import Fastify, { type FastifyInstance } from 'fastify';

/**
 * A local stand-in for WeChat's OAuth, user-info, access-token and jsapi-ticket endpoints,
 * speaking the same protocol (query parameters in, JSON with errcode on failure out), plus the
 * authorize page, which "consents" at once and returns to the redirect URI with a code, and the
 * Official Account's subscription notifications (POST /cgi-bin/message/subscribe/bizsend), which
 * it records.
 * Only node and fastify imports: the browser journeys start it too.
 */
export interface WeChatUserFixture {
  openid: string;
  nickname: string;
  headimgurl: string;
  sex: number;
  province: string;
  city: string;
  country: string;
  unionid?: string;
}

/** A subscription notification the double accepted, as sent. */
export interface WeChatSubscribeMessage {
  touser: string;
  template_id: string;
  page?: string;
  data: Record<string, { value: string }>;
  sentAt: Date;
}

export interface WeChatDouble {
  baseUrl: string;
  authorizeUrl: string;
  appId: string;
  appSecret: string;
  ticket: string;
  /** Issues a one-time code for a user (the consent a real phone would give). */
  codeFor(user: WeChatUserFixture, scope?: string): string;
  calls: { token: number; ticket: number; exchange: number; userinfo: number; subscribe: number };
  /** Subscription notifications accepted (errcode 0), oldest first. */
  subscribeMessages: WeChatSubscribeMessage[];
  /** From now on this openid has not subscribed (or refused): its notifications get 43101. */
  refuseSubscribeMessages(openid: string): void;
  /** Makes the current server access token invalid, as a renewal elsewhere would (then 40001). */
  expireServerToken(): void;
  close(): Promise<void>;
}

export const WECHAT_DOUBLE_APP = { appId: 'wx-test-app', appSecret: 'wx-test-secret' };

export async function startWeChatDouble(
  options: {
    defaultUser?: WeChatUserFixture;
    /**
     * Other WeChat accounts a browser can consent as, chosen by its `x-wechat-user` header (the
     * openid): so one journey's phone is not another's.
     */
    users?: WeChatUserFixture[];
  } = {},
): Promise<WeChatDouble> {
  const app: FastifyInstance = Fastify({ logger: false });
  const codes = new Map<string, { user: WeChatUserFixture; scope: string }>();
  const tokens = new Map<string, { user: WeChatUserFixture; scope: string }>();
  const calls = { token: 0, ticket: 0, exchange: 0, userinfo: 0, subscribe: 0 };
  const subscribeMessages: WeChatSubscribeMessage[] = [];
  const refusing = new Set<string>();
  const ticket =
    'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg';
  let serverToken = '';
  let n = 0;
  const codeFor = (user: WeChatUserFixture, scope = 'snsapi_userinfo') => {
    const code = `code-${++n}-${user.openid}`;
    codes.set(code, { user, scope });
    return code;
  };
  const wrongApp = (q: Record<string, string>) =>
    q.appid !== WECHAT_DOUBLE_APP.appId || q.secret !== WECHAT_DOUBLE_APP.appSecret;

  app.get('/connect/oauth2/authorize', async (request, reply) => {
    const q = request.query as Record<string, string>;
    if (q.appid !== WECHAT_DOUBLE_APP.appId || q.response_type !== 'code')
      return reply.code(400).send('bad request');
    const chosen = request.headers['x-wechat-user'];
    const user = options.users?.find((u) => u.openid === chosen) ?? options.defaultUser;
    if (!user) return reply.code(400).send('no user to consent');
    const target = new URL(q.redirect_uri ?? '');
    target.searchParams.set('code', codeFor(user, q.scope ?? 'snsapi_base'));
    target.searchParams.set('state', q.state ?? '');
    return reply.redirect(target.toString());
  });

  app.get('/sns/oauth2/access_token', async (request) => {
    calls.exchange += 1;
    const q = request.query as Record<string, string>;
    if (wrongApp(q)) return { errcode: 40125, errmsg: 'invalid appsecret' };
    const grant = codes.get(q.code ?? '');
    if (!grant || q.grant_type !== 'authorization_code')
      return { errcode: 40029, errmsg: 'invalid code' };
    codes.delete(q.code ?? ''); // one use only, as WeChat does
    const { user, scope } = grant;
    const accessToken = `user-token-${user.openid}-${n}`;
    tokens.set(accessToken, { user, scope });
    return {
      access_token: accessToken,
      expires_in: 7200,
      refresh_token: 'r',
      openid: user.openid,
      scope,
      ...(user.unionid ? { unionid: user.unionid } : {}),
    };
  });

  app.get('/sns/userinfo', async (request) => {
    calls.userinfo += 1;
    const q = request.query as Record<string, string>;
    const entry = tokens.get(q.access_token ?? '');
    if (!entry || entry.user.openid !== q.openid)
      return { errcode: 40001, errmsg: 'invalid credential' };
    if (!entry.scope.includes('snsapi_userinfo'))
      return { errcode: 48001, errmsg: 'api unauthorized' };
    return { ...entry.user, privilege: [] };
  });

  app.get('/cgi-bin/token', async (request) => {
    calls.token += 1;
    const q = request.query as Record<string, string>;
    if (wrongApp(q) || q.grant_type !== 'client_credential')
      return { errcode: 40125, errmsg: 'invalid appsecret' };
    serverToken = `server-token-${calls.token}`;
    return { access_token: serverToken, expires_in: 7200 };
  });

  app.get('/cgi-bin/ticket/getticket', async (request) => {
    calls.ticket += 1;
    const q = request.query as Record<string, string>;
    if (q.access_token !== serverToken || q.type !== 'jsapi')
      return { errcode: 40001, errmsg: 'invalid credential' };
    return { errcode: 0, errmsg: 'ok', ticket, expires_in: 7200 };
  });

  app.post('/cgi-bin/message/subscribe/bizsend', async (request) => {
    calls.subscribe += 1;
    const q = request.query as Record<string, string>;
    if (!serverToken || q.access_token !== serverToken) {
      return {
        errcode: 40001,
        errmsg: 'invalid credential, access_token is invalid or not latest',
      };
    }
    const body = (request.body ?? {}) as Record<string, unknown>;
    const { touser, template_id: templateId, page, data } = body;
    if (typeof touser !== 'string' || !/^[\w-]{6,64}$/.test(touser)) {
      return { errcode: 40003, errmsg: 'invalid openid' };
    }
    if (typeof templateId !== 'string' || templateId === '') {
      return { errcode: 40037, errmsg: 'invalid template_id' };
    }
    if (page !== undefined && typeof page !== 'string') {
      return { errcode: 47001, errmsg: 'data format error' };
    }
    if (typeof data !== 'object' || data === null || Object.keys(data).length === 0) {
      return { errcode: 47003, errmsg: 'argument invalid! data is empty' };
    }
    for (const [key, entry] of Object.entries(data as Record<string, unknown>)) {
      const value = (entry as { value?: unknown } | null)?.value;
      if (typeof value !== 'string' || value === '') {
        return { errcode: 47003, errmsg: `argument invalid! data.${key}.value is empty` };
      }
      // thing.DATA: at most 20 characters (WeChat's limit for the "thing" keyword type).
      if (key.startsWith('thing') && [...value].length > 20) {
        return { errcode: 47003, errmsg: `argument invalid! data.${key}.value exceeds limit` };
      }
    }
    if (refusing.has(touser)) return { errcode: 43101, errmsg: 'user refuse to accept the msg' };
    subscribeMessages.push({
      touser,
      template_id: templateId,
      ...(typeof page === 'string' ? { page } : {}),
      data: data as Record<string, { value: string }>,
      sentAt: new Date(),
    });
    return { errcode: 0, errmsg: 'ok', msgid: subscribeMessages.length };
  });

  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    baseUrl: address,
    authorizeUrl: `${address}/connect/oauth2/authorize`,
    ...WECHAT_DOUBLE_APP,
    ticket,
    codeFor,
    calls,
    subscribeMessages,
    refuseSubscribeMessages: (openid) => {
      refusing.add(openid);
    },
    expireServerToken: () => {
      serverToken = `expired-${serverToken}`;
    },
    close: () => app.close(),
  };
}
