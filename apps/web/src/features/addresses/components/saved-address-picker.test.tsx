import { useState } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CustomerAddressList } from '@snowgear/contracts';
import { sendSmsCode } from '@/features/auth/api/send-sms-code';
import { loginWithPhone } from '@/features/auth/stores/session-store';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { SavedAddressPicker } from './saved-address-picker';

/** The booking's address field as far as the picker sees it. */
function Field({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <input aria-label="送货地址" value={value} onChange={(e) => setValue(e.target.value)} />
      <SavedAddressPicker id="delivery" value={value} onChange={setValue} />
    </>
  );
}

function renderField(initial?: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Field initial={initial} />
    </QueryClientProvider>,
  );
  return screen.getByLabelText<HTMLInputElement>('送货地址');
}

const mine = async () => (await api.get<CustomerAddressList>('/app/my-addresses')).items;

/** A customer of the test's own (the setup clears the saved sign-in after each test). */
async function signInAs(phoneNumber: string) {
  const { sandboxCode } = await sendSmsCode(phoneNumber);
  await loginWithPhone({ phoneNumber, realName: '张三', code: sandboxCode! });
}

describe('saved addresses beside a booking address field (real server)', () => {
  beforeAll(() => changeLanguage('zh-CN'));

  it('saves a typed address for next time, once', async () => {
    await signInAs('13655550403');
    const input = renderField();
    expect(await screen.findByText('正在加载我的地址…')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('正在加载我的地址…')).toBeNull());
    // Nothing saved yet: nothing to pick and nothing filled in.
    expect(input.value).toBe('');
    expect(screen.queryByRole('group', { name: '我的地址' })).toBeNull();
    expect(screen.queryByRole('button', { name: '保存这个地址，下次直接选用' })).toBeNull();

    fireEvent.change(input, { target: { value: '甲' } });
    fireEvent.click(screen.getByRole('button', { name: '保存这个地址，下次直接选用' }));
    // The server's reason, next to the field.
    expect(await screen.findByText('地址至少 2 个字')).toBeTruthy();

    fireEvent.change(input, { target: { value: '  崇礼区云顶大酒店 502  ' } });
    expect(screen.queryByText('地址至少 2 个字')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '保存这个地址，下次直接选用' }));
    expect(await screen.findByRole('button', { name: '默认 崇礼区云顶大酒店 502' })).toBeTruthy();
    // Saved already: not offered again.
    expect(screen.queryByRole('button', { name: '保存这个地址，下次直接选用' })).toBeNull();
    expect(await mine()).toEqual([
      expect.objectContaining({ address: '崇礼区云顶大酒店 502', isDefault: true, label: '' }),
    ]);
  });

  it('fills an empty field with the default, and one tap picks another', async () => {
    await signInAs('13655550404');
    await api.post('/app/my-addresses', { address: '崇礼区云顶大酒店 502' });
    await api.post('/app/my-addresses', { label: '家', address: '张家口市桥东区胜利北路 8 号' });
    const input = renderField();
    // The first saved address is the default.
    await waitFor(() => expect(input.value).toBe('崇礼区云顶大酒店 502'));
    const home = screen.getByRole('button', { name: '家 · 张家口市桥东区胜利北路 8 号' });
    expect(home.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(home);
    expect(input.value).toBe('张家口市桥东区胜利北路 8 号');
    expect(home.getAttribute('aria-pressed')).toBe('true');

    // Cleared by the customer: it stays empty.
    fireEvent.change(input, { target: { value: '' } });
    await new Promise((r) => setTimeout(r, 50));
    expect(input.value).toBe('');
  });

  it('leaves a field that holds an address as it is', async () => {
    await signInAs('13655550405');
    await api.post('/app/my-addresses', { address: '崇礼区云顶大酒店 502' });
    const input = renderField('北京市朝阳区三里屯');
    await screen.findByRole('group', { name: '我的地址' });
    expect(input.value).toBe('北京市朝阳区三里屯');
    expect(screen.getByRole('button', { name: '保存这个地址，下次直接选用' })).toBeTruthy();
  });
});
