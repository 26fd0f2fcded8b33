import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '@/db/schema.js';
import { createTestApp, phoneSignIn, verificationHeaders, type TestApp } from '@/testing/index.js';
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

describe('WeChat sign-in against the local double', () => {
  let t: TestApp;
  let wx: WeChatDouble;
  let csrf: Record<string, string>;
  beforeAll(async () => {
    wx = await startWeChatDouble({ defaultUser: alice });
    t = await createTestApp({
      settings: {
        WECHAT_APP_ID: wx.appId,
        WECHAT_APP_SECRET: wx.appSecret,
        WECHAT_API_BASE_URL: wx.baseUrl,
        WECHAT_AUTHORIZE_URL: wx.authorizeUrl,
      },
    });
    csrf = await verificationHeaders(t.app);
  });
  afterAll(async () => {
    await t.close();
    await wx.close();
  });
  const post = (url: string, payload: object = {}, token?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...csrf, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  it('builds the official authorize URL and reports WeChat as enabled', async () => {
    const res = await post('/api/h5/auth/wechat-auth-url', {
      redirectUri: 'https://rent.example.cn/customer/login?x=1',
      state: 'abc123',
    });
    const { authUrl, state } = res.json();
    expect(state).toBe('abc123');
    const url = new URL(authUrl);
    expect(`${url.origin}${url.pathname}`).toBe(wx.authorizeUrl);
    expect(url.hash).toBe('#wechat_redirect');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: wx.appId,
      redirect_uri: 'https://rent.example.cn/customer/login?x=1',
      response_type: 'code',
      scope: 'snsapi_userinfo',
      state: 'abc123',
    });
    const config = (await t.app.inject('/api/abp/application-configuration')).json();
    expect(config.setting.values['SnowGearSmartStore.WeChat.LoginEnabled']).toBe('true');
  });

  it('asks an unknown WeChat user to bind, then binding by phone signs them in next time', async () => {
    const first = (
      await post('/api/h5/auth/wechat-login', { code: wx.codeFor(alice), state: 's', userType: 1 })
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
    const bound = await phoneSignIn(t, csrf, {
      phoneNumber: '13800138000',
      realName: '张三',
      weChatOpenId: 'o-alice',
    });
    expect(bound.json().user).toMatchObject({ isWeChatBound: true, weChatUnionId: 'u-alice' });

    const next = (await post('/api/h5/auth/wechat-login', { code: wx.codeFor(alice) })).json();
    expect(next).toMatchObject({ requireBinding: false, user: { realName: '张三' } });
    expect(next.accessToken).toBeTruthy();
  });

  it('never lets a second WeChat account take over a bound customer by phone and name', async () => {
    const mallory = { ...alice, openid: 'o-mallory', unionid: 'u-mallory', nickname: 'M' };
    const asked = (await post('/api/h5/auth/wechat-login', { code: wx.codeFor(mallory) })).json();
    expect(asked).toMatchObject({ requireBinding: true, openId: 'o-mallory' });
    const takeover = await phoneSignIn(t, csrf, {
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
    const [zhang] = await t.database.db
      .select({ openId: users.weChatOpenId })
      .from(users)
      .where(eq(users.phoneNumber, '13800138000'));
    expect(zhang!.openId).toBe('o-alice');
    // Alice's WeChat still signs her in; Mallory's still needs binding.
    const again = (await post('/api/h5/auth/wechat-login', { code: wx.codeFor(alice) })).json();
    expect(again).toMatchObject({ requireBinding: false, user: { realName: '张三' } });
    const still = (await post('/api/h5/auth/wechat-login', { code: wx.codeFor(mallory) })).json();
    expect(still.requireBinding).toBe(true);
  });

  it('refuses a reused code with a clear error, not a 500', async () => {
    const code = wx.codeFor(alice);
    expect((await post('/api/h5/auth/wechat-login', { code })).statusCode).toBe(200);
    const again = await post('/api/h5/auth/wechat-login', { code });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({
      code: 'WeChat:RequestFailed',
      details: expect.stringMatching(/^40029/),
    });
  });

  it('reads only the open id with the silent snsapi_base scope (defaults: sex 0, empty texts)', async () => {
    const bob = { ...alice, openid: 'o-bob', unionid: undefined };
    const info = (
      await post('/api/h5/auth/anonymous-wechat-info', { code: wx.codeFor(bob, 'snsapi_base') })
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

  it('binds and unbinds for a signed-in staff member; only open ids WeChat just gave us', async () => {
    const { accessToken } = (
      await post('/api/app/account/login', {
        userNameOrEmailAddress: 'driver',
        password: '1q2w3E*',
      })
    ).json();
    const typed = await post(
      '/api/h5/auth/bind-wechat',
      { openId: 'o-somebody-else' },
      accessToken,
    );
    expect(typed.statusCode).toBe(403);
    expect(typed.json().error.message).toBe('微信授权已过期，请重新进行微信登录');

    const carol = { ...alice, openid: 'o-carol', unionid: 'u-carol' };
    const login = (await post('/api/h5/auth/wechat-login', { code: wx.codeFor(carol) })).json();
    const bound = await post(
      '/api/h5/auth/bind-wechat',
      { openId: login.openId, weChatUserInfo: login.weChatUserInfo },
      accessToken,
    );
    expect(bound.json()).toMatchObject({
      userName: 'driver',
      isWeChatBound: true,
      weChatOpenId: 'o-carol',
    });
    const taken = await post('/api/h5/auth/bind-wechat', { openId: 'o-alice' }, accessToken);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('WeChat:AlreadyBoundToAnotherUser');
    // Already bound to Carol: another WeChat is refused until Carol is unbound.
    const dave = { ...alice, openid: 'o-dave', unionid: 'u-dave' };
    await post('/api/h5/auth/wechat-login', { code: wx.codeFor(dave) });
    const second = await post('/api/h5/auth/bind-wechat', { openId: 'o-dave' }, accessToken);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({
      code: 'WeChat:AccountBoundToAnotherWeChat',
      message: '您的账号已绑定其他微信，请先在个人中心解绑',
    });

    const unbound = await post('/api/h5/auth/unbind-wechat', {}, accessToken);
    expect(unbound.json()).toMatchObject({ isWeChatBound: false, weChatOpenId: null });
    expect((await post('/api/h5/auth/unbind-wechat')).statusCode).toBe(401);
  });

  it('signs the JS-SDK config with a cached access token and ticket', async () => {
    const page = 'https://rent.example.cn/store/scan?from=menu#top';
    const a = (await post('/api/app/wechat-jssdk/config', { url: page })).json();
    const b = (await post('/api/app/wechat-jssdk/config', { url: page })).json();
    expect(a).toMatchObject({ appId: wx.appId, jsApiList: expect.arrayContaining(['scanQRCode']) });
    expect(a.signature).toBe(
      jsSdkSignature({
        jsapi_ticket: wx.ticket,
        noncestr: a.nonceStr,
        timestamp: a.timestamp,
        url: page,
      }),
    );
    expect(b.nonceStr).not.toBe(a.nonceStr);
    expect(wx.calls.token).toBe(1);
    expect(wx.calls.ticket).toBe(1);
  });
});

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
      ['/api/h5/auth/wechat-login', { code: 'c' }],
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
