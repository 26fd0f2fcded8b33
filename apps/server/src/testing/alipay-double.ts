import { createSign, createVerify, generateKeyPair, randomInt, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * A local stand-in for Alipay's classic gateway (OpenAPI 2.0, RSA2), speaking the real protocol:
 * signed form or query parameters in, `{"<method>_response": {...}, "sign": "..."}` out, a cashier
 * page for wap pay and QR codes, and signed form-urlencoded notifications to notify_url.
 * Only node and fastify imports: the browser journeys start it too.
 */
export const ALIPAY_DOUBLE_APP_ID = '2021000000000001';
const SELLER_ID = '2088000000000001';
const BUYER_ID = '2088102177846880';

export type AlipayTradeStatus =
  'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_FINISHED' | 'TRADE_CLOSED';

export interface AlipayDoubleTrade {
  outTradeNo: string;
  tradeNo: string;
  totalFen: number;
  subject: string;
  status: AlipayTradeStatus;
  refundedFen: number;
  refunds: Map<string, { fen: number; at: Date }>;
  notifyUrl?: string;
  returnUrl?: string;
  quitUrl?: string;
  expiresAt?: Date;
  createdAt: Date;
  paidAt?: Date;
}

export interface AlipayDoubleCall {
  method: string;
  params: Record<string, string>;
  signatureOk: boolean;
}

export interface AlipayDoubleNotification {
  outTradeNo: string;
  form: Record<string, string>;
  /** What our server answered, or the delivery error. */
  answer: string;
}

export interface AlipayDouble {
  baseUrl: string;
  /** What a test builds the provider with: our app key, Alipay's public key, this gateway. */
  config: { appId: string; privateKey: string; alipayPublicKey: string; gateway: string };
  calls: AlipayDoubleCall[];
  notifications: AlipayDoubleNotification[];
  trade(outTradeNo: string): AlipayDoubleTrade | undefined;
  /** Pays a trade the way the cashier's button does; returns what notify_url answered. */
  pay(outTradeNo: string): Promise<string>;
  /**
   * Sends the trade's notification again (a duplicate), or a forgery: 'signature' signs with a
   * stranger's key, 'amount' alters total_amount after signing, 'app' is validly signed but for
   * another app_id (only the caller's own app check can catch that).
   */
  notify(
    outTradeNo: string,
    options?: { tamper?: 'signature' | 'amount' | 'app'; status?: string },
  ): Promise<string>;
  /** From now on sign gateway responses with a stranger's key (or, with false, Alipay's again). */
  signResponsesWithStranger(on?: boolean): void;
  close(): Promise<void>;
}

const newKeyPair = () =>
  promisify(generateKeyPair)('rsa', { modulusLength: 2048 }) as Promise<{
    publicKey: KeyObject;
    privateKey: KeyObject;
  }>;

const rsa2 = (text: string, key: KeyObject) =>
  createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');

/** Alipay's sign content: sorted `k=v` joined by `&`, decoded values, empty values left out. */
const signContent = (params: Record<string, string>, exclude: string[]) =>
  Object.keys(params)
    .filter((k) => !exclude.includes(k) && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');

const yuan = (fen: number) => {
  const digits = String(fen).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
};
const fenOf = (value: unknown) => {
  const m = typeof value === 'string' ? /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(value) : null;
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : undefined;
};
/** Alipay's timestamps are Beijing time, 'yyyy-MM-dd HH:mm:ss'. */
const beijing = (date = new Date()) =>
  new Date(date.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
const fromBeijing = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`);
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const parseBizContent = (text = '{}'): Record<string, string> => {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
};

const page = (title: string, body: string) =>
  `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">` +
  `<meta name="viewport" content="width=device-width,initial-scale=1">` +
  `<title>${escapeHtml(title)}</title></head><body>` +
  `<p><strong>Alipay test double</strong>: not the real Alipay, no money moves.</p>${body}</body></html>`;

export async function startAlipayDouble(options: { port?: number } = {}): Promise<AlipayDouble> {
  const [app, alipay, stranger] = await Promise.all([newKeyPair(), newKeyPair(), newKeyPair()]);
  let responseKey = alipay.privateKey;
  const trades = new Map<string, AlipayDoubleTrade>();
  const calls: AlipayDoubleCall[] = [];
  const notifications: AlipayDoubleNotification[] = [];
  const server: FastifyInstance = Fastify({ logger: false });
  let baseUrl = '';
  let tradeSeq = 0;

  server.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );

  const current = (outTradeNo: string | undefined) => {
    const trade = trades.get(outTradeNo ?? '');
    // Unpaid trades close when time_expire passes, as Alipay closes them.
    if (trade?.status === 'WAIT_BUYER_PAY' && trade.expiresAt && trade.expiresAt < new Date())
      trade.status = 'TRADE_CLOSED';
    return trade;
  };

  const business = (sub_code: string, sub_msg: string) => ({
    code: '40004',
    msg: 'Business Failed',
    sub_code,
    sub_msg,
  });

  /** Creates the trade, or finds the same one again; a different amount is a different order. */
  const openTrade = (biz: Record<string, string>, params: Record<string, string>) => {
    const totalFen = fenOf(biz.total_amount);
    if (!biz.out_trade_no || !totalFen || !biz.subject)
      return business('ACQ.INVALID_PARAMETER', '参数无效');
    const existing = current(biz.out_trade_no);
    if (existing && existing.status !== 'WAIT_BUYER_PAY')
      return business('ACQ.TRADE_HAS_SUCCESS', '交易已被支付或已关闭');
    if (existing && existing.totalFen !== totalFen)
      return business('ACQ.CONTEXT_INCONSISTENT', '交易信息被篡改');
    const now = new Date();
    const trade: AlipayDoubleTrade = existing ?? {
      outTradeNo: biz.out_trade_no,
      tradeNo: `${beijing(now).slice(0, 10).replaceAll('-', '')}22001${String(++tradeSeq).padStart(15, '0')}`,
      totalFen,
      subject: biz.subject,
      status: 'WAIT_BUYER_PAY',
      refundedFen: 0,
      refunds: new Map(),
      createdAt: now,
    };
    trade.notifyUrl = params.notify_url || trade.notifyUrl;
    trade.returnUrl = params.return_url || trade.returnUrl;
    trade.quitUrl = biz.quit_url || trade.quitUrl;
    if (biz.time_expire) trade.expiresAt = fromBeijing(biz.time_expire);
    trades.set(trade.outTradeNo, trade);
    return trade;
  };

  const exec: Record<
    string,
    (biz: Record<string, string>, params: Record<string, string>) => object
  > = {
    'alipay.trade.precreate': (biz, params) => {
      const trade = openTrade(biz, params);
      if ('code' in trade) return trade;
      const qr_code = `${baseUrl}/cashier/${encodeURIComponent(trade.outTradeNo)}`;
      return { code: '10000', msg: 'Success', out_trade_no: trade.outTradeNo, qr_code };
    },
    'alipay.trade.query': (biz) => {
      const trade = current(biz.out_trade_no);
      if (!trade) return business('ACQ.TRADE_NOT_EXIST', '交易不存在');
      const paidAt = trade.status !== 'WAIT_BUYER_PAY' ? trade.paidAt : undefined;
      return {
        code: '10000',
        msg: 'Success',
        trade_no: trade.tradeNo,
        out_trade_no: trade.outTradeNo,
        trade_status: trade.status,
        total_amount: yuan(trade.totalFen),
        ...(paidAt
          ? {
              buyer_user_id: BUYER_ID,
              buyer_pay_amount: yuan(trade.totalFen),
              send_pay_date: beijing(paidAt),
            }
          : { buyer_pay_amount: '0.00' }),
      };
    },
    'alipay.trade.refund': (biz) => {
      const trade = current(biz.out_trade_no);
      if (!trade) return business('ACQ.TRADE_NOT_EXIST', '交易不存在');
      const fen = fenOf(biz.refund_amount);
      if (!fen) return business('ACQ.INVALID_PARAMETER', 'refund_amount 无效');
      const requestNo = biz.out_request_no || trade.outTradeNo;
      const done = trade.refunds.get(requestNo);
      const answer = (fund_change: 'Y' | 'N') => ({
        code: '10000',
        msg: 'Success',
        trade_no: trade.tradeNo,
        out_trade_no: trade.outTradeNo,
        buyer_user_id: BUYER_ID,
        fund_change,
        refund_fee: yuan(trade.refundedFen),
        gmt_refund_pay: beijing(),
      });
      // A repeated out_request_no is the same refund: no new money moves.
      if (done)
        return done.fen === fen
          ? answer('N')
          : business('ACQ.CONTEXT_INCONSISTENT', '退款请求号对应的退款金额不一致');
      if (trade.status !== 'TRADE_SUCCESS' || !trade.paidAt)
        return business('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
      if (fen > trade.totalFen - trade.refundedFen)
        return business('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
      trade.refunds.set(requestNo, { fen, at: new Date() });
      trade.refundedFen += fen;
      if (trade.refundedFen === trade.totalFen) trade.status = 'TRADE_CLOSED';
      return answer('Y');
    },
    'alipay.trade.fastpay.refund.query': (biz) => {
      const trade = current(biz.out_trade_no);
      if (!trade) return business('ACQ.TRADE_NOT_EXIST', '交易不存在');
      const requestNo = biz.out_request_no || trade.outTradeNo;
      const refund = trade.refunds.get(requestNo);
      const found = refund && {
        trade_no: trade.tradeNo,
        total_amount: yuan(trade.totalFen),
        refund_amount: yuan(refund.fen),
        refund_status: 'REFUND_SUCCESS',
        gmt_refund_pay: beijing(refund.at),
      };
      // Alipay leaves refund_status out when it has no such refund (yet).
      return {
        code: '10000',
        msg: 'Success',
        out_trade_no: trade.outTradeNo,
        out_request_no: requestNo,
        ...found,
      };
    },
  };

  /** Sends a signed response the SDK can verify: the signature covers the node's exact JSON text. */
  const respond = (reply: FastifyReply, method: string, node: object) => {
    const key = `${method.replaceAll('.', '_')}_response`;
    const json = JSON.stringify(node);
    return reply
      .type('text/html;charset=utf-8')
      .send(`{"${key}":${json},"sign":"${rsa2(json, responseKey)}"}`);
  };

  const gateway = async (request: FastifyRequest, reply: FastifyReply) => {
    const params: Record<string, string> = Object.fromEntries(
      new URL(request.url, 'http://double').searchParams,
    );
    if (typeof request.body === 'string')
      for (const [k, v] of new URLSearchParams(request.body)) params[k] = v;
    const method = params.method ?? '';
    const signatureOk =
      params.app_id === ALIPAY_DOUBLE_APP_ID &&
      params.sign_type === 'RSA2' &&
      !!params.sign &&
      createVerify('RSA-SHA256')
        .update(signContent(params, ['sign']), 'utf8')
        .verify(app.publicKey, params.sign, 'base64');
    const { sign: _sign, ...unsigned } = params;
    calls.push({ method, params: unsigned, signatureOk });
    const refusal = {
      code: '40002',
      msg: 'Invalid Arguments',
      ...(params.app_id === ALIPAY_DOUBLE_APP_ID
        ? {
            sub_code: 'isv.invalid-signature',
            sub_msg: '验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配',
          }
        : { sub_code: 'isv.invalid-app-id', sub_msg: '无效的AppID参数' }),
    };
    const biz = parseBizContent(params.biz_content);

    if (method === 'alipay.trade.wap.pay') {
      const refused = (status: number, node: { sub_code?: string; sub_msg?: string }) =>
        reply
          .code(status)
          .type('text/html;charset=utf-8')
          .send(
            page(
              '支付宝 - 错误',
              `<h1>支付错误</h1><p id="error">${escapeHtml(`${node.sub_code}: ${node.sub_msg}`)}</p>`,
            ),
          );
      if (!signatureOk) return refused(400, refusal);
      if (biz.product_code !== 'QUICK_WAP_WAY')
        return refused(400, { sub_code: 'ACQ.INVALID_PARAMETER', sub_msg: 'product_code 无效' });
      const trade = openTrade(biz, params);
      if ('code' in trade) return refused(409, trade);
      return reply.redirect(`/cashier/${encodeURIComponent(trade.outTradeNo)}`, 302);
    }
    const handler = exec[method];
    if (!signatureOk) return respond(reply, method, refusal);
    if (!handler)
      return respond(reply, 'error', {
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.invalid-method',
        sub_msg: '不存在的方法名',
      });
    return respond(reply, method, handler(biz, params));
  };
  server.get('/gateway.do', gateway);
  server.post('/gateway.do', gateway);

  const cashier = (trade: AlipayDoubleTrade) => {
    const amount = `¥${yuan(trade.totalFen)}`;
    const id = encodeURIComponent(trade.outTradeNo);
    const action =
      trade.status === 'WAIT_BUYER_PAY'
        ? `<form method="post" action="/cashier/${id}/pay"><input type="hidden" name="confirm" value="1">` +
          `<button type="submit" id="pay">确认付款 Pay ${amount}</button></form>`
        : `<p id="status">${trade.status}</p>`;
    const quit = trade.quitUrl ? `<p><a href="${escapeHtml(trade.quitUrl)}">返回商家</a></p>` : '';
    return page(
      'Alipay test double - 支付宝收银台',
      `<h1>支付宝收银台 (Alipay test double)</h1><p id="subject">${escapeHtml(trade.subject)}</p>` +
        `<p id="amount">${amount}</p><p>${escapeHtml(trade.outTradeNo)}</p>${action}${quit}`,
    );
  };
  server.get('/cashier/:outTradeNo', async (request, reply) => {
    const trade = current((request.params as { outTradeNo: string }).outTradeNo);
    if (!trade) return reply.code(404).type('text/html').send(page('支付宝', '<p>交易不存在</p>'));
    return reply.type('text/html;charset=utf-8').send(cashier(trade));
  });
  server.post('/cashier/:outTradeNo/pay', async (request, reply) => {
    const trade = current((request.params as { outTradeNo: string }).outTradeNo);
    if (!trade) return reply.code(404).type('text/html').send(page('支付宝', '<p>交易不存在</p>'));
    if (trade.status === 'WAIT_BUYER_PAY') await pay(trade.outTradeNo);
    if (!trade.returnUrl || !trade.paidAt)
      return reply.type('text/html;charset=utf-8').send(cashier(trade));
    // The synchronous return carries signed parameters too (same rule as the notification).
    const back: Record<string, string> = {
      charset: 'utf-8',
      out_trade_no: trade.outTradeNo,
      method: 'alipay.trade.wap.pay.return',
      total_amount: yuan(trade.totalFen),
      trade_no: trade.tradeNo,
      auth_app_id: ALIPAY_DOUBLE_APP_ID,
      version: '1.0',
      app_id: ALIPAY_DOUBLE_APP_ID,
      sign_type: 'RSA2',
      seller_id: SELLER_ID,
      timestamp: beijing(),
    };
    const target = new URL(trade.returnUrl);
    for (const [k, v] of Object.entries(back)) target.searchParams.set(k, v);
    target.searchParams.set(
      'sign',
      rsa2(signContent(back, ['sign', 'sign_type']), alipay.privateKey),
    );
    return reply.redirect(target.toString(), 303);
  });

  const notify: AlipayDouble['notify'] = async (outTradeNo, opts = {}) => {
    const trade = current(outTradeNo);
    if (!trade?.notifyUrl)
      throw new Error(`Alipay double: no trade ${outTradeNo} with a notify_url`);
    const appId = opts.tamper === 'app' ? '2021000000009999' : ALIPAY_DOUBLE_APP_ID;
    const total = yuan(trade.totalFen);
    const form: Record<string, string> = {
      gmt_create: beijing(trade.createdAt),
      charset: 'utf-8',
      seller_id: SELLER_ID,
      subject: trade.subject,
      buyer_id: BUYER_ID,
      invoice_amount: total,
      notify_id: `2026${Date.now()}${randomInt(1e9)}`,
      notify_type: 'trade_status_sync',
      trade_status: opts.status ?? trade.status,
      receipt_amount: total,
      buyer_pay_amount: total,
      app_id: appId,
      auth_app_id: appId,
      sign_type: 'RSA2',
      total_amount: total,
      trade_no: trade.tradeNo,
      notify_time: beijing(),
      point_amount: '0.00',
      out_trade_no: trade.outTradeNo,
      version: '1.0',
      ...(trade.paidAt ? { gmt_payment: beijing(trade.paidAt) } : {}),
    };
    const key = opts.tamper === 'signature' ? stranger.privateKey : alipay.privateKey;
    form.sign = rsa2(signContent(form, ['sign', 'sign_type']), key);
    if (opts.tamper === 'amount') form.total_amount = yuan(trade.totalFen + 100);
    let answer: string;
    try {
      const res = await fetch(trade.notifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body: new URLSearchParams(form).toString(),
      });
      answer = await res.text();
    } catch (error) {
      answer = `delivery failed: ${error instanceof Error ? error.message : String(error)}`;
    }
    notifications.push({ outTradeNo, form, answer });
    return answer;
  };

  const pay = async (outTradeNo: string) => {
    const trade = current(outTradeNo);
    if (trade?.status !== 'WAIT_BUYER_PAY')
      throw new Error(`Alipay double: ${outTradeNo} is ${trade?.status ?? 'unknown'}, not payable`);
    trade.status = 'TRADE_SUCCESS';
    trade.paidAt = new Date();
    return notify(outTradeNo);
  };

  baseUrl = await server.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  return {
    baseUrl,
    config: {
      appId: ALIPAY_DOUBLE_APP_ID,
      privateKey: app.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      alipayPublicKey: alipay.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      gateway: `${baseUrl}/gateway.do`,
    },
    calls,
    notifications,
    trade: current,
    pay,
    notify,
    signResponsesWithStranger: (on = true) => {
      responseKey = on ? stranger.privateKey : alipay.privateKey;
    },
    close: () => server.close(),
  };
}
