import { useState } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SelfCheckin } from '@snowgear/contracts';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { sendSmsCode } from '@/features/auth/api/send-sms-code';
import {
  loginWithPassword,
  loginWithPhone,
  useSession,
} from '@/features/auth/stores/session-store';
import {
  EMPTY_DRAFT,
  toOrderInput,
  type OrderCreateDraft,
  type OrderCreateLine,
} from '../utils/order-create-form';
import { OrderCreateRiders } from './order-create-riders';

/** A customer of this test's own, with a rider saved on their profile. */
const PHONE = '13655550317';

const line = (n: number, categoryName = '双板滑雪板'): OrderCreateLine => ({
  equipmentId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `${categoryName} ${n}`,
  barcodeNumber: `TEST${n}`,
  categoryName,
  dailyPrice: 100,
  deposit: 500,
});

/** Answers of the real server on a busy machine. */
const SLOW = { timeout: 8000 };

const type = (input: HTMLInputElement, text: string) =>
  fireEvent.change(input, { target: { value: text } });
const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByText(label).closest('.adm-form-item')!.querySelector('input')!;

/** The section with the page's draft around it; `latest` is the draft as it is now. */
function renderRiders(initial: Partial<OrderCreateDraft>) {
  const latest: { draft: OrderCreateDraft } = { draft: { ...EMPTY_DRAFT, ...initial } };
  function Page() {
    const [draft, setDraft] = useState(latest.draft);
    latest.draft = draft;
    const storeId = useSession((s) => s.user?.primaryStoreId ?? '');
    return (
      <OrderCreateRiders
        draft={draft}
        storeId={storeId}
        onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
      />
    );
  }
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Page />
    </QueryClientProvider>,
  );
  return latest;
}

