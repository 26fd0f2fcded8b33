import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DeliveryMethod, type BookingCatalog } from '@snowgear/contracts';
import { ActionBarContext } from '@/components/layouts/action-bar';
import { sendSmsCode } from '@/features/auth/api/send-sms-code';
import { clearSession, loginWithPhone, useSession } from '@/features/auth/stores/session-store';
import { useCurrentStore } from '@/features/stores/stores/current-store';
import { useConfigStore } from '@/features/system-config/stores/config-store';
import { DEFAULT_BUSINESS_TIME_ZONE } from '@/features/system-config/utils/store-status';
import { api } from '@/lib/api-client';
import { drafts } from '@/lib/drafts';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { storage, StorageKey } from '@/lib/storage';
import { EMPTY_BOOKING, useBookingCart, type BookingDraft } from '../stores/booking-cart';
import OrderCreateRoute from './order-create-page';
import { openedDialog } from '@/test/dialog';

/** Customers of this test's own (a new phone number makes a new account). */
const PHONE = '13655550707';
const RESUMING_PHONE = '13655550708';
const HOUR = 3_600_000;
const TIME_ZONE = DEFAULT_BUSINESS_TIME_ZONE;

/** The fixed bottom bar an action-button page puts its actions in. */
function WithActionBar({ children }: { children: ReactNode }) {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  return (
    <>
      <ActionBarContext value={slot}>{children}</ActionBarContext>
      <div ref={setSlot} />
    </>
  );
}

function renderPage(entry = '/customer/order-create') {
  const router = createMemoryRouter(
    [
      {
        path: '/customer/order-create',
        element: (
          <WithActionBar>
            <OrderCreateRoute />
          </WithActionBar>
        ),
      },
      { path: '/customer/payment/:orderId', element: <p>payment page</p> },
    ],
    { initialEntries: [entry] },
  );
  return {
    router,
    ...render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  };
}

/** What a reload does: the booking is read back from this phone. */
function reload() {
  useBookingCart.getState().rehydrate();
}

/** A draft left on this phone `ago` milliseconds back. */
function leftBehind(draft: Partial<BookingDraft>, ago: number) {
  drafts.save(StorageKey.bookingCart, { ...EMPTY_BOOKING, ...draft }, Date.now() - ago);
  reload();
}

const NOTICE = '已恢复上次未提交的内容';

