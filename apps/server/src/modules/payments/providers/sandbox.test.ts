import { describe, expect, it } from 'vitest';
import type { CreatePaymentInput } from '../provider.js';
import { SandboxProvider } from './sandbox.js';

const sandbox = (baseUrl = '') =>
  new SandboxProvider({ key: Buffer.alloc(32, 1), linkKey: Buffer.alloc(32, 2), baseUrl });
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
    expect(local.openTrade('a'.repeat(32), secretA)).toMatchObject({ state: 'pending' });
    expect(local.openTrade('b'.repeat(32), secretA)).toBeUndefined();
    expect(local.openTrade('a'.repeat(32), undefined)).toBeUndefined();
    // Another app secret makes other links.
    const elsewhere = new SandboxProvider({
      key: Buffer.alloc(32, 1),
      linkKey: Buffer.alloc(32, 3),
      baseUrl: '',
    });
    await elsewhere.createPayment(input('a'.repeat(32), later));
    expect(elsewhere.openTrade('a'.repeat(32), secretA)).toBeUndefined();

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
    expect(p.settle(paid, 'pay')).not.toBeNull();
    expect(p.settle(paid, 'fail')).toBeNull();
    expect(p.settle(paid, 'pay')).toBeNull();
    expect((await p.queryPayment(paid)).state).toBe('succeeded');

    const expired = 'e'.repeat(32);
    await p.createPayment(input(expired, new Date(Date.now() - 1)));
    expect(p.settle(expired, 'pay')).toBeNull();
    expect(await p.queryPayment(expired)).toMatchObject({ state: 'closed' });
    expect(p.openTrade(expired, secretOf(p.cashierLink(expired))!)).toMatchObject({
      state: 'closed',
    });
  });
});
