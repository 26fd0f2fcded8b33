import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type {
  CatalogueCategory,
  H5Config,
  PriceSeasonDto,
  RateCardDto,
  RateCardPreview,
} from '@snowgear/contracts';
import { loginWithPassword } from '@/features/auth/stores/session-store';
import { useConfigStore } from '@/features/system-config/stores/config-store';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { openedDialog } from '@/test/dialog';
import type { PriceSeasonList } from '../api/price-seasons';
import type { RateCardList } from '../api/rate-cards';
import AdminHomePage from './admin-home-page';
import PriceSeasonsPage from './price-seasons-page';
import RateCardsPage from './rate-cards-page';

// jsdom lacks pointer capture, which antd-mobile's popups ask for.
for (const method of ['setPointerCapture', 'releasePointerCapture'] as const) {
  if (!(method in Element.prototype)) {
    Object.defineProperty(Element.prototype, method, {
      value: () => undefined,
      configurable: true,
    });
  }
}

function renderAt(path: string) {
  const client = createQueryClient();
  const wrap = (element: React.ReactNode) => (
    <QueryClientProvider client={client}>{element}</QueryClientProvider>
  );
  const router = createMemoryRouter(
    [
      { path: '/store/admin', element: wrap(<AdminHomePage />) },
      { path: '/store/admin/rate-cards', element: wrap(<RateCardsPage />) },
      { path: '/store/admin/price-seasons', element: wrap(<PriceSeasonsPage />) },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

async function signIn(user: 'admin' | 'manager') {
  await loginWithPassword({ userNameOrEmailAddress: user, password: '1q2w3E*', rememberMe: false });
  const config = await api.get<H5Config>('/app/config-distribution/h5');
  useConfigStore.setState({ config, source: config, status: 'ready' });
  return config;
}

/** The manager's store in the demo. */
const WANLONG = '万龙雪场店';
const storeIdOf = (config: H5Config, name: string) =>
  Object.values(config.storeConfigs).find((s) => s.storeName === name)!.storeId;

/**
 * The web tests share one server, and orders are priced on the cards and seasons: these tests
 * price a kind of gear of their own that no store stocks, on days far ahead (2090) that no
 * booking reaches, and take everything away again.
 */
async function withTestGear(
  run: (gear: { id: string; name: string; storeId: string }) => Promise<void>,
) {
  const config = await signIn('admin');
  const name = `测试雪镜${Date.now() % 1_000_000}`;
  const gear = await api.post<CatalogueCategory>('/app/catalogue/categories', {
    name,
    sizeKind: 'SmallEquipment',
  });
  const storeId = storeIdOf(config, WANLONG);
  // The business's adult card (day rates 100, 80, 60, then 50) and the store's own junior one.
  await api.put<RateCardDto>('/app/rate-cards', {
    storeId: null,
    subjectKind: 'category',
    subjectId: gear.id,
    junior: false,
    lengths: [100, 180, 240],
    furtherDay: 50,
  });
  await api.put<RateCardDto>('/app/rate-cards', {
    storeId,
    subjectKind: 'category',
    subjectId: gear.id,
    junior: true,
    lengths: [60, 100],
    furtherDay: 30,
  });
  try {
    await run({ id: gear.id, name, storeId });
  } finally {
    await signIn('admin');
    for (const scope of [{ storeId }, {}]) {
      const cards = await api.get<RateCardList>('/app/rate-cards', { params: scope });
      for (const card of cards.items.filter((c) => c.subjectId === gear.id && !c.inherited)) {
        await api.delete(`/app/rate-cards/${card.id}`);
      }
    }
    await api.delete(`/app/catalogue/categories/${gear.id}`);
  }
}

/** Removes the seasons these tests made (named 测试…) of a store and of the business. */
async function removeTestSeasons(storeId: string) {
  await signIn('admin');
  for (const scope of [{ storeId }, {}]) {
    const list = await api.get<PriceSeasonList>('/app/price-seasons', { params: scope });
    if (list.inherited) continue;
    for (const season of list.items.filter((s) => s.name.startsWith('测试'))) {
      await api.delete(`/app/price-seasons/${season.id}`);
    }
  }
}

/** The row of a list that holds this text. */
const rowOf = (text: HTMLElement) => text.closest('li') as HTMLElement;

describe('rate cards and price seasons (real server)', () => {
  beforeEach(() => changeLanguage('zh-CN'));

  it('offers a manager the price sections beside the business parameters', async () => {
    await signIn('manager');
    renderAt('/store/admin');
    expect(await screen.findByText('价目表')).toBeTruthy();
    expect(screen.getByText('价格季节')).toBeTruthy();
  });

  it('lists the business’s cards, and a store’s with the business’s it follows marked', async () => {
    await withTestGear(async (gear) => {
      const user = userEvent.setup({ pointerEventsCheck: 0 });
      renderAt('/store/admin/rate-cards');
      // System management starts on the business's cards: the adult card, the business's own.
      const adult = rowOf(await screen.findByText(gear.name));
      expect(within(adult).getByText('成人')).toBeTruthy();
      expect(within(adult).queryByText('沿用总部')).toBeNull();
      expect(within(adult).getByText('¥180.00')).toBeTruthy();
      expect(within(adult).getByText('¥50.00')).toBeTruthy();
      expect(screen.getByRole('heading', { name: '单件装备' })).toBeTruthy();

      // The store: its own junior card, and the business's adult card it follows, marked.
      await user.click(screen.getByRole('button', { name: /^范围/ }));
      await user.click(await screen.findByRole('option', { name: WANLONG }));
      const junior = rowOf(await screen.findByRole('button', { name: `修改${gear.name}（儿童）` }));
      expect(within(junior).queryByText('沿用总部')).toBeNull();
      expect(within(junior).getByText('¥100.00')).toBeTruthy();
      const inherited = rowOf(
        screen.getByRole('button', { name: `为本店另设${gear.name}（成人）的价格` }),
      );
      expect(within(inherited).getByText('沿用总部')).toBeTruthy();
    });
  });

  it('saves a manager’s card: a longer rental cheaper is named on its row, a junior day dearer than the adult’s as the server refuses it', async () => {
    await withTestGear(async (gear) => {
      await signIn('manager');
      const user = userEvent.setup({ pointerEventsCheck: 0 });
      renderAt('/store/admin/rate-cards');
      await user.click(await screen.findByRole('button', { name: `修改${gear.name}（儿童）` }));
      const sheet = await screen.findByRole('form', { name: `${gear.name}（儿童）` });
      const twoDays = within(sheet).getByLabelText('租 2 天');

      // Checked before sending, as the contracts say: two days cheaper than one.
      await user.clear(twoDays);
      await user.type(twoDays, '50');
      await user.click(within(sheet).getByRole('button', { name: '保存' }));
      expect(await within(sheet).findByText('租期越长总价不能越低')).toBeTruthy();
      expect(twoDays.getAttribute('aria-invalid')).toBe('true');

      // Only the server knows the adult card: its second day (¥80) is cheaper than this one's.
      await user.clear(twoDays);
      await user.type(twoDays, '200');
      await user.click(within(sheet).getByRole('button', { name: '保存' }));
      const refused = await within(sheet).findByText('儿童价每一天都不能高于成人价');
      expect(refused.closest('fieldset')?.textContent).toContain('各租期总价（元）');
      expect(twoDays.getAttribute('aria-invalid')).toBe('false');

      // An afternoon dearer than the whole first day (¥60): named on its own field.
      await user.clear(twoDays);
      await user.type(twoDays, '90');
      const halfDay = within(sheet).getByLabelText(/^半天价/);
      await user.type(halfDay, '70');
      await user.click(within(sheet).getByRole('button', { name: '保存' }));
      expect(await within(sheet).findByText('半天价须大于 0，且不高于 1 天的价格')).toBeTruthy();
      expect(halfDay.getAttribute('aria-invalid')).toBe('true');

      await user.clear(halfDay);
      await user.type(halfDay, '40');
      await user.click(within(sheet).getByRole('button', { name: '保存' }));
      await waitFor(async () => {
        const cards = await api.get<RateCardList>('/app/rate-cards');
        expect(cards.items.find((c) => c.subjectId === gear.id && c.junior)).toMatchObject({
          lengths: [60, 90],
          halfDay: 40,
        });
      });
      expect(within(sheet).queryByText('儿童价每一天都不能高于成人价')).toBeNull();
    });
  });

  it('tries a rental on a card: each day with its percent and why, and the total', async () => {
    await withTestGear(async (gear) => {
      try {
        await api.post<PriceSeasonDto>('/app/price-seasons', {
          storeId: null,
          from: '2090-02-03',
          to: '2090-02-05',
          percent: 150,
          weekendPercent: null,
          name: '测试春节',
          nameEn: 'Test festival',
        });
        const user = userEvent.setup({ pointerEventsCheck: 0 });
        renderAt('/store/admin/rate-cards');
        await user.click(await screen.findByRole('button', { name: `修改${gear.name}（成人）` }));
        const sheet = await screen.findByRole('form', { name: `${gear.name}（成人）` });
        const preview = within(sheet.parentElement!).getByRole('region', { name: '试算' });
        fireEvent.change(within(preview).getByLabelText('起租日期'), {
          target: { value: '2090-02-02' },
        });
        const days = within(preview).getByLabelText('租期（天）');
        await user.clear(days);
        await user.type(days, '4');

        // ¥100 + ¥80 × 1.5 + ¥60 × 1.5 + ¥50 × 1.5 (the further day) = ¥385.
        expect(await within(preview).findByText('2090-02-02 起租 4 天，共 ¥385.00')).toBeTruthy();
        const lines = within(preview).getAllByRole('listitem');
        expect(lines).toHaveLength(4);
        expect(lines[0]!.textContent).toContain('¥100.00 × 100%');
        expect(lines[1]!.textContent).toContain('¥80.00 × 150% · 测试春节');
        expect(lines[1]!.textContent).toContain('¥120.00');
        expect(lines[3]!.textContent).toContain('¥50.00 × 150% · 测试春节');
        expect(within(preview).getByText('用的是总部的价目表')).toBeTruthy();
        // What the server says the same rental costs.
        const stores = Object.values(useConfigStore.getState().config!.storeConfigs);
        const priced = await api.get<RateCardPreview>('/app/rate-cards/preview', {
          params: {
            storeId: stores[0]!.storeId,
            subjectKind: 'category',
            subjectId: gear.id,
            junior: 'false',
            start: '2090-02-02',
            days: 4,
          },
        });
        expect(priced.total).toBe(385);
      } finally {
        await removeTestSeasons(gear.storeId);
      }
    });
  });

  it('adds a store’s season; one sharing its days is refused on its first day', async () => {
    const config = await signIn('manager');
    const storeId = storeIdOf(config, WANLONG);
    try {
      const user = userEvent.setup({ pointerEventsCheck: 0 });
      renderAt('/store/admin/price-seasons');
      expect(await screen.findByText(WANLONG)).toBeTruthy();
      await screen.findAllByText(/还没有价格季节|沿用总部的/);
      // Another manager saves a season meanwhile: this page has not seen it.
      await api.post<PriceSeasonDto>('/app/price-seasons', {
        storeId,
        from: '2090-03-01',
        to: '2090-03-10',
        percent: 120,
        weekendPercent: null,
        name: '测试雪季A',
        nameEn: '',
      });

      const fill = async (sheet: HTMLElement, from: string, to: string, name: string) => {
        fireEvent.change(within(sheet).getByLabelText(/^第一天/), { target: { value: from } });
        fireEvent.change(within(sheet).getByLabelText(/^最后一天/), { target: { value: to } });
        await user.type(within(sheet).getByLabelText(/^价格（%）/), '130');
        await user.type(within(sheet).getByLabelText(/^周末价格/), '160');
        await user.type(within(sheet).getByLabelText(/^名称（中文）/), name);
      };
      await user.click(screen.getByRole('button', { name: /添加/ }));
      let sheet = await screen.findByRole('form', { name: '添加价格季节' });
      await fill(sheet, '2090-03-05', '2090-03-12', '测试雪季B');
      await user.click(within(sheet).getByRole('button', { name: '保存' }));
      // The server's refusal, on the first day.
      expect(await within(sheet).findByText('与已有的价格季节日期重叠')).toBeTruthy();
      const from = within(sheet).getByLabelText(/^第一天/);
      expect(from.getAttribute('aria-invalid')).toBe('true');
      expect(from.getAttribute('aria-describedby')).toBe('season-from-error');

      fireEvent.change(from, { target: { value: '2090-03-11' } });
      await user.click(within(sheet).getByRole('button', { name: '保存' }));
      const added = rowOf(await screen.findByText('测试雪季B'));
      expect(added.textContent).toContain('2090-03-11 至 2090-03-12');
      expect(added.textContent).toContain('130%');
      expect(added.textContent).toContain('周末 160%');
      expect(screen.getByText('测试雪季A')).toBeTruthy();

      // The store's seasons are on the page now: a day shared with them is caught before sending.
      await user.click(screen.getByRole('button', { name: /添加/ }));
      sheet = await screen.findByRole('form', { name: '添加价格季节' });
      await fill(sheet, '2090-03-12', '2090-03-14', '测试雪季C');
      await user.click(within(sheet).getByRole('button', { name: '保存' }));
      expect(await within(sheet).findByText('与已有的价格季节日期重叠')).toBeTruthy();
      const seasons = await api.get<PriceSeasonList>('/app/price-seasons');
      expect(
        seasons.items
          .map((s) => s.name)
          .filter((n) => n.startsWith('测试'))
          .sort(),
      ).toEqual(['测试雪季A', '测试雪季B']);

      // A season goes once the manager confirms it.
      await user.click(screen.getByRole('button', { name: '关闭' }));
      await user.click(await screen.findByRole('button', { name: '修改测试雪季B' }));
      sheet = await screen.findByRole('form', { name: '测试雪季B' });
      await user.click(within(sheet).getByRole('button', { name: '删除' }));
      const dialog = await openedDialog('删除价格季节“测试雪季B”？');
      await user.click(within(dialog).getByRole('button', { name: '删除' }));
      await waitFor(() => expect(screen.queryByText('测试雪季B')).toBeNull());
      const left = await api.get<PriceSeasonList>('/app/price-seasons');
      expect(left.items.map((s) => s.name)).not.toContain('测试雪季B');
    } finally {
      await removeTestSeasons(storeId);
    }
  });
});