describe('the booking kept as a draft for 24 hours (real server)', () => {
  let storeId: string;
  let customer: ReturnType<typeof useSession.getState>;
  let tokens: [string, string];

  beforeAll(async () => {
    await changeLanguage('zh-CN');
    await useConfigStore.getState().load({ force: true });
    storeId = Object.keys(useConfigStore.getState().config!.storeConfigs)[0]!;
    const { sandboxCode } = await sendSmsCode(PHONE);
    await loginWithPhone({ phoneNumber: PHONE, realName: '草稿测试', code: sandboxCode! });
    customer = useSession.getState();
    tokens = [storage.get(StorageKey.accessToken)!, storage.get(StorageKey.refreshToken)!];
  });

  beforeEach(() => {
    clearSession();
    useCurrentStore.getState().setCurrentStoreId(storeId);
    useBookingCart.getState().clear();
  });

  const signIn = () => {
    storage.set(StorageKey.accessToken, tokens[0]);
    storage.set(StorageKey.refreshToken, tokens[1]);
    useSession.setState(customer);
  };

  it('brings back what was entered after a reload, says so, and starts over when asked', async () => {
    const first = renderPage();
    fireEvent.click(await screen.findByRole('radio', { name: /送货上门/ }));
    fireEvent.change(await screen.findByLabelText('送货地址'), {
      target: { value: '万龙酒店 1208' },
    });
    expect(screen.queryByText(NOTICE)).toBeNull();
    first.unmount();

    reload();
    renderPage();
    expect(await screen.findByText(NOTICE)).toBeTruthy();
    expect((await screen.findByLabelText<HTMLInputElement>('送货地址')).value).toBe(
      '万龙酒店 1208',
    );
    // Put away, the notice stays away; what was entered stays.
    fireEvent.click(screen.getByRole('button', { name: '关闭提示' }));
    await waitFor(() => expect(screen.queryByText(NOTICE)).toBeNull());
    expect(screen.getByLabelText<HTMLInputElement>('送货地址').value).toBe('万龙酒店 1208');
  });

  it('starts over from the notice after asking', async () => {
    leftBehind({ deliveryMethod: DeliveryMethod.Delivery, deliveryAddress: '云顶酒店 301' }, HOUR);
    renderPage();
    expect(await screen.findByText(NOTICE)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '清空' }));
    const dialog = await openedDialog();
    expect(within(dialog).getByText('清空上次填写的内容，重新开始？')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '清空' }));
    await waitFor(() => expect(screen.queryByLabelText('送货地址')).toBeNull());
    expect(screen.queryByText(NOTICE)).toBeNull();
    expect(window.localStorage.getItem(StorageKey.bookingCart)).toBeNull();
  });

  it('forgets a booking left more than 24 hours ago', async () => {
    leftBehind(
      { deliveryMethod: DeliveryMethod.Delivery, deliveryAddress: '云顶酒店 301' },
      25 * HOUR,
    );
    renderPage();
    // Pick-up at the counter, as a new booking starts (no address field to wait for).
    expect((await screen.findByRole<HTMLInputElement>('radio', { name: /送货上门/ })).checked).toBe(
      false,
    );
    expect(screen.queryByLabelText('送货地址')).toBeNull();
    expect(screen.queryByText(NOTICE)).toBeNull();
    expect(window.localStorage.getItem(StorageKey.bookingCart)).toBeNull();
  });

  it('brings back a booking from yesterday without its day gone by', async () => {
    const yesterday = dayjs().tz(TIME_ZONE).subtract(1, 'day');
    leftBehind(
      {
        startDate: yesterday.format('YYYY-MM-DD'),
        days: 3,
        deliveryMethod: DeliveryMethod.Delivery,
        deliveryAddress: '云顶酒店 301',
      },
      20 * HOUR,
    );
    const { container } = renderPage();
    expect(await screen.findByText(NOTICE)).toBeTruthy();
    expect((await screen.findByLabelText<HTMLInputElement>('送货地址')).value).toBe('云顶酒店 301');
    expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: '租用天数' }).value).toBe('3');
    const pickUp = container.querySelector('.dates-section__value')!.textContent;
    const day = new Intl.DateTimeFormat('zh-CN', {
      month: 'short',
      day: 'numeric',
      timeZone: TIME_ZONE,
    });
    expect(pickUp).not.toContain(day.format(yesterday.toDate()));
  });

  it('is not shown to another customer on this phone, nor kept for them', async () => {
    leftBehind(
      {
        ownerId: 'another-customer',
        deliveryMethod: DeliveryMethod.Delivery,
        deliveryAddress: '别人的酒店',
      },
      HOUR,
    );
    signIn();
    renderPage();
    // Pick-up at the counter, as a new booking starts (no address field to wait for).
    expect((await screen.findByRole<HTMLInputElement>('radio', { name: /送货上门/ })).checked).toBe(
      false,
    );
    expect(screen.queryByLabelText('送货地址')).toBeNull();
    expect(screen.queryByText(NOTICE)).toBeNull();
    await waitFor(() => expect(window.localStorage.getItem(StorageKey.bookingCart)).toBeNull());
  });

  it('lets the customer who signs in to submit take over what they began signed out', async () => {
    leftBehind({ deliveryMethod: DeliveryMethod.Delivery, deliveryAddress: '万龙酒店 1208' }, HOUR);
    signIn();
    renderPage();
    expect(await screen.findByText(NOTICE)).toBeTruthy();
    expect((await screen.findByLabelText<HTMLInputElement>('送货地址')).value).toBe(
      '万龙酒店 1208',
    );
    await waitFor(() => expect(useBookingCart.getState().ownerId).toBe(customer.user!.id));
  });

  it('lets a booking go once left untouched for a day, even on a page kept open', () => {
    leftBehind(
      { deliveryMethod: DeliveryMethod.Delivery, deliveryAddress: '云顶酒店 301' },
      23 * HOUR,
    );
    useBookingCart.getState().expire(Date.now());
    expect(useBookingCart.getState().deliveryAddress).toBe('云顶酒店 301');
    useBookingCart.getState().expire(Date.now() + 2 * HOUR);
    expect(useBookingCart.getState().deliveryAddress).toBe('');
    expect(window.localStorage.getItem(StorageKey.bookingCart)).toBeNull();
  });

  it('is cleared once the booking is placed', async () => {
    signIn();
    // The agreement as published now (the admin tests publish new versions while this runs).
    await useConfigStore.getState().load({ force: true });
    const config = useConfigStore.getState().config!;
    const restDays = config.storeConfigs[storeId]!.businessHours.restDays;
    let start = dayjs().tz(TIME_ZONE).add(90, 'day');
    while (restDays.includes(start.day())) start = start.add(1, 'day');
    const catalog = await api.get<BookingCatalog>('/app/booking/catalog', {
      params: { storeId, rentalStartTime: start.toISOString(), days: 2 },
    });
    const kind = catalog.categories.find((c) => c.kinds.length > 0 && c.kinds[0]!.free > 0)!;
    leftBehind(
      {
        ownerId: customer.user!.id,
        startDate: start.format('YYYY-MM-DD'),
        days: 2,
        lines: [
          {
            type: 'item',
            categoryId: kind.id,
            size: kind.kinds[0]!.size,
            equipmentId: null,
            riderKey: null,
          },
        ],
        acceptedAgreement: config.systemInfo.rentalAgreementVersion,
      },
      HOUR,
    );
    const { router } = renderPage();
    const submit = await screen.findByRole('button', { name: '提交订单' });
    // Ready once priced: the bar no longer says what is missing.
    await screen.findByText(/^合计 ¥/);
    await waitFor(() => expect(document.getElementById('booking-blocker')).toBeNull());
    fireEvent.click(submit);
    expect(await screen.findByText('payment page')).toBeTruthy();
    expect(router.state.location.pathname).toMatch(/^\/customer\/payment\//);
    expect(window.localStorage.getItem(StorageKey.bookingCart)).toBeNull();
    reload();
    expect(useBookingCart.getState().lines).toEqual([]);
  });
});

