import type {
  JsSdkConfig,
  UserProfile,
  WeChatLoginResult,
  WeChatUserInfo,
} from '@snowgear/contracts';
import { api } from '@/lib/api-client';

/**
 * The WeChat calls of spec §7; one file, since they only make sense together. The server issues
 * the OAuth state and ties it to this browser (a cookie); the code comes back with it.
 */
export function weChatAuthUrl(redirectUri: string, scope = 'snsapi_userinfo') {
  return api.post<{ authUrl: string; state: string }>('/h5/auth/wechat-auth-url', {
    redirectUri,
    scope,
  });
}

export function weChatLoginRequest(code: string, state: string, userType = 1) {
  return api.post<WeChatLoginResult>(
    '/h5/auth/wechat-login',
    { code, state, userType },
    { silent: true },
  );
}

export function anonymousWeChatInfo(code: string, state: string) {
  return api.post<WeChatUserInfo>(
    '/h5/auth/anonymous-wechat-info',
    { code, state },
    { silent: true },
  );
}

export function bindWeChatRequest(openId: string, weChatUserInfo?: Partial<WeChatUserInfo>) {
  return api.post<UserProfile>(
    '/h5/auth/bind-wechat',
    { openId, weChatUserInfo },
    { silent: true },
  );
}

export function unbindWeChatRequest() {
  return api.post<UserProfile>('/h5/auth/unbind-wechat', undefined, { silent: true });
}

export function jsSdkConfig(url: string) {
  return api.post<JsSdkConfig>('/app/wechat-jssdk/config', { url }, { silent: true });
}
