import {
  createCipheriv,
  createSign,
  createVerify,
  generateKeyPair,
  randomBytes,
  randomInt,
  randomUUID,
} from 'node:crypto';
import { promisify } from 'node:util';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * A local stand-in for WeChat Pay API v3 on loopback, speaking the real protocol: it checks the
 * merchant's request signatures, signs its answers with a platform key, and posts encrypted,
 * signed notifications. Test code drives the payer's side through the returned object; a browser
 * journey (whose double may live in another process) through plain HTTP:
 * - GET /__double/h5?prepay_id=…&redirect_url=… — the H5 checkout page, with a Pay button;
 * - POST /__double/jsapi/pay with the getBrandWCPayRequest arguments as JSON (CORS open), for the
 *   page's WeixinJSBridge stand-in: answers {err_msg: 'get_brand_wcpay_request:ok' | ':fail'};
 * - POST /__double/pay {out_trade_no}: pays as a phone scanning the native QR code would.
 * Only node and fastify imports: the browser journeys start it too.
 */

/** The same shape as the provider's WeChatPayConfig (kept structural, so no import). */
export interface WeChatPayDoubleConfig {
  mchId: string;
  appId: string;
  merchantSerialNo: string;
  merchantPrivateKey: string;
  apiV3Key: string;
  platformSerial: string;
  platformPublicKey: string;
  baseUrl: string;
}

export type TradeState =
  'SUCCESS' | 'REFUND' | 'NOTPAY' | 'CLOSED' | 'REVOKED' | 'USERPAYING' | 'PAYERROR';
export type RefundStatus = 'SUCCESS' | 'PROCESSING' | 'CLOSED' | 'ABNORMAL';

export interface DoubleTransaction {
  outTradeNo: string;
  channel: 'jsapi' | 'h5' | 'native';
  prepayId: string;
  description: string;
  amountFen: number;
  notifyUrl: string;
  openId?: string;
  expiresAt?: Date;
  state: TradeState;
  transactionId?: string;
  successTime?: string;
}

export interface DoubleRefund {
  refundId: string;
  outRefundNo: string;
  outTradeNo: string;
  refundFen: number;
  status: RefundStatus;
  /** Set by setRefundStatus: the refund then stays as told instead of settling. */
  pinned: boolean;
}

export interface NotifyOptions {
  /** Forge or spoil the notification: the merchant must refuse every one of these. */
  tamper?: 'signature' | 'body' | 'serial' | 'stale' | 'resource';
  state?: TradeState;
  amount?: number;
}

export interface WeChatPayDoubleOptions {
  appId?: string;
  signResponsesWith?: 'platform' | 'stranger';
  /** A new refund's status; 'PROCESSING' (the default) settles to SUCCESS when first queried. */
  refundStatus?: 'PROCESSING' | 'SUCCESS';
}

