import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  BookableCategory,
  BookingCatalog,
  CartLine,
  CartRider,
  H5Config,
} from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { partInGrade, sizeKeyOf } from '../utils/cart-lines';
import { suggestFor } from '../utils/suggestions';
import { AddGearPopup, type GearTarget } from './add-gear-popup';

const DAY = 86_400_000;

/** A family: an adult and a seven-year-old beginner (122 cm, foot 20 cm). */
const rider = (fields: Partial<CartRider>): CartRider => ({
  key: 'r',
  profileId: null,
  name: '',
  heightCm: null,
  weightKg: null,
  age: null,
  ability: null,
  bootSizeMondopoint: null,
  bootSoleLengthMm: null,
  stance: null,
  ...fields,
});
const parent = rider({
  key: 'parent',
  name: '李爸爸',
  heightCm: 178,
  weightKg: 75,
  age: 38,
  ability: 'II',
  bootSizeMondopoint: 27,
});
const child = rider({
  key: 'child',
  name: '李小宝',
  heightCm: 122,
  weightKg: 23,
  age: 7,
  ability: 'I',
  bootSizeMondopoint: 20,
});

describe('the gear sheet sizes gear to the rider (real server’s demo stock)', () => {
  let catalog: BookingCatalog;
  const category = (name: string) => catalog.categories.find((c) => c.name === name)!;

  beforeAll(async () => {
    const config = await api.get<H5Config>('/app/config-distribution/h5');
    const store = Object.values(config.storeConfigs).find((s) => s.storeName === '万龙雪场店')!;
    // A window far ahead, with the whole demo stock free.
    catalog = await api.get<BookingCatalog>('/app/booking/catalog', {
      params: {
        storeId: store.storeId,
        rentalStartTime: new Date(Date.now() + 330 * DAY).toISOString(),
        days: 2,
      },
    });
  });
  beforeEach(() => changeLanguage('zh-CN'));

  function open(target: GearTarget, { wanted = new Map<string, number>(), onAdd = vi.fn() } = {}) {
    render(
      <AddGearPopup
        target={target}
        riders={[parent, child]}
        wanted={wanted}
        suggest={suggestFor}
        onAdd={onAdd}
        onAddRider={() => undefined}
        onClose={() => undefined}
      />,
    );
    return onAdd;
  }
  const addButton = () => screen.getByRole('button', { name: '加入预订' });
  const sizes = (name: string) => screen.getByRole('radiogroup', { name: `${name}的尺码` });
  const size = (name: string, label: string) =>
    within(sizes(name)).getByRole('radio', { name: new RegExp(`^${label}\\b`) });
  const item = (c: BookableCategory): GearTarget => ({ type: 'item', category: c });

  it('warns that an adult’s skis are too long for a child, in words, and takes the fitting length in one tap', async () => {
    const onAdd = open(item(category('双板滑雪板')));
    fireEvent.click(await screen.findByRole('radio', { name: '李小宝' }));
    // Before choosing: the sizes that do not fit the child say so on themselves.
    expect(within(size('双板滑雪板', '140 cm')).getByText('偏长')).toBeTruthy();
    expect(within(size('双板滑雪板', '110 cm')).queryByText('偏长')).toBeNull();

    fireEvent.click(size('双板滑雪板', '140 cm'));
    const note = await screen.findByText('尺码可能不合适');
    const warning = note.closest('.size-fit__note') as HTMLElement;
    expect(within(warning).getByText('140 cm 对李小宝（122 厘米 · I 型）太长')).toBeTruthy();
    // Screen readers: the note is in a live region, and describes the chosen size.
    expect(warning.closest('[aria-live="polite"]')).toBeTruthy();
    expect(size('双板滑雪板', '140 cm').getAttribute('aria-describedby')).toBe(warning.id);
    // A warning, not a refusal: the adult's skis can still be added.
    expect(addButton().hasAttribute('disabled')).toBe(false);

    fireEvent.click(within(warning).getByRole('button', { name: '换成 110 cm' }));
    await waitFor(() => expect(screen.queryByText('尺码可能不合适')).toBeNull());
    expect(size('双板滑雪板', '110 cm').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(addButton());
    const skis = category('双板滑雪板');
    const length = skis.sizeAttributes[0]!.id;
    expect(onAdd).toHaveBeenCalledWith<[CartLine]>(
      expect.objectContaining({ type: 'item', riderKey: 'child', size: { [length]: '110' } }),
    );
  });

  it('warns of boots more than a size from the rider’s, and takes theirs in one tap', async () => {
    open(item(category('双板滑雪鞋')));
    fireEvent.click(await screen.findByRole('radio', { name: '李小宝' }));
    fireEvent.click(size('双板滑雪鞋', '24 MP'));
    expect(
      await screen.findByText(
        '24 MP（欧码 37.5 · 英码 5 · 美码 男 6 / 女 7） 比李小宝的脚（鞋码 20）大了不止一码',
      ),
    ).toBeTruthy();
    expect(within(size('双板滑雪鞋', '24 MP')).getByText('偏大')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '换成 20 MP（欧码 31.5）' }));
    await waitFor(() =>
      expect(size('双板滑雪鞋', '20 MP').getAttribute('aria-checked')).toBe('true'),
    );
    // One size off still fits.
    fireEvent.click(size('双板滑雪鞋', '21 MP'));
    expect(screen.queryByText('尺码可能不合适')).toBeNull();
  });

  it('shows each boot size with its EU, UK and US equivalents, from the value, as approximate', async () => {
    await changeLanguage('en-US');
    open(item(category('双板滑雪鞋')));
    fireEvent.click(await screen.findByRole('radio', { name: '李爸爸' }));
    const boots = screen.getByRole('radiogroup', { name: 'Size of 双板滑雪鞋' });
    expect(
      within(within(boots).getByRole('radio', { name: /^26\.5 MP\b/ })).getByText(
        'EU 41 · UK 7.5 · US M 8.5 / W 9.5',
      ),
    ).toBeTruthy();
    // A child's foot has no adult UK or US size.
    expect(
      within(within(boots).getByRole('radio', { name: /^20 MP\b/ })).getByText('EU 31.5'),
    ).toBeTruthy();
    expect(screen.getByText(/EU, UK and US sizes are approximate/)).toBeTruthy();
    // The warning gives both the size and the rider's foot in sizes the parent knows.
    fireEvent.click(within(boots).getByRole('radio', { name: /^24 MP\b/ }));
    expect(
      await screen.findByText(
        '24 MP (EU 37.5 · UK 5 · US M 6 / W 7) is more than a size too small for 李爸爸 (boot 27 (≈ EU 42 · UK 8 · US M 9 / W 10))',
      ),
    ).toBeTruthy();
    expect(
      screen.getByRole('button', {
        name: 'Take 26.5 MP (EU 41 · UK 7.5 · US M 8.5 / W 9.5) instead',
      }),
    ).toBeTruthy();
  });

  it('shows no shoe sizes beside skis', async () => {
    open(item(category('双板滑雪板')));
    expect(screen.queryByText(/欧码/)).toBeNull();
  });

  it('warns of an adult’s helmet on a child and a child’s on an adult', async () => {
    open(item(category('头盔')));
    fireEvent.click(await screen.findByRole('radio', { name: '李小宝' }));
    fireEvent.click(size('头盔', 'M'));
    expect(await screen.findByText('M 是成人尺码，李小宝（7 岁）戴着可能太大')).toBeTruthy();
    expect(screen.getByRole('button', { name: '换成 S' })).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: '李爸爸' }));
    fireEvent.click(size('头盔', 'XS'));
    expect(await screen.findByText('XS 是儿童尺码，李爸爸（38 岁）戴着可能太小')).toBeTruthy();
    expect(within(size('头盔', 'XS')).getByText('儿童码')).toBeTruthy();
  });

  it('warns on each part of a pack, and says so when no size that fits is left', async () => {
    const skis = category('双板滑雪板');
    const length = skis.sizeAttributes[0]!.id;
    // The booking already took every ski that fits the child (90–110 cm).
    const wanted = new Map<string, number>();
    for (const kind of skis.kinds) {
      if (['90', '100', '110'].includes(kind.size[length]!)) {
        wanted.set(`${skis.id} ${sizeKeyOf(kind.size)}`, kind.free);
      }
    }
    const pack = catalog.packs.find((p) => p.name === '双板全套')!;
    open(
      {
        type: 'pack',
        pack,
        parts: pack.categoryIds.map((id) => catalog.categories.find((c) => c.id === id)!),
      },
      { wanted },
    );
    fireEvent.click(await screen.findByRole('radio', { name: '李小宝' }));
    expect(within(size('双板滑雪板', '110 cm')).getByText('已全部加入预订')).toBeTruthy();
    fireEvent.click(size('双板滑雪板', '130 cm'));
    expect(
      await screen.findByText('所选日期没有适合李小宝的尺码，可换个日期或到店试穿。'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^换成/ })).toBeNull();
  });

  const packOf = (name: string): GearTarget => {
    const pack = catalog.packs.find((p) => p.name === name)!;
    return {
      type: 'pack',
      pack,
      parts: pack.categoryIds.map((id) =>
        partInGrade(
          catalog.categories.find((c) => c.id === id)!,
          pack.grade,
        ),
      ),
    };
  };
  const chosen = (name: string) =>
    within(sizes(name))
      .getAllByRole('radio')
      .filter((r) => r.getAttribute('aria-checked') === 'true');

  it('chooses each part’s size for the rider, marked, so the pack is added in one tap', async () => {
    const onAdd = open(packOf('双板全套'));
    fireEvent.click(await screen.findByRole('radio', { name: '李小宝' }));
    // The child's sizes, each free and marked 推荐; boots, poles and the helmet too.
    for (const [part, label] of [
      ['双板滑雪板', '110 cm'],
      ['双板滑雪鞋', '20 MP'],
      ['雪杖', '80 cm'],
      ['头盔', 'S'],
    ] as const) {
      expect(chosen(part)).toEqual([size(part, label)]);
      expect(within(size(part, label)).getByText('推荐')).toBeTruthy();
    }
    expect(addButton().hasAttribute('disabled')).toBe(false);
    // Another rider: the sizes follow them.
    fireEvent.click(screen.getByRole('radio', { name: '李爸爸' }));
    expect(chosen('双板滑雪板')).toEqual([size('双板滑雪板', '170 cm')]);
    fireEvent.click(addButton());
    const skis = category('双板滑雪板');
    expect(onAdd).toHaveBeenCalledWith<[CartLine]>(
      expect.objectContaining({
        type: 'pack',
        riderKey: 'parent',
        components: expect.arrayContaining([
          { categoryId: skis.id, size: { [skis.sizeAttributes[0]!.id]: '170' } },
        ]),
      }),
    );
  });

  it('chooses the nearest size that still fits where the rider’s own is not free, and none where none fits', async () => {
    // The cart already holds every free 170 cm ski: the adult's ideal is gone.
    const skis = category('双板滑雪板');
    const ideal = skis.kinds.find((k) => k.label === '170 cm')!;
    const wanted = new Map([[`${skis.id} ${sizeKeyOf(ideal.size)}`, ideal.free]]);
    open(item(skis), { wanted });
    fireEvent.click(await screen.findByRole('radio', { name: '李爸爸' }));
    const [taken] = chosen('双板滑雪板');
    expect(taken).toBeTruthy();
    // Another length of no grade: not the 170 cm taken, nor the dearer premium 170 cm.
    expect(taken!.textContent).not.toMatch(/^170 cm/);
    expect(taken!.textContent).not.toContain('高端');
    expect(within(taken!).getByText('推荐')).toBeTruthy();
    expect(within(taken!).queryByText(/偏长|偏短/)).toBeNull();
    expect(addButton().hasAttribute('disabled')).toBe(false);
  });

  /** A cart line of the pack for a rider (its sizes do not matter here). */
  const packLine = (target: GearTarget, riderKey: string): CartLine => ({
    type: 'pack',
    packId: target.type === 'pack' ? target.pack.id : '',
    riderKey,
    components:
      target.type === 'pack' ? target.parts.map((c) => ({ categoryId: c.id, size: {} })) : [],
  });

  it('opens for the first rider without such gear, so a family’s second pack takes no tap for who', async () => {
    const target = packOf('双板全套');
    const props = {
      target,
      riders: [parent, child],
      wanted: new Map<string, number>(),
      onAdd: vi.fn(),
      onAddRider: () => undefined,
      onClose: () => undefined,
    };
    const { rerender } = render(<AddGearPopup {...props} lines={[]} />);
    expect(
      (await screen.findByRole('radio', { name: '李爸爸' })).getAttribute('aria-checked'),
    ).toBe('true');
    // The parent has the pack: the next sheet is the child's, sized for them.
    rerender(<AddGearPopup {...props} target={null} lines={[packLine(target, 'parent')]} />);
    rerender(<AddGearPopup {...props} lines={[packLine(target, 'parent')]} />);
    const childChoice = await screen.findByRole('radio', { name: '李小宝' });
    expect(childChoice.getAttribute('aria-checked')).toBe('true');
    expect(chosen('双板滑雪板')).toEqual([size('双板滑雪板', '110 cm')]);
    expect(addButton().hasAttribute('disabled')).toBe(false);
    // Both have one: the sheet waits for the customer to say who.
    const both = [packLine(target, 'parent'), packLine(target, 'child')];
    rerender(<AddGearPopup {...props} target={null} lines={both} />);
    rerender(<AddGearPopup {...props} lines={both} />);
    for (const name of ['李爸爸', '李小宝']) {
      expect((await screen.findByRole('radio', { name })).getAttribute('aria-checked')).toBe(
        'false',
      );
    }
    expect(addButton().hasAttribute('disabled')).toBe(true);
  });

  it('is for the rider added from the sheet, at once', async () => {
    const target = packOf('双板全套');
    const props = {
      target,
      // Each rider so far has the pack: the sheet is for nobody until one is chosen or added.
      lines: [packLine(target, 'parent'), packLine(target, 'x')],
      wanted: new Map<string, number>(),
      onAdd: vi.fn(),
      onAddRider: () => undefined,
      onClose: () => undefined,
    };
    const { rerender } = render(
      <AddGearPopup {...props} riders={[parent, { ...child, key: 'x' }]} />,
    );
    await screen.findByRole('radio', { name: '李爸爸' });
    expect(addButton().hasAttribute('disabled')).toBe(true);
    // The rider editor saved a new rider: the sheet is now for them, their sizes chosen.
    rerender(<AddGearPopup {...props} riders={[parent, { ...child, key: 'x' }, child]} />);
    const radios = screen.getAllByRole('radio', { name: '李小宝' });
    expect(radios.at(-1)!.getAttribute('aria-checked')).toBe('true');
    expect(chosen('双板滑雪板')).toEqual([size('双板滑雪板', '110 cm')]);
    expect(addButton().hasAttribute('disabled')).toBe(false);
  });

  it('speaks English', async () => {
    await changeLanguage('en-US');
    open(item(category('双板滑雪板')));
    fireEvent.click(await screen.findByRole('radio', { name: '李小宝' }));
    fireEvent.click(
      within(screen.getByRole('radiogroup', { name: 'Size of 双板滑雪板' })).getByRole('radio', {
        name: /^80 cm\b/,
      }),
    );
    expect(await screen.findByText('This size may not fit')).toBeTruthy();
    expect(
      screen.getByText('80 cm is too short for 李小宝 (122 cm (4 ft 0 in) · Type I)'),
    ).toBeTruthy();
    expect(screen.getAllByText('Too short')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Take 110 cm instead' })).toBeTruthy();
  });
});
