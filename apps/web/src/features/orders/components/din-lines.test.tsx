import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order, OrderItem, OrderRider } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { loginWithPassword, useSession } from '@/features/auth/stores/session-store';
import { useOrder } from '../api/get-order';
import { DinLines } from './din-lines';
import { counterOrder } from '@/test/counter-order';

const DAY = 86_400_000;
const zhang: OrderRider = {
  profileId: null,
  name: '张三',
  heightCm: 175,
  weightKg: 70,
  age: 30,
  ability: 'II',
  bootSizeMondopoint: 26.5,
  bootSoleLengthMm: 305,
  stance: null,
};

const signIn = () =>
  loginWithPassword({ userNameOrEmailAddress: 'employee', password: '1q2w3E*', rememberMe: false });

/**
 * The order as the server sends it, with the first line's rider put on as a customer's booking
 * does (and the suggestion the server works out for that rider).
 */
function Harness({
  id,
  booked,
}: {
  id: string;
  booked?: Pick<OrderItem, 'rider' | 'dinSuggestion'>;
}) {
  const order = useOrder(id);
  if (!order.data) return null;
  const [first, ...rest] = order.data.items;
  return <DinLines order={{ ...order.data, items: [{ ...first!, ...booked }, ...rest] }} />;
}

function show(id: string, booked?: Pick<OrderItem, 'rider' | 'dinSuggestion'>) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Harness id={id} booked={booked} />
    </QueryClientProvider>,
  );
}

describe('DIN lines at the bench (real server)', () => {
  let skis: string;
  let boots: string;

  beforeAll(async () => {
    await signIn();
    const { items } = await api.get<{ items: { id: string; name: string }[] }>(
      '/app/equipment/categories',
    );
    skis = items.find((c) => c.name === '双板滑雪板')!.id;
    boots = items.find((c) => c.name === '双板滑雪鞋')!.id;
  });
  beforeEach(async () => {
    await changeLanguage('zh-CN');
    await signIn();
  });
  afterEach(() => changeLanguage('zh-CN'));

  /** A counter order of skis and boots, each test its own, months ahead. */
  const book = async (month: number) =>
    counterOrder({
      storeId: useSession.getState().user!.primaryStoreId,
      customerName: '张三',
      customerPhone: '13800138000',
      rentalStartTime: new Date(Date.now() + month * 30 * DAY).toISOString(),
      rentalEndTime: new Date(Date.now() + (month * 30 + 2) * DAY).toISOString(),
      items: [{ categoryId: skis }, { categoryId: boots }],
    });

  it("shows the rider's measurements and the suggestion as a suggestion, and records the value set", async () => {
    const order = await book(3);
    show(order.id, { rider: zhang, dinSuggestion: 6.5 });
    expect(await screen.findByText('建议 DIN 6.5（仅供参考）')).toBeTruthy();
    expect(screen.getByText('175 厘米 · 70 公斤 · 30 岁 · II 型 · 鞋底 305 毫米')).toBeTruthy();
    expect(screen.getByText('未设定')).toBeTruthy();
    // The boots have no binding to set.
    expect(screen.queryByText(/双板滑雪鞋/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '确认 DIN' }));
    const panel = await screen.findByRole('dialog', { name: '张三 的 DIN' });
    const value = within(panel).getByRole<HTMLInputElement>('spinbutton');
    expect(value.value).toBe('6.5');
    fireEvent.click(within(panel).getByRole('button', { name: '增加' }));
    expect(value.value).toBe('7');
    fireEvent.click(within(panel).getByRole('button', { name: '确认 DIN' }));

    expect(await screen.findByText('已设定 DIN 7')).toBeTruthy();
    const saved = await api.get<Order>(`/app/orders/${order.id}`);
    expect(saved.items[0]!.dinSetting).toBe(7);
    expect(saved.timeline.at(-1)!.message).toBe('为 双板滑雪板 设置 DIN 7');
  });

  it('asks the technician for what is missing, and refuses a value no binding takes', async () => {
    const order = await book(4);
    show(order.id);
    expect(
      await screen.findByText('没有滑雪者资料，请当面询问身高、体重、年龄和水平'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '确认 DIN' }));
    const panel = await screen.findByRole('dialog', { name: '双板滑雪板 的 DIN' });
    const value = within(panel).getByRole('spinbutton');
    expect((value as HTMLInputElement).value).toBe('');
    const confirm = within(panel).getByRole('button', { name: '确认 DIN' });
    fireEvent.click(confirm);
    expect(await within(panel).findByText('DIN 应在 0.75–14 之间，以 0.25 为单位')).toBeTruthy();
    fireEvent.change(value, { target: { value: '6.3' } });
    fireEvent.click(confirm);
    expect(within(panel).getByText('DIN 应在 0.75–14 之间，以 0.25 为单位')).toBeTruthy();
    expect((await api.get<Order>(`/app/orders/${order.id}`)).items[0]!.dinSetting).toBeNull();

    fireEvent.change(value, { target: { value: '3.75' } });
    fireEvent.click(confirm);
    expect(await screen.findByText('已设定 DIN 3.75')).toBeTruthy();
  });

  it('refuses a DIN out of range as typed, next to the field, instead of bringing it into range', async () => {
    const order = await book(6);
    show(order.id, { rider: zhang, dinSuggestion: 6.5 });
    fireEvent.click(await screen.findByRole('button', { name: '确认 DIN' }));
    const panel = await screen.findByRole('dialog', { name: '张三 的 DIN' });
    const value = within(panel).getByRole<HTMLInputElement>('spinbutton');
    const confirm = within(panel).getByRole('button', { name: '确认 DIN' });
    for (const typed of ['20', '0.2']) {
      fireEvent.focus(value);
      fireEvent.change(value, { target: { value: typed } });
      fireEvent.blur(value);
      expect(value.value).toBe(typed);
      fireEvent.click(confirm);
      expect((await within(panel).findByRole('alert')).textContent).toBe(
        'DIN 应在 0.75–14 之间，以 0.25 为单位',
      );
    }
    expect((await api.get<Order>(`/app/orders/${order.id}`)).items[0]!.dinSetting).toBeNull();
    // Typing again clears the refusal.
    fireEvent.change(value, { target: { value: '8' } });
    expect(within(panel).queryByRole('alert')).toBeNull();
  });

  it('says which measurements the suggestion lacks, in English too', async () => {
    await changeLanguage('en-US');
    const order = await book(5);
    show(order.id, {
      rider: { ...zhang, weightKg: null, bootSoleLengthMm: null },
      dinSuggestion: null,
    });
    expect(
      await screen.findByText(
        '175 cm (5 ft 9 in) · 30 years · Type II · No suggestion: weight and sole length missing',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Suggested DIN/)).toBeNull();
    expect(screen.getByText('Not set')).toBeTruthy();
  });
});
