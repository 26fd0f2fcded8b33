import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BookingCatalog, CartLine, H5Config } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { wantedByKind } from '../utils/cart-lines';
import type { GearTarget } from './add-gear-popup';
import { GearSection } from './gear-section';

const DAY = 86_400_000;

describe('the gear list counts what the booking already holds (real server’s demo stock)', () => {
  let catalog: BookingCatalog;
  const category = (name: string) => catalog.categories.find((c) => c.name === name)!;

  beforeAll(async () => {
    await changeLanguage('zh-CN');
    const config = await api.get<H5Config>('/app/config-distribution/h5');
    const store = Object.values(config.storeConfigs).find((s) => s.storeName === '太舞小镇店')!;
    catalog = await api.get<BookingCatalog>('/app/booking/catalog', {
      params: {
        storeId: store.storeId,
        rentalStartTime: new Date(Date.now() + 340 * DAY).toISOString(),
        days: 1,
      },
    });
  });

  /** The cart lines that take `count` of every kind of a category (as many as are free). */
  const taking = (name: string, count = Infinity): CartLine[] => {
    const c = category(name);
    return c.kinds.flatMap((kind) =>
      Array.from({ length: Math.min(kind.free, count) }, () => ({
        type: 'item' as const,
        categoryId: c.id,
        size: kind.size,
        equipmentId: null,
        riderKey: null,
      })),
    );
  };
  const card = (name: string) =>
    screen.getByRole('button', { name: `选择${name}` }).closest('li') as HTMLElement;
  const show = (lines: CartLine[]) =>
    render(
      <GearSection
        catalog={catalog}
        loading={false}
        error={null}
        wanted={wantedByKind(lines)}
        onRetry={() => undefined}
        onChoose={() => undefined}
      />,
    );

  it('says how many are left beside the cart’s lines, not how many the store has', () => {
    const helmets = category('头盔');
    expect(helmets.free).toBeGreaterThan(1);
    show(taking('头盔', 1).slice(0, 1));
    expect(within(card('头盔')).getByText(`余 ${helmets.free - 1} 件`)).toBeTruthy();
  });

  it('says the booking has them all, and offers no more, once the cart took every one', () => {
    show(taking('雪镜'));
    const goggles = card('雪镜');
    expect(within(goggles).getByText('已全部加入预订')).toBeTruthy();
    const choose = within(goggles).getByRole('button', { name: '选择雪镜' });
    expect(choose.hasAttribute('disabled')).toBe(true);
    expect(choose.textContent).toBe('已选完');
  });

  it('offers no pack once the cart took every one of a part', () => {
    show(taking('双板滑雪板'));
    const pack = screen.getByRole('button', { name: '选择双板全套' });
    expect(pack.hasAttribute('disabled')).toBe(true);
    expect(pack.textContent).toBe('已选完');
    expect(within(card('双板滑雪板')).getByText('已全部加入预订')).toBeTruthy();
  });

  it("prices each pack and kind for the rental's days as the quote will, with what a pack saves", () => {
    // The catalog is for one day here; a rate card's price for the days, not a price a day.
    const threeDays: BookingCatalog = {
      ...catalog,
      days: 3,
      packs: catalog.packs.map((p) => ({ ...p, rent: 460, separateRent: 600 })),
      categories: catalog.categories.map((c) => ({ ...c, fromRent: 45 })),
    };
    render(
      <GearSection
        catalog={threeDays}
        loading={false}
        error={null}
        wanted={new Map()}
        onRetry={() => undefined}
        onChoose={() => undefined}
      />,
    );
    const pack = card('双板全套');
    expect(within(pack).getByText('比单租省 ¥140.00')).toBeTruthy();
    expect(pack.textContent).toContain('3 天 ¥460.00');
    expect(within(card('雪镜')).getByText('3 天 ¥45.00 起')).toBeTruthy();
  });

  it("lists each sport's levels together, each with its picture and what it holds", () => {
    const skis = category('双板滑雪板');
    const pictured: BookingCatalog = {
      ...catalog,
      packs: catalog.packs.map((p) => ({
        ...p,
        pictureUrl: p.name === '双板全套' ? '/api/files/download/pack?thumbnail=small' : null,
      })),
    };
    render(
      <GearSection
        catalog={pictured}
        loading={false}
        error={null}
        wanted={new Map()}
        onRetry={() => undefined}
        onChoose={() => undefined}
      />,
    );
    // The ski packs under one heading, named by the skis they all hold; the board's apart.
    const ski = screen.getByRole('region', { name: '双板滑雪板套餐' });
    const skiPacks = catalog.packs.filter((p) => p.categoryIds[0] === skis.id);
    expect(within(ski).getAllByRole('listitem')).toHaveLength(skiPacks.length);
    expect(screen.getByRole('region', { name: '单板滑雪板套餐' })).toBeTruthy();
    const full = card('双板全套');
    expect(within(full).getByText('含双板滑雪板、双板滑雪鞋、雪杖、头盔')).toBeTruthy();
    expect(full.querySelector('img')?.getAttribute('src')).toMatch(
      /\/api\/files\/download\/pack\?thumbnail=small$/,
    );
    expect(card('单板全套').querySelector('img')).toBeNull();
  });

  it('offers a pack of a grade in its grade only: the premium pack’s skis are the premium ones', () => {
    const skis = category('双板滑雪板');
    const grade = skis.sizeAttributes.find((a) => a.name === 'grade')!;
    const full = catalog.packs.find((p) => p.name === '双板全套')!;
    // The same parts as a premium pack (the test server's demo has no premium pack of its own).
    const premium = { ...full, id: 'premium', name: '高端测试套餐', grade: '高端' };
    let chosen: GearTarget | null = null;
    render(
      <GearSection
        catalog={{ ...catalog, packs: [full, premium] }}
        loading={false}
        error={null}
        wanted={new Map()}
        onRetry={() => undefined}
        onChoose={(target) => (chosen = target)}
      />,
    );
    const skisOf = () => (chosen as GearTarget & { type: 'pack' }).parts[0]!;
    fireEvent.click(screen.getByRole('button', { name: '选择高端测试套餐' }));
    expect(skisOf().kinds.length).toBeGreaterThan(0);
    expect(skisOf().kinds.every((k) => k.size[grade.id] === '高端')).toBe(true);
    expect(skisOf().free).toBe(skisOf().kinds.reduce((n, k) => n + k.free, 0));
    // The full set, of no grade: skis of no grade only.
    fireEvent.click(screen.getByRole('button', { name: '选择双板全套' }));
    expect(skisOf().kinds.some((k) => grade.id in k.size)).toBe(false);
    expect(skisOf().kinds.length).toBeGreaterThan(0);
  });
});
