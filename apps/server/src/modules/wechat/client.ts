import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ErrorCode, type WeChatUserInfo } from '@snowgear/contracts';
import type { Database } from '@/db/client.js';
import { cacheEntries } from '@/db/schema.js';
import { AppError } from '@/lib/errors.js';

/**
 * WeChat Official Account web OAuth and JS-SDK (WIRE-FACTS.md §8, §9). The API base and the
 * authorize page are settings, so tests point them at a local double that speaks the protocol.
 */
export interface WeChatSettings {
  appId?: string | undefined;
  appSecret?: string | undefined;
  apiBaseUrl: string;
  authorizeUrl: string;
}

export const JS_API_LIST = ['scanQRCode', 'chooseImage', 'getLocation', 'openLocation'];

/** The JS-SDK signature: sha1 of the four fields sorted by name, joined raw (no URL-encoding). */
export function jsSdkSignature(fields: {
  jsapi_ticket: string;
  noncestr: string;
  timestamp: number | string;
  url: string;
}): string {
  const url = fields.url.split('#')[0]!;
  const string1 = `jsapi_ticket=${fields.jsapi_ticket}&noncestr=${fields.noncestr}&timestamp=${fields.timestamp}&url=${url}`;
  return createHash('sha1').update(string1).digest('hex');
}

interface WeChatError {
  errcode?: number;
  errmsg?: string;
}

/**
 * An Official Account subscription notification (订阅通知, `subscribe/bizsend`): the customer's
 * openid, an approved template, the page opened from the card, and the template's values.
 */
export interface SubscribeMessage {
  toUser: string;
  templateId: string;
  /** The web page the card opens (an absolute URL); none: the card opens nothing. */
  page?: string | undefined;
  /** Template keyword (thing1, time3 …) → value. */
  data: Record<string, string>;
}

/** WeChat refused a call or could not be reached; `errcode` is WeChat's own (0: unreachable). */
export class WeChatApiError extends Error {
  constructor(
    message: string,
    readonly errcode: number,
  ) {
    super(message);
    this.name = 'WeChatApiError';
  }
}

/** Access-token answers that mean the cached token is no longer good (invalid, expired). */
const STALE_ACCESS_TOKEN = new Set([40001, 40014, 42001]);

export class WeChatClient {
  constructor(private readonly settings: WeChatSettings) {}

  get configured(): boolean {
    return !!(this.settings.appId && this.settings.appSecret);
  }

  private credentials(message: string) {
    const { appId, appSecret } = this.settings;
    if (!appId || !appSecret) throw new AppError(403, ErrorCode.WeChatNotConfigured, message);
    return { appId, appSecret };
  }

