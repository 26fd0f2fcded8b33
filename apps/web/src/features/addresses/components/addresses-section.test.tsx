import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADDRESSES_MAX, type CustomerAddressList } from '@snowgear/contracts';
import { sendSmsCode } from '@/features/auth/api/send-sms-code';
import { loginWithPhone } from '@/features/auth/stores/session-store';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { AddressesSection } from './addresses-section';

/** Typing into a field (pointer events would start the sheet's drag gesture, which jsdom lacks). */
const type = (input: HTMLInputElement | HTMLTextAreaElement, text: string) =>
  fireEvent.change(input, { target: { value: text } });
const field = (dialog: HTMLElement, label: string) =>
  within(dialog)
    .getByText(label)
    .closest('.adm-form-item')!
    .querySelector<HTMLInputElement | HTMLTextAreaElement>('input, textarea')!;
/** An address as a card on the page (the sheet's text area holds it too while it closes). */
const CARD = { selector: '.address-card__text' };
const addRow = () => screen.getByText('添加地址', { selector: '.adm-list-item-content-main' });
const mine = async () => (await api.get<CustomerAddressList>('/app/my-addresses')).items;

async function signInAs(phoneNumber: string) {
  const { sandboxCode } = await sendSmsCode(phoneNumber);
  await loginWithPhone({ phoneNumber, realName: '张三', code: sandboxCode! });
}

function renderSection() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AddressesSection />
    </QueryClientProvider>,
  );
}

describe("the customer's saved addresses on the profile (real server)", () => {
  beforeAll(() => changeLanguage('zh-CN'));

  it('adds, changes, makes default and deletes (after asking) addresses, kept by the server', async () => {
    await signInAs('13655550401');
    renderSection();
    expect(await screen.findByText('还没有保存地址')).toBeTruthy();

    // The first address: the default whatever the switch says.
    fireEvent.click(addRow());
    let dialog = await screen.findByRole('dialog', { name: '添加地址' });
    expect(within(dialog).getByText('第一个地址会自动成为默认地址')).toBeTruthy();
    expect(within(dialog).getByRole('switch').getAttribute('aria-disabled')).toBe('true');
    type(field(dialog, '地址'), '崇礼区万龙度假天堂酒店\n1208 房');
    fireEvent.click(within(dialog).getByRole('button', { name: '酒店' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('崇礼区万龙度假天堂酒店 1208 房', CARD)).toBeTruthy();
    expect(screen.getByText('默认')).toBeTruthy();
    expect(await mine()).toEqual([
      expect.objectContaining({
        label: '酒店',
        address: '崇礼区万龙度假天堂酒店 1208 房',
        isDefault: true,
      }),
    ]);

    fireEvent.click(addRow());
    dialog = await screen.findByRole('dialog', { name: '添加地址' });
    type(field(dialog, '地址'), '张家口市桥东区胜利北路 8 号');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('张家口市桥东区胜利北路 8 号', CARD)).toBeTruthy();
    // Without a name it reads as an address; the default keeps its place at the top.
    const cards = () => screen.getAllByText(/崇礼区|张家口市/, CARD).map((p) => p.textContent);
    expect(cards()).toEqual(['崇礼区万龙度假天堂酒店 1208 房', '张家口市桥东区胜利北路 8 号']);

    fireEvent.click(
      screen.getByRole('button', { name: '把 张家口市桥东区胜利北路 8 号 设为默认地址' }),
    );
    await waitFor(() =>
      expect(cards()).toEqual(['张家口市桥东区胜利北路 8 号', '崇礼区万龙度假天堂酒店 1208 房']),
    );
    expect((await mine()).map((a) => a.isDefault)).toEqual([true, false]);

    fireEvent.click(screen.getByRole('button', { name: '编辑 张家口市桥东区胜利北路 8 号' }));
    dialog = await screen.findByRole('dialog', { name: '编辑地址' });
    expect(within(dialog).getByText('要更换默认地址，请把另一个地址设为默认')).toBeTruthy();
    type(field(dialog, '名称（选填）'), '家');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(screen.getByText('家', { selector: '.address-card__label' })).toBeTruthy(),
    );

    // Deleting the default passes it on to the one left.
    fireEvent.click(screen.getByRole('button', { name: '删除 张家口市桥东区胜利北路 8 号' }));
    expect(
      await screen.findByText('确定删除“张家口市桥东区胜利北路 8 号”吗？已下的订单不受影响。'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    await waitFor(() => expect(cards()).toEqual(['崇礼区万龙度假天堂酒店 1208 房']));
    expect(await mine()).toEqual([expect.objectContaining({ label: '酒店', isDefault: true })]);
  });

  it('checks the fields as the server does, and shows the server refusing one too many', async () => {
    await signInAs('13655550402');
    for (let i = 0; i < ADDRESSES_MAX - 1; i++) {
      await api.post('/app/my-addresses', { address: `太舞小镇 ${i} 号楼` });
    }
    renderSection();
    expect(await screen.findByText('太舞小镇 0 号楼', CARD)).toBeTruthy();

    fireEvent.click(addRow());
    const dialog = await screen.findByRole('dialog', { name: '添加地址' });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请填写地址')).toBeTruthy();
    type(field(dialog, '地址'), '甲');
    type(field(dialog, '名称（选填）'), '名'.repeat(21));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('地址至少 2 个字')).toBeTruthy();
    expect(within(dialog).getByText('名称最多 20 个字')).toBeTruthy();

    // Someone else (another tab) takes the last place meanwhile: the server's word is shown.
    await api.post('/app/my-addresses', { address: '另一个标签页加的地址' });
    type(field(dialog, '地址'), '太舞小镇 99 号楼');
    type(field(dialog, '名称（选填）'), '');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(
      await within(dialog).findByText('每个账号最多保存 20 个地址，请先删除不再需要的'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));

    // With the list full, adding is offered no more.
    expect(await screen.findByText('最多保存 20 个地址，请先删除不用的')).toBeTruthy();
    expect(await mine()).toHaveLength(ADDRESSES_MAX);
  });
});
