import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Equipment } from '@snowgear/contracts';
import { loginWithPassword, useSession } from '@/features/auth/stores/session-store';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { EquipmentPicker } from './equipment-picker';

const DAY = 86_400_000;

describe('the gear picker of order create (real server)', () => {
  let storeId: string;

  beforeAll(async () => {
    await changeLanguage('zh-CN');
    await loginWithPassword({
      userNameOrEmailAddress: 'employee',
      password: '1q2w3E*',
      rememberMe: false,
    });
    storeId = useSession.getState().user!.primaryStoreId!;
  });

  it('finds boots of one size free for the window in two taps: category, then size', async () => {
    const start = new Date(Date.now() + 200 * DAY);
    const from = start.toISOString();
    const to = new Date(start.getTime() + 2 * DAY).toISOString();
    // What the store has in boots, and the sizes they come in.
    const { items: boots } = await api.get<{ items: Equipment[] }>('/app/equipment', {
      params: { storeId, keyword: 'SGWLSBT', maxResultCount: 100 },
    });
    const sizeOf = (e: Equipment) => e.attributes.find((a) => a.displayName === '鞋码')!.value;
    const size = sizeOf(boots[0]!);
    const ofSize = boots.filter((b) => sizeOf(b) === size && b.status === 0);

    render(
      <QueryClientProvider client={createQueryClient()}>
        <EquipmentPicker
          visible
          storeId={storeId}
          availableFrom={from}
          availableTo={to}
          addedIds={new Set()}
          onAdd={vi.fn()}
          onClose={vi.fn()}
        />
      </QueryClientProvider>,
    );
    const categories = await screen.findByLabelText('设备类别');
    fireEvent.click(await within(categories).findByText('双板滑雪鞋'));
    const sizes = await screen.findByLabelText('鞋码');
    fireEvent.click(within(sizes).getByText(size));
    await waitFor(() => {
      const listed = screen.getAllByText(/^SGWLSBT\d+ · /).map((el) => el.textContent);
      expect(listed.length).toBe(ofSize.length);
      for (const line of listed) expect(line).toContain(` · ${size}`);
    });
  });
});