  private async call<T>(path: string, params: Record<string, string>, failure: string): Promise<T> {
    const url = new URL(path, this.settings.apiBaseUrl);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    let body: T & WeChatError;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      body = (await res.json()) as T & WeChatError;
    } catch {
      throw new AppError(502, ErrorCode.WeChatFailed, failure);
    }
    if (body.errcode) {
      throw new AppError(
        400,
        ErrorCode.WeChatFailed,
        failure,
        `${body.errcode}: ${body.errmsg ?? ''}`,
      );
    }
    return body;
  }

  /** The page WeChat shows the user; it returns to `redirectUri?code=…&state=…`. */
  authorizeUrl(redirectUri: string, scope: string, state: string, notConfigured: string): string {
    const { appId } = this.credentials(notConfigured);
    const q = new URLSearchParams({
      appid: appId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope,
      state,
    });
    return `${this.settings.authorizeUrl}?${q.toString()}#wechat_redirect`;
  }

  /** Exchanges a one-time code, then reads the user's profile when the scope allows it. */
  async userFromCode(
    code: string,
    messages: { notConfigured: string; failed: string },
  ): Promise<WeChatUserInfo> {
    const { appId, appSecret } = this.credentials(messages.notConfigured);
    const token = await this.call<{
      access_token: string;
      openid: string;
      scope: string;
      unionid?: string;
    }>(
      '/sns/oauth2/access_token',
      { appid: appId, secret: appSecret, code, grant_type: 'authorization_code' },
      messages.failed,
    );
    const base: WeChatUserInfo = {
      openId: token.openid,
      unionId: token.unionid ?? '',
      nickName: '',
      headImgUrl: '',
      sex: 0,
      province: '',
      city: '',
      country: '',
    };
    if (!token.scope?.includes('snsapi_userinfo')) return base;
    const info = await this.call<{
      nickname?: string;
      headimgurl?: string;
      sex?: number;
      province?: string;
      city?: string;
      country?: string;
      unionid?: string;
    }>(
      '/sns/userinfo',
      { access_token: token.access_token, openid: token.openid, lang: 'zh_CN' },
      messages.failed,
    );
    return {
      ...base,
      unionId: info.unionid ?? base.unionId,
      nickName: info.nickname ?? '',
      headImgUrl: info.headimgurl ?? '',
      sex: info.sex ?? 0,
      province: info.province ?? '',
      city: info.city ?? '',
      country: info.country ?? '',
    };
  }

  /** A value cached in the database for all server processes until shortly before it expires. */
  private async cached(
    db: Database,
    key: string,
    load: () => Promise<{ value: string; expiresIn: number }>,
  ) {
    const [hit] = await db.select().from(cacheEntries).where(eq(cacheEntries.key, key));
    if (hit && hit.expiresAt.getTime() > Date.now()) return hit.value;
    const { value, expiresIn } = await load();
    // Renew five minutes early so a value never expires in flight.
    const expiresAt = new Date(Date.now() + Math.max(60, expiresIn - 300) * 1000);
    await db
      .insert(cacheEntries)
      .values({ key, value, expiresAt })
      .onConflictDoUpdate({ target: cacheEntries.key, set: { value, expiresAt } });
    return value;
  }

  /** The Official Account's access token, cached for every server process. */
  private accessToken(
    db: Database,
    credentials: { appId: string; appSecret: string },
    failed: string,
  ) {
    const { appId, appSecret } = credentials;
    return this.cached(db, `wechat:access_token:${appId}`, async () => {
      const r = await this.call<{ access_token: string; expires_in: number }>(
        '/cgi-bin/token',
        { grant_type: 'client_credential', appid: appId, secret: appSecret },
        failed,
      );
      return { value: r.access_token, expiresIn: r.expires_in };
    });
  }

  /**
   * Sends a subscription notification (POST /cgi-bin/message/subscribe/bizsend, the Official
   * Account's "sendNewSubscribeMsg"; /subscribe/send is the Mini Program's, for Mini Program
   * openids). Rejects with WeChatApiError: 43101 when the customer has not subscribed or refused.
   */
  async sendSubscribeMessage(db: Database, message: SubscribeMessage): Promise<void> {
    const { appId, appSecret } = this.settings;
    if (!appId || !appSecret) throw new WeChatApiError('WeChat is not configured', 0);
    const body = JSON.stringify({
      touser: message.toUser,
      template_id: message.templateId,
      ...(message.page ? { page: message.page } : {}),
      data: Object.fromEntries(Object.entries(message.data).map(([k, value]) => [k, { value }])),
    });
    const send = async () => {
      let token: string;
      try {
        token = await this.accessToken(db, { appId, appSecret }, 'access token');
      } catch (err) {
        const details = err instanceof AppError ? err.details : undefined;
        throw new WeChatApiError(`WeChat access token: ${details ?? 'not reachable'}`, 0);
      }
      const url = new URL('/cgi-bin/message/subscribe/bizsend', this.settings.apiBaseUrl);
      url.searchParams.set('access_token', token);
      let answer: WeChatError;
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        answer = (await res.json()) as WeChatError;
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        throw new WeChatApiError(`WeChat could not be reached: ${reason}`, 0);
      }
      return { errcode: answer.errcode ?? 0, errmsg: answer.errmsg ?? '' };
    };
    let answer = await send();
    if (STALE_ACCESS_TOKEN.has(answer.errcode)) {
      // Another app holding the same secret may have renewed the token: fetch a new one, once.
      await db.delete(cacheEntries).where(eq(cacheEntries.key, `wechat:access_token:${appId}`));
      answer = await send();
    }
    if (answer.errcode !== 0) {
      throw new WeChatApiError(`${answer.errcode} ${answer.errmsg}`.trim(), answer.errcode);
    }
  }

  /** `wx.config` for a page URL: signed with the cached jsapi ticket. */
  async jsSdkConfig(
    db: Database,
    pageUrl: string,
    messages: { notConfigured: string; failed: string },
  ) {
    const { appId, appSecret } = this.credentials(messages.notConfigured);
    const accessToken = await this.accessToken(db, { appId, appSecret }, messages.failed);
    const ticket = await this.cached(db, `wechat:jsapi_ticket:${appId}`, async () => {
      const r = await this.call<{ ticket: string; expires_in: number }>(
        '/cgi-bin/ticket/getticket',
        { access_token: accessToken, type: 'jsapi' },
        messages.failed,
      );
      return { value: r.ticket, expiresIn: r.expires_in };
    });
    const nonceStr = randomBytes(12).toString('base64url');
    const timestamp = Math.floor(Date.now() / 1000);
    return {
      appId,
      timestamp,
      nonceStr,
      signature: jsSdkSignature({
        jsapi_ticket: ticket,
        noncestr: nonceStr,
        timestamp,
        url: pageUrl,
      }),
      jsApiList: JS_API_LIST,
    };
  }
}
