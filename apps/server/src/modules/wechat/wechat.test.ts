import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '@/db/schema.js';
import {
  createTestApp,
  phoneSignIn,
  testBrowser,
  testDatabaseKind,
  verificationHeaders,
  type TestApp,
  type TestBrowser,
} from '@/testing/index.js';
import {
  startWeChatDouble,
  type WeChatDouble,
  type WeChatUserFixture,
} from '@/testing/wechat-double.js';
import { jsSdkSignature } from './client.js';

const alice: WeChatUserFixture = {
  openid: 'o-alice',
  nickname: '滑雪的爱丽丝',
  headimgurl: 'https://thirdwx.qlogo.cn/alice/132',
  sex: 2,
  province: '河北',
  city: '张家口',
  country: '中国',
  unionid: 'u-alice',
};

describe('JS-SDK signature', () => {
  it("matches WeChat's official worked example", () => {
    expect(
      jsSdkSignature({
        jsapi_ticket:
          'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
        noncestr: 'Wm3WZYTPz0wzccnW',
        timestamp: 1414587457,
        url: 'http://mp.weixin.qq.com?params=value#ignored-fragment',
      }),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });
});

const SITE = 'https://rent.example.cn';
const RETURN = `${SITE}/customer/login`;

describe('WeChat sign-in against the local double', () => {
  let t: TestApp;
  let wx: WeChatDouble;
  beforeAll(async () => {
    wx = await startWeChatDouble({ defaultUser: alice });
    t = await createTestApp({
      settings: {
        WECHAT_APP_ID: wx.appId,
        WECHAT_APP_SECRET: wx.appSecret,
        WECHAT_API_BASE_URL: wx.baseUrl,
        WECHAT_AUTHORIZE_URL: wx.authorizeUrl,
        PUBLIC_BASE_URL: SITE,
        WECHAT_REDIRECT_ORIGINS: 'https://m.rent.example.cn',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await wx.close();
  });
  const newBrowser = () => testBrowser(t.app);
  /** This browser's trip to WeChat: the state it was given, and the code WeChat returns. */
  const authorise = async (b: TestBrowser, user: WeChatUserFixture, scope?: string) => {
    const res = await b.post('/api/h5/auth/wechat-auth-url', { redirectUri: RETURN });
    expect(res.statusCode).toBe(200);
    return { code: wx.codeFor(user, scope), state: res.json<{ state: string }>().state };
  };
  const weChatLogin = async (b: TestBrowser, user: WeChatUserFixture) =>
    b.post('/api/h5/auth/wechat-login', { ...(await authorise(b, user)), userType: 1 });
  const signInAs = async (b: TestBrowser, userName: string) =>
    (
      await b.post('/api/app/account/login', {
        userNameOrEmailAddress: userName,
        password: '1q2w3E*',
      })
    ).json<{ accessToken: string }>().accessToken;
  const openIdOfPhone = async (phoneNumber: string) =>
    (
      await t.database.db
        .select({ openId: users.weChatOpenId })
        .from(users)
        .where(eq(users.phoneNumber, phoneNumber))
    )[0]?.openId;

  it('builds the official authorize URL with a state of its own, tied to this browser', async () => {
    const b = await newBrowser();
    const res = await b.post('/api/h5/auth/wechat-auth-url', {
      redirectUri: `${RETURN}?x=1`,
      state: 'abc123', // a state the caller makes up is not the one WeChat brings back
    });
    expect(res.statusCode).toBe(200);
    const { authUrl, state } = res.json();
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    const url = new URL(authUrl);
    expect(`${url.origin}${url.pathname}`).toBe(wx.authorizeUrl);
    expect(url.hash).toBe('#wechat_redirect');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: wx.appId,
      redirect_uri: `${RETURN}?x=1`,
      response_type: 'code',
      scope: 'snsapi_userinfo',
      state,
    });
    const cookie = res.cookies.find((c) => c.name === 'sg_wechat_state');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const config = (await t.app.inject('/api/abp/application-configuration')).json();
    expect(config.setting.values['SnowGearSmartStore.WeChat.LoginEnabled']).toBe('true');
  });

  it('returns from WeChat only to this site', async () => {
    const b = await newBrowser();
    for (const redirectUri of [
      `${SITE}/`,
      `${SITE}/profile?tab=1`,
      'https://m.rent.example.cn/customer/login',
    ]) {
      const res = await b.post('/api/h5/auth/wechat-auth-url', { redirectUri });
      expect(res.statusCode, redirectUri).toBe(200);
    }
    for (const redirectUri of [
      'https://evil.example.com/customer/login',
      'https://rent.example.cn.evil.com/customer/login',
      'https://rent.example.cn@evil.example.com/customer/login',
      'http://rent.example.cn/customer/login',
      'https://rent.example.cn:8443/customer/login',
      // The address the request came to counts only while PUBLIC_BASE_URL is unset.
      'http://localhost/customer/login',
    ]) {
      const res = await b.post('/api/h5/auth/wechat-auth-url', { redirectUri });
      expect(res.statusCode, redirectUri).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'WeChat:RedirectNotAllowed',
        message: '微信登录的返回地址不属于本站',
      });
      expect(res.cookies.find((c) => c.name === 'sg_wechat_state')).toBeUndefined();
    }
    const en = await t.app.inject({
      method: 'POST',
      url: '/api/h5/auth/wechat-auth-url',
      payload: { redirectUri: 'https://evil.example.com/' },
      headers: { ...b.headers(), 'accept-language': 'en-US' },
    });
    expect(en.json().error.message).toBe(
      'The address to return to after WeChat sign-in is not on this site',
    );
  });

  it('hands WeChat the return address as parsed and checked, never the text as sent', async () => {
    const b = await newBrowser();
    const redirectOf = async (redirectUri: string) => {
      const res = await b.post('/api/h5/auth/wechat-auth-url', { redirectUri });
      expect(res.statusCode, redirectUri).toBe(200);
      return new URL(res.json<{ authUrl: string }>().authUrl).searchParams.get('redirect_uri');
    };
    // A backslash is a slash to this server: another parser might read evil.example.com as the
    // host. WeChat gets the one reading, on our host.
    expect(await redirectOf('https://rent.example.cn\\@evil.example.com/customer/login')).toBe(
      'https://rent.example.cn/@evil.example.com/customer/login',
    );
    expect(await redirectOf('https://rent.example.cn\\customer\\login')).toBe(
      'https://rent.example.cn/customer/login',
    );
    expect(await redirectOf('HTTPS://Rent.Example.CN:443/a/../customer/login?x=1')).toBe(
      `${RETURN}?x=1`,
    );
  });

  it("takes WeChat's code only with the state this browser was given, once", async () => {
    const b = await newBrowser();
    const other = await newBrowser();
    const exchanges = wx.calls.exchange;
    const { state } = await authorise(b, alice);
    const { state: othersState } = await authorise(other, alice);
    for (const [name, body] of [
      ['a made-up state', { code: wx.codeFor(alice), state: 'abc123' }],
      ['no state', { code: wx.codeFor(alice) }],
      ['an empty state', { code: wx.codeFor(alice), state: '' }],
      // As many characters as the real one, but not as many bytes.
      ['a state of other letters', { code: wx.codeFor(alice), state: 'é'.repeat(state.length) }],
      ["another browser's state", { code: wx.codeFor(alice), state: othersState }],
    ] as const) {
      for (const url of ['/api/h5/auth/wechat-login', '/api/h5/auth/anonymous-wechat-info']) {
        const res = await b.post(url, body);
        expect(res.statusCode, `${url}: ${name}`).toBe(400);
        expect(res.json().error, `${url}: ${name}`).toHaveProperty('message');
      }
    }
    const wrong = await b.post('/api/h5/auth/wechat-login', {
      code: wx.codeFor(alice),
      state: 'x',
    });
    expect(wrong.json().error).toMatchObject({
      code: 'WeChat:StateMismatch',
      message: '微信登录未通过校验，请重新点击微信登录',
    });
    // Nothing was asked of WeChat for a refused state.
    expect(wx.calls.exchange).toBe(exchanges);

    const ok = await b.post('/api/h5/auth/wechat-login', { code: wx.codeFor(alice), state });
    expect(ok.statusCode).toBe(200);
    const again = await b.post('/api/h5/auth/wechat-login', { code: wx.codeFor(alice), state });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('WeChat:StateMismatch');
  });

  it('asks an unknown WeChat user to bind, then binding by phone signs them in next time', async () => {
    const phone = await newBrowser();
    // The whole trip: WeChat's authorize page consents and returns here with code and state.
    const { authUrl } = (
      await phone.post('/api/h5/auth/wechat-auth-url', { redirectUri: RETURN })
    ).json();
    const consent = await fetch(authUrl, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(RETURN);
    const first = (
      await phone.post('/api/h5/auth/wechat-login', {
        code: back.searchParams.get('code'),
        state: back.searchParams.get('state'),
        userType: 1,
      })
    ).json();
    expect(first).toEqual({
      requireBinding: true,
      openId: 'o-alice',
      weChatUserInfo: {
        openId: 'o-alice',
        unionId: 'u-alice',
        nickName: '滑雪的爱丽丝',
        headImgUrl: 'https://thirdwx.qlogo.cn/alice/132',
        sex: 2,
        province: '河北',
        city: '张家口',
        country: '中国',
      },
    });
    const ticket = phone.jar.get('sg_wechat_ticket');
    expect(ticket).toBeTruthy();
    const bound = await phoneSignIn(t, phone.headers(), {
      phoneNumber: '13800138000',
      realName: '张三',
      weChatOpenId: 'o-alice',
    });
    expect(bound.statusCode).toBe(200);
    expect(bound.json().user).toMatchObject({ isWeChatBound: true, weChatUnionId: 'u-alice' });

    const next = (await weChatLogin(phone, alice)).json();
    expect(next).toMatchObject({ requireBinding: false, user: { realName: '张三' } });
    expect(next.accessToken).toBeTruthy();
  });

  it('never lets a second WeChat account take over a bound customer by phone and name', async () => {
    const phone = await newBrowser();
    const mallory = { ...alice, openid: 'o-mallory', unionid: 'u-mallory', nickname: 'M' };
    const asked = (await weChatLogin(phone, mallory)).json();
    expect(asked).toMatchObject({ requireBinding: true, openId: 'o-mallory' });
    const takeover = await phoneSignIn(t, phone.headers(), {
      phoneNumber: '13800138000',
      realName: '张三',
      weChatOpenId: 'o-mallory',
    });
    expect(takeover.statusCode).toBe(409);
    expect(takeover.json().error).toMatchObject({
      code: 'WeChat:AccountBoundToAnotherWeChat',
      message: '该手机号已绑定其他微信。请先用原来的微信登录，在个人中心解绑后再绑定',
    });
    expect(takeover.json().accessToken).toBeUndefined();
    expect(await openIdOfPhone('13800138000')).toBe('o-alice');
    // Alice's WeChat still signs her in; Mallory's still needs binding.
    const again = (await weChatLogin(phone, alice)).json();
    expect(again).toMatchObject({ requireBinding: false, user: { realName: '张三' } });
    const still = (await weChatLogin(phone, mallory)).json();
    expect(still.requireBinding).toBe(true);
  });

  it('never binds a WeChat account another browser authorised, by bind-wechat or by phone sign-in', async () => {
    const victim = await newBrowser();
    const attacker = await newBrowser();
    const vera = { ...alice, openid: 'o-vera', unionid: 'u-vera', nickname: 'Vera' };
    const eve = { ...alice, openid: 'o-eve', unionid: 'u-eve', nickname: 'Eve' };
    // The victim opens the app in WeChat: not bound yet, so the page asks to bind.
    expect((await weChatLogin(victim, vera)).json()).toMatchObject({ requireBinding: true });

    // The attacker learnt Vera's open id and tries to take it, signed in to an account of theirs…
    const token = await signInAs(attacker, 'employee');
    const bind = await attacker.post('/api/h5/auth/bind-wechat', { openId: 'o-vera' }, token);
    expect(bind.statusCode).toBe(403);
    expect(bind.json().error).toMatchObject({
      code: 'WeChat:AuthorizationNotFromThisBrowser',
      message: '请重新通过微信授权后再绑定',
    });
    // …or while signing up by phone…
    const byPhone = await phoneSignIn(t, attacker.headers(), {
      phoneNumber: '13700000009',
      realName: '伊芙',
      weChatOpenId: 'o-vera',
    });
    expect(byPhone.statusCode).toBe(403);
    expect(byPhone.json().error.code).toBe('WeChat:AuthorizationNotFromThisBrowser');
    expect(byPhone.json().accessToken).toBeUndefined();
    expect(await openIdOfPhone('13700000009')).toBeUndefined();
    // …or with a ticket of their own, which is for their own WeChat account only.
    expect((await weChatLogin(attacker, eve)).json()).toMatchObject({ requireBinding: true });
    const withOwnTicket = await attacker.post(
      '/api/h5/auth/bind-wechat',
      { openId: 'o-vera' },
      token,
    );
    expect(withOwnTicket.statusCode).toBe(403);
    const en = await t.app.inject({
      method: 'POST',
      url: '/api/h5/auth/bind-wechat',
      payload: { openId: 'o-vera' },
      headers: { ...attacker.headers(), authorization: `Bearer ${token}`, 'accept-language': 'en' },
    });
    expect(en.json().error.message).toBe(
      'Please sign in with WeChat again on this phone, then bind',
    );

    // The victim's own phone binds, and Vera's WeChat signs the victim in from then on.
    const own = await phoneSignIn(t, victim.headers(), {
      phoneNumber: '13700000008',
      realName: '薇拉',
      weChatOpenId: 'o-vera',
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().user).toMatchObject({ weChatOpenId: 'o-vera', realName: '薇拉' });
    const next = (await weChatLogin(victim, vera)).json();
    expect(next).toMatchObject({ requireBinding: false, user: { phoneNumber: '13700000008' } });
  });

  it('binds with a ticket once: a used ticket, or a copy of it, binds nothing', async () => {
    const phone = await newBrowser();
    const token = await signInAs(phone, 'manager');
    const frank = { ...alice, openid: 'o-frank', unionid: 'u-frank' };
    const { code, state } = await authorise(phone, frank, 'snsapi_base');
    await phone.post('/api/h5/auth/anonymous-wechat-info', { code, state });
    const ticket = phone.jar.get('sg_wechat_ticket')!;
    expect(ticket).toBeTruthy();
    const bound = await phone.post('/api/h5/auth/bind-wechat', { openId: 'o-frank' }, token);
    expect(bound.statusCode).toBe(200);
    expect(bound.json()).toMatchObject({ userName: 'manager', weChatOpenId: 'o-frank' });
    expect(phone.jar.has('sg_wechat_ticket')).toBe(false);
    await phone.post('/api/h5/auth/unbind-wechat', {}, token);

    // The same ticket again (a copy of the cookie kept from before): used up.
    phone.jar.set('sg_wechat_ticket', ticket);
    const twice = await phone.post('/api/h5/auth/bind-wechat', { openId: 'o-frank' }, token);
    expect(twice.statusCode).toBe(403);
    expect(twice.json().error.code).toBe('WeChat:AuthorizationNotFromThisBrowser');
    // A ticket cookie made up or altered is no ticket either.
    phone.jar.set('sg_wechat_ticket', `${ticket.slice(0, -2)}xx`);
    const forged = await phone.post('/api/h5/auth/bind-wechat', { openId: 'o-frank' }, token);
    expect(forged.statusCode).toBe(403);
    // A fresh trip to WeChat in this browser binds again.
    const fresh = await authorise(phone, frank, 'snsapi_base');
    await phone.post('/api/h5/auth/anonymous-wechat-info', fresh);
    const rebound = await phone.post('/api/h5/auth/bind-wechat', { openId: 'o-frank' }, token);
    expect(rebound.json()).toMatchObject({ weChatOpenId: 'o-frank' });
  });

  it('refuses a reused code with a clear error, not a 500', async () => {
    const b = await newBrowser();
    const code = wx.codeFor(alice);
    const first = await b.post('/api/h5/auth/wechat-login', {
      code,
      state: (await authorise(b, alice)).state,
    });
    expect(first.statusCode).toBe(200);
    const again = await b.post('/api/h5/auth/wechat-login', {
      code,
      state: (await authorise(b, alice)).state,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({
      code: 'WeChat:RequestFailed',
      details: expect.stringMatching(/^40029/),
    });
  });

  it('reads only the open id with the silent snsapi_base scope (defaults: sex 0, empty texts)', async () => {
    const b = await newBrowser();
    const bob = { ...alice, openid: 'o-bob', unionid: undefined };
    const info = (
      await b.post('/api/h5/auth/anonymous-wechat-info', await authorise(b, bob, 'snsapi_base'))
    ).json();
    expect(info).toEqual({
      openId: 'o-bob',
      unionId: '',
      nickName: '',
      headImgUrl: '',
      sex: 0,
      province: '',
      city: '',
      country: '',
    });
  });

  it('binds and unbinds for a signed-in staff member; only the WeChat this browser authorised', async () => {
    const b = await newBrowser();
    const accessToken = await signInAs(b, 'driver');
    const typed = await b.post(
      '/api/h5/auth/bind-wechat',
      { openId: 'o-somebody-else' },
      accessToken,
    );
    expect(typed.statusCode).toBe(403);
    expect(typed.json().error.message).toBe('请重新通过微信授权后再绑定');

    const carol = { ...alice, openid: 'o-carol', unionid: 'u-carol' };
    const login = (await weChatLogin(b, carol)).json();
    const bound = await b.post(
      '/api/h5/auth/bind-wechat',
      { openId: login.openId, weChatUserInfo: login.weChatUserInfo },
      accessToken,
    );
    expect(bound.json()).toMatchObject({
      userName: 'driver',
      isWeChatBound: true,
      weChatOpenId: 'o-carol',
    });
    // Alice is bound to 张三: even authorised in this browser, she is not the driver's to bind.
    await b.post('/api/h5/auth/anonymous-wechat-info', await authorise(b, alice));
    const taken = await b.post('/api/h5/auth/bind-wechat', { openId: 'o-alice' }, accessToken);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('WeChat:AlreadyBoundToAnotherUser');
    // Already bound to Carol: another WeChat is refused until Carol is unbound.
    const dave = { ...alice, openid: 'o-dave', unionid: 'u-dave' };
    await weChatLogin(b, dave);
    const second = await b.post('/api/h5/auth/bind-wechat', { openId: 'o-dave' }, accessToken);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({
      code: 'WeChat:AccountBoundToAnotherWeChat',
      message: '您的账号已绑定其他微信，请先在个人中心解绑',
    });

    const unbound = await b.post('/api/h5/auth/unbind-wechat', {}, accessToken);
    expect(unbound.json()).toMatchObject({ isWeChatBound: false, weChatOpenId: null });
    expect((await b.post('/api/h5/auth/unbind-wechat')).statusCode).toBe(401);
  });

  it('signs the JS-SDK config with a cached access token and ticket', async () => {
    const b = await newBrowser();
    const page = 'https://rent.example.cn/store/scan?from=menu#top';
    const a = (await b.post('/api/app/wechat-jssdk/config', { url: page })).json();
    const c = (await b.post('/api/app/wechat-jssdk/config', { url: page })).json();
    expect(a).toMatchObject({ appId: wx.appId, jsApiList: expect.arrayContaining(['scanQRCode']) });
    expect(a.signature).toBe(
      jsSdkSignature({
        jsapi_ticket: wx.ticket,
        noncestr: a.nonceStr,
        timestamp: a.timestamp,
        url: page,
      }),
    );
    expect(c.nonceStr).not.toBe(a.nonceStr);
    expect(wx.calls.token).toBe(1);
    expect(wx.calls.ticket).toBe(1);
  });
});

// PostgreSQL is the production shape, where PUBLIC_BASE_URL is required.
describe.runIf(testDatabaseKind === 'pglite')(
  'WeChat return addresses without PUBLIC_BASE_URL (the embedded demo)',
  () => {
    let t: TestApp;
    let wx: WeChatDouble;
    beforeAll(async () => {
      wx = await startWeChatDouble({ defaultUser: alice });
      t = await createTestApp({
        seed: false,
        settings: {
          WECHAT_APP_ID: wx.appId,
          WECHAT_APP_SECRET: wx.appSecret,
          WECHAT_API_BASE_URL: wx.baseUrl,
          WECHAT_AUTHORIZE_URL: wx.authorizeUrl,
        },
      });
    });
    afterAll(async () => {
      await t.close();
      await wx.close();
    });

    it('allows the address the request came to, and nothing else', async () => {
      const b = await testBrowser(t.app);
      const tricked = await b.post('/api/h5/auth/wechat-auth-url', {
        redirectUri: 'http://localhost\\@evil.example/',
      });
      expect(tricked.statusCode).toBe(200);
      expect(
        new URL(tricked.json<{ authUrl: string }>().authUrl).searchParams.get('redirect_uri'),
      ).toBe('http://localhost/@evil.example/');
      const own = await b.post('/api/h5/auth/wechat-auth-url', {
        redirectUri: 'http://localhost/customer/login?redirect=%2Fbooking',
      });
      expect(own.statusCode).toBe(200);
      // A phone on the store's network reaches the server by its LAN address.
      const lan = await t.app.inject({
        method: 'POST',
        url: '/api/h5/auth/wechat-auth-url',
        payload: { redirectUri: 'http://192.168.1.20:3000/profile' },
        headers: { ...b.headers(), host: '192.168.1.20:3000' },
      });
      expect(lan.statusCode).toBe(200);
      const foreign = await b.post('/api/h5/auth/wechat-auth-url', {
        redirectUri: 'https://evil.example.com/customer/login',
      });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().error.code).toBe('WeChat:RedirectNotAllowed');
    });
  },
);

describe('WeChat without credentials', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  it("answers a clear 'not configured' error and reports WeChat as off", async () => {
    const csrf = await verificationHeaders(t.app);
    for (const [url, payload] of [
      ['/api/h5/auth/wechat-auth-url', { redirectUri: 'https://x.cn/customer/login' }],
      ['/api/h5/auth/wechat-login', { code: 'c', state: 's' }],
      ['/api/app/wechat-jssdk/config', { url: 'https://x.cn/' }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, payload, headers: csrf });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error).toMatchObject({
        code: 'WeChat:NotConfigured',
        message: '微信登录未配置，请使用手机号登录',
      });
    }
    const config = (await t.app.inject('/api/abp/application-configuration')).json();
    expect(config.setting.values['SnowGearSmartStore.WeChat.LoginEnabled']).toBe('false');
  });
});