describe('a booking submitted before signing in goes on once signed in (real server)', () => {
  let storeId: string;
  let customer: ReturnType<typeof useSession.getState>;
  let tokens: [string, string];
  let line: BookingDraft['lines'][number];
  let start: dayjs.Dayjs;

  beforeAll(async () => {
    await changeLanguage('zh-CN');
    await useConfigStore.getState().load({ force: true });
    const config = useConfigStore.getState().config!;
    storeId = Object.keys(config.storeConfigs)[0]!;
    const restDays = config.storeConfigs[storeId]!.businessHours.restDays;
    start = dayjs().tz(TIME_ZONE).add(120, 'day');
    while (restDays.includes(start.day())) start = start.add(1, 'day');
    const catalog = await api.get<BookingCatalog>('/app/booking/catalog', {
      params: { storeId, rentalStartTime: start.toISOString(), days: 1 },
    });
    const kind = catalog.categories.find((c) => c.kinds.some((k) => k.free > 0))!;
    line = {
      type: 'item',
      categoryId: kind.id,
      size: kind.kinds.find((k) => k.free > 0)!.size,
      equipmentId: null,
      riderKey: null,
    };
    const { sandboxCode } = await sendSmsCode(RESUMING_PHONE);
    await loginWithPhone({ phoneNumber: RESUMING_PHONE, realName: '续订测试', code: sandboxCode! });
    customer = useSession.getState();
    tokens = [storage.get(StorageKey.accessToken)!, storage.get(StorageKey.refreshToken)!];
  });

  beforeEach(async () => {
    useCurrentStore.getState().setCurrentStoreId(storeId);
    useBookingCart.getState().clear();
    storage.set(StorageKey.accessToken, tokens[0]);
    storage.set(StorageKey.refreshToken, tokens[1]);
    useSession.setState(customer);
    // The agreement as published now (the admin tests publish new versions while this runs).
    await useConfigStore.getState().load({ force: true });
  });

  /** What the customer left when "sign in and submit" took them to the sign-in page. */
  const begun = (acceptedAgreement: string | null) =>
    leftBehind(
      {
        ownerId: null,
        startDate: start.format('YYYY-MM-DD'),
        days: 1,
        lines: [line],
        acceptedAgreement,
      },
      0,
    );

  // First: the next test books what is free.
  it('says what still stops it instead of waiting in silence', async () => {
    // Agreed to a version since replaced: the booking cannot go on until the new one is agreed.
    begun('an earlier version');
    const { router } = renderPage('/customer/order-create?submit=1');
    expect(await screen.findByText('请先阅读并同意租赁协议', {}, { timeout: 8000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/customer/order-create');
    expect(router.state.location.search).toBe('');
  });

  it('places the booking on the way back and goes to its payment', async () => {
    begun(useConfigStore.getState().config!.systemInfo.rentalAgreementVersion);
    const { router } = renderPage('/customer/order-create?submit=1');
    expect(await screen.findByText('payment page', {}, { timeout: 5000 })).toBeTruthy();
    expect(router.state.location.pathname).toMatch(/^\/customer\/payment\//);
  });
});

describe('what stops a booking is said, and shown where it is (real server)', () => {
  let storeId: string;
  let line: BookingDraft['lines'][number];
  let otherLine: BookingDraft['lines'][number];
  let categoryName: string;
  let agreement: string;

  beforeAll(async () => {
    await changeLanguage('zh-CN');
    await useConfigStore.getState().load({ force: true });
    const config = useConfigStore.getState().config!;
    storeId = Object.keys(config.storeConfigs)[0]!;
    agreement = config.systemInfo.rentalAgreementVersion;
    const catalog = await api.get<BookingCatalog>('/app/booking/catalog', {
      params: {
        storeId,
        rentalStartTime: new Date(Date.now() + 200 * 86_400_000).toISOString(),
        days: 1,
      },
    });
    const [kind, other] = catalog.categories.filter((c) => c.kinds.some((k) => k.free > 0));
    const lineOf = (category: BookingCatalog['categories'][number]) => ({
      type: 'item' as const,
      categoryId: category.id,
      size: category.kinds.find((k) => k.free > 0)!.size,
      equipmentId: null,
      riderKey: null,
    });
    categoryName = kind!.name;
    line = lineOf(kind!);
    otherLine = lineOf(other!);
  });

  beforeEach(async () => {
    clearSession();
    onlineManager.setOnline(true);
    useCurrentStore.getState().setCurrentStoreId(storeId);
    useBookingCart.getState().clear();
    // The agreement as published now (the admin tests publish new versions while this runs).
    await useConfigStore.getState().load({ force: true });
    agreement = useConfigStore.getState().config!.systemInfo.rentalAgreementVersion;
  });

  const scrolledTo: Element[] = [];
  beforeAll(() => {
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolledTo.push(this);
    };
  });

  const laterDay = () => dayjs().tz(TIME_ZONE).add(200, 'day').format('YYYY-MM-DD');
  const blocker = () => document.getElementById('booking-blocker')?.textContent ?? null;

  it('brings the unticked agreement into view with its message, and the bar says why', async () => {
    leftBehind({ startDate: laterDay(), days: 1, lines: [line] }, HOUR);
    renderPage();
    await screen.findByText(/^合计 ¥/);
    await waitFor(() => expect(blocker()).toBe('请先同意租赁协议'));
    scrolledTo.length = 0;
    fireEvent.click(screen.getByRole('button', { name: '登录并提交' }));
    const error = await screen.findByText('请先阅读并同意租赁协议');
    await waitFor(() => expect(scrolledTo).toContain(error));
    // Ticked, nothing stops it any more.
    fireEvent.click(screen.getByText('我已阅读并同意《租赁协议》'));
    await waitFor(() => expect(blocker()).toBeNull());
  });

  it('keeps the gear and its price when delivery is chosen before the address, and asks for it', async () => {
    leftBehind(
      {
        startDate: laterDay(),
        days: 1,
        lines: [line],
        acceptedAgreement: agreement,
        deliveryMethod: DeliveryMethod.Delivery,
        deliveryAddress: '',
      },
      HOUR,
    );
    const { container } = renderPage();
    await screen.findByText(/^合计 ¥/);
    expect(container.querySelector('.summary-section')?.textContent).toContain(categoryName);
    expect(screen.queryByText('还没有选择装备')).toBeNull();
    const field = screen.getByLabelText('送货地址');
    // The bar says what is missing; the field waits until the customer tries to go on.
    await waitFor(() => expect(blocker()).toBe('还差：送货地址'));
    expect(field.closest('.address-field')?.textContent).not.toContain('请填写地址');
    fireEvent.click(screen.getByRole('button', { name: '登录并提交' }));
    await waitFor(() =>
      expect(field.closest('.address-field')?.textContent).toContain('请填写地址'),
    );
    fireEvent.change(field, { target: { value: '万龙酒店 1208' } });
    await waitFor(() => expect(blocker()).toBeNull());
  });

  it('marks the total out of date while the price cannot be refreshed, and waits for it', async () => {
    leftBehind(
      { startDate: laterDay(), days: 1, lines: [line], acceptedAgreement: agreement },
      HOUR,
    );
    const { router } = renderPage();
    const before = (await screen.findByText(/^合计 ¥/)).textContent;
    await waitFor(() => expect(blocker()).toBeNull());
    onlineManager.setOnline(false);
    useBookingCart.getState().addLine(otherLine);
    expect(await screen.findByText(/^合计 ¥[\d.,]+（待更新）$/)).toBeTruthy();
    await waitFor(() => expect(blocker()).toBe('价格待更新：联网后自动刷新，刷新后才能提交'));
    fireEvent.click(screen.getByRole('button', { name: '登录并提交' }));
    expect(router.state.location.pathname).toBe('/customer/order-create');
    onlineManager.setOnline(true);
    const after = await screen.findByText(/^合计 ¥[\d.,]+$/);
    expect(after.textContent).not.toBe(before);
    await waitFor(() => expect(blocker()).toBeNull());
  });
});
