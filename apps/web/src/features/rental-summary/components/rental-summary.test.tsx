import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookingQuote, Checkout, Order, QuoteLine } from '@snowgear/contracts';
import { changeLanguage } from '@/lib/i18n';
import { fromCheckout, fromOrder, fromQuote } from '../utils/summary-view';
import { RentalSummary } from './rental-summary';

const line = (over: Partial<QuoteLine>): QuoteLine => ({
  cartIndex: 0,
  categoryId: 'skis',
  categoryName: '双板滑雪板',
  size: {},
  sizeLabel: '160 cm',
  riderKey: 'me',
  packId: null,
  packName: '',
  barcodeNumber: null,
  dailyPrice: 120,
  deposit: 1000,
  rent: 240,
  free: 3,
  ...over,
});

/**
 * A family's booking: a pack the server priced as shares of its parts (¥180 a day, ¥1400 deposit
 * in all), and goggles for the child, delivered to a hotel.
 */
const quote: BookingQuote = {
  storeId: 'store',
  rentalStartTime: '2027-01-10T01:00:00.000Z',
  rentalEndTime: '2027-01-12T01:00:00.000Z',
  days: 2,
  prices: [],
  earlyBookingOff: 0,
  lines: [
    line({ packId: 'p', packName: '双板全套', dailyPrice: 108, deposit: 840.01, rent: 216 }),
    line({
      packId: 'p',
      packName: '双板全套',
      categoryName: '雪鞋',
      sizeLabel: '26.5',
      dailyPrice: 72,
      deposit: 559.99,
      rent: 144,
    }),
    line({
      cartIndex: 1,
      riderKey: 'kid',
      categoryName: '雪镜',
      sizeLabel: 'S',
      dailyPrice: 20,
      deposit: 200,
      rent: 40,
    }),
  ],
  rent: 400,
  deposit: 1600,
  deliveryFee: 30,
  pickupFee: 0,
  total: 2030,
  shortages: [],
  deliveryMethod: 'Delivery',
  deliveryAddress: '崇礼万龙酒店 1208',
  returnMethod: 'SelfReturn',
  returnAddress: '',
  orderTimeoutHours: 2,
  // Delivered between 09:00 and 11:00 at the store.
  deliveryWindowEnd: '2027-01-10T03:00:00.000Z',
};
const riders = [
  { key: 'me', name: '张三' },
  { key: 'kid', name: '张小三' },
];

afterEach(() => changeLanguage('zh-CN'));

