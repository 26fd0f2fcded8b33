import { render, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingCatalog, CartRider, H5Config } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { suggestFor } from '../utils/suggestions';
import { KindPicker } from './kind-picker';

const DAY = 86_400_000;

const visitor: CartRider = {
  key: 'tom',
  profileId: null,
  name: 'Tom',
  heightCm: 180,
  weightKg: 80,
  age: 35,
  ability: 'II',
  // A size the demo store has in snowboard boots.
  bootSizeMondopoint: 26,
  bootSoleLengthMm: null,
  stance: null,
};

describe('the sizes of a kind, for an English reader (real server’s demo stock)', () => {
  let catalog: BookingCatalog;
  const category = (name: string) => catalog.categories.find((c) => c.name === name)!;

  beforeAll(async () => {
    await changeLanguage('en-US');
    const config = await api.get<H5Config>('/app/config-distribution/h5');
    const store = Object.values(config.storeConfigs)[0]!;
    catalog = await api.get<BookingCatalog>('/app/booking/catalog', {
      params: {
        storeId: store.storeId,
        rentalStartTime: new Date(Date.now() + 340 * DAY).toISOString(),
        days: 1,
      },
    });
  });
  afterAll(() => changeLanguage('zh-CN'));

  it('shows each size in English while the size chosen stays the stored option', () => {
    const pads = category('Protective gear');
    let picked: Record<string, string> | null = null;
    render(
      <KindPicker
        category={pads}
        wanted={new Map()}
        value={null}
        onPick={(size) => (picked = size)}
      />,
    );
    const sizes = screen.getByRole('radiogroup', { name: 'Size of Protective gear' });
    const radios = within(sizes).getAllByRole('radio');
    expect(radios.length).toBeGreaterThan(0);
    for (const radio of radios) {
      expect(radio.textContent).not.toMatch(/[\u3400-\u9fff]/);
    }
    const type = pads.sizeAttributes.find((a) => a.name === 'kind')!;
    const knee = within(sizes).getByRole('radio', { name: /^Knee pads/ });
    knee.click();
    expect(picked![type.id]).toBe('护膝');
  });

  it('suggests the boot size from the foot whatever the kind is called in English', () => {
    const boots = category('Snowboard boots');
    expect(boots.gear).toBe('boot');
    render(
      <KindPicker
        category={boots}
        wanted={new Map()}
        value={null}
        rider={visitor}
        suggested={suggestFor(visitor, boots)}
        onPick={() => undefined}
      />,
    );
    const sizes = screen.getByRole('radiogroup', { name: 'Size of Snowboard boots' });
    expect(within(sizes).getByText('Suggested')).toBeTruthy();
  });
});