export interface WeChatPayDouble {
  baseUrl: string;
  config: WeChatPayDoubleConfig;
  /** PEM: what WeChat holds to check the merchant's signatures (and JSAPI paySigns). */
  merchantPublicKey: string;
  calls: { method: string; url: string; body: unknown; signatureValid: boolean }[];
  notifications: { outTradeNo: string; tamper?: string; status: number }[];
  transactions: ReadonlyMap<string, DoubleTransaction>;
  refunds: ReadonlyMap<string, DoubleRefund>;
  setResponseSigner(who: 'platform' | 'stranger'): void;
  setRefundStatus(outRefundNo: string, status: RefundStatus): void;
  /** Marks the order paid without telling anyone (a lost notification). */
  markPaid(outTradeNo: string): DoubleTransaction;
  /** Marks the order paid and notifies; resolves to the HTTP status the merchant answered. */
  pay(outTradeNo: string): Promise<number>;
  notify(outTradeNo: string, options?: NotifyOptions): Promise<number>;
  /** What WeChat's pay sheet does: checks the merchant's paySign, then pays. Throws if wrong. */
  payByPrepayId(
    prepayId: string,
    signed: { paySign: string; timeStamp: string; nonceStr: string; appId: string },
  ): Promise<number>;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {};
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const fen = (v: unknown): number => (Number.isInteger(v) && (v as number) > 0 ? (v as number) : 0);
const lines = (...parts: string[]) => parts.map((p) => `${p}\n`).join('');
const alnum = (n: number) =>
  Array.from(
    randomBytes(n),
    (b) => 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'[b % 56],
  ).join('');
const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');
const beijing = (d: Date) =>
  `${new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
const now = () => Math.floor(Date.now() / 1000);
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const sign = (message: string, privateKey: string) =>
  createSign('RSA-SHA256').update(message).sign(privateKey, 'base64');
const verify = (message: string, signature: string, publicKey: string) => {
  try {
    return createVerify('RSA-SHA256').update(message).verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
};

class WeChatError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const rsaPair = async () =>
  promisify(generateKeyPair)('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

export const WECHATPAY_DOUBLE_MCHID = '1900000109';

export async function startWeChatPayDouble(
  options: WeChatPayDoubleOptions = {},
): Promise<WeChatPayDouble> {
  const [merchant, platform, stranger] = await Promise.all([rsaPair(), rsaPair(), rsaPair()]);
  const mchId = WECHATPAY_DOUBLE_MCHID;
  const appId = options.appId ?? 'wx-test-app';
  const merchantSerialNo = randomBytes(20).toString('hex').toUpperCase();
  const platformSerial = `PUB_KEY_ID_01${mchId}${digits(17)}`;
  const apiV3Key = alnum(32);
  let responseSigner = options.signResponsesWith ?? 'platform';

  const transactions = new Map<string, DoubleTransaction>();
  const byPrepayId = new Map<string, DoubleTransaction>();
  const refunds = new Map<string, DoubleRefund>();
  const calls: WeChatPayDouble['calls'] = [];
  const notifications: WeChatPayDouble['notifications'] = [];

  const app = Fastify({ logger: false });
  // Signatures cover the exact bytes, so every body stays a string until a handler parses it.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  const rawOf = (request: FastifyRequest) => (typeof request.body === 'string' ? request.body : '');
  const jsonOf = (request: FastifyRequest): Json => {
    try {
      return obj(JSON.parse(rawOf(request)));
    } catch {
      throw new WeChatError(400, 'PARAM_ERROR', '请求体不是合法的JSON');
    }
  };

  const authorizationValid = (request: FastifyRequest): boolean => {
    const header = str(request.headers.authorization);
    if (!header.startsWith('WECHATPAY2-SHA256-RSA2048 ')) return false;
    const p = Object.fromEntries(
      Array.from(header.matchAll(/(\w+)="([^"]*)"/g), (m): [string, string] => [
        m[1] ?? '',
        m[2] ?? '',
      ]),
    );
    const [nonce, signature, timestamp] = [str(p.nonce_str), str(p.signature), str(p.timestamp)];
    if (p.mchid !== mchId || p.serial_no !== merchantSerialNo || !nonce || !signature) return false;
    if (Math.abs(now() - Number(timestamp)) > 300) return false;
    const message = lines(request.method, request.url, timestamp, nonce, rawOf(request));
    return verify(message, signature, merchant.publicKey);
  };

  app.addHook('preHandler', async (request, reply) => {
    if (!request.url.startsWith('/v3/')) return;
    const signatureValid = authorizationValid(request);
    let body: unknown = rawOf(request);
    try {
      body = body ? JSON.parse(body as string) : undefined;
    } catch {
      // recorded as received
    }
    calls.push({ method: request.method, url: request.url, body, signatureValid });
    if (!signatureValid)
      return reply.code(401).send({ code: 'SIGN_ERROR', message: '错误的签名，验签失败' });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/v3/')) return payload;
    const timestamp = String(now());
    const nonce = alnum(32);
    const key = responseSigner === 'platform' ? platform.privateKey : stranger.privateKey;
    const body = typeof payload === 'string' ? payload : '';
    reply.headers({
      'Request-ID': randomUUID(),
      'Wechatpay-Serial': platformSerial,
      'Wechatpay-Timestamp': timestamp,
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Signature': sign(lines(timestamp, nonce, body), key),
    });
    return payload;
  });

  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof WeChatError)
      return reply.code(error.status).send({ code: error.code, message: error.message });
    return reply.code(500).send({ code: 'SYSTEM_ERROR', message: String(error) });
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ code: 'NOT_FOUND', message: '请求的资源不存在' }),
  );

  const check = (ok: unknown, message: string) => {
    if (!ok) throw new WeChatError(400, 'PARAM_ERROR', message);
  };
  const paid = (tx: DoubleTransaction) => tx.state === 'SUCCESS' || tx.state === 'REFUND';

  for (const channel of ['jsapi', 'h5', 'native'] as const) {
    app.post(`/v3/pay/transactions/${channel}`, async (request) => {
      const b = jsonOf(request);
      const amount = obj(b.amount);
      if (b.appid !== appId)
        throw new WeChatError(400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配');
      check(b.mchid === mchId, 'mchid与请求头不一致');
      check(/^[\w\-|*]{6,32}$/.test(str(b.out_trade_no)), 'out_trade_no格式错误');
      check(str(b.description) && str(b.description).length <= 127, 'description格式错误');
      check(/^https?:\/\/[^\s]+$/.test(str(b.notify_url)), 'notify_url格式错误');
      check(fen(amount.total) && (amount.currency ?? 'CNY') === 'CNY', 'amount格式错误');
      const expires = b.time_expire === undefined ? undefined : new Date(str(b.time_expire));
      check(
        !expires ||
          (/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d([+-]\d\d:\d\d|Z)$/.test(str(b.time_expire)) &&
            !isNaN(+expires)),
        'time_expire格式错误',
      );
      const openId = str(obj(b.payer).openid);
      const scene = obj(b.scene_info);
      if (channel === 'jsapi') check(openId, '缺少参数 payer.openid');
      if (channel === 'h5')
        check(str(scene.payer_client_ip) && str(obj(scene.h5_info).type), '缺少参数 scene_info');

      const outTradeNo = str(b.out_trade_no);
      const existing = transactions.get(outTradeNo);
      if (existing && paid(existing)) throw new WeChatError(400, 'ORDERPAID', '该订单已支付');
      if (existing && existing.state === 'CLOSED')
        throw new WeChatError(400, 'ORDER_CLOSED', '订单已关闭');
      if (existing && (existing.amountFen !== amount.total || existing.channel !== channel))
        throw new WeChatError(400, 'INVALID_REQUEST', '201 商户订单号重复');
      const tx: DoubleTransaction = existing ?? {
        outTradeNo,
        channel,
        prepayId: `wx${beijing(new Date()).replace(/\D/g, '').slice(0, 14)}${randomBytes(12).toString('hex')}`,
        description: str(b.description),
        amountFen: fen(amount.total),
        notifyUrl: str(b.notify_url),
        ...(openId ? { openId } : {}),
        ...(expires ? { expiresAt: expires } : {}),
        state: 'NOTPAY',
      };
      transactions.set(outTradeNo, tx);
      byPrepayId.set(tx.prepayId, tx);
      if (channel === 'jsapi') return { prepay_id: tx.prepayId };
      if (channel === 'h5') return { h5_url: `${baseUrl}/__double/h5?prepay_id=${tx.prepayId}` };
      return { code_url: `weixin://wxpay/bizpayurl?pr=${tx.prepayId.slice(-10)}` };
    });
  }

  const transactionView = (tx: DoubleTransaction, override: NotifyOptions = {}) => {
    const state = override.state ?? tx.state;
    const settled = override.state !== undefined || paid(tx);
    return {
      appid: appId,
      mchid: mchId,
      out_trade_no: tx.outTradeNo,
      trade_type: { jsapi: 'JSAPI', h5: 'MWEB', native: 'NATIVE' }[tx.channel],
      trade_state: state,
      trade_state_desc: state === 'SUCCESS' ? '支付成功' : state,
      ...(settled
        ? {
            transaction_id: tx.transactionId ?? `4200${digits(24)}`,
            bank_type: 'OTHERS',
            success_time: tx.successTime ?? beijing(new Date()),
            payer: { openid: tx.openId ?? 'o-double-payer' },
            amount: {
              total: override.amount ?? tx.amountFen,
              payer_total: override.amount ?? tx.amountFen,
              currency: 'CNY',
              payer_currency: 'CNY',
            },
          }
        : { amount: { payer_currency: 'CNY' } }),
    };
  };

  app.get<{ Params: { no: string }; Querystring: { mchid?: string } }>(
    '/v3/pay/transactions/out-trade-no/:no',
    async (request) => {
      check(request.query.mchid === mchId, 'mchid与请求头不一致');
      const tx = transactions.get(request.params.no);
      if (!tx) throw new WeChatError(404, 'ORDER_NOT_EXIST', '订单不存在');
      return transactionView(tx);
    },
  );

  const refundView = (r: DoubleRefund) => {
    const tx = transactions.get(r.outTradeNo);
    return {
      refund_id: r.refundId,
      out_refund_no: r.outRefundNo,
      transaction_id: tx?.transactionId ?? '',
      out_trade_no: r.outTradeNo,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      create_time: beijing(new Date()),
      status: r.status,
      funds_account: 'AVAILABLE',
      amount: {
        total: tx?.amountFen ?? 0,
        refund: r.refundFen,
        payer_refund: r.refundFen,
        currency: 'CNY',
      },
    };
  };
  const refundable = (tx: DoubleTransaction) =>
    tx.amountFen -
    [...refunds.values()]
      .filter(
        (r) =>
          r.outTradeNo === tx.outTradeNo && (r.status === 'SUCCESS' || r.status === 'PROCESSING'),
      )
      .reduce((sum, r) => sum + r.refundFen, 0);

  app.post('/v3/refund/domestic/refunds', async (request) => {
    const b = jsonOf(request);
    const amount = obj(b.amount);
    const outRefundNo = str(b.out_refund_no);
    check(/^[\w\-|*@]{1,64}$/.test(outRefundNo), 'out_refund_no格式错误');
    check(fen(amount.refund) && fen(amount.total) && amount.currency === 'CNY', 'amount格式错误');
    const earlier = refunds.get(outRefundNo);
    if (earlier) {
      // Same out_refund_no is the same refund: WeChat answers it again rather than paying twice.
      if (earlier.outTradeNo === b.out_trade_no && earlier.refundFen === amount.refund)
        return refundView(earlier);
      throw new WeChatError(400, 'INVALID_REQUEST', '退款单号重复，且参数与之前不一致');
    }
    const tx = transactions.get(str(b.out_trade_no));
    if (!tx) throw new WeChatError(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
    if (!paid(tx)) throw new WeChatError(400, 'INVALID_REQUEST', '订单未支付');
    check(amount.total === tx.amountFen, '订单金额或退款金额与之前请求不一致');
    if (fen(amount.refund) > refundable(tx))
      throw new WeChatError(400, 'NOT_ENOUGH', '申请退款金额超过订单可退金额');
    const refund: DoubleRefund = {
      refundId: `50${digits(27)}`,
      outRefundNo,
      outTradeNo: tx.outTradeNo,
      refundFen: fen(amount.refund),
      status: options.refundStatus ?? 'PROCESSING',
      pinned: false,
    };
    refunds.set(outRefundNo, refund);
    tx.state = 'REFUND';
    return refundView(refund);
  });

  app.get<{ Params: { no: string } }>('/v3/refund/domestic/refunds/:no', async (request) => {
    const refund = refunds.get(request.params.no);
    if (!refund) throw new WeChatError(404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
    if (refund.status === 'PROCESSING' && !refund.pinned) refund.status = 'SUCCESS';
    return refundView(refund);
  });

  const markPaid = (outTradeNo: string): DoubleTransaction => {
    const tx = transactions.get(outTradeNo);
    if (!tx) throw new Error(`WeChat Pay double: no order ${outTradeNo}`);
    if (tx.state !== 'NOTPAY' && tx.state !== 'USERPAYING')
      throw new Error(`WeChat Pay double: order ${outTradeNo} is ${tx.state}, cannot pay`);
    if (tx.expiresAt && tx.expiresAt.getTime() < Date.now())
      throw new Error(`WeChat Pay double: order ${outTradeNo} expired`);
    tx.state = 'SUCCESS';
    tx.transactionId = `4200${digits(24)}`;
    tx.successTime = beijing(new Date());
    return tx;
  };

  const notify = async (outTradeNo: string, opts: NotifyOptions = {}): Promise<number> => {
    const tx = transactions.get(outTradeNo);
    if (!tx) throw new Error(`WeChat Pay double: no order ${outTradeNo}`);
    const nonce = alnum(12);
    const key = opts.tamper === 'resource' ? randomBytes(32) : Buffer.from(apiV3Key);
    const cipher = createCipheriv('aes-256-gcm', key, nonce).setAAD(Buffer.from('transaction'));
    const plaintext = JSON.stringify(transactionView(tx, opts));
    const ciphertext = Buffer.concat([
      cipher.update(plaintext, 'utf8'),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    const body = JSON.stringify({
      id: randomUUID(),
      create_time: beijing(new Date()),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: {
        original_type: 'transaction',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: ciphertext.toString('base64'),
        associated_data: 'transaction',
        nonce,
      },
    });
    const timestamp = String(now() - (opts.tamper === 'stale' ? 600 : 0));
    const headerNonce = alnum(32);
    const signer = opts.tamper === 'signature' ? stranger.privateKey : platform.privateKey;
    const signature = sign(lines(timestamp, headerNonce, body), signer);
    const response = await fetch(tx.notifyUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Wechatpay-Serial':
          opts.tamper === 'serial' ? `PUB_KEY_ID_STRANGER${digits(8)}` : platformSerial,
        'Wechatpay-Timestamp': timestamp,
        'Wechatpay-Nonce': headerNonce,
        'Wechatpay-Signature': signature,
        'Wechatpay-Signature-Type': 'WECHATPAY2-SHA256-RSA2048',
      },
      body: opts.tamper === 'body' ? body.replace('支付成功', '支付成功 ') : body,
      // WeChat gives the merchant 5 seconds before counting it as a failure.
      signal: AbortSignal.timeout(5_000),
    });
    await response.arrayBuffer();
    notifications.push({
      outTradeNo,
      ...(opts.tamper ? { tamper: opts.tamper } : {}),
      status: response.status,
    });
    return response.status;
  };

  const pay = async (outTradeNo: string) => notify(markPaid(outTradeNo).outTradeNo);

  const payByPrepayId: WeChatPayDouble['payByPrepayId'] = async (prepayId, signed) => {
    const tx = byPrepayId.get(prepayId);
    if (!tx || tx.channel !== 'jsapi')
      throw new Error(`WeChat Pay double: no JSAPI prepay ${prepayId}`);
    const message = lines(signed.appId, signed.timeStamp, signed.nonceStr, `prepay_id=${prepayId}`);
    if (signed.appId !== appId || !verify(message, signed.paySign, merchant.publicKey))
      throw new Error('WeChat Pay double: paySign does not verify with the merchant key');
    return pay(tx.outTradeNo);
  };

  // The browser side: the H5 checkout page and the JSAPI sheet's stand-in.
  const page = (reply: FastifyReply, status: number, body: string) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,"><title>WeChat Pay test double</title></head><body><h1>WeChat Pay test double</h1><p>This page stands in for WeChat Pay in tests. No money moves.</p>${body}</body></html>`,
      );

  app.get<{ Querystring: { prepay_id?: string; redirect_url?: string } }>(
    '/__double/h5',
    async (request, reply) => {
      const tx = byPrepayId.get(request.query.prepay_id ?? '');
      if (!tx || tx.channel !== 'h5') return page(reply, 404, '<p>Unknown prepay_id.</p>');
      const back = request.query.redirect_url ?? '';
      const yuan = `¥${(tx.amountFen / 100).toFixed(2)}`;
      const summary = `<p>Merchant ${mchId}, order ${escapeHtml(tx.outTradeNo)}</p><p>${escapeHtml(tx.description)}</p><p><strong>${yuan}</strong></p>`;
      const link = (label: string) =>
        back ? `<p><a href="${escapeHtml(back)}">${label}</a></p>` : '';
      if (tx.state !== 'NOTPAY')
        return page(reply, 200, `${summary}<p>Order is ${tx.state}.</p>${link('Back')}`);
      const field = (name: string, value: string) =>
        `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
      const form = `<form method="post" action="/__double/h5/pay">${field('prepay_id', tx.prepayId)}${field('redirect_url', back)}<button type="submit">Pay ${yuan}</button></form>`;
      return page(reply, 200, `${summary}${form}${link('Cancel')}`);
    },
  );

  app.post('/__double/h5/pay', async (request, reply) => {
    const form = new URLSearchParams(rawOf(request));
    const tx = byPrepayId.get(form.get('prepay_id') ?? '');
    if (!tx || tx.channel !== 'h5') return page(reply, 404, '<p>Unknown prepay_id.</p>');
    await pay(tx.outTradeNo);
    const back = form.get('redirect_url') ?? '';
    // Like WeChat, the payer returns whatever the merchant answered to the notification.
    if (/^https?:\/\//.test(back)) return reply.redirect(back, 303);
    return page(reply, 200, '<p>Paid.</p>');
  });

  const cors = {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Headers': 'content-type',
  };
  app.options('/__double/jsapi/pay', async (_request, reply) =>
    reply.code(204).headers(cors).send(),
  );
  app.post('/__double/jsapi/pay', async (request, reply) => {
    reply.headers(cors);
    try {
      const p = jsonOf(request);
      await payByPrepayId(str(p.package).replace(/^prepay_id=/, ''), {
        appId: str(p.appId),
        timeStamp: str(p.timeStamp),
        nonceStr: str(p.nonceStr),
        paySign: str(p.paySign),
      });
      return { err_msg: 'get_brand_wcpay_request:ok' };
    } catch (error) {
      return { err_msg: 'get_brand_wcpay_request:fail', detail: String(error) };
    }
  });

  // For journeys whose double runs in another process (vitest globalSetup): the phone scanning
  // a native QR code, or any payment a step wants done, by out_trade_no.
  app.post('/__double/pay', async (request) => {
    const outTradeNo = str(jsonOf(request).out_trade_no);
    return { status: await pay(outTradeNo) };
  });

  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    baseUrl,
    config: {
      mchId,
      appId,
      merchantSerialNo,
      merchantPrivateKey: merchant.privateKey,
      apiV3Key,
      platformSerial,
      platformPublicKey: platform.publicKey,
      baseUrl,
    },
    merchantPublicKey: merchant.publicKey,
    calls,
    notifications,
    transactions,
    refunds,
    setResponseSigner: (who) => {
      responseSigner = who;
    },
    setRefundStatus: (outRefundNo, status) => {
      const refund = refunds.get(outRefundNo);
      if (!refund) throw new Error(`WeChat Pay double: no refund ${outRefundNo}`);
      refund.status = status;
      refund.pinned = true;
    },
    markPaid,
    pay,
    notify,
    payByPrepayId,
    close: () => app.close(),
  };
}
