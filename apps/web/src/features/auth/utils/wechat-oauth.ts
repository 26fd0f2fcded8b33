import { weChatAuthUrl } from '../api/wechat';

/**
 * The browser side of WeChat's OAuth: the trip to WeChat's authorize page, and checking the state
 * when WeChat sends the user back with a code. The server issues the state and checks it again
 * against its cookie; the copy kept in this tab lets the page explain a stale return at once.
 */
const STATE_KEY = 'wechat_oauth_state';

export async function startWeChatAuth(returnPath: string): Promise<void> {
  const { authUrl, state } = await weChatAuthUrl(`${window.location.origin}${returnPath}`);
  sessionStorage.setItem(STATE_KEY, state);
  window.location.assign(authUrl);
}

export type WeChatReturn = { code: string; state: string } | { stateMismatch: true } | null;

/** What WeChat brought back in the URL, if anything. The saved state is used up. */
export function readWeChatReturn(params: URLSearchParams): WeChatReturn {
  const code = params.get('code');
  if (!code) return null;
  const state = params.get('state') ?? '';
  const expected = sessionStorage.getItem(STATE_KEY);
  sessionStorage.removeItem(STATE_KEY);
  if (!expected || expected !== state) return { stateMismatch: true };
  return { code, state };
}

/** The URL without WeChat's code and state, so a reload does not reuse them. */
export function withoutWeChatParams(params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  next.delete('code');
  next.delete('state');
  const q = next.toString();
  return `${window.location.pathname}${q ? `?${q}` : ''}`;
}
