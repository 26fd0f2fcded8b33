import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { sendSmsCode } from '@/features/auth/api/send-sms-code';
import { loginWithPhone } from '@/features/auth/stores/session-store';
import { RidersSection } from './riders-section';

/** A customer of this test's own (a new phone number makes a new account). */
const PHONE = '13655550101';

const type = (input: HTMLInputElement, text: string) =>
  fireEvent.change(input, { target: { value: text } });
const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByText(label).closest('.adm-form-item')!.querySelector('input')!;

describe("the customer's riders on the profile (real server)", () => {
  beforeAll(async () => {
    await changeLanguage('zh-CN');
    const { sandboxCode } = await sendSmsCode(PHONE);
    await loginWithPhone({ phoneNumber: PHONE, realName: '张三', code: sandboxCode! });
  });

  it('adds, changes and deletes (after asking) a rider, kept by the server', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RidersSection />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('还没有保存滑雪者')).toBeTruthy();

    fireEvent.click(screen.getByText('添加滑雪者'));
    let dialog = await screen.findByRole('dialog', { name: '添加滑雪者' });
    type(field(dialog, '姓名'), '张三');
    type(field(dialog, '身高（厘米）'), '175');
    type(field(dialog, '体重（公斤）'), '70');
    type(field(dialog, '年龄'), '30');
    fireEvent.click(within(dialog).getByText('II 型'));
    fireEvent.click(within(dialog).getByRole('switch'));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('175 厘米 · 70 公斤 · 30 岁 · II 型')).toBeTruthy();
    expect(screen.getByText('本人')).toBeTruthy();
    const [saved] = (await api.get<{ items: { id: string; age: number }[] }>('/app/riders')).items;
    expect(saved).toMatchObject({ age: 30 });

    fireEvent.click(screen.getByText('张三'));
    dialog = await screen.findByRole('dialog', { name: '编辑滑雪者' });
    expect(field(dialog, '体重（公斤）').value).toBe('70');
    type(field(dialog, '体重（公斤）'), '72');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('175 厘米 · 72 公斤 · 30 岁 · II 型')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '删除 张三' }));
    expect(await screen.findByText('确定删除“张三”吗？已下的订单不受影响。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    expect(await screen.findByText('还没有保存滑雪者')).toBeTruthy();
    await waitFor(async () =>
      expect((await api.get<{ items: unknown[] }>('/app/riders')).items).toEqual([]),
    );
  });
});
