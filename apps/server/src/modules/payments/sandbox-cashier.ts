import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { orders } from '@/db/schema.js';
import { PUBLIC } from '@/lib/access.js';
import { isEnglish, message } from '@/lib/messages.js';
import { toYuan } from '@/modules/orders/pricing.js';
import { SANDBOX_CASHIER_PATH, type SandboxProvider } from './providers/sandbox.js';
import { notifyPath } from './registry.js';
import type { PaymentsService } from './service.js';

const TEXT = {
  zh: {
    title: '沙箱收银台',
    banner: '测试环境：不会产生真实扣款',
    wechat: '微信支付',
    alipay: '支付宝',
    pay: '模拟支付成功',
    fail: '模拟支付失败',
    paid: '已支付，可以关闭此页面',
    failed: '支付未成功，可以关闭此页面',
    closed: '支付已超时关闭，可以关闭此页面',
    unknown: '没有这笔支付',
  },
  en: {
    title: 'Sandbox cashier',
    banner: 'Test mode: no real money moves',
    wechat: 'WeChat Pay',
    alipay: 'Alipay',
    pay: 'Pay (simulated)',
    fail: 'Fail (simulated)',
    paid: 'Paid. You can close this page.',
    failed: 'The payment did not go through. You can close this page.',
    closed: 'This payment expired. You can close this page.',
    unknown: 'No such payment',
  },
};

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(english: boolean, title: string, body: string) {
  return `<!doctype html><html lang="${english ? 'en-US' : 'zh-CN'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f5f5f5;color:#222}main{max-width:420px;margin:0 auto;padding:24px 16px}
.banner{background:#fff3cd;color:#7a5b00;border:2px dashed #e0b400;padding:12px;border-radius:8px;font-weight:600;text-align:center}
.amount{font-size:40px;font-weight:700;text-align:center;margin:24px 0 4px}.desc{text-align:center;color:#666;margin-bottom:24px}
button{display:block;width:100%;min-height:52px;font-size:18px;border-radius:8px;border:0;margin:12px 0}
.pay{background:#1677ff;color:#fff}.fail{background:#fff;color:#c00;border:1px solid #c00}</style></head>
<body><main>${body}</main></body></html>`;
}

/**
 * The sandbox provider's cashier, served by our own server: what a payer sees at the provider,
 * with 'pay' and 'fail' buttons. Pressing one sends the sandbox's signed notification through
 * the same notification route a real provider calls, then takes the payer back.
 *
 * Only the link the attempt was given opens the page and presses its buttons: a missing or wrong
 * secret gets the same 404 as an unknown trade. Links and redirects are paths on this server or
 * PUBLIC_BASE_URL, never the request's Host.
 */
export async function sandboxCashierRoutes(
  app: FastifyInstance,
  options: { sandbox: SandboxProvider; service: PaymentsService },
) {
  const { sandbox, service } = options;
  const params = z.object({ outTradeNo: z.string() });
  // `lang`: the app's language, which the app names when it opens the cashier (the browser's own
  // languages need not be the ones the person reads the app in).
  const querystring = z.object({ secret: z.string().optional(), lang: z.string().optional() });
  const schema = { hide: true, params, querystring };
  // The cashier's buttons are plain HTML forms; they carry nothing we read.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, undefined),
  );

  /** The language the app asked for (`lang`), else the browser's (Accept-Language). */
  function languageOf(request: FastifyRequest) {
    const { lang } = request.query as z.infer<typeof querystring>;
    const asked = lang === 'en-US' || lang === 'zh-CN' ? lang : undefined;
    const english = asked ? asked === 'en-US' : isEnglish(request);
    return {
      english,
      t: english ? TEXT.en : TEXT.zh,
      /** A link of this cashier that keeps the language asked for. */
      keep: (link: string) => (asked ? `${link}&lang=${asked}` : link),
    };
  }

  /** The trade and attempt a request's link opens, or null: unknown and refused look alike. */
  async function opened(request: FastifyRequest) {
    const { outTradeNo } = request.params as z.infer<typeof params>;
    const { secret } = request.query as z.infer<typeof querystring>;
    const trade = await sandbox.openTrade(outTradeNo, secret);
    const payment = trade ? await service.byTradeNo(outTradeNo) : null;
    return trade && payment ? { outTradeNo, trade, payment } : null;
  }
  const unknown = (request: FastifyRequest, reply: FastifyReply) => {
    const { english, t } = languageOf(request);
    return reply
      .code(404)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(page(english, t.title, `<p>${t.unknown}</p>`));
  };
  /**
   * What is paid for, in the payer's language: the provider's description is the Chinese one
   * (what a real provider shows); the order number is the same in both.
   */
  async function described(english: boolean, description: string, orderId: string) {
    if (!english) return description;
    const [order] = await app.db
      .select({ orderNumber: orders.orderNumber })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!order) return description;
    return message({ headers: { 'accept-language': 'en' } }, 'PaymentDescription', {
      orderNumber: order.orderNumber,
    });
  }

  app.get(
    `${SANDBOX_CASHIER_PATH}/:outTradeNo`,
    { config: { access: PUBLIC }, schema },
    async (request, reply) => {
      const { english, t, keep } = languageOf(request);
      const found = await opened(request);
      if (!found) return unknown(request, reply);
      const { outTradeNo, trade, payment } = found;
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
      if (trade.state !== 'pending') {
        const outcome =
          trade.state === 'succeeded' ? t.paid : trade.state === 'closed' ? t.closed : t.failed;
        return page(english, t.title, `<h1>${t.title}</h1><p role="status">${outcome}</p>`);
      }
      const description = await described(english, trade.description, payment.orderId);
      return page(
        english,
        t.title,
        `<p class="banner" role="note">${t.title} · ${t.banner}</p>
<h1>${payment.method === 'wechat' ? t.wechat : t.alipay}</h1>
<p class="amount">¥${toYuan(trade.amountFen).toFixed(2)}</p>
<p class="desc">${escape(description)}</p>
<form method="post" action="${escape(keep(sandbox.cashierLink(outTradeNo, 'pay')))}"><button class="pay" type="submit">${t.pay}</button></form>
<form method="post" action="${escape(keep(sandbox.cashierLink(outTradeNo, 'fail')))}"><button class="fail" type="submit">${t.fail}</button></form>`,
      );
    },
  );

  for (const outcome of ['pay', 'fail'] as const) {
    app.post(
      `${SANDBOX_CASHIER_PATH}/:outTradeNo/${outcome}`,
      { config: { access: PUBLIC, verificationToken: false }, schema },
      async (request, reply) => {
        const found = await opened(request);
        if (!found) return unknown(request, reply);
        const { outTradeNo, trade, payment } = found;
        const notice = await sandbox.settle(outTradeNo, outcome);
        if (notice) {
          const delivered = await app.inject({
            method: 'POST',
            url: notifyPath('sandbox'),
            headers: notice.headers,
            payload: notice.body,
          });
          if (delivered.statusCode >= 300) {
            request.log.warn(
              { status: delivered.statusCode, body: delivered.body },
              'sandbox notification refused',
            );
          }
        }
        // A QR payer stays on the cashier (the counter follows the payment); so does anyone
        // pressing a button of a trade that had settled already.
        if (!notice || payment.channel === 'native') {
          return reply.redirect(languageOf(request).keep(sandbox.cashierLink(outTradeNo)), 303);
        }
        return reply.redirect(trade.returnUrl, 303);
      },
    );
  }
}
