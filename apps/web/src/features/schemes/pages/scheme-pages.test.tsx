import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BookingCartSchema,
  type BookingCartInput,
  type BookingCatalog,
  type Scheme,
} from '@snowgear/contracts';
import { GlobalMessages } from '@/features/app-state/components/global-messages';
import { sendSmsCode } from '@/features/auth/api/send-sms-code';
import { clearSession, loginWithPhone, useSession } from '@/features/auth/stores/session-store';
import { EMPTY_BOOKING, useBookingCart } from '@/features/customer-booking/stores/booking-cart';
import { useCurrentStore } from '@/features/stores/stores/current-store';
import { useConfigStore } from '@/features/system-config/stores/config-store';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { storage, StorageKey } from '@/lib/storage';
import SchemeDetailPage from './scheme-detail-page';
import SchemeListPage from './scheme-list-page';
import { localSchemes, saveLocalScheme } from '../utils/local-schemes';

dayjs.extend(utc);
dayjs.extend(timezone);

/** A customer of this test's own (a new phone number makes a new account). */
const PHONE = '13655550202';
const DAY = 86_400_000;

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/customer/scheme/current', element: <SchemeDetailPage /> },
      { path: '/customer/scheme/list', element: <SchemeListPage /> },
      { path: '/customer/order-create', element: <p>booking page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <GlobalMessages />
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('plans: my list, a shared plan, booking it (real server)', () => {
  let scheme: Scheme;
  let storeId: string;
  let owner: ReturnType<typeof useSession.getState>;
  let ownerTokens: [string | null, string | null];

  beforeAll(async () => {
    await changeLanguage('zh-CN');
    await useConfigStore.getState().load({ force: true });
    storeId = Object.keys(useConfigStore.getState().config!.storeConfigs)[0]!;
    const { sandboxCode } = await sendSmsCode(PHONE);
    await loginWithPhone({ phoneNumber: PHONE, realName: '方案测试', code: sandboxCode! });
    owner = useSession.getState();
    ownerTokens = [storage.get(StorageKey.accessToken), storage.get(StorageKey.refreshToken)];
    const start = new Date(Date.now() + 20 * DAY).toISOString();
    const catalog = await api.get<BookingCatalog>('/app/booking/catalog', {
      params: { storeId, rentalStartTime: start, days: 2 },
    });
    const kind = catalog.categories.find((c) => c.kinds.length > 0 && c.kinds[0]!.free > 0)!;
    const profile = await api.post<{ id: string }>('/app/riders', {
      name: '小明',
      heightCm: 150,
      weightKg: 40,
      age: 10,
      ability: 'I',
    });
    scheme = await api.post<Scheme>('/app/schemes', {
      name: '寒假亲子',
      cart: {
        storeId,
        rentalStartTime: start,
        days: 2,
        riders: [
          { key: 'kid', profileId: profile.id, name: '小明', heightCm: 150, weightKg: 40, age: 10 },
        ],
        lines: [{ type: 'item', categoryId: kind.id, size: kind.kinds[0]!.size, riderKey: 'kid' }],
      },
    });
  });

  beforeEach(() => {
    useBookingCart.setState(EMPTY_BOOKING);
  });

  it('opens from a shared link without signing in, and books a copy in one tap', async () => {
    clearSession();
    const router = renderAt(`/customer/scheme/current?id=${scheme.id}`);
    expect(await screen.findByRole('heading', { name: '寒假亲子' })).toBeTruthy();
    expect(screen.getByText('150 厘米 · 40 公斤 · 10 岁')).toBeTruthy();
    expect(screen.getByText(/起，共 2 天/)).toBeTruthy();
    // Not theirs: no delete.
    expect(screen.queryByRole('button', { name: '删除方案' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '按此方案预订' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/order-create'));
    const cart = useBookingCart.getState();
    expect(cart.days).toBe(2);
    expect(cart.lines).toHaveLength(1);
    // A copy: the owner's saved profile and plan stay theirs.
    expect(cart.riders).toMatchObject([{ name: '小明', profileId: null }]);
    expect(cart.schemeId).toBeNull();
    expect(useCurrentStore.getState().currentStoreId).toBe(storeId);
  });

  it('says so when a link opens nothing', async () => {
    clearSession();
    renderAt('/customer/scheme/current?id=00000000-0000-4000-8000-000000000000');
    expect(await screen.findByText('方案不存在或已被删除')).toBeTruthy();
  });

  it('shows a plan named by default once: its row does not say the same again below', async () => {
    storage.set(StorageKey.accessToken, ownerTokens[0]!);
    storage.set(StorageKey.refreshToken, ownerTokens[1]!);
    useSession.setState(owner);
    const storeName = useConfigStore.getState().config!.storeConfigs[storeId]!.storeName;
    // The start's day in the store's zone (dayjs.tz would read the instant as Shanghai wall time,
    // a day off between 00:00 and 08:00 there).
    const start = dayjs(BookingCartSchema.parse(scheme.cart).rentalStartTime).tz('Asia/Shanghai');
    // The name the booking page suggests when saving.
    const name = `${storeName} ${start.format('MM-DD')} 起 2 天`;
    const named = await api.post<Scheme>('/app/schemes', { name, cart: scheme.cart });
    renderAt('/customer/scheme/list');
    const row = (await screen.findByText(name)).closest<HTMLElement>('.adm-list-item')!;
    expect(row.textContent.split(storeName)).toHaveLength(2);
    expect(row.textContent.split(start.format('MM-DD'))).toHaveLength(2);
    // A plan with a name of its own still says where and when.
    const own = (await screen.findByText('寒假亲子')).closest<HTMLElement>('.adm-list-item')!;
    expect(own.textContent).toContain(`${storeName} · ${start.format('MM-DD')} 起 2 天`);
    await api.delete(`/app/schemes/${named.id}`);
  });

  it('keeps a visitor’s plan on this phone, opens it on the booking page, and joins it to the account once signed in', async () => {
    clearSession();
    saveLocalScheme(null, {
      name: '手机上的方案',
      cart: scheme.cart as BookingCartInput,
      storeName: '万龙雪场店',
      quote: 321,
    });
    const router = renderAt('/customer/scheme/list');
    const row = (await screen.findByText('手机上的方案')).closest<HTMLElement>('.adm-list-item')!;
    expect(row.textContent).toContain('¥321.00');
    expect(screen.getByRole('link', { name: '登录并同步' })).toBeTruthy();
    fireEvent.click(screen.getByText('手机上的方案'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/order-create'));
    expect(useBookingCart.getState()).toMatchObject({ days: 2, schemeName: '手机上的方案' });
    expect(useBookingCart.getState().schemeId).toMatch(/^local-/);
    cleanup();

    // Signed in: the phone's plan joins the account, and the booking page's plan follows it.
    storage.set(StorageKey.accessToken, ownerTokens[0]!);
    storage.set(StorageKey.refreshToken, ownerTokens[1]!);
    useSession.setState(owner);
    renderAt('/customer/scheme/list');
    expect(await screen.findByText('本机的 1 个方案已同步到你的账户')).toBeTruthy();
    const joined = (await api.get<Scheme[]>('/app/schemes')).find(
      (s) => s.name === '手机上的方案',
    )!;
    expect(joined).toBeTruthy();
    expect(localSchemes()).toEqual([]);
    expect(useBookingCart.getState().schemeId).toBe(joined.id);
    expect(await screen.findByText('手机上的方案')).toBeTruthy();
    expect(screen.queryByText('保存在本机')).toBeNull();
    await api.delete(`/app/schemes/${joined.id}`);
  });

  it("lists the owner's plans, and deletes one after asking", async () => {
    // Signed in again as the owner (a second code for the number would have to wait a minute).
    storage.set(StorageKey.accessToken, ownerTokens[0]!);
    storage.set(StorageKey.refreshToken, ownerTokens[1]!);
    useSession.setState(owner);
    const router = renderAt('/customer/scheme/list');
    fireEvent.click(await screen.findByText('寒假亲子'));
    await waitFor(() => expect(router.state.location.search).toBe(`?id=${scheme.id}`));
    fireEvent.click(await screen.findByRole('button', { name: '删除方案' }));
    expect(await screen.findByText('删除方案“寒假亲子”？分享出去的链接也会失效。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    expect(await screen.findByText('还没有保存的方案')).toBeTruthy();
    expect(await api.get<Scheme[]>('/app/schemes')).toEqual([]);
  });
});
