import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Checkout } from '@snowgear/contracts';
import { loginWithPassword, useSession } from '@/features/auth/stores/session-store';
import { api } from '@/lib/api-client';
import { newGear } from '@/test/gear';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { OnlinePayment, payPageLink } from './online-payment';
import { counterOrder } from '@/test/counter-order';

// A worker's files share loaded modules: this file's mock must meet a fresh load of the page.
vi.hoisted(() => vi.resetModules());
// What the QR code encodes, where a test can read it.
vi.mock('qrcode.react', () => ({
  QRCodeSVG: ({ value, title }: { value: string; title: string }) => (
    <svg role="img" aria-label={title} data-value={value} />
  ),
}));

const DAY = 86_400_000;

describe('paying online at the counter (real server, embedded demo)', () => {
  let checkout: Checkout;

  beforeAll(async () => {
    await changeLanguage('zh-CN');
    await loginWithPassword({
      userNameOrEmailAddress: 'manager',
      password: '1q2w3E*',
      rememberMe: false,
    });
    const storeId = useSession.getState().user!.primaryStoreId!;
    // An item of its own: picked from the shared list, another file's booking could take it.
    const [item] = await newGear(storeId, '雪杖', '扫码付款测试雪杖', 'PAYQR', { count: 1 });
    const start = Date.now() + 230 * DAY;
    const order = await counterOrder({
      storeId,
      orderType: 'Normal',
      customerName: '扫码付款测试',
      customerPhone: '13900002222',
      rentalStartTime: new Date(start).toISOString(),
      rentalEndTime: new Date(start + DAY).toISOString(),
      items: [{ equipmentId: item!.id }],
    });
    checkout = await api.get<Checkout>(`/app/payments/checkout/${order.id}`);
  });

  it("shows a QR code with the full cashier address the customer's phone opens, and follows the payment", async () => {
    const onPaid = vi.fn();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <OnlinePayment
          checkout={checkout}
          method="wechat"
          channel="native"
          returnPath={`/store/orders/payment/${checkout.orderId}`}
          onPaid={onPaid}
        />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /^微信付款/ }));
    const qr = await screen.findByRole('img', { name: '付款二维码' });
    const link = qr.getAttribute('data-value')!;
    // The server gave a path on itself (no PUBLIC_BASE_URL); the page makes it absolute on the
    // address it already uses, so a phone on the same network reaches it.
    expect(link).toMatch(
      new RegExp(`^${window.location.origin}/api/payments/sandbox/cashier/[0-9a-f]{32}\\?secret=`),
    );

    // The customer's phone opens the link and pays.
    const cashier = await fetch(link);
    expect(await cashier.text()).toContain('沙箱收银台');
    const url = new URL(link);
    const paid = await fetch(`${url.origin}${url.pathname}/pay${url.search}`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    await waitFor(() => expect(onPaid).toHaveBeenCalled(), { timeout: 10_000 });
    expect(screen.getByText('付款成功')).toBeTruthy();
  });
});

describe('the page the browser goes to pay on', () => {
  it('tells this server’s cashier the app’s language, and leaves a provider’s signed page as given', async () => {
    await changeLanguage('en-US');
    try {
      const cashier = new URL(payPageLink('/api/payments/sandbox/cashier/abc?secret=s1'));
      expect(cashier.origin).toBe(window.location.origin);
      expect(cashier.searchParams.get('secret')).toBe('s1');
      expect(cashier.searchParams.get('lang')).toBe('en-US');
      const provider = 'https://openapi.alipay.com/gateway.do?sign=abc%2B&charset=utf-8';
      expect(payPageLink(provider)).toBe(provider);
    } finally {
      await changeLanguage('zh-CN');
    }
    expect(
      new URL(payPageLink('/api/payments/sandbox/cashier/abc?secret=s1')).searchParams.get('lang'),
    ).toBe('zh-CN');
  });
});