describe('the people of a counter order (real server)', () => {
  beforeAll(async () => {
    await changeLanguage('zh-CN');
    const { sandboxCode } = await sendSmsCode(PHONE);
    await loginWithPhone({ phoneNumber: PHONE, realName: '李雷', code: sandboxCode! });
    await api.post('/app/riders', {
      name: '李雷',
      heightCm: 175,
      weightKg: 70,
      age: 30,
      ability: 'II',
      bootSoleLengthMm: 305,
    });
  });
  // Each test starts signed out: the counter's clerk signs in.
  beforeEach(() =>
    loginWithPassword({
      userNameOrEmailAddress: 'employee',
      password: '1q2w3E*',
      rememberMe: false,
    }),
  );

  it('picks a saved rider by the customer’s phone, gives them the skis and shows the DIN the chart suggests', async () => {
    const latest = renderRiders({ customerPhone: PHONE, items: [line(1), line(2, '双板滑雪鞋')] });
    fireEvent.click(await screen.findByRole('button', { name: '选用 李雷' }));
    expect(
      await screen.findByText('175 厘米 · 70 公斤 · 30 岁 · II 型 · 鞋底 305 毫米'),
    ).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: '双板滑雪板 1 给谁用' }), {
      target: { value: latest.draft.riders[0]!.key },
    });
    // The gear's kinds come from the server (skis have a binding to set).
    expect(await screen.findByText('建议 DIN 6.5（仅供参考）', {}, SLOW)).toBeTruthy();
    // Boots have no binding: no suggestion on them.
    fireEvent.change(screen.getByRole('combobox', { name: '双板滑雪鞋 2 给谁用' }), {
      target: { value: latest.draft.riders[0]!.key },
    });
    await waitFor(() => expect(screen.getAllByText(/建议 DIN/)).toHaveLength(1));
    expect(screen.getByText('2 件')).toBeTruthy();

    // What is sent: each line with its person, the saved rider's profile with them.
    const input = toOrderInput(latest.draft, {
      storeId: '00000000-0000-4000-8000-000000000001',
      start: new Date(),
      days: 1,
    });
    const [rider] = latest.draft.riders;
    expect(input.items).toEqual([
      { equipmentId: line(1).equipmentId, riderKey: rider!.key },
      { equipmentId: line(2).equipmentId, riderKey: rider!.key },
    ]);
    expect(input.riders).toEqual([
      expect.objectContaining({ name: '李雷', profileId: expect.any(String) as string }),
    ]);
  });

  it('adds a person with their measurements, and a walk-in without people sends none', async () => {
    const latest = renderRiders({ items: [line(3)] });
    expect(screen.getByText('输入客户手机号后可选用其保存的滑雪者')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '添加滑雪者' }));
    const dialog = await screen.findByRole('dialog', { name: '添加滑雪者' });
    type(field(dialog, '姓名'), '小明');
    type(field(dialog, '身高（厘米）'), '130');
    type(field(dialog, '体重（公斤）'), '30');
    type(field(dialog, '年龄'), '9');
    type(field(dialog, '鞋底长度（毫米）'), '250');
    fireEvent.click(within(dialog).getByText('I 型'));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(
      await screen.findByText('130 厘米 · 30 公斤 · 9 岁 · I 型 · 鞋底 250 毫米'),
    ).toBeTruthy();
    const context = { storeId: '00000000-0000-4000-8000-000000000001', start: new Date(), days: 1 };
    // Nobody uses the skis yet: the person is not sent.
    expect(toOrderInput(latest.draft, context)).not.toHaveProperty('riders');
    fireEvent.change(screen.getByRole('combobox', { name: '双板滑雪板 3 给谁用' }), {
      target: { value: latest.draft.riders[0]!.key },
    });
    expect(await screen.findByText('建议 DIN 1.75（仅供参考）', {}, SLOW)).toBeTruthy();
    expect(toOrderInput(latest.draft, context).riders).toHaveLength(1);
  });

  it('turns family mode on by itself for a second skier, from the first one', async () => {
    const latest = renderRiders({ items: [] });
    const editor = async (name: string) => {
      fireEvent.click(screen.getByRole('button', { name: '添加滑雪者' }));
      const dialog = await screen.findByRole('dialog', { name: '添加滑雪者' });
      fireEvent.change(within(dialog).getByRole('textbox', { name: /姓名/ }), {
        target: { value: name },
      });
      fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
      await waitFor(() => expect(latest.draft.riders.map((r) => r.name)).toContain(name));
    };
    await editor('王爸爸');
    expect(latest.draft.group).toBe(false);
    await editor('王小妹');
    expect(latest.draft.group).toBe(true);
    expect(latest.draft.activeRider).toBe(latest.draft.riders[0]!.key);
    expect(screen.getByRole('switch', { name: '全家或团体' }).getAttribute('aria-checked')).toBe(
      'true',
    );
  });

  it('lets a family check itself in: each member’s details, sent from their phone, join the order', async () => {
    const latest = renderRiders({ items: [] });
    const opening = vi.spyOn(api, 'post');
    fireEvent.click(screen.getByRole('button', { name: '顾客扫码自助登记' }));
    const sheet = await screen.findByRole('dialog', { name: '请顾客扫码登记' });
    expect(within(sheet).getByRole('img', { name: '自助登记二维码' })).toBeTruthy();
    expect(within(sheet).getByText('等待顾客填写…')).toBeTruthy();
    const opened = (await opening.mock.results[0]!.value) as SelfCheckin;
    opening.mockRestore();
    const token = opened.path.split('/').pop()!;
    // Two phones, no account on either.
    await api.post(`/app/checkin/${token}/riders`, {
      name: '赵爸爸',
      heightCm: 180,
      weightKg: 82,
      age: 42,
      ability: 'II',
      bootSizeMondopoint: 28,
    });
    await api.post(`/app/checkin/${token}/riders`, { name: '赵小弟', heightCm: 130, age: 9 });
    await waitFor(
      () => expect(latest.draft.riders.map((r) => r.name)).toEqual(['赵爸爸', '赵小弟']),
      { timeout: 10_000 },
    );
    expect(await within(sheet).findByText('已到 2 位：赵爸爸、赵小弟')).toBeTruthy();
    // Two skiers: a family, scans going to the first one first.
    expect(latest.draft.group).toBe(true);
    expect(latest.draft.activeRider).toBe(latest.draft.riders[0]!.key);
    expect(latest.draft.riders[0]).toMatchObject({ heightCm: 180, bootSizeMondopoint: 28 });
  }, 20_000);

  it('opens the skier sheet in the counter’s own words, in English too', async () => {
    await changeLanguage('en-US');
    try {
      renderRiders({ items: [] });
      fireEvent.click(screen.getByRole('button', { name: 'Add a skier' }));
      expect(await screen.findByRole('dialog', { name: 'Add a skier' })).toBeTruthy();
    } finally {
      await changeLanguage('zh-CN');
    }
  });

  it('works as a group: quick names, the selected person for new gear, folded people with counts', async () => {
    const items = Array.from({ length: 10 }, (_, i) => line(10 + i, '双板滑雪鞋'));
    const latest = renderRiders({ items });
    fireEvent.click(screen.getByRole('switch', { name: '全家或团体' }));
    const name = await screen.findByRole('textbox', { name: '姓名' });
    type(name as HTMLInputElement, '学员甲');
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    type(name as HTMLInputElement, '学员乙');
    fireEvent.keyDown(name, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(latest.draft.riders.map((r) => r.name)).toEqual(['学员甲', '学员乙']),
    );
    // Scans go to each in turn from the first added (lineForNext); one tap changes whose turn.
    expect(latest.draft.activeRider).toBe(latest.draft.riders[0]!.key);
    fireEvent.click(
      screen.getByText('学员乙', { selector: '.adm-selector-item *, .adm-selector-item' }),
    );
    await waitFor(() => expect(latest.draft.activeRider).toBe(latest.draft.riders[1]!.key));

    // Ten lines: the people are folded, each with their count; the unassigned lines too.
    const nobody = screen.getByText('未指定滑雪者').closest('details')!;
    expect(nobody.open).toBe(false);
    expect(within(nobody).getByText('10 件')).toBeTruthy();

    // Removing a person leaves their lines for no one.
    fireEvent.change(screen.getByRole('combobox', { name: '双板滑雪鞋 10 给谁用' }), {
      target: { value: latest.draft.riders[1]!.key },
    });
    fireEvent.click(screen.getByRole('button', { name: '移除 学员乙' }));
    await waitFor(() => expect(latest.draft.riders).toHaveLength(1));
    expect(latest.draft.items.every((l) => !l.riderKey)).toBe(true);
  });
});
