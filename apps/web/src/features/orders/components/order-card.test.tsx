import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { OrderStatus, type OrderSummary } from '@snowgear/contracts';
import { changeLanguage } from '@/lib/i18n';
import { OrderCard } from './order-card';

const order: OrderSummary = {
  id: '6f1c2a52-5a43-4e55-9a43-2f3c6f0e8a11',
  orderNumber: '202612200007',
  storeId: 'store',
  storeName: '万龙雪场店',
  orderType: 'Normal',
  status: OrderStatus.InUse,
  customerName: '刘七',
  customerPhone: '13600001234',
  // The store's clock (UTC+8), whatever the phone's zone: 09:00 and 17:30 there.
  rentalStartTime: '2026-12-20T01:00:00.000Z',
  rentalEndTime: '2026-12-22T09:30:00.000Z',
  deliveryMethod: 'SelfPickup',
  returnMethod: 'SelfReturn',
  totalAmount: 560,
  paidAmount: 200.5,
  itemCount: 3,
  isOverdue: false,
  createdAt: '2026-12-19T02:00:00.000Z',
  collectOnDelivery: 0,
};

function renderCard(summary: OrderSummary) {
  return render(
    <MemoryRouter>
      <OrderCard order={summary} />
    </MemoryRouter>,
  );
}

describe('order card', () => {
  it('shows what the counter needs and opens the order', async () => {
    await changeLanguage('zh-CN');
    const { container } = renderCard(order);
    const card = within(container.querySelector('article')!);
    expect(card.getByRole('link', { name: '202612200007' }).getAttribute('href')).toBe(
      `/store/orders/detail/${order.id}`,
    );
    expect(card.getByText('使用中')).toBeTruthy();
    expect(card.getByText('刘七')).toBeTruthy();
    expect(
      card.getByRole('link', { name: '拨打刘七的电话 13600001234' }).getAttribute('href'),
    ).toBe('tel:13600001234');
    expect(card.getByText('12/20 09:00 – 12/22 17:30')).toBeTruthy();
    expect(card.getByText('设备 3 件')).toBeTruthy();
    expect(card.getByText('¥560.00')).toBeTruthy();
    expect(card.getByText('已付 ¥200.50')).toBeTruthy();
    expect(card.queryByText('逾期')).toBeNull();
  });

  it('marks an overdue order in red, in English too', async () => {
    await changeLanguage('en-US');
    const { container } = renderCard({ ...order, isOverdue: true });
    const tag = screen.getByText('Overdue');
    expect(tag.closest('.adm-tag')?.getAttribute('style')).toMatch(/danger/);
    expect(container.querySelector('.order-card--overdue')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Call 刘七 on 13600001234' })).toBeTruthy();
    expect(screen.getByText('Items: 3')).toBeTruthy();
    await changeLanguage('zh-CN');
  });

  it('tells the store and the driver what to collect at the door on a cash-on-delivery order', async () => {
    await changeLanguage('zh-CN');
    const cod = {
      ...order,
      status: OrderStatus.PendingDelivery,
      deliveryMethod: 'Delivery' as const,
      paidAmount: 0,
      collectOnDelivery: 560,
    };
    const { unmount } = renderCard(cod);
    expect(screen.getByText('货到付款 · 待收 ¥560.00')).toBeTruthy();
    unmount();
    await changeLanguage('en-US');
    renderCard(cod);
    expect(screen.getByText('Cash on delivery · collect ¥560.00')).toBeTruthy();
    cleanup();
    await changeLanguage('zh-CN');
    // Nothing to collect, no label.
    renderCard(order);
    expect(screen.queryByText(/货到付款/)).toBeNull();
  });
});
