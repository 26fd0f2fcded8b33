import { fireEvent, render, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { loginWithPassword } from '@/features/auth/stores/session-store';
import { EmployeeForm } from './employee-form';

const phoneErrors = () =>
  [...document.querySelectorAll('.adm-form-item-feedback-error')].map((e) => e.textContent);

describe("a staff member's phone (real server)", () => {
  beforeAll(() => loginWithPassword({ userNameOrEmailAddress: 'admin', password: '1q2w3E*' }));
  afterEach(() => changeLanguage('zh-CN'));

  it.each([
    ['zh-CN', '请输入正确的手机号（境外号码请以 + 和国家或地区区号开头）'],
    [
      'en-US',
      'Please enter a valid mobile number (outside the Chinese mainland, start with + and the country code)',
    ],
  ] as const)(
    'takes a mainland or an international number, and says what is wrong (%s)',
    async (language, message) => {
      await changeLanguage(language);
      render(
        <QueryClientProvider client={createQueryClient()}>
          <EmployeeForm employee="new" onClose={vi.fn()} />
        </QueryClientProvider>,
      );
      const phone = await waitFor(() => {
        const box = document.querySelector<HTMLInputElement>('input#phoneNumber');
        if (!box) throw new Error('no phone field yet');
        return box;
      });
      fireEvent.change(phone, { target: { value: '12345' } });
      await waitFor(() => expect(phoneErrors()).toContain(message));
      fireEvent.change(phone, { target: { value: '+44 7400 123456' } });
      await waitFor(() => expect(phoneErrors()).not.toContain(message));
      fireEvent.change(phone, { target: { value: '13800138000' } });
      await waitFor(() => expect(phoneErrors()).not.toContain(message));
    },
  );
});