describe('what the customer pays for, on one screen', () => {
  it('explains a line priced on a rate card instead of a daily price × days', async () => {
    await changeLanguage('zh-CN');
    const explanation = '双板全套 · 2 天 ¥340（套餐价，比单租省 ¥60） · 提前 7 天预订 −10 %';
    const carded: BookingQuote = {
      ...quote,
      lines: quote.lines.map((l) =>
        l.cartIndex === 0 ? { ...l, rent: l.rent === 216 ? 183.6 : 122.4 } : l,
      ),
      prices: [
        {
          cartIndex: 0,
          rent: 306,
          earlyBookingOff: 34,
          packSaving: 60,
          junior: false,
          explanation,
        },
        {
          cartIndex: 1,
          rent: 40,
          earlyBookingOff: 0,
          packSaving: 0,
          junior: false,
          explanation: '',
        },
      ],
    };
    render(<RentalSummary view={fromQuote(carded, riders, '万龙雪场店')} />);
    const me = screen.getByRole('region', { name: '张三' });
    expect(within(me).getByText(explanation)).toBeTruthy();
    expect(within(me).getByText('¥306.00')).toBeTruthy();
    // Not ¥180 × 2: that is not what it costs.
    expect(within(me).queryByText('¥180.00 × 2 天')).toBeNull();
    // The goggles cost their daily price × days, and say so.
    const kid = screen.getByRole('region', { name: '张小三' });
    expect(within(kid).getByText('¥20.00 × 2 天')).toBeTruthy();
  });

  it('shows the store, the way there and back, each rider’s gear, rent per line, deposit and total', async () => {
    await changeLanguage('zh-CN');
    const onRemoveLine = vi.fn();
    render(
      <RentalSummary view={fromQuote(quote, riders, '万龙雪场店')} onRemoveLine={onRemoveLine} />,
    );
    const summary = screen.getByRole('region', { name: '订单明细' });
    expect(within(summary).getByText('万龙雪场店')).toBeTruthy();
    expect(within(summary).getByText('送货上门')).toBeTruthy();
    expect(within(summary).getByText('送货地址：崇礼万龙酒店 1208')).toBeTruthy();
    // The day and the window it arrives in (another year than now: with the year).
    expect(summary.textContent).toMatch(/(2027-)?01-10 09:00–11:00/);
    expect(within(summary).getByText('到店归还')).toBeTruthy();
    expect(within(summary).getByText('共 2 天')).toBeTruthy();

    const me = within(summary).getByRole('region', { name: '张三' });
    expect(within(me).getByText('双板全套')).toBeTruthy();
    expect(within(me).getByText('双板滑雪板 160 cm')).toBeTruthy();
    expect(within(me).getByText('雪鞋 26.5')).toBeTruthy();
    // The pack's own figures, not the shares of its parts, and never a bare '× 2'.
    expect(within(me).getByText('¥180.00 × 2 天')).toBeTruthy();
    expect(within(me).getByText('押金 ¥1400.00')).toBeTruthy();
    expect(within(me).getByText('¥360.00')).toBeTruthy();
    const kid = within(summary).getByRole('region', { name: '张小三' });
    expect(within(kid).getByText('¥20.00 × 2 天')).toBeTruthy();

    expect(within(summary).getByText('押金（可退）')).toBeTruthy();
    expect(within(summary).getByText('¥1600.00')).toBeTruthy();
    expect(within(summary).getByText('¥30.00')).toBeTruthy();
    expect(within(summary).getByText('¥2030.00')).toBeTruthy();

    // The terms the server applies to a delivery: cancel until the driver sets off.
    expect(within(summary).getByText('送货员出发之前可以随时取消订单。')).toBeTruthy();
    expect(
      within(summary).getByText('下单后 2 小时内未付款，订单自动取消，预留的雪具释放给其他顾客。'),
    ).toBeTruthy();

    fireEvent.click(within(kid).getByRole('button', { name: '移除雪镜' }));
    expect(onRemoveLine).toHaveBeenCalledWith(1);
  });

  it('reads the same in English', async () => {
    await changeLanguage('en-US');
    render(<RentalSummary view={fromQuote(quote, riders, 'Wanlong')} />);
    const summary = screen.getByRole('region', { name: 'Order details' });
    expect(within(summary).getByText('¥180.00 × 2 days')).toBeTruthy();
    expect(within(summary).getByText('Deposit (refundable)')).toBeTruthy();
    expect(within(summary).getByText('Delivery address: 崇礼万龙酒店 1208')).toBeTruthy();
    expect(
      within(summary).getByText(
        'You can cancel at any time until the driver sets off with your gear.',
      ),
    ).toBeTruthy();
    // Without a way to take lines out, none is offered.
    expect(within(summary).queryByRole('button')).toBeNull();
  });

  it('counts the time to pay from the store’s confirmation for a booking that waits for it', () => {
    render(<RentalSummary view={fromQuote(quote, riders, '万龙雪场店', 0)} />);
    expect(
      screen.getByText('门店确认订单后 2 小时内未付款，订单自动取消，预留的雪具释放给其他顾客。'),
    ).toBeTruthy();
    expect(screen.queryByText(/^下单后/)).toBeNull();
  });

  it('says what is missing when a driver has no address yet', () => {
    render(
      <RentalSummary
        view={fromQuote(
          { ...quote, deliveryAddress: '', returnMethod: 'Pickup', returnAddress: ' ' },
          riders,
          '万龙雪场店',
        )}
      />,
    );
    expect(screen.getAllByText('还没有填写地址')).toHaveLength(2);
    expect(screen.getByText('上门取件')).toBeTruthy();
  });

  it('tells apart riders and keeps the address from whoever holds only the payment link', () => {
    const checkout = {
      orderStatus: 1,
      payBefore: null,
      summary: {
        ...fromQuote(quote, riders, '万龙雪场店'),
        deliveryAddress: null,
        returnAddress: null,
        lines: fromQuote(quote, riders, '万龙雪场店').lines.map((l) => ({
          ...l,
          riderName: null,
        })),
      },
    } as unknown as Checkout;
    render(<RentalSummary view={fromCheckout(checkout)} />);
    expect(screen.getByText('地址只向下单人和门店显示')).toBeTruthy();
    expect(screen.getByRole('region', { name: '滑雪者 1' })).toBeTruthy();
    expect(screen.getByRole('region', { name: '滑雪者 2' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('张三');
  });

  it('says an extension’s days, and promises no cancellation once the gear is out', () => {
    const order = {
      storeName: '万龙雪场店',
      status: 5,
      rentalStartTime: quote.rentalStartTime,
      rentalEndTime: '2027-01-13T01:00:00.000Z',
      days: 3,
      deliveryMethod: 'SelfPickup',
      returnMethod: 'SelfReturn',
      deliveryAddress: '',
      returnAddress: '',
      totalAmount: 1360,
      payBefore: null,
      items: [
        {
          categoryId: 'skis',
          categoryName: '双板滑雪板',
          equipmentName: '双板滑雪板',
          sizeLabel: '160 cm',
          packName: '',
          riderKey: null,
          rider: null,
          dailyPrice: 120,
          rent: 360,
          deposit: 1000,
          days: 3,
        },
      ],
      feeItems: [
        { id: '1', kind: 'Rent', amount: 240, description: '双板滑雪板 × 2' },
        { id: '2', kind: 'Deposit', amount: 1000, description: '双板滑雪板' },
        { id: '3', kind: 'ExtensionFee', amount: 120, description: '+1' },
      ],
    } as unknown as Order;
    render(<RentalSummary view={fromOrder(order)} />);
    expect(screen.getByText('¥120.00 × 3 天')).toBeTruthy();
    expect(screen.getByText('续租 1 天')).toBeTruthy();
    expect(screen.getByText('¥1360.00')).toBeTruthy();
    expect(screen.getByText('到店自取')).toBeTruthy();
    expect(screen.queryByText('取消与退款')).toBeNull();
  });
});

describe("an order's driver fees", () => {
  it('are named by their run, whatever language the order was taken in', async () => {
    await changeLanguage('zh-CN');
    const view = {
      ...fromQuote(quote, riders, '万龙雪场店'),
      fees: [
        { kind: 'DeliveryFee' as const, amount: 30, description: 'Delivery' },
        { kind: 'DeliveryFee' as const, amount: 20, description: '上门取件' },
        { kind: 'Other' as const, amount: 5, description: '打蜡' },
      ],
    };
    render(<RentalSummary view={view} />);
    const totals = screen
      .getByRole('region', { name: '订单明细' })
      .querySelector('.summary-totals')!;
    const labels = [...totals.querySelectorAll('dt')].map((dt) => dt.textContent);
    expect(labels).toContain('配送费');
    expect(labels).toContain('取件费');
    expect(labels).toContain('其他 · 打蜡');
    expect(labels.join()).not.toContain('Delivery');
  });
});
