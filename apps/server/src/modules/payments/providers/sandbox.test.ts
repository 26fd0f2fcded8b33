import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@/testing/index.js';
import { ProviderError, type CreatePaymentInput } from '../provider.js';
import { SandboxProvider } from './sandbox.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

const sandbox = (baseUrl = '') =>
  new SandboxProvider(t.database.db, {
    key: Buffer.alloc(32, 1),
    linkKey: Buffer.alloc(32, 2),
    baseUrl,
  });
const input = (outTradeNo: string, expiresAt: Date): CreatePaymentInput => ({
  outTradeNo,
  amountFen: 112_000,
  description: '雪具租赁 202611210001',
  channel: 'h5',
  notifyUrl: '/api/payments/notify/sandbox',
  returnUrl: '/customer/payment/x',
  clientIp: '127.0.0.1',
  expiresAt,
});
const secretOf = (link: string) =>
  new URL(link, 'http://server.invalid').searchParams.get('secret');

describe('sandbox provider', () => {
  it('links a trade to its cashier with a secret of its own, on the public address when set', async () => {
    const local = sandbox();
    const later = new Date(Date.now() + 60_000);
    const a = await local.createPayment(input('a'.repeat(32), later));
    const b = await local.createPayment({ ...input('b'.repeat(32), later), channel: 'native' });
    expect(a).toEqual({
      type: 'redirect',
      url: `/api/payments/sandbox/cashier/${'a'.repeat(32)}?secret=${secretOf(local.cashierLink('a'.repeat(32)))}`,
    });
    expect(b.type === 'qr' && b.codeUrl).toMatch(/^\/api\/payments\/sandbox\/cashier\/b{32}\?/);
    const secretA = secretOf(a.type === 'redirect' ? a.url : '')!;
    expect(await local.openTrade('a'.repeat(32), secretA)).toMatchObject({ state: 'pending' });
    expect(await local.openTrade('b'.repeat(32), secretA)).toBeUndefined();
    expect(await local.openTrade('a'.repeat(32), undefined)).toBeUndefined();
    // Another app secret makes other links.
    const elsewhere = new SandboxProvider(t.database.db, {
      key: Buffer.alloc(32, 1),
      linkKey: Buffer.alloc(32, 3),
      baseUrl: '',
    });
    await elsewhere.createPayment(input('a'.repeat(32), later));
    expect(await elsewhere.openTrade('a'.repeat(32), secretA)).toBeUndefined();

    const published = await sandbox('https://rent.example.cn').createPayment(
      input('c'.repeat(32), later),
    );
    expect(published.type === 'redirect' && published.url).toMatch(
      /^https:\/\/rent\.example\.cn\/api\/payments\/sandbox\/cashier\/c{32}\?secret=/,
    );
  });

  it('settles a trade once, and closes one whose attempt expired unpaid', async () => {
    const p = sandbox();
    const paid = 'd'.repeat(32);
    await p.createPayment(input(paid, new Date(Date.now() + 60_000)));
    expect(await p.settle(paid, 'pay')).not.toBeNull();
    expect(await p.settle(paid, 'fail')).toBeNull();
    expect(await p.settle(paid, 'pay')).toBeNull();
    expect((await p.queryPayment(paid)).state).toBe('succeeded');

    const expired = 'e'.repeat(32);
    await p.createPayment(input(expired, new Date(Date.now() - 1)));
    expect(await p.settle(expired, 'pay')).toBeNull();
    expect(await p.queryPayment(expired)).toMatchObject({ state: 'closed' });
    expect(await p.openTrade(expired, secretOf(p.cashierLink(expired))!)).toMatchObject({
      state: 'closed',
    });
    await expect(p.settle('f'.repeat(32), 'pay')).rejects.toBeInstanceOf(ProviderError);
  });

  it('keeps trades where every server process sees them: one settles, the other knows', async () => {
    // Two providers on one database stand for two server processes.
    const [one, two] = [sandbox(), sandbox()];
    const no = 'g'.repeat(32);
    await one.createPayment(input(no, new Date(Date.now() + 60_000)));
    expect(await two.openTrade(no, secretOf(two.cashierLink(no))!)).toMatchObject({
      state: 'pending',
      amountFen: 112_000,
    });
    // The payer presses 'pay' twice at once, each press reaching another process.
    const notices = await Promise.all([one.settle(no, 'pay'), two.settle(no, 'pay')]);
    expect(notices.filter(Boolean)).toHaveLength(1);
    expect(await one.queryPayment(no)).toMatchObject({ state: 'succeeded' });
  });

  it('refunds a paid trade once per refund number, never beyond what was paid', async () => {
    const [one, two] = [sandbox(), sandbox()];
    const no = 'h'.repeat(32);
    const refund = (p: SandboxProvider, outRefundNo: string, refundFen: number) =>
      p.refund({
        outTradeNo: no,
        outRefundNo,
        refundFen,
        totalFen: 112_000,
        reason: '',
        notifyUrl: '/api/payments/notify/sandbox',
      });
    await one.createPayment(input(no, new Date(Date.now() + 60_000)));
    await expect(refund(one, 'R1', 100)).rejects.toMatchObject({ code: 'TRADE_NOT_PAID' });
    await one.settle(no, 'pay');

    expect(await refund(one, 'R1', 60_000)).toMatchObject({ state: 'succeeded' });
    // The same refund sent again (a lost answer) is the same refund.
    expect(await refund(two, 'R1', 60_000)).toMatchObject({ state: 'succeeded' });
    // Two refunds that each fit, but not together, sent through two processes at once.
    const outcomes = await Promise.allSettled([
      refund(one, 'R2', 50_000),
      refund(two, 'R3', 50_000),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await two.queryRefund('R1', no)).toMatchObject({ state: 'succeeded' });
    // A refund it never heard of may still be on its way: no answer about it, as WeChat Pay.
    await expect(two.queryRefund('R9', no)).rejects.toMatchObject({ code: 'RESOURCE_NOT_EXISTS' });
  });
});
